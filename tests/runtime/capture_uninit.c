/* A launch that reads a buffer nothing wrote: under --uninitialized its capture keeps the
 * buffer uninitialised (noinit), so that the replay finds the same 4 uses. */
#include "common.h"

static const char *src =
    "kernel void fill(global int *out, global const int *junk) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = (i < 4) ? junk[i] : (int)i;\n"
    "}\n";

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
    cl_kernel k = clCreateKernel(prog, "fill", &err);
    CHECK_CODE(err, "clCreateKernel");
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
    CHECK_CODE(err, "clCreateBuffer");
    cl_mem junk = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
    CHECK_CODE(err, "clCreateBuffer");
    CHECK(clSetKernelArg(k, 0, sizeof out, &out));
    CHECK(clSetKernelArg(k, 1, sizeof junk, &junk));
    size_t global = 16;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, NULL, 0, NULL, NULL));
    int r[16];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof r, r, 0, NULL, NULL));
    ASSERT(r[5] == 5 && r[15] == 15, "out[5] = %d, out[15] = %d", r[5], r[15]);
    clReleaseMemObject(out);
    clReleaseMemObject(junk);
    clReleaseKernel(k);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    PASS("capture_uninit");
    return 0;
}
