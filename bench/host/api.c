/* API overhead: what an application pays around a tiny kernel. Prints wall times (ms) of
 *   setup     platform, context and queue
 *   build     clCreateProgramWithSource + clBuildProgram + clCreateKernel
 *   enqueue   1000 launches enqueued back to back, then clFinish
 *   roundtrip 200 launches, each followed by clFinish
 * and checks the result (every launch adds 1 to each element). */
#include "bench.h"

#include <string.h>

#define LAUNCHES 1000
#define ROUNDTRIPS 200

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static const char *source = "kernel void tiny(global int *p) { p[get_global_id(0)] += 1; }\n";

int main(void)
{
    cl_int err;
    double t0 = now_ms();
    cl_platform_id platform;
    cl_device_id device;
    check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    check(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    check(err, "clCreateCommandQueue");
    double t1 = now_ms();
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    check(err, "clCreateProgramWithSource");
    check(clBuildProgram(prog, 1, &device, "", NULL, NULL), "clBuildProgram");
    cl_kernel k = clCreateKernel(prog, "tiny", &err);
    check(err, "clCreateKernel");
    double t2 = now_ms();

    int zeros[64];
    memset(zeros, 0, sizeof(zeros));
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof(zeros),
                                zeros, &err);
    check(err, "clCreateBuffer");
    check(clSetKernelArg(k, 0, sizeof(cl_mem), &buf), "clSetKernelArg");
    size_t global = 64, local = 64;
    double t3 = now_ms();
    for (int i = 0; i < LAUNCHES; i++)
        check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL),
              "clEnqueueNDRangeKernel");
    check(clFinish(q), "clFinish");
    double t4 = now_ms();
    for (int i = 0; i < ROUNDTRIPS; i++) {
        check(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL),
              "clEnqueueNDRangeKernel");
        check(clFinish(q), "clFinish");
    }
    double t5 = now_ms();

    int out[64];
    check(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL),
          "clEnqueueReadBuffer");
    for (int i = 0; i < 64; i++) {
        if (out[i] != LAUNCHES + ROUNDTRIPS) {
            fprintf(stderr, "out[%d] = %d, expected %d\n", i, out[i], LAUNCHES + ROUNDTRIPS);
            return 1;
        }
    }
    printf("setup_ms %.2f\nbuild_ms %.2f\nenqueue_ms %.2f\nroundtrip_ms %.2f\n", t1 - t0, t2 - t1,
           t4 - t3, t5 - t4);
    return 0;
}
