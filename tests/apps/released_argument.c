/* ARGS: --check-api
 * ICD: OCLGRIND_CHECK_API=1
 * A buffer released while it is still set as a kernel argument. A kernel argument holds no
 * reference (the specification): the buffer is destroyed at once and its destructor callback
 * runs. The next launch with the argument still set is run, not refused (the specification
 * leaves it undefined, and Oclgrind runs it), but reported: --check-api names the argument, and
 * MemCheck reports each access through it, saying whose buffer it was (the refused read
 * gives 0, which is copied). Expected output derived by hand from those rules; the MemCheck
 * headline and layout are Oclgrind's (compat §4.3), the address one no buffer has. Debian's
 * oclgrind 21.10 runs it too, with only the MemCheck headline, at the freed address (which
 * could be another buffer's by then). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void copy(global int *out, global const int *in)\n"
    "{\n"
    "  out[get_global_id(0)] = in[get_global_id(0)];\n"
    "}\n";

static void CL_CALLBACK destroyed(cl_mem mem, void *user_data)
{
    (void)mem;
    printf("destructor of '%s' ran\n", (const char *)user_data);
    fflush(stdout);
}

int main(void)
{
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        printf("build failed\n");
        return 1;
    }
    int data[1] = {5};
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof data, NULL, &err);
    cl_mem in = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof data, data,
                               &err);
    clSetMemObjectDestructorCallback(in, destroyed, "in");
    cl_kernel k = clCreateKernel(prog, "copy", &err);
    clSetKernelArg(k, 0, sizeof(cl_mem), &out);
    clSetKernelArg(k, 1, sizeof(cl_mem), &in);
    size_t global = 1;
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    clFinish(q);
    printf("first launch: %d\n", err);

    clReleaseMemObject(in);
    printf("in released\n");
    fflush(stdout);
    err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL);
    clFinish(q);
    printf("second launch: %d\n", err);
    int result[1] = {0};
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL);
    printf("out[0] = %d\n", result[0]);

    clReleaseKernel(k);
    clReleaseMemObject(out);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
