/* ARGS: --data-races
 * ICD: OCLGRIND_DATA_RACES=1
 * A host program with two racy kernels: a local tree reduction whose barrier is missing in
 * its loop (races within each work-group) and a kernel whose groups all store to one element
 * (races between groups). The races are reported and the program goes on to its end. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void reduce(global const int *in, global int *out, local int *tmp)\n"
    "{\n"
    "  int l = get_local_id(0);\n"
    "  tmp[l] = in[get_global_id(0)];\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  for (int s = get_local_size(0) / 2; s > 0; s /= 2) {\n"
    "    if (l < s)\n"
    "      tmp[l] += tmp[l + s];\n"
    "  }\n"
    "  if (l == 0)\n"
    "    out[get_group_id(0)] = tmp[0];\n"
    "}\n"
    "\n"
    "kernel void last_group(global int *winner)\n"
    "{\n"
    "  if (get_local_id(0) == 0)\n"
    "    *winner = get_group_id(0);\n"
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
    int in[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int out[2] = {0, 0};
    cl_mem in_buf = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
    cl_mem out_buf = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
    cl_kernel reduce = clCreateKernel(prog, "reduce", &err);
    clSetKernelArg(reduce, 0, sizeof(cl_mem), &in_buf);
    clSetKernelArg(reduce, 1, sizeof(cl_mem), &out_buf);
    clSetKernelArg(reduce, 2, 4 * sizeof(int), NULL);
    size_t global = 8, local = 4;
    err = clEnqueueNDRangeKernel(q, reduce, 1, NULL, &global, &local, 0, NULL, NULL);
    clEnqueueReadBuffer(q, out_buf, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL);
    printf("reduce: %s, sums %d %d\n", err == CL_SUCCESS ? "ran" : "failed", out[0], out[1]);

    cl_kernel last = clCreateKernel(prog, "last_group", &err);
    clSetKernelArg(last, 0, sizeof(cl_mem), &out_buf);
    global = 8;
    local = 2;
    err = clEnqueueNDRangeKernel(q, last, 1, NULL, &global, &local, 0, NULL, NULL);
    clFinish(q);
    printf("last_group: %s\n", err == CL_SUCCESS ? "ran" : "failed");

    clReleaseKernel(last);
    clReleaseKernel(reduce);
    clReleaseMemObject(out_buf);
    clReleaseMemObject(in_buf);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
