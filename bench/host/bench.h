/* Shared set-up for the host-program benchmarks: each program builds one kernel from
 * bench/kernels (the current directory when run), makes its buffers, times one launch and
 * prints a checksum of the results.
 *
 * Output lines: "kernel_cpu_s <seconds>" (process CPU time from enqueue to clFinish, all
 * threads) and "checksum <buffer> <fnv-1a hash>". Only OpenCL 1.2 calls are used, so the same
 * binary runs on Debian's Oclgrind 21.10. */
#ifndef BENCH_H
#define BENCH_H

#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef struct {
    cl_context context;
    cl_command_queue queue;
    cl_kernel kernel;
} Bench;

static inline void check(cl_int err, const char *what)
{
    if (err != CL_SUCCESS) {
        fprintf(stderr, "%s failed (%d)\n", what, err);
        exit(1);
    }
}

static inline char *read_source(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "cannot open %s (run from bench/kernels)\n", path);
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

/* Context, queue and the kernel `name` built from `file`. */
static inline Bench bench_setup(const char *file, const char *name)
{
    Bench b;
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
    b.context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    check(err, "clCreateContext");
    b.queue = clCreateCommandQueue(b.context, device, 0, &err);
    check(err, "clCreateCommandQueue");
    const char *source = read_source(file);
    cl_program program = clCreateProgramWithSource(b.context, 1, &source, NULL, &err);
    check(err, "clCreateProgramWithSource");
    if (clBuildProgram(program, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        char log[16384];
        clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
        fprintf(stderr, "build of %s failed:\n%s\n", file, log);
        exit(1);
    }
    b.kernel = clCreateKernel(program, name, &err);
    check(err, "clCreateKernel");
    return b;
}

/* A buffer, initialised from `init` when it is not NULL (zero-filled otherwise). */
static inline cl_mem bench_buffer(Bench *b, cl_mem_flags flags, size_t bytes, const void *init)
{
    cl_int err;
    cl_mem m = clCreateBuffer(b->context, flags | (init ? CL_MEM_COPY_HOST_PTR : 0), bytes,
                              (void *)init, &err);
    check(err, "clCreateBuffer");
    if (!init) {
        unsigned char zero = 0;
        check(clEnqueueFillBuffer(b->queue, m, &zero, 1, 0, bytes, 0, NULL, NULL),
              "clEnqueueFillBuffer");
    }
    return m;
}

static inline void bench_arg(Bench *b, cl_uint index, size_t size, const void *value)
{
    check(clSetKernelArg(b->kernel, index, size, value), "clSetKernelArg");
}

static inline void bench_mem_arg(Bench *b, cl_uint index, cl_mem m)
{
    bench_arg(b, index, sizeof(cl_mem), &m);
}

/* Runs the kernel once and prints the CPU time it took. */
static inline void bench_run(Bench *b, cl_uint dims, const size_t *global, const size_t *local)
{
    check(clFinish(b->queue), "clFinish");
    clock_t start = clock();
    check(clEnqueueNDRangeKernel(b->queue, b->kernel, dims, NULL, global, local, 0, NULL, NULL),
          "clEnqueueNDRangeKernel");
    check(clFinish(b->queue), "clFinish");
    printf("kernel_cpu_s %.4f\n", (double)(clock() - start) / CLOCKS_PER_SEC);
}

/* Reads a buffer back and prints an FNV-1a hash of its bytes. */
static inline void bench_checksum(Bench *b, const char *what, cl_mem m, size_t bytes)
{
    unsigned char *data = malloc(bytes);
    check(clEnqueueReadBuffer(b->queue, m, CL_TRUE, 0, bytes, data, 0, NULL, NULL),
          "clEnqueueReadBuffer");
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < bytes; i++)
        h = (h ^ data[i]) * 1099511628211ull;
    printf("checksum %s %016llx\n", what, (unsigned long long)h);
    free(data);
}

#endif
