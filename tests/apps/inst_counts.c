/* ARGS: --inst-counts
 * ICD: OCLGRIND_INST_COUNTS=1
 * Instruction counts of a host program's launches: one kernel launched twice (each launch
 * prints its own table, in order with what the host prints between them) and a second kernel
 * with a loop. The expected tables are Debian's oclgrind 21.10 output for this program. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void scale(global float *data, float by)\n"
    "{\n"
    "  size_t i = get_global_id(0);\n"
    "  data[i] = data[i] * by;\n"
    "}\n"
    "\n"
    "kernel void sum(global const float *data, global float *out, int n)\n"
    "{\n"
    "  float total = 0.0f;\n"
    "  for (int k = 0; k < n; k++)\n"
    "    total += data[k];\n"
    "  out[get_global_id(0)] = total;\n"
    "}\n";

#define CHECK(what)                                                                    \
  do {                                                                                 \
    if (err != CL_SUCCESS) {                                                           \
      printf("%s failed: %d\n", what, err);                                            \
      return 1;                                                                        \
    }                                                                                  \
  } while (0)

int main(void)
{
  cl_int err;
  cl_platform_id platform;
  cl_device_id device;
  err = clGetPlatformIDs(1, &platform, NULL);
  CHECK("clGetPlatformIDs");
  err = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
  CHECK("clGetDeviceIDs");
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK("clCreateContext");
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  CHECK("clCreateCommandQueue");
  cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
  CHECK("clCreateProgramWithSource");
  err = clBuildProgram(program, 1, &device, "", NULL, NULL);
  CHECK("clBuildProgram");
  cl_kernel scale = clCreateKernel(program, "scale", &err);
  CHECK("clCreateKernel scale");
  cl_kernel sum = clCreateKernel(program, "sum", &err);
  CHECK("clCreateKernel sum");

  float data[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                 sizeof(data), data, &err);
  CHECK("clCreateBuffer");
  cl_mem out = clCreateBuffer(context, CL_MEM_WRITE_ONLY, 2 * sizeof(float), NULL, &err);
  CHECK("clCreateBuffer out");

  float by = 2.0f;
  clSetKernelArg(scale, 0, sizeof(cl_mem), &buffer);
  clSetKernelArg(scale, 1, sizeof(float), &by);
  size_t global = 8, local = 4;
  err = clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, &local, 0, NULL, NULL);
  CHECK("clEnqueueNDRangeKernel scale");
  clFinish(queue);
  printf("scaled 8 values\n");
  fflush(stdout);

  global = 4;
  err = clEnqueueNDRangeKernel(queue, scale, 1, NULL, &global, &local, 0, NULL, NULL);
  CHECK("clEnqueueNDRangeKernel scale again");
  clFinish(queue);
  printf("scaled the first 4 again\n");
  fflush(stdout);

  int n = 8;
  clSetKernelArg(sum, 0, sizeof(cl_mem), &buffer);
  clSetKernelArg(sum, 1, sizeof(cl_mem), &out);
  clSetKernelArg(sum, 2, sizeof(int), &n);
  global = 2;
  local = 1;
  err = clEnqueueNDRangeKernel(queue, sum, 1, NULL, &global, &local, 0, NULL, NULL);
  CHECK("clEnqueueNDRangeKernel sum");
  float totals[2];
  err = clEnqueueReadBuffer(queue, out, CL_TRUE, 0, sizeof(totals), totals, 0, NULL, NULL);
  CHECK("clEnqueueReadBuffer");
  printf("sum = %g\n", totals[0]);

  clReleaseMemObject(out);
  clReleaseMemObject(buffer);
  clReleaseKernel(sum);
  clReleaseKernel(scale);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return 0;
}
