/* NDRange launches: 1D/2D/3D, offsets, NULL local size, required and
 * non-uniform work-group sizes, clEnqueueTask, validation errors. */
#include "common.h"

#include <stdint.h>

#define REC 24 /* ints recorded per work-item */
static const char *src =
    "#define REC 24\n"
    "kernel void ids(global int *out, int gx, int gy) {\n"
    "  uint d = get_work_dim();\n"
    "  size_t x = get_global_id(0) - get_global_offset(0);\n"
    "  size_t y = get_global_id(1) - get_global_offset(1);\n"
    "  size_t z = get_global_id(2) - get_global_offset(2);\n"
    "  global int *r = out + ((z * gy + y) * gx + x) * REC;\n"
    "  for (uint i = 0; i < 3; i++) {\n"
    "    r[i] = get_global_id(i); r[3 + i] = get_local_id(i); r[6 + i] = get_group_id(i);\n"
    "    r[9 + i] = get_global_size(i); r[12 + i] = get_local_size(i);\n"
    "    r[15 + i] = get_global_offset(i); r[18 + i] = get_num_groups(i);\n"
    "  }\n"
    "  r[21] = d;\n"
    "  atomic_inc(&r[22]);\n"
    "}\n"
    "__attribute__((reqd_work_group_size(4, 2, 1)))\n"
    "kernel void fixed(global int *out) {\n"
    "  out[get_global_id(1) * get_global_size(0) + get_global_id(0)] = get_local_size(0) * 10 +\n"
    "      get_local_size(1);\n"
    "}\n"
    "kernel void task(global int *out) {\n"
    "  out[0] = get_global_size(0) * 100 + get_local_size(0) * 10 + get_work_dim();\n"
    "}\n";

static const char *nu_src =
    "kernel void nu(global int *out) {\n"
    "  size_t i = get_global_id(1) * get_global_size(0) + get_global_id(0);\n"
    "  out[i * 4 + 0] = get_local_size(0);\n"
    "  out[i * 4 + 1] = get_local_size(1);\n"
    "  out[i * 4 + 2] = get_enqueued_local_size(0);\n"
    "  out[i * 4 + 3] = get_enqueued_local_size(1) + 1000 * get_local_id(0);\n"
    "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;
static cl_program prog;

/* Launch `ids` and check every work-item ran once with consistent ids. */
static void check_launch(cl_uint dim, const size_t *off, const size_t *gsz, const size_t *lsz)
{
    size_t g[3] = {1, 1, 1}, o[3] = {0, 0, 0}, n = 1;
    for (cl_uint d = 0; d < dim; d++) {
        g[d] = gsz[d];
        if (off) o[d] = off[d];
        n *= g[d];
    }
    cl_kernel k = make_kernel(prog, "ids");
    int *rec = calloc(n * REC, sizeof(int));
    cl_mem out = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, n * REC * sizeof(int), rec);
    int gx = (int)g[0], gy = (int)g[1];
    CHECK(clSetKernelArg(k, 0, sizeof(out), &out));
    CHECK(clSetKernelArg(k, 1, sizeof(int), &gx));
    CHECK(clSetKernelArg(k, 2, sizeof(int), &gy));
    CHECK(clEnqueueNDRangeKernel(q, k, dim, off, gsz, lsz, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, n * REC * sizeof(int), rec, 0, NULL, NULL));
    size_t l0[3] = {0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        int *r = rec + i * REC;
        size_t pos[3] = {i % g[0], i / g[0] % g[1], i / g[0] / g[1]};
        ASSERT(r[22] == 1 && r[21] == (int)dim, "item %zu ran %d times, dim %d", i, r[22], r[21]);
        for (int d = 0; d < 3; d++) {
            size_t ls = (size_t)r[12 + d];
            if (i == 0) l0[d] = ls;
            ASSERT(ls == l0[d], "local size differs between items");
            if (lsz && d < (int)dim) ASSERT(ls == lsz[d], "local size %zu vs %zu", ls, lsz[d]);
            ASSERT(ls >= 1 && g[d] % ls == 0, "dim %d: local size %zu for global %zu", d, ls, g[d]);
            ASSERT((size_t)r[d] == pos[d] + o[d] && (size_t)r[9 + d] == g[d] &&
                   (size_t)r[15 + d] == o[d] && (size_t)r[18 + d] == g[d] / ls &&
                   (size_t)r[6 + d] == pos[d] / ls && (size_t)r[3 + d] == pos[d] % ls,
                   "item %zu dim %d: gid %d lid %d grp %d gsz %d off %d ngrp %d", i, d, r[d],
                   r[3 + d], r[6 + d], r[9 + d], r[15 + d], r[18 + d]);
        }
    }
    free(rec);
    CHECK(clReleaseMemObject(out));
    CHECK(clReleaseKernel(k));
}

