/* ARGS: --data-races --num-threads 1
 * ICD: OCLGRIND_DATA_RACES=1 OCLGRIND_NUM_THREADS=1
 * Loads of a buffer the kernel never stores through cannot race, so the detector leaves
 * them out; this checks that it still sees them when the same buffer is also bound to an
 * argument the kernel stores through. `shift` reads `in` and writes `out`: bound to one
 * buffer, each work-item's load races with its neighbour's store, within a work-group and
 * between the two; bound to two buffers, nothing races. `spread` only reads `in` and has
 * every group store to `out[0]`: that race is reported. Atomics of a buffer accessed only
 * atomically cannot race either: `tally` counts with an atomic in `counts` and loads `view`,
 * bound to one buffer, the two groups' atomics race with each other's loads; bound to two,
 * nothing races. One worker thread: `shift` on one buffer leaves values that depend on the
 * order the groups run in. The reference is Debian's Oclgrind
 * 21.10's output (`oclgrind --num-threads 1 --data-races`), its IR lines matched by opcode. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void shift(global const int *in, global int *out)\n"
    "{\n"
    "  int i = get_global_id(0);\n"
    "  out[i] = in[(i + 1) % get_global_size(0)];\n"
    "}\n"
    "\n"
    "kernel void spread(global const int *in, global int *out)\n"
    "{\n"
    "  int i = get_global_id(0);\n"
    "  if (get_local_id(0) == 0)\n"
    "    out[0] = in[i] + in[i + 1];\n"
    "}\n"
    "\n"
    "kernel void tally(global int *counts, global const int *view, global int *out)\n"
    "{\n"
    "  atomic_inc(&counts[0]);\n"
    "  out[get_global_id(0)] = view[0];\n"
    "}\n";

static void run(cl_command_queue q, cl_kernel k, cl_mem in, cl_mem out, const char *what)
{
    clSetKernelArg(k, 0, sizeof(cl_mem), &in);
    clSetKernelArg(k, 1, sizeof(cl_mem), &out);
    size_t global = 8, local = 4;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    clFinish(q);
    printf("%s: %s\n", what, err == CL_SUCCESS ? "ran" : "failed");
}

/* tally with `counts` and `view` bound as given, in two groups of one work-item. */
static void run_tally(cl_command_queue q, cl_kernel k, cl_mem counts, cl_mem view, cl_mem out,
                      const char *what)
{
    clSetKernelArg(k, 0, sizeof(cl_mem), &counts);
    clSetKernelArg(k, 1, sizeof(cl_mem), &view);
    clSetKernelArg(k, 2, sizeof(cl_mem), &out);
    size_t global = 2, local = 1;
    cl_int err = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL);
    clFinish(q);
    printf("%s: %s\n", what, err == CL_SUCCESS ? "ran" : "failed");
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
    int data[9] = {0, 1, 2, 3, 4, 5, 6, 7, 8};
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof data, data, &err);
    cl_kernel shift = clCreateKernel(prog, "shift", &err);
    cl_kernel spread = clCreateKernel(prog, "spread", &err);
    run(q, shift, a, b, "shift, two buffers");
    run(q, shift, a, a, "shift, one buffer");
    run(q, spread, a, b, "spread");
    cl_kernel tally = clCreateKernel(prog, "tally", &err);
    run_tally(q, tally, a, b, b, "tally, two buffers");
    run_tally(q, tally, a, a, b, "tally, one buffer");
    int out[9];
    clEnqueueReadBuffer(q, a, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    printf("a: %d %d %d %d %d %d %d %d\n", out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7]);

    clReleaseKernel(tally);
    clReleaseKernel(spread);
    clReleaseKernel(shift);
    clReleaseMemObject(b);
    clReleaseMemObject(a);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
