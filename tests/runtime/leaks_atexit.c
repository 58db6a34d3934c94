/* --leak-check: everything is released, but from an atexit handler, after main returns:
 * no leak. */
#include "common.h"

#include <stdlib.h>

static cl_context ctx;
static cl_command_queue q;
static cl_mem buffer;
static cl_kernel kernel;
static cl_program prog;

static void release_all(void)
{
    clReleaseKernel(kernel);
    clReleaseProgram(prog);
    clReleaseMemObject(buffer);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
}

static const char *src = "kernel void scale(global float *x) { x[get_global_id(0)] *= 2; }";

int main(void)
{
    atexit(release_all);
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    pick_device(&platform, &device);
    ctx = make_context(device);
    q = make_queue(ctx, device, 0);
    prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    CHECK(clBuildProgram(prog, 1, &device, "", NULL, NULL));
    buffer = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &err);
    CHECK_CODE(err, "clCreateBuffer");
    kernel = clCreateKernel(prog, "scale", &err);
    CHECK_CODE(err, "clCreateKernel");
    PASS("leaks_atexit");
    return 0;
}