static void test_non_uniform(void)
{
    cl_bool nonuniform = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, sizeof(nonuniform),
                          &nonuniform, NULL));
    size_t g[2] = {7, 5}, l[2] = {3, 2};
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, 7 * 5 * 4 * sizeof(int), NULL);
    /* (uniform work-groups for CL1.2 programs are checked in main) */
    if (!nonuniform) {
        CHECK(clReleaseMemObject(out));
        return;
    }
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &nu_src, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    err = clBuildProgram(p, 1, &dev, "-cl-std=CL2.0", NULL, NULL);
    if (err != CL_SUCCESS) /* device without OpenCL C 2.0: the 3.0 rules are the same */
        CHECK(clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL));
    cl_kernel k = make_kernel(p, "nu");
    CHECK(clSetKernelArg(k, 0, sizeof(out), &out));
    CHECK(clEnqueueNDRangeKernel(q, k, 2, NULL, g, l, 0, NULL, NULL));
    int r[7 * 5 * 4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++) {
            int *e = r + (y * 7 + x) * 4;
            int lx = x >= 6 ? 1 : 3, ly = y >= 4 ? 1 : 2;
            ASSERT(e[0] == lx && e[1] == ly && e[2] == 3 && e[3] == 2 + 1000 * (x % 3),
                   "non-uniform item %d,%d: %d %d %d %d", x, y, e[0], e[1], e[2], e[3]);
        }
    /* -cl-uniform-work-group-size forbids it again */
    cl_program pu = clCreateProgramWithSource(ctx, 1, &nu_src, NULL, &err);
    err = clBuildProgram(pu, 1, &dev, "-cl-std=CL2.0 -cl-uniform-work-group-size", NULL, NULL);
    if (err != CL_SUCCESS)
        CHECK(clBuildProgram(pu, 1, &dev, "-cl-std=CL3.0 -cl-uniform-work-group-size", NULL, NULL));
    cl_kernel ku = make_kernel(pu, "nu");
    CHECK(clSetKernelArg(ku, 0, sizeof(out), &out));
    EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, ku, 2, NULL, g, l, 0, NULL, NULL));
    CHECK(clReleaseKernel(ku)); CHECK(clReleaseProgram(pu));
    CHECK(clReleaseKernel(k)); CHECK(clReleaseProgram(p));
    CHECK(clReleaseMemObject(out));
}

/* Sizes that cannot be counted or run are refused at enqueue (they used to be accepted, then
 * to fail later, or to run for ever), and a kernel stopped by a fatal error leaves its event
 * with a negative status. Not tried on PoCL, on which a launch of 2^63 work-items could run
 * for ever. */
