/* The host side of spin.cl: launches it and waits for it, which is for ever. Its own line,
 * printed to a pipe, waits in C's stdout buffer too. With the argument `exit` it returns from
 * main a second after the launch instead, leaving the kernel running. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    FILE *f = fopen("spin.cl", "rb");
    if (!f) {
        printf("no spin.cl\n");
        return 1;
    }
    static char source[4096];
    size_t n = fread(source, 1, sizeof source - 1, f);
    fclose(f);
    source[n] = 0;
    const char *text = source;
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
    if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        printf("build failed\n");
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "spin", &err);
    int zero = 0;
    cl_mem out = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
    cl_mem flag = clCreateBuffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof zero, &zero, &err);
    clSetKernelArg(k, 0, sizeof out, &out);
    clSetKernelArg(k, 1, sizeof flag, &flag);
    size_t one = 1;
    printf("launching\n");
    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    if (argc > 1 && strcmp(argv[1], "exit") == 0) {
        clFlush(q);
        sleep(1);
        printf("exiting\n");
        return 0;
    }
    clFinish(q);
    printf("finished\n");
    return 0;
}
