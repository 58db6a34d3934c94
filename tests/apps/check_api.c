/* ARGS: --check-api
 * Invalid API calls: each is reported on stderr (--check-api) and passed to the context's
 * callback; the program carries on. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static void CL_CALLBACK notify(const char *info, const void *private_info, size_t cb,
                               void *user_data)
{
    (void)private_info;
    (void)cb;
    const char *f = strstr(info, "Function: ");
    int len = f ? (int)strcspn(f + 10, "\n") : 0;
    fprintf(stderr, "callback (%s): %.*s\n", (const char *)user_data, len, f ? f + 10 : "");
}

static const char *source =
    "kernel void k(global int *p, int n)\n"
    "{\n"
    "  p[get_global_id(0)] = n;\n"
    "}\n";

int main(void)
{
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, notify, "ctx", &err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);

    clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err);
    fprintf(stderr, "zero-sized buffer: %d\n", err);
    clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 16, NULL, &err);
    fprintf(stderr, "no host pointer: %d\n", err);

    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    clBuildProgram(prog, 1, &device, "", NULL, NULL);
    cl_kernel k = clCreateKernel(prog, "k", &err);
    long wide = 1;
    fprintf(stderr, "wrong argument size: %d\n", clSetKernelArg(k, 1, sizeof(wide), &wide));

    size_t global = 10, local = 4;
    fprintf(stderr, "arguments not set: %d\n",
            clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));

    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
    int n = 3;
    clSetKernelArg(k, 0, sizeof(cl_mem), &buf);
    clSetKernelArg(k, 1, sizeof(n), &n);
    fprintf(stderr, "work-group does not divide: %d\n",
            clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));

    int out[16];
    fprintf(stderr, "read past the end: %d\n",
            clEnqueueReadBuffer(q, buf, CL_TRUE, 32, sizeof(out), out, 0, NULL, NULL));

    cl_uint units;
    fprintf(stderr, "answer too small: %d\n",
            clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, 1, &units, NULL));
    fprintf(stderr, "bad handle: %d\n", clReleaseMemObject(NULL));

    global = 16;
    local = 4;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL);
    fprintf(stderr, "kernel ran: out[15] = %d\n", out[15]);
    return 0;
}
