/* --leak-check: leaks two buffers, a kernel and an SVM allocation; releases the rest. The leak report names
 * the lines marked LEAK (kept on these line numbers: tests/tests/runtime.rs expects them). */
#include "common.h"

static const char *src = "kernel void scale(global float *x) { x[get_global_id(0)] *= 2; }";

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    pick_device(&platform, &device);
    cl_context ctx = make_context(device);
    cl_command_queue q = make_queue(ctx, device, 0);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    CHECK(clBuildProgram(prog, 1, &device, "", NULL, NULL));
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 4096, NULL, &err); /* LEAK line 18 */
    CHECK_CODE(err, "clCreateBuffer");
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 1024, NULL, &err); /* LEAK line 20 */
    CHECK_CODE(err, "clCreateBuffer");
    cl_kernel k = clCreateKernel(prog, "scale", &err); /* LEAK line 22 */
    CHECK_CODE(err, "clCreateKernel");
    void *shared = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 256, 0); /* LEAK line 24 */
    ASSERT(shared != NULL, "clSVMAlloc returned NULL");
    (void)a;
    (void)b;
    (void)k;
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("leaks");
    return 0;
}
