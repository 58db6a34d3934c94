/* ARGS: --uninitialized
 * ICD: OCLGRIND_UNINITIALIZED=1
 * A host program whose buffers get their contents every way the host can give them: a
 * write, a copy of host memory at creation, a fill, a copy between buffers, a map for
 * writing, and an earlier kernel. A kernel copies each into the output: only the buffer
 * nobody wrote is reported (twice: its two elements), with the argument it came from. Then
 * the output's uninitialised half is copied over a buffer the host wrote, and a last kernel
 * copying that buffer out is reported too (a copy between buffers carries the shadow; no
 * origin survives it). Debian's Oclgrind 21.10 reports neither relay store: it does not
 * carry shadows through copies; the expectation follows our copy rule. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static const char *source =
    "kernel void produce(global int *made)\n"
    "{\n"
    "  made[get_global_id(0)] = 7;\n"
    "}\n"
    "\n"
    "kernel void gather(global int *out, global const int *written, global const int *copied,\n"
    "                   global const int *filled, global const int *duplicate,\n"
    "                   global const int *mapped, global const int *made,\n"
    "                   global const int *never)\n"
    "{\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = written[i] + copied[i] + filled[i] + duplicate[i] + mapped[i] + made[i];\n"
    "  out[i + 2] = never[i];\n"
    "}\n"
    "\n"
    "kernel void relay(global int *out, global const int *copy)\n"
    "{\n"
    "  out[get_global_id(0)] = copy[get_global_id(0)];\n"
    "}\n";

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
    const size_t n = 2 * sizeof(int);
    int ones[2] = {1, 1};
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * n, NULL, &err);
    cl_mem written = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n, NULL, &err);
    clEnqueueWriteBuffer(q, written, CL_TRUE, 0, n, ones, 0, NULL, NULL);
    cl_mem copied = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n, ones, &err);
    cl_mem filled = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n, NULL, &err);
    int two = 2;
    clEnqueueFillBuffer(q, filled, &two, sizeof two, 0, n, 0, NULL, NULL);
    cl_mem duplicate = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n, NULL, &err);
    clEnqueueCopyBuffer(q, written, duplicate, 0, 0, n, 0, NULL, NULL);
    cl_mem mapped = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n, NULL, &err);
    int *p = clEnqueueMapBuffer(q, mapped, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, n, 0,
                                NULL, NULL, &err);
    p[0] = p[1] = 3;
    clEnqueueUnmapMemObject(q, mapped, p, 0, NULL, NULL);
    cl_mem made = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n, NULL, &err);
    cl_mem never = clCreateBuffer(ctx, CL_MEM_READ_ONLY, n, NULL, &err);
    cl_mem copy = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n, ones, &err);

    size_t global = 2;
    cl_kernel produce = clCreateKernel(prog, "produce", &err);
    clSetKernelArg(produce, 0, sizeof(cl_mem), &made);
    clEnqueueNDRangeKernel(q, produce, 1, NULL, &global, NULL, 0, NULL, NULL);

    cl_kernel gather = clCreateKernel(prog, "gather", &err);
    cl_mem args[8] = {out, written, copied, filled, duplicate, mapped, made, never};
    for (int i = 0; i < 8; i++)
        clSetKernelArg(gather, i, sizeof(cl_mem), &args[i]);
    err = clEnqueueNDRangeKernel(q, gather, 1, NULL, &global, NULL, 0, NULL, NULL);
    int result[4];
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL);
    printf("gather: %s, sums %d %d\n", err == CL_SUCCESS ? "ran" : "failed", result[0],
           result[1]);

    clEnqueueCopyBuffer(q, out, copy, n, 0, n, 0, NULL, NULL);
    cl_kernel relay = clCreateKernel(prog, "relay", &err);
    clSetKernelArg(relay, 0, sizeof(cl_mem), &out);
    clSetKernelArg(relay, 1, sizeof(cl_mem), &copy);
    err = clEnqueueNDRangeKernel(q, relay, 1, NULL, &global, NULL, 0, NULL, NULL);
    clFinish(q);
    printf("relay: %s\n", err == CL_SUCCESS ? "ran" : "failed");
    clReleaseKernel(relay);
    clReleaseMemObject(copy);

    clReleaseKernel(gather);
    clReleaseKernel(produce);
    for (int i = 0; i < 8; i++)
        clReleaseMemObject(args[i]);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
