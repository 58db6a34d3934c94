/* ARGS: -i
 * The debugger inside a host program: line mode on the program's stdin (debug_session.inp).
 * The kernel runs twice; a breakpoint set during the first launch, on a line only the second
 * launch reaches, persists and stops the second. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void scale(global int *data, int factor)\n"
    "{\n"
    "  int i = get_global_id(0);\n"
    "  int v = data[i] * factor;\n"
    "  if (factor > 2)\n"
    "    v += 100;\n"
    "  data[i] = v;\n"
    "}\n";

static void run(cl_command_queue queue, cl_kernel kernel, cl_int factor)
{
    size_t global = 4, local = 4;
    clSetKernelArg(kernel, 1, sizeof(factor), &factor);
    cl_int err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL);
    clFinish(queue);
    printf("launch with factor %d: %d\n", factor, err);
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
    cl_command_queue queue = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    clBuildProgram(prog, 1, &device, "", NULL, NULL);
    cl_kernel kernel = clCreateKernel(prog, "scale", &err);
    cl_int data[4] = {1, 2, 3, 4};
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(data), data,
                                &err);
    clSetKernelArg(kernel, 0, sizeof(buf), &buf);
    run(queue, kernel, 2);
    run(queue, kernel, 3);
    clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof(data), data, 0, NULL, NULL);
    printf("data: %d %d %d %d\n", data[0], data[1], data[2], data[3]);
    clReleaseMemObject(buf);
    clReleaseKernel(kernel);
    clReleaseProgram(prog);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
