/* Builds N small, distinct OpenCL programs one after another (each a kernel with its own
 * constant) and prints the time of the first clBuildProgram, the median of the others and the
 * total, in milliseconds: the cost of a build, as test suites that build many programs pay
 * it.
 *
 *   builds N
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
  int n = argc > 1 ? atoi(argv[1]) : 200;
  if (n < 1)
    return 1;
  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
      clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
    return 1;
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  double *times = malloc(n * sizeof *times);
  double total = 0;
  for (int i = 0; i < n; i++) {
    char source[256];
    snprintf(source, sizeof source,
             "kernel void scale(global float *x)\n"
             "{\n"
             "  size_t i = get_global_id(0);\n"
             "  x[i] = x[i] * %d.0f + 1.0f;\n"
             "}\n",
             i + 2);
    const char *text = source;
    cl_program program = clCreateProgramWithSource(context, 1, &text, NULL, &err);
    double start = now_ms();
    err = clBuildProgram(program, 1, &device, "", NULL, NULL);
    times[i] = now_ms() - start;
    total += times[i];
    if (err != CL_SUCCESS) {
      fprintf(stderr, "build %d failed: %d\n", i, err);
      return 1;
    }
    clReleaseProgram(program);
  }
  double first = times[0];
  qsort(times + 1, n - 1, sizeof *times, by_value);
  printf("first_ms %.3f\n", first);
  printf("median_ms %.3f\n", n > 1 ? times[1 + (n - 1) / 2] : first);
  printf("total_ms %.3f\n", total);
  clReleaseContext(context);
  free(times);
  return 0;
}