static void test_unrunnable(cl_kernel kt)
{
    if (!strict_mode())
        return;
    size_t uncountable[3] = {SIZE_MAX, SIZE_MAX, 3}, ones[3] = {1, 1, 1};
    EXPECT_ERR(CL_INVALID_GLOBAL_WORK_SIZE,
               clEnqueueNDRangeKernel(q, kt, 3, NULL, uncountable, ones, 0, NULL, NULL));
    size_t wrapped[1] = {(size_t)1 << 63};
    EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueNDRangeKernel(q, kt, 1, NULL, wrapped, ones, 0, NULL, NULL));
    EXPECT_ERR(CL_OUT_OF_RESOURCES, clEnqueueNDRangeKernel(q, kt, 1, NULL, wrapped, NULL, 0, NULL, NULL));

    const char *recursive = "int forever(int n) { return forever(n + 1) + 1; }\n"
                            "kernel void deep(global int *out) { out[0] = forever(0); }\n";
    cl_program p = build_program(ctx, dev, recursive, "-cl-opt-disable");
    cl_kernel k = make_kernel(p, "deep");
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, sizeof(int), NULL);
    CHECK(clSetKernelArg(k, 0, sizeof(out), &out));
    cl_event done;
    CHECK(clEnqueueTask(q, k, 0, NULL, &done));
    CHECK(clFinish(q));
    cl_int status = 0;
    CHECK(clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status, NULL));
    ASSERT(status < 0, "a kernel stopped by a stack overflow ended with status %d", status);
    EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &done));
    CHECK(clReleaseEvent(done));
    CHECK(clReleaseMemObject(out));
    CHECK(clReleaseKernel(k));
    CHECK(clReleaseProgram(p));
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    prog = build_program(ctx, dev, src, "");

    size_t o1[] = {3}, g1[] = {24}, l1[] = {8};
    check_launch(1, o1, g1, l1);
    size_t o2[] = {1, 2}, g2[] = {6, 10}, l2[] = {3, 5};
    check_launch(2, o2, g2, l2);
    size_t o3[] = {5, 0, 7}, g3[] = {4, 6, 4}, l3[] = {2, 3, 2};
    check_launch(3, o3, g3, l3);
    check_launch(3, NULL, g3, l3);
    size_t g4[] = {17};
    check_launch(1, NULL, g4, NULL);
    size_t g5[] = {6, 5, 3};
    check_launch(3, o3, g5, NULL);

    /* reqd_work_group_size */
    cl_kernel kf = make_kernel(prog, "fixed");
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, 8 * 4 * sizeof(int), NULL);
    CHECK(clSetKernelArg(kf, 0, sizeof(out), &out));
    size_t gf[2] = {8, 4}, lf[2] = {4, 2}, lbad[2] = {2, 4};
    CHECK(clEnqueueNDRangeKernel(q, kf, 2, NULL, gf, lf, 0, NULL, NULL));
    int res[32];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
    for (int i = 0; i < 32; i++) ASSERT(res[i] == 42, "reqd_work_group_size: %d", res[i]);
    EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, kf, 2, NULL, gf, lbad, 0, NULL, NULL));

    /* clEnqueueTask = one work-item of a 1D range */
    cl_kernel kt = make_kernel(prog, "task");
    CHECK(clSetKernelArg(kt, 0, sizeof(out), &out));
    CHECK(clEnqueueTask(q, kt, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(int), res, 0, NULL, NULL));
    ASSERT(res[0] == 111, "task: %d", res[0]);

    test_non_uniform();

    /* validation errors */
    cl_uint dims = 0;
    size_t maxwg = 0, kwg = 0, wis[3] = {0, 0, 0};
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, sizeof(dims), &dims, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(maxwg), &maxwg, NULL));
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof(wis), wis, NULL));
    CHECK(clGetKernelWorkGroupInfo(kt, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(kwg), &kwg, NULL));
    size_t g[4] = {8, 8, 8, 8}, l[4] = {1, 1, 1, 1};
    EXPECT_ERR(CL_INVALID_WORK_DIMENSION, clEnqueueNDRangeKernel(q, kt, 0, NULL, g, l, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_WORK_DIMENSION,
               clEnqueueNDRangeKernel(q, kt, dims + 1, NULL, g, l, 0, NULL, NULL));
    size_t l3x[1] = {3};
    EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE, clEnqueueNDRangeKernel(q, kt, 1, NULL, g, l3x, 0, NULL, NULL));
    /* total above the kernel's maximum while each dimension is within its limit */
    if (wis[1] >= 2) {
        size_t a = wis[0] < kwg ? wis[0] : kwg, b = kwg / a + 1;
        if (b <= wis[1]) {
            size_t gl[2] = {a, b}, ll[2] = {a, b};
            EXPECT_ERR(CL_INVALID_WORK_GROUP_SIZE,
                       clEnqueueNDRangeKernel(q, kt, 2, NULL, gl, ll, 0, NULL, NULL));
        }
    }
    /* one dimension above its limit */
    size_t gi[3] = {1, 1, wis[2] + 1}, li[3] = {1, 1, wis[2] + 1};
    cl_int e = clEnqueueNDRangeKernel(q, kt, 3, NULL, gi, li, 0, NULL, NULL);
    if (e != CL_INVALID_WORK_ITEM_SIZE && !(wis[2] + 1 > kwg && e == CL_INVALID_WORK_GROUP_SIZE))
        FAIL_EXPECT_("clEnqueueNDRangeKernel(local size above CL_DEVICE_MAX_WORK_ITEM_SIZES)",
                     CL_INVALID_WORK_ITEM_SIZE, e);
    size_t huge[1] = {SIZE_MAX - 4};
    /* PoCL does not check offset + size for overflow */
    EXPECT_ERR_LENIENT(CL_INVALID_GLOBAL_OFFSET, CL_SUCCESS,
                       clEnqueueNDRangeKernel(q, kt, 1, huge, g, NULL, 0, NULL, NULL));
    if (strict_mode()) /* PoCL crashes */
        EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST,
                   clEnqueueNDRangeKernel(q, kt, 1, NULL, g, NULL, 1, NULL, NULL));
    if (strict_mode()) /* PoCL crashes */
        EXPECT_ERR(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(q, NULL, 1, NULL, g, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueNDRangeKernel(NULL, kt, 1, NULL, g, NULL, 0, NULL, NULL));
    cl_context other = make_context(dev);
    cl_command_queue oq = make_queue(other, dev, 0);
    EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueNDRangeKernel(oq, kt, 1, NULL, g, NULL, 0, NULL, NULL));
    CHECK(clReleaseCommandQueue(oq));
    CHECK(clReleaseContext(other));

    CHECK(clFinish(q));
    CHECK(clReleaseMemObject(out));
    test_unrunnable(kt);

    CHECK(clReleaseKernel(kf));
    CHECK(clReleaseKernel(kt));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("ndrange");
}
