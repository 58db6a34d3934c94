/* ARGS: --check-api
 * A kernel that does not compile, and one that compiles but calls a function nobody defines
 * (which the simulator cannot run): each build fails with a log naming the line, and using the
 * program afterwards is refused; the host program keeps control. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *bad_source =
    "kernel void k(global int *p)\n"
    "{\n"
    "  p[0] = undefined_variable;\n"
    "}\n";

static const char *undefined_call =
    "int mystery(int);\n"
    "kernel void k(global int *p)\n"
    "{\n"
    "  p[0] = mystery(p[1]);\n"
    "}\n";

static void build(cl_context ctx, cl_device_id device, const char *source)
{
    cl_int err;
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    err = clBuildProgram(prog, 1, &device, "", NULL, NULL);
    fprintf(stderr, "clBuildProgram: %d\n", err);
    cl_build_status status;
    clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_STATUS, sizeof(status), &status, NULL);
    fprintf(stderr, "build status: %d\n", status);
    char log[4096];
    clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
    fprintf(stderr, "build log:\n%s", log);
    clCreateKernel(prog, "k", &err);
    fprintf(stderr, "clCreateKernel: %d\n", err);
    clReleaseProgram(prog);
}

int main(void)
{
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    build(ctx, device, bad_source);
    build(ctx, device, undefined_call);
    clReleaseContext(ctx);
    return 0;
}
