/* Kernels: creation, cloning, every kind of argument, kernel/arg/work-group
 * info, argument errors. */
#include "common.h"

static const char *src =
    "typedef struct { int a; float b; long c; } pod_t;\n"
    "kernel void args(global int *out, constant float *cf, local int *scratch, int s,\n"
    "                 float4 v, pod_t st, global const volatile int *restrict maybe,\n"
    "                 uint n) {\n"
    "  size_t i = get_global_id(0), l = get_local_id(0), ls = get_local_size(0);\n"
    "  scratch[l] = (int)i * s;\n"
    "  barrier(CLK_LOCAL_MEM_FENCE);\n"
    "  int acc = scratch[(l + 1) % ls];\n"
    "  acc += (int)(v.x + v.y + v.z + v.w) + st.a + (int)st.b + (int)(st.c / 1000000);\n"
    "  acc += (maybe ? maybe[i] : -1000) + (int)cf[i % 2] + (int)n;\n"
    "  out[i] = acc;\n"
    "}\n"
    "__attribute__((reqd_work_group_size(4, 1, 1)))\n"
    "kernel void fixed(global int *out) { out[get_global_id(0)] = 7; }\n"
    "kernel void addk(global int *p, int k) { p[get_global_id(0)] += k; }\n"
    "#ifdef HAS_IMAGES\n"
    "kernel void imgs(read_only image2d_t src, write_only image2d_t dst) {\n"
    "  int2 c = (int2)(get_global_id(0), get_global_id(1));\n"
    "  write_imagef(dst, c, read_imagef(src, c));\n"
    "}\n"
    "#endif\n";

typedef struct { cl_int a; cl_float b; cl_long c; } pod_t;

static cl_context ctx;
static cl_command_queue q;
static cl_device_id dev;

static char *arg_str(cl_kernel k, cl_uint i, cl_kernel_arg_info p)
{
    size_t sz = 0;
    CHECK(clGetKernelArgInfo(k, i, p, 0, NULL, &sz));
    char *s = calloc(sz + 1, 1);
    CHECK(clGetKernelArgInfo(k, i, p, sz, s, NULL));
    return s;
}

static void check_arg(cl_kernel k, cl_uint i, cl_kernel_arg_address_qualifier aq,
                      cl_kernel_arg_access_qualifier acc, cl_kernel_arg_type_qualifier tq,
                      const char *type, const char *name)
{
    cl_kernel_arg_address_qualifier a = 0;
    cl_kernel_arg_access_qualifier c = 0;
    cl_kernel_arg_type_qualifier t = 0;
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof(a), &a, NULL));
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ACCESS_QUALIFIER, sizeof(c), &c, NULL));
    CHECK(clGetKernelArgInfo(k, i, CL_KERNEL_ARG_TYPE_QUALIFIER, sizeof(t), &t, NULL));
    char *ty = arg_str(k, i, CL_KERNEL_ARG_TYPE_NAME), *nm = arg_str(k, i, CL_KERNEL_ARG_NAME);
    ASSERT(a == aq && c == acc && t == tq && !strcmp(ty, type) && !strcmp(nm, name),
           "arg %u: address 0x%x access 0x%x type-qual 0x%llx type '%s' name '%s'", i, a, c,
           (unsigned long long)t, ty, nm);
    free(ty);
    free(nm);
}

static void set_common_args(cl_kernel k, cl_mem out, cl_mem cf, int s)
{
    cl_float4 v = {{1.5f, 2.5f, 3.0f, 4.0f}};
    pod_t st = {100, 20.75f, 5000000000LL};
    cl_uint n = 5;
    CHECK(clSetKernelArg(k, 0, sizeof(out), &out));
    CHECK(clSetKernelArg(k, 1, sizeof(cf), &cf));
    CHECK(clSetKernelArg(k, 2, 4 * sizeof(cl_int), NULL));
    CHECK(clSetKernelArg(k, 3, sizeof(s), &s));
    CHECK(clSetKernelArg(k, 4, sizeof(v), &v));
    CHECK(clSetKernelArg(k, 5, sizeof(st), &st));
    CHECK(clSetKernelArg(k, 7, sizeof(n), &n));
}

