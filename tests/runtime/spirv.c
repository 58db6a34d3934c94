/* Programs from SPIR-V: clCreateProgramWithIL with the file given as argv[1]
 * (built from spirv_kernel.cl, see README.md), build, run, check. */
#include "common.h"

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) FAILF("cannot open '%s'", path);
    size_t cap = 4096, n = 0, r;
    unsigned char *buf = malloc(cap);
    while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) buf = realloc(buf, cap *= 2);
    }
    fclose(f);
    *len = n;
    return buf;
}

int main(int argc, char **argv)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    char il[256] = {0};
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IL_VERSION, sizeof(il) - 1, il, NULL));
    if (il[0] == '\0') {
        printf("SKIP spirv: IL not supported\n");
        return 0;
    }
    ASSERT(strstr(il, "SPIR-V_") != NULL, "CL_DEVICE_IL_VERSION '%s' names no SPIR-V", il);
    size_t nsz = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_ILS_WITH_VERSION, 0, NULL, &nsz));
    ASSERT(nsz >= sizeof(cl_name_version), "IL version without ILs-with-version");
    if (argc < 2) FAILF("usage: %s <spirv_kernel.spv>", argv[0]);

    size_t len = 0;
    unsigned char *spv = read_file(argv[1], &len);
    ASSERT(len >= 20 && spv[0] == 0x03 && spv[1] == 0x02 && spv[2] == 0x23 && spv[3] == 0x07,
           "'%s' is not a little-endian SPIR-V module", argv[1]);
    cl_context ctx = make_context(dev);
    cl_command_queue q = make_queue(ctx, dev, 0);
    cl_int err;
    cl_program prog = clCreateProgramWithIL(ctx, spv, len, &err);
    CHECK_CODE(err, "clCreateProgramWithIL");
    err = clBuildProgram(prog, 1, &dev, "", NULL, NULL);
    if (err != CL_SUCCESS) {
        print_build_log(prog, dev);
        FAILF("clBuildProgram(IL) returned %s", cl_err_name(err));
    }

    /* CL_PROGRAM_IL returns the module; kernel names come from it */
    size_t sz = 0;
    CHECK(clGetProgramInfo(prog, CL_PROGRAM_IL, 0, NULL, &sz));
    ASSERT(sz == len, "CL_PROGRAM_IL size %zu, file %zu", sz, len);
    unsigned char *back = malloc(sz);
    CHECK(clGetProgramInfo(prog, CL_PROGRAM_IL, sz, back, NULL));
    ASSERT(memcmp(back, spv, len) == 0, "CL_PROGRAM_IL differs from the module");
    free(back);
    size_t nk = 0;
    char names[128] = {0};
    CHECK(clGetProgramInfo(prog, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
    CHECK(clGetProgramInfo(prog, CL_PROGRAM_KERNEL_NAMES, sizeof(names) - 1, names, NULL));
    ASSERT(nk == 2 && (!strcmp(names, "saxpy;group_sum") || !strcmp(names, "group_sum;saxpy")),
           "%zu kernels: '%s'", nk, names);

    /* saxpy */
    enum { N = 64 };
    float x[N], y[N];
    for (int i = 0; i < N; i++) { x[i] = (float)i; y[i] = 0.5f * i - 3.0f; }
    cl_mem bx = make_buffer(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof(x), x);
    cl_mem by = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(y), y);
    cl_kernel k = make_kernel(prog, "saxpy");
    float a = 2.5f;
    size_t n = N;
    CHECK(clSetKernelArg(k, 0, sizeof(by), &by));
    CHECK(clSetKernelArg(k, 1, sizeof(bx), &bx));
    CHECK(clSetKernelArg(k, 2, sizeof(a), &a));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    float r[N];
    CHECK(clEnqueueReadBuffer(q, by, CL_TRUE, 0, sizeof(r), r, 0, NULL, NULL));
    for (int i = 0; i < N; i++) {
        float want = a * x[i] + 2.0f * y[i];
        ASSERT(r[i] == want, "saxpy[%d] = %f, expected %f", i, r[i], want);
    }
    CHECK(clReleaseKernel(k));

    /* group_sum with a __local argument */
    int in[N], sums[N / 8];
    for (int i = 0; i < N; i++) in[i] = i * 3 - 7;
    cl_mem bin = make_buffer(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof(in), in);
    cl_mem bout = make_buffer(ctx, CL_MEM_WRITE_ONLY, sizeof(sums), NULL);
    k = make_kernel(prog, "group_sum");
    size_t l = 8;
    CHECK(clSetKernelArg(k, 0, sizeof(bin), &bin));
    CHECK(clSetKernelArg(k, 1, sizeof(bout), &bout));
    CHECK(clSetKernelArg(k, 2, l * sizeof(int), NULL));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, &l, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, bout, CL_TRUE, 0, sizeof(sums), sums, 0, NULL, NULL));
    for (int g = 0; g < N / 8; g++) {
        int want = 0;
        for (int i = 0; i < 8; i++) want += in[g * 8 + i];
        ASSERT(sums[g] == want, "group_sum[%d] = %d, expected %d", g, sums[g], want);
    }
    CHECK(clReleaseKernel(k));

    /* malformed IL */
    unsigned char junk[32];
    memset(junk, 0x5A, sizeof(junk));
    cl_program bad = clCreateProgramWithIL(ctx, junk, sizeof(junk), &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithIL(junk)");
    ASSERT(bad == NULL, "program returned on error");
    bad = clCreateProgramWithIL(ctx, spv, 0, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithIL(length 0)");
    bad = clCreateProgramWithIL(ctx, NULL, len, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithIL(NULL)");

    free(spv);
    CHECK(clReleaseMemObject(bx)); CHECK(clReleaseMemObject(by));
    CHECK(clReleaseMemObject(bin)); CHECK(clReleaseMemObject(bout));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("spirv");
}
