/* ARGS:
 * ICD: OCLGRIND_CACHE=0
 * Builds and releases 300 programs of distinct source with the build cache off, so that
 * each one is compiled: the resident size must stop growing once the compiler is loaded.
 * Each build used to leave about 200 KB behind (clang's AST, Sema and LLVM context, kept by
 * the driver's -disable-free): 60 MB over the 300 builds measured here, against a bound of
 * 16 MB (a hand-set margin over the growth with nothing leaking, under 1 MB here). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

static long resident_kb(void)
{
    long pages = 0, resident = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (!f || fscanf(f, "%ld %ld", &pages, &resident) != 2) {
        resident = -1;
    }
    if (f) {
        fclose(f);
    }
    return resident * 4;
}

static int build_one(cl_context ctx, cl_device_id device, int n)
{
    char text[200];
    snprintf(text, sizeof text,
             "kernel void k(global int *out) { out[get_global_id(0)] = %d * (int)get_global_id(0); }\n",
             n);
    const char *source = text;
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        return 0;
    }
    cl_kernel k = clCreateKernel(prog, "k", &err);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    return err == CL_SUCCESS;
}

int main(void)
{
    /* The launcher passes no environment of its own; a distinct source per build misses the
     * cache anyway, and this keeps the cache directory clean. */
    setenv("OCLGRIND_CACHE", "0", 1);
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    long warm = 0;
    for (int n = 0; n < 300; n++) {
        if (!build_one(ctx, device, n)) {
            printf("build %d failed\n", n);
            return 1;
        }
        if (n == 19) {
            warm = resident_kb();
        }
    }
    long growth = resident_kb() - warm;
    printf("300 builds: %s\n", growth < 16 * 1024 ? "resident size flat" : "resident size grew");
    if (growth >= 16 * 1024) {
        printf("grew by %ld KB after the first 20 builds\n", growth);
    }
    clReleaseContext(ctx);
    return 0;
}