/* run `args` with 16 work-items in groups of 4 and check the result */
static void run_args(cl_kernel k, cl_mem out, int s, const int *maybe)
{
    size_t g = 16, l = 4;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, &l, 0, NULL, NULL));
    int got[16];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(got), got, 0, NULL, NULL));
    for (int i = 0; i < 16; i++) {
        int lid = i % 4;
        int want = (i - lid + (lid + 1) % 4) * s + 11 + 100 + 20 + 5000 +
                   (maybe ? maybe[i] : -1000) + (i % 2 ? 8 : -2) + 5;
        ASSERT(got[i] == want, "out[%d] = %d, expected %d (s=%d)", i, got[i], want, s);
    }
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    cl_bool images = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(images), &images, NULL));
    cl_program prog = build_program(ctx, dev, src,
                                    images ? "-cl-kernel-arg-info -DHAS_IMAGES" : "-cl-kernel-arg-info");
    cl_int err;

    /* clCreateKernelsInProgram */
    cl_uint nk = 0;
    CHECK(clCreateKernelsInProgram(prog, 0, NULL, &nk));
    ASSERT(nk == (images ? 4u : 3u), "%u kernels in program", nk);
    cl_kernel all[4];
    EXPECT_ERR(CL_INVALID_VALUE, clCreateKernelsInProgram(prog, 1, all, NULL));
    CHECK(clCreateKernelsInProgram(prog, nk, all, NULL));
    int seen = 0;
    for (cl_uint i = 0; i < nk; i++) {
        char name[32] = {0};
        CHECK(clGetKernelInfo(all[i], CL_KERNEL_FUNCTION_NAME, sizeof(name) - 1, name, NULL));
        static const char *const names[] = {"args", "fixed", "addk", "imgs"};
        for (int j = 0; j < 4; j++)
            if (!strcmp(name, names[j])) seen |= 1 << j;
        CHECK(clReleaseKernel(all[i]));
    }
    ASSERT(seen == (images ? 15 : 7), "kernel names (mask %d)", seen);

    /* kernel info */
    cl_kernel k = make_kernel(prog, "args");
    char name[16] = {0};
    cl_uint nargs = 0, refs = 0;
    cl_context c = NULL;
    cl_program p = NULL;
    size_t sz = 0;
    CHECK(clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof(name), name, &sz));
    ASSERT(!strcmp(name, "args") && sz == 5, "FUNCTION_NAME '%s' (size %zu)", name, sz);
    CHECK(clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof(nargs), &nargs, NULL));
    CHECK(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    CHECK(clGetKernelInfo(k, CL_KERNEL_CONTEXT, sizeof(c), &c, NULL));
    CHECK(clGetKernelInfo(k, CL_KERNEL_PROGRAM, sizeof(p), &p, NULL));
    ASSERT(nargs == 8 && refs == 1 && c == ctx && p == prog, "kernel info: %u args", nargs);
    CHECK(clGetKernelInfo(k, CL_KERNEL_ATTRIBUTES, 0, NULL, &sz));
    ASSERT(sz >= 1, "ATTRIBUTES size 0");
    CHECK(clRetainKernel(k));
    CHECK(clGetKernelInfo(k, CL_KERNEL_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 2, "reference count after retain %u", refs);
    CHECK(clReleaseKernel(k));
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelInfo(k, 0x11FF, sizeof(small), small, NULL));

    /* argument info */
    check_arg(k, 0, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "int*", "out");
    check_arg(k, 1, CL_KERNEL_ARG_ADDRESS_CONSTANT, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_CONST, "float*", "cf");
    check_arg(k, 2, CL_KERNEL_ARG_ADDRESS_LOCAL, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "int*", "scratch");
    check_arg(k, 3, CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "int", "s");
    check_arg(k, 4, CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "float4", "v");
    check_arg(k, 5, CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "pod_t", "st");
    check_arg(k, 6, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_CONST | CL_KERNEL_ARG_TYPE_VOLATILE | CL_KERNEL_ARG_TYPE_RESTRICT,
              "int*", "maybe");
    check_arg(k, 7, CL_KERNEL_ARG_ADDRESS_PRIVATE, CL_KERNEL_ARG_ACCESS_NONE,
              CL_KERNEL_ARG_TYPE_NONE, "uint", "n");
    EXPECT_ERR(CL_INVALID_ARG_INDEX, clGetKernelArgInfo(k, 8, CL_KERNEL_ARG_NAME, sizeof(name), name, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelArgInfo(k, 0, 0x11FF, sizeof(name), name, NULL));
    if (images) {
        cl_kernel ki = make_kernel(prog, "imgs");
        check_arg(ki, 0, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_READ_ONLY,
                  CL_KERNEL_ARG_TYPE_NONE, "image2d_t", "src");
        check_arg(ki, 1, CL_KERNEL_ARG_ADDRESS_GLOBAL, CL_KERNEL_ARG_ACCESS_WRITE_ONLY,
                  CL_KERNEL_ARG_TYPE_NONE, "image2d_t", "dst");
        CHECK(clReleaseKernel(ki));
    }

    /* arguments: unset arguments are reported at enqueue */
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL);
    float cfv[2] = {-2.0f, 8.0f};
    cl_mem cf = make_buffer(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof(cfv), cfv);
    int maybe[16];
    for (int i = 0; i < 16; i++) maybe[i] = i * i;
    cl_mem mb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(maybe), maybe);
    size_t g = 16;
    EXPECT_ERR(CL_INVALID_KERNEL_ARGS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    set_common_args(k, out, cf, 3);
    EXPECT_ERR(CL_INVALID_KERNEL_ARGS, clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    cl_mem null_mem = NULL;
    CHECK(clSetKernelArg(k, 6, sizeof(cl_mem), &null_mem)); /* NULL buffer */
    run_args(k, out, 3, NULL);
    CHECK(clSetKernelArg(k, 6, sizeof(cl_mem), NULL));      /* also a NULL buffer */
    run_args(k, out, 3, NULL);
    CHECK(clSetKernelArg(k, 6, sizeof(mb), &mb));
    run_args(k, out, 3, maybe);

    /* work-group info (after a __local size was set) */
    size_t wg = 0, cwg[3] = {9, 9, 9}, mult = 0, devmax = 0;
    cl_ulong lmem = 0, pmem = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, sizeof(devmax), &devmax, NULL));
    CHECK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, sizeof(wg), &wg, NULL));
    CHECK(clGetKernelWorkGroupInfo(k, NULL, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(cwg), cwg, NULL));
    CHECK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_LOCAL_MEM_SIZE, sizeof(lmem), &lmem, NULL));
    CHECK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE,
                                   sizeof(mult), &mult, NULL));
    CHECK(clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_PRIVATE_MEM_SIZE, sizeof(pmem), &pmem, NULL));
    ASSERT(wg >= 1 && wg <= devmax && mult >= 1 && lmem >= 16, "WG info: size %zu multiple %zu "
           "local %llu", wg, mult, (unsigned long long)lmem);
    /* The preferred multiple is a sub-group (32 by default), as on hardware. */
    ASSERT(mult == 32, "preferred work-group size multiple %zu", mult);
    ASSERT(cwg[0] == 0 && cwg[1] == 0 && cwg[2] == 0, "COMPILE_WORK_GROUP_SIZE without attribute");
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_GLOBAL_WORK_SIZE,
                                                          sizeof(cwg), cwg, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(k, dev, CL_KERNEL_WORK_GROUP_SIZE, 2,
                                                          small, NULL));
    cl_kernel kf = make_kernel(prog, "fixed");
    CHECK(clGetKernelWorkGroupInfo(kf, dev, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof(cwg), cwg, NULL));
    ASSERT(cwg[0] == 4 && cwg[1] == 1 && cwg[2] == 1, "COMPILE_WORK_GROUP_SIZE %zu %zu %zu", cwg[0],
           cwg[1], cwg[2]);
    CHECK(clReleaseKernel(kf));

    /* clCloneKernel copies the arguments; afterwards they are independent */
    cl_kernel k2 = clCloneKernel(k, &err);
    CHECK_CODE(err, "clCloneKernel");
    cl_mem out2 = make_buffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL);
    CHECK(clSetKernelArg(k2, 0, sizeof(out2), &out2));
    CHECK(clSetKernelArg(k2, 3, sizeof(int), &(int){-4}));
    run_args(k2, out2, -4, maybe);
    run_args(k, out, 3, maybe);
    CHECK(clSetKernelArg(k, 6, sizeof(cl_mem), NULL));
    run_args(k2, out2, -4, maybe);
    CHECK(clGetKernelInfo(k2, CL_KERNEL_FUNCTION_NAME, sizeof(name), name, NULL));
    ASSERT(!strcmp(name, "args"), "clone FUNCTION_NAME '%s'", name);
    CHECK(clReleaseKernel(k2));

    /* argument errors */
    EXPECT_ERR(CL_INVALID_ARG_INDEX, clSetKernelArg(k, 8, sizeof(int), &nargs));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 3, sizeof(short), &nargs));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 3, sizeof(cl_long), &lmem));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 4, sizeof(cl_float2), &lmem));
    /* PoCL does not check the size of a by-value struct */
    EXPECT_ERR_LENIENT(CL_INVALID_ARG_SIZE, CL_SUCCESS, clSetKernelArg(k, 5, sizeof(pod_t) - 4, maybe));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 0, 4, &out));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 2, 0, NULL));
    EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 2, 16, maybe));
    EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(k, 3, sizeof(int), NULL));

    /* creation errors */
    cl_kernel bad = clCreateKernel(NULL, "args", &err);
    EXPECT_CODE(CL_INVALID_PROGRAM, err, "clCreateKernel(NULL program)");
    ASSERT(bad == NULL, "kernel returned on error");
    bad = clCloneKernel(NULL, &err);
    EXPECT_CODE(CL_INVALID_KERNEL, err, "clCloneKernel(NULL)");
    EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelArg(NULL, 0, sizeof(int), &nargs));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelInfo(NULL, CL_KERNEL_NUM_ARGS, sizeof(nargs), &nargs, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clRetainKernel(NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clReleaseKernel(NULL));

    /* A local argument whose type names no element (a capture must name one). */
    static const char *pairs_src =
        "typedef struct { int a; int b; } pair_t;\n"
        "kernel void local_pairs(global int *out, local pair_t *tmp) {\n"
        "  int i = get_local_id(0);\n"
        "  tmp[i].a = i;\n"
        "  tmp[i].b = 2 * i;\n"
        "  barrier(CLK_LOCAL_MEM_FENCE);\n"
        "  out[get_global_id(0)] = tmp[3 - i].a + tmp[i].b;\n"
        "}\n";
    cl_program pairs_prog = build_program(ctx, dev, pairs_src, "");
    cl_kernel pairs = clCreateKernel(pairs_prog, "local_pairs", &err);
    CHECK_CODE(err, "clCreateKernel(local_pairs)");
    CHECK(clSetKernelArg(pairs, 0, sizeof(out), &out));
    CHECK(clSetKernelArg(pairs, 1, 4 * 2 * sizeof(cl_int), NULL));
    size_t four = 4;
    CHECK(clEnqueueNDRangeKernel(q, pairs, 1, NULL, &four, &four, 0, NULL, NULL));
    int sums[4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(sums), sums, 0, NULL, NULL));
    for (int i = 0; i < 4; i++)
        ASSERT(sums[i] == 3 + i, "local_pairs: out[%d] = %d, expected %d", i, sums[i], 3 + i);
    CHECK(clReleaseKernel(pairs));
    CHECK(clReleaseProgram(pairs_prog));

    CHECK(clFinish(q));
    CHECK(clReleaseMemObject(out)); CHECK(clReleaseMemObject(out2));
    CHECK(clReleaseMemObject(cf)); CHECK(clReleaseMemObject(mb));
    CHECK(clReleaseKernel(k));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("kernel");
}
