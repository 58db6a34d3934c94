/* The bundled example: an ordinary OpenCL host program with a bug in its kernel (smooth.cl
 * reads one element past the end of its input). On a GPU it runs "fine" and prints a slightly
 * wrong last sample; under `oclgrind ./smooth` the read is reported with its source line.
 *
 *   gcc -O2 smooth.c -o smooth -lOpenCL && oclgrind ./smooth
 */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

#define N 1024

static void check(cl_int err, const char *what)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "%s failed (%d)\n", what, err);
        exit(1);
    }
}

static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        exit(1);
    }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (fread(text, 1, size, f) != (size_t)size) {
        fprintf(stderr, "cannot read %s\n", path);
        exit(1);
    }
    text[size] = 0;
    fclose(f);
    return text;
}

int main(int argc, char **argv)
{
    const char *kernel_file = argc > 1 ? argv[1] : "smooth.cl";
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_DEFAULT, 1, &device, NULL), "clGetDeviceIDs");
    char name[256];
    check(clGetDeviceInfo(device, CL_DEVICE_NAME, sizeof(name), name, NULL), "clGetDeviceInfo");
    printf("Running on %s\n", name);

    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    check(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
    check(err, "clCreateCommandQueue");

    const char *source = read_file(kernel_file);
    cl_program program = clCreateProgramWithSource(context, 1, &source, NULL, &err);
    check(err, "clCreateProgramWithSource");
    if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        char log[8192];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
        fprintf(stderr, "build failed:\n%s\n", log);
        return 1;
    }
    cl_kernel kernel = clCreateKernel(program, "smooth", &err);
    check(err, "clCreateKernel");

    float in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (float)(i % 8);
    cl_mem in_buf = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in),
                                   in, &err);
    check(err, "clCreateBuffer");
    cl_mem out_buf = clCreateBuffer(context, CL_MEM_READ_WRITE, sizeof(out), NULL, &err);
    check(err, "clCreateBuffer");
    int n = N;
    check(clSetKernelArg(kernel, 0, sizeof(cl_mem), &in_buf), "clSetKernelArg");
    check(clSetKernelArg(kernel, 1, sizeof(cl_mem), &out_buf), "clSetKernelArg");
    check(clSetKernelArg(kernel, 2, sizeof(int), &n), "clSetKernelArg");
    size_t global = N, local = 64;
    check(clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &global, &local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    check(clEnqueueReadBuffer(queue, out_buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL),
          "clEnqueueReadBuffer");

    printf("Smoothed %d samples: out[0] = %.3f, out[%d] = %.3f\n", N, out[0], N - 1, out[N - 1]);

    /* Then the smoothed samples' sum block by block, through local memory. */
    cl_kernel sums_kernel = clCreateKernel(program, "block_sums", &err);
    check(err, "clCreateKernel");
    size_t blocks = N / local;
    float sums[N / 64];
    cl_mem sums_buf =
        clCreateBuffer(context, CL_MEM_WRITE_ONLY, blocks * sizeof(float), NULL, &err);
    check(err, "clCreateBuffer");
    check(clSetKernelArg(sums_kernel, 0, sizeof(cl_mem), &out_buf), "clSetKernelArg");
    check(clSetKernelArg(sums_kernel, 1, sizeof(cl_mem), &sums_buf), "clSetKernelArg");
    check(clSetKernelArg(sums_kernel, 2, local * sizeof(float), NULL), "clSetKernelArg");
    check(clEnqueueNDRangeKernel(queue, sums_kernel, 1, NULL, &global, &local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    check(clEnqueueReadBuffer(queue, sums_buf, CL_TRUE, 0, blocks * sizeof(float), sums, 0,
                              NULL, NULL),
          "clEnqueueReadBuffer");
    printf("Block sums: %zu blocks of %zu, sums[0] = %.3f, sums[%zu] = %.3f\n", blocks, local,
           sums[0], blocks - 1, sums[blocks - 1]);

    clReleaseMemObject(sums_buf);
    clReleaseKernel(sums_kernel);
    clReleaseMemObject(in_buf);
    clReleaseMemObject(out_buf);
    clReleaseKernel(kernel);
    clReleaseProgram(program);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    return 0;
}
