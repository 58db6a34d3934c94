/* ARGS: --data-races --race-ignore last_group
 * ICD: OCLGRIND_DATA_RACES=1 OCLGRIND_RACE_IGNORE=last_group
 * A program that races on purpose, says so, and exits without releasing its context, queue
 * or anything else (as libraries with static objects do): the run still ends with the count
 * of the races suppressed. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
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
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(int), NULL, &err);
    cl_kernel last = clCreateKernel(prog, "last_group", &err);
    clSetKernelArg(last, 0, sizeof(cl_mem), &out);
    size_t global = 8, local = 2;
    err = clEnqueueNDRangeKernel(q, last, 1, NULL, &global, &local, 0, NULL, NULL);
    clFinish(q);
    printf("last_group: %s\n", err == CL_SUCCESS ? "ran" : "failed");
    return 0;
}
