/* Runs one kernel of `source` on one work-item with a buffer of four ints as its argument;
 * returns 0 if the run went through. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static int run_kernel(const char *source, const char *name)
{
  cl_int err;
  cl_platform_id platform;
  cl_device_id device;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 1;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS)
    return 1;
  cl_kernel kernel = clCreateKernel(program, name, &err);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, 4 * sizeof(int), NULL, &err);
  clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffer);
  size_t global = 1;
  err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, NULL, 0, NULL, NULL);
  clFinish(queue);
  return err != CL_SUCCESS;
}
