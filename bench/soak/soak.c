/* Soak: THREADS host threads each create a context and a queue, build a program of source
 * no earlier build had (so every build compiles), launch it, check its result and release
 * everything, over and over for SECONDS seconds. The main thread prints the resident size
 * every INTERVAL seconds as "sample SECONDS KB BUILDS LAUNCHES", for bench/soak.py.
 * Usage: soak THREADS SECONDS INTERVAL */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static atomic_long builds, launches, failures;
static atomic_int stop;
static cl_platform_id platform;
static cl_device_id device;

static long resident_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f) {
        if (fscanf(f, "%ld %ld", &pages, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* One round: context, queue, a program of its own, a launch of 256 work-items, a check. */
static int round_trip(int thread, long n)
{
    char text[512];
    snprintf(text, sizeof text,
             "kernel void soak(global int *out, int k)\n"
             "{\n"
             "  int i = get_global_id(0);\n"
             "  out[i] = i * %d + k + %ld;\n"
             "}\n",
             thread + 1, n);
    const char *source = text;
    cl_int err;
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    if (err != CL_SUCCESS)
        return 0;
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    int ok = clBuildProgram(prog, 1, &device, "", NULL, NULL) == CL_SUCCESS;
    atomic_fetch_add(&builds, 1);
    if (ok) {
        cl_kernel k = clCreateKernel(prog, "soak", &err);
        cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 256 * sizeof(int), NULL, &err);
        int arg = 7;
        clSetKernelArg(k, 0, sizeof out, &out);
        clSetKernelArg(k, 1, sizeof arg, &arg);
        size_t global = 256, local = 64;
        int got[256];
        ok = clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL) == CL_SUCCESS &&
             clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL) == CL_SUCCESS;
        for (int i = 0; ok && i < 256; i++)
            ok = got[i] == i * (thread + 1) + arg + (int)n;
        atomic_fetch_add(&launches, 1);
        clReleaseMemObject(out);
        clReleaseKernel(k);
    }
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return ok;
}

static void *worker(void *arg)
{
    int thread = (int)(long)arg;
    for (long n = 0; !atomic_load(&stop); n++)
        if (!round_trip(thread, n))
            atomic_fetch_add(&failures, 1);
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: soak THREADS SECONDS INTERVAL\n");
        return 2;
    }
    int threads = atoi(argv[1]), seconds = atoi(argv[2]), interval = atoi(argv[3]);
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS) {
        fprintf(stderr, "no OpenCL device\n");
        return 1;
    }
    pthread_t tid[64];
    if (threads < 1 || threads > 64)
        threads = 8;
    for (int t = 0; t < threads; t++)
        pthread_create(&tid[t], NULL, worker, (void *)(long)t);
    for (int t = 0; t <= seconds; t += interval) {
        printf("sample %d %ld %ld %ld\n", t, resident_kb(), atomic_load(&builds),
               atomic_load(&launches));
        fflush(stdout);
        if (t + interval <= seconds)
            sleep(interval);
        else
            break;
    }
    atomic_store(&stop, 1);
    for (int t = 0; t < threads; t++)
        pthread_join(tid[t], NULL);
    printf("failures %ld\n", atomic_load(&failures));
    return atomic_load(&failures) != 0;
}
