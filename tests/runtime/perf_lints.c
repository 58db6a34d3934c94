/* --perf-lints through a host program: a kernel reading every other float (stride 2) and
 * writing unit stride, launched as 4 groups of 64. At the device's sub-group size (32), the
 * read is 8 sectors per request against 4, over 8 requests; the write is coalesced. The
 * kernel's source keeps the read on line 3 and the write on line 4 (tests/tests/runtime.rs). */
#include "common.h"

static const char *src = "kernel void halve(global const float *in, global float *out) {\n"
                         "  size_t i = get_global_id(0);\n"
                         "  float v = in[2 * i];\n"
                         "  out[i] = v;\n"
                         "}\n";

int main(void)
{
    enum { N = 256 };
    float in[2 * N], out[N];
    for (int i = 0; i < 2 * N; i++)
        in[i] = (float)i;
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    pick_device(&platform, &device);
    cl_context ctx = make_context(device);
    cl_command_queue q = make_queue(ctx, device, 0);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    CHECK(clBuildProgram(prog, 1, &device, "", NULL, NULL));
    cl_kernel k = clCreateKernel(prog, "halve", &err);
    CHECK_CODE(err, "clCreateKernel");
    cl_mem a = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof in, in, &err);
    CHECK_CODE(err, "clCreateBuffer");
    cl_mem b = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof out, NULL, &err);
    CHECK_CODE(err, "clCreateBuffer");
    CHECK(clSetKernelArg(k, 0, sizeof a, &a));
    CHECK(clSetKernelArg(k, 1, sizeof b, &b));
    size_t global = N, local = 64;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &local, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, sizeof out, out, 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        ASSERT(out[i] == (float)(2 * i), "wrong result");
    CHECK(clReleaseMemObject(a));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseKernel(k));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("perf_lints");
    return 0;
}
