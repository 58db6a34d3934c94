/* Programs: build options, build failures, info, binaries, separate
 * compilation with headers, linking, libraries, build callbacks. */
#include "common.h"
#include <pthread.h>

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q;

static const char *part1 = "kernel void scale(global int *p) {\n";
static const char *part2 =
    "  size_t i = get_global_id(0);\n"
    "  p[i] = p[i] * SCALE + OFFSET;\n"
    "}\n"
    "kernel void other(global int *p) { p[get_global_id(0)] = 1; }\n";

/* Run the one-argument kernel `name` over 8 ints initialised to i and
 * check p[i] == a * i + b. */
static void run_check(cl_program prog, const char *name, int a, int b)
{
    cl_kernel k = make_kernel(prog, name);
    int data[8];
    for (int i = 0; i < 8; i++) data[i] = i;
    cl_mem buf = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(data), data);
    CHECK(clSetKernelArg(k, 0, sizeof(buf), &buf));
    size_t n = 8;
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(data), data, 0, NULL, NULL));
    for (int i = 0; i < 8; i++)
        ASSERT(data[i] == a * i + b, "%s: p[%d] = %d, expected %d", name, i, data[i], a * i + b);
    CHECK(clReleaseMemObject(buf));
    CHECK(clReleaseKernel(k));
}

static char *build_str(cl_program prog, cl_program_build_info param)
{
    size_t sz = 0;
    CHECK(clGetProgramBuildInfo(prog, dev, param, 0, NULL, &sz));
    ASSERT(sz >= 1, "empty build info string");
    char *s = calloc(sz + 1, 1);
    CHECK(clGetProgramBuildInfo(prog, dev, param, sz, s, NULL));
    ASSERT(s[sz - 1] == '\0', "build info string not terminated");
    return s;
}

static char *prog_str(cl_program prog, cl_program_info param)
{
    size_t sz = 0;
    CHECK(clGetProgramInfo(prog, param, 0, NULL, &sz));
    char *s = calloc(sz + 1, 1);
    CHECK(clGetProgramInfo(prog, param, sz, s, NULL));
    return s;
}

static cl_build_status status_of(cl_program prog)
{
    cl_build_status st = 99;
    CHECK(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, sizeof(st), &st, NULL));
    return st;
}

static cl_program_binary_type binary_type(cl_program prog)
{
    cl_program_binary_type t = 99;
    CHECK(clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BINARY_TYPE, sizeof(t), &t, NULL));
    return t;
}

/* build-callback bookkeeping */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int cb_count;
static cl_program cb_last;
static void CL_CALLBACK on_built(cl_program prog, void *user_data)
{
    pthread_mutex_lock(&lock);
    cb_count += user_data == &cb_count;
    cb_last = prog;
    pthread_mutex_unlock(&lock);
}
static void wait_callbacks(int n)
{
    for (int i = 0; i < 1000; i++) {
        pthread_mutex_lock(&lock);
        int c = cb_count;
        pthread_mutex_unlock(&lock);
        if (c >= n) return;
        sleep_ms(10);
    }
    FAILF("build callback %d never ran", n);
}

static cl_program compile(const char *src, cl_uint nh, const cl_program *headers,
                          const char **names)
{
    cl_int err;
    cl_program p = clCreateProgramWithSource(ctx, 1, &src, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    err = clCompileProgram(p, 1, &dev, "", nh, headers, names, NULL, NULL);
    if (err != CL_SUCCESS) {
        print_build_log(p, dev);
        FAILF("clCompileProgram returned %s", cl_err_name(err));
    }
    ASSERT(status_of(p) == CL_BUILD_SUCCESS, "compile status");
    ASSERT(binary_type(p) == CL_PROGRAM_BINARY_TYPE_COMPILED_OBJECT, "compiled binary type");
    return p;
}

static void test_source_and_binary(void)
{
    cl_int err;
    const char *strs[2] = {part1, part2};
    size_t lens[2] = {strlen(part1), 0};
    cl_program p = clCreateProgramWithSource(ctx, 2, strs, lens, &err);
    CHECK_CODE(err, "clCreateProgramWithSource(2 strings)");
    ASSERT(status_of(p) == CL_BUILD_NONE, "status before build");
    cl_uint refs = 0;
    CHECK(clRetainProgram(p));
    CHECK(clGetProgramInfo(p, CL_PROGRAM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 2, "reference count after retain %u", refs);
    CHECK(clReleaseProgram(p));
    cl_kernel k = clCreateKernel(p, "scale", &err);
    EXPECT_CODE(CL_INVALID_PROGRAM_EXECUTABLE, err, "clCreateKernel before build");
    size_t nk = 0;
    EXPECT_ERR(CL_INVALID_PROGRAM_EXECUTABLE,
               clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));

    const char *opts = "-D SCALE=3 -DOFFSET=4";
    CHECK(clBuildProgram(p, 1, &dev, opts, NULL, NULL));
    run_check(p, "scale", 3, 4);
    ASSERT(status_of(p) == CL_BUILD_SUCCESS, "status after build");
    ASSERT(binary_type(p) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "binary type after build");
    char *o = build_str(p, CL_PROGRAM_BUILD_OPTIONS);
    ASSERT(strcmp(o, opts) == 0, "BUILD_OPTIONS '%s'", o);
    free(o);
    free(build_str(p, CL_PROGRAM_BUILD_LOG));
    size_t gsize = 1;
    CHECK(clGetProgramBuildInfo(p, dev, CL_PROGRAM_BUILD_GLOBAL_VARIABLE_TOTAL_SIZE,
                                sizeof(gsize), &gsize, NULL));

    /* program info */
    cl_context c = NULL;
    cl_uint nd = 0;
    cl_device_id d = NULL;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_CONTEXT, sizeof(c), &c, NULL));
    CHECK(clGetProgramInfo(p, CL_PROGRAM_NUM_DEVICES, sizeof(nd), &nd, NULL));
    CHECK(clGetProgramInfo(p, CL_PROGRAM_DEVICES, sizeof(d), &d, NULL));
    CHECK(clGetProgramInfo(p, CL_PROGRAM_NUM_KERNELS, sizeof(nk), &nk, NULL));
    ASSERT(c == ctx && nd == 1 && d == dev && nk == 2, "program info (%zu kernels)", nk);
    char *source = prog_str(p, CL_PROGRAM_SOURCE);
    ASSERT(strncmp(source, part1, strlen(part1)) == 0 && strcmp(source + strlen(part1), part2) == 0,
           "CL_PROGRAM_SOURCE differs");
    free(source);
    char *names = prog_str(p, CL_PROGRAM_KERNEL_NAMES);
    ASSERT(!strcmp(names, "scale;other") || !strcmp(names, "other;scale"), "KERNEL_NAMES '%s'", names);
    free(names);
    size_t sz = 5;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_IL, 0, NULL, &sz));
    ASSERT(sz == 0, "CL_PROGRAM_IL size %zu for a source program", sz);
    cl_bool ctors = 9;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_CTORS_PRESENT, sizeof(ctors), &ctors, NULL));
    CHECK(clGetProgramInfo(p, CL_PROGRAM_SCOPE_GLOBAL_DTORS_PRESENT, sizeof(ctors), &ctors, NULL));

    /* binaries: sizes, then the bytes; rebuild from them */
    size_t bsize = 0;
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, 0, NULL, &sz));
    ASSERT(sz == sizeof(size_t), "BINARY_SIZES size %zu", sz);
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARY_SIZES, sizeof(bsize), &bsize, NULL));
    ASSERT(bsize > 0, "empty binary");
    unsigned char *bin = malloc(bsize);
    unsigned char *bins[1] = {bin};
    CHECK(clGetProgramInfo(p, CL_PROGRAM_BINARIES, sizeof(bins), bins, &sz));
    ASSERT(sz == sizeof(bins), "BINARIES size %zu", sz);
    cl_int bstatus = 99;
    const unsigned char *cbins[1] = {bin};
    cl_program pb = clCreateProgramWithBinary(ctx, 1, &dev, &bsize, cbins, &bstatus, &err);
    CHECK_CODE(err, "clCreateProgramWithBinary");
    ASSERT(bstatus == CL_SUCCESS, "binary_status %s", cl_err_name(bstatus));
    CHECK(clBuildProgram(pb, 1, &dev, NULL, NULL, NULL));
    run_check(pb, "scale", 3, 4);
    run_check(pb, "other", 0, 1);
    CHECK(clReleaseProgram(pb));
    free(bin);

    /* binary errors */
    unsigned char junk[64];
    memset(junk, 0xA5, sizeof(junk));
    const unsigned char *jb[1] = {junk};
    size_t jl = sizeof(junk), zl = 0;
    pb = clCreateProgramWithBinary(ctx, 1, &dev, &jl, jb, &bstatus, &err);
    EXPECT_CODE(CL_INVALID_BINARY, err, "clCreateProgramWithBinary(junk)");
    ASSERT(pb == NULL, "program returned on error");
    pb = clCreateProgramWithBinary(ctx, 1, &dev, &zl, jb, &bstatus, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithBinary(length 0)");
    if (strict_mode()) { /* PoCL crashes */
        pb = clCreateProgramWithBinary(ctx, 1, &dev, &jl, NULL, &bstatus, &err);
        EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithBinary(NULL binaries)");
    }
    pb = clCreateProgramWithBinary(ctx, 0, &dev, &jl, jb, &bstatus, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithBinary(0 devices)");

    k = clCreateKernel(p, "nope", &err);
    EXPECT_CODE(CL_INVALID_KERNEL_NAME, err, "clCreateKernel(unknown name)");
    ASSERT(k == NULL, "kernel returned on error");
    k = clCreateKernel(p, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateKernel(NULL name)");
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetProgramInfo(p, CL_PROGRAM_KERNEL_NAMES, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetProgramInfo(p, 0x11FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetProgramBuildInfo(p, dev, 0x11FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_DEVICE, clGetProgramBuildInfo(p, NULL, CL_PROGRAM_BUILD_STATUS,
                                                        sizeof(cl_build_status), small, NULL));
    CHECK(clReleaseProgram(p));
}

static void test_build_failure(void)
{
    cl_int err;
    const char *bad = "kernel void broken(global int *p) { p[0] = undefined_thing + ; }\n";
    cl_program p = clCreateProgramWithSource(ctx, 1, &bad, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    EXPECT_ERR(CL_BUILD_PROGRAM_FAILURE, clBuildProgram(p, 1, &dev, NULL, NULL, NULL));
    ASSERT(status_of(p) == CL_BUILD_ERROR, "status %d after a failed build", status_of(p));
    char *log = build_str(p, CL_PROGRAM_BUILD_LOG);
    ASSERT(strlen(log) > 0, "empty build log after a failed build");
    free(log);
    cl_kernel k = clCreateKernel(p, "broken", &err);
    EXPECT_CODE(CL_INVALID_PROGRAM_EXECUTABLE, err, "clCreateKernel of a failed program");
    ASSERT(k == NULL, "kernel returned on error");
    CHECK(clReleaseProgram(p));

    const char *good = "kernel void k(global int *p) { p[get_global_id(0)] += VAL; }\n";
    p = clCreateProgramWithSource(ctx, 1, &good, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    EXPECT_ERR(CL_INVALID_BUILD_OPTIONS, clBuildProgram(p, 1, &dev, "-cl-no-such-option", NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(p, 1, NULL, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(p, 0, &dev, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(p, 1, &dev, NULL, NULL, &cb_count));
    CHECK(clBuildProgram(p, 1, &dev, "-DVAL=5", on_built, &cb_count));
    wait_callbacks(1);
    pthread_mutex_lock(&lock);
    ASSERT(cb_last == p, "callback got another program");
    pthread_mutex_unlock(&lock);
    ASSERT(status_of(p) == CL_BUILD_SUCCESS, "status after build callback");
    run_check(p, "k", 1, 5);
    /* a failing build also calls back */
    cl_program pf = clCreateProgramWithSource(ctx, 1, &bad, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    err = clBuildProgram(pf, 1, &dev, NULL, on_built, &cb_count);
    ASSERT(err == CL_SUCCESS || err == CL_BUILD_PROGRAM_FAILURE, "clBuildProgram returned %s",
           cl_err_name(err));
    wait_callbacks(2);
    ASSERT(status_of(pf) == CL_BUILD_ERROR, "status after failed build callback");
    CHECK(clReleaseProgram(pf));
    CHECK(clReleaseProgram(p));

    /* source creation errors */
    const char *with_null[2] = {good, NULL};
    p = clCreateProgramWithSource(ctx, 0, &good, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithSource(count 0)");
    if (strict_mode()) { /* PoCL crashes */
        p = clCreateProgramWithSource(ctx, 1, NULL, NULL, &err);
        EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithSource(NULL strings)");
    }
    p = clCreateProgramWithSource(ctx, 2, with_null, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateProgramWithSource(NULL string)");
    p = clCreateProgramWithSource(NULL, 1, &good, NULL, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateProgramWithSource(NULL context)");
}

static void test_compile_link(void)
{
    cl_int err;
    /* an input header, named "h.h" */
    cl_program h = clCreateProgramWithSource(ctx, 1,
        &(const char *){"#define HVAL 40\nint helper(int x);\n"}, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource(header)");
    const char *hname = "h.h";
    cl_program a = compile("#include \"h.h\"\n"
                           "kernel void ka(global int *p) {\n"
                           "  size_t i = get_global_id(0);\n"
                           "  p[i] = helper(p[i]) + HVAL;\n"
                           "}\n", 1, &h, &hname);
    cl_program b = compile("int helper(int x) { return x * 2; }\n", 0, NULL, NULL);
    cl_program objs[2] = {a, b};
    cl_program exe = clLinkProgram(ctx, 1, &dev, "", 2, objs, NULL, NULL, &err);
    CHECK_CODE(err, "clLinkProgram");
    ASSERT(status_of(exe) == CL_BUILD_SUCCESS, "link status");
    ASSERT(binary_type(exe) == CL_PROGRAM_BINARY_TYPE_EXECUTABLE, "linked binary type");
    run_check(exe, "ka", 2, 40);
    CHECK(clReleaseProgram(exe));

    /* -create-library, then link the library into an executable (with a callback) */
    cl_program c = compile("int lib_fn(int x) { return x + 1000; }\n", 0, NULL, NULL);
    cl_program lib = clLinkProgram(ctx, 1, &dev, "-create-library", 1, &c, NULL, NULL, &err);
    CHECK_CODE(err, "clLinkProgram(-create-library)");
    ASSERT(binary_type(lib) == CL_PROGRAM_BINARY_TYPE_LIBRARY, "library binary type");
    cl_program d = compile("int lib_fn(int x);\n"
                           "kernel void kd(global int *p) {\n"
                           "  size_t i = get_global_id(0);\n"
                           "  p[i] = lib_fn(p[i] * 3);\n"
                           "}\n", 0, NULL, NULL);
    cl_program parts[2] = {d, lib};
    pthread_mutex_lock(&lock);
    int before = cb_count;
    pthread_mutex_unlock(&lock);
    exe = clLinkProgram(ctx, 1, &dev, NULL, 2, parts, on_built, &cb_count, &err);
    CHECK_CODE(err, "clLinkProgram(object + library)");
    wait_callbacks(before + 1);
    ASSERT(status_of(exe) == CL_BUILD_SUCCESS, "link status");
    run_check(exe, "kd", 3, 1000);
    CHECK(clReleaseProgram(exe));

    /* compile callback */
    cl_program e = clCreateProgramWithSource(ctx, 1, &(const char *){"int f(void) { return 1; }\n"},
                                             NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    CHECK(clCompileProgram(e, 1, &dev, NULL, 0, NULL, NULL, on_built, &cb_count));
    wait_callbacks(before + 2);

    /* errors */
    if (strict_mode()) /* PoCL crashes */
        EXPECT_ERR(CL_INVALID_VALUE, clCompileProgram(e, 1, &dev, NULL, 1, NULL, &hname, NULL, NULL));
    /* PoCL accepts headers with num_input_headers 0 */
    EXPECT_ERR_LENIENT(CL_INVALID_VALUE, CL_SUCCESS,
                       clCompileProgram(e, 1, &dev, NULL, 0, &h, &hname, NULL, NULL));
    exe = clLinkProgram(ctx, 1, &dev, NULL, 0, NULL, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clLinkProgram(no programs)");
    ASSERT(exe == NULL, "program returned on error");
    exe = clLinkProgram(ctx, 1, &dev, NULL, 1, &e, NULL, &cb_count, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clLinkProgram(user_data without callback)");

    CHECK(clReleaseProgram(e)); CHECK(clReleaseProgram(d)); CHECK(clReleaseProgram(lib));
    CHECK(clReleaseProgram(c)); CHECK(clReleaseProgram(a)); CHECK(clReleaseProgram(b));
    CHECK(clReleaseProgram(h));
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    test_source_and_binary();
    test_build_failure();
    cl_bool linker = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_LINKER_AVAILABLE, sizeof(linker), &linker, NULL));
    ASSERT(linker, "no linker available");
    test_compile_link();
    EXPECT_ERR(CL_INVALID_PROGRAM, clRetainProgram(NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clReleaseProgram(NULL));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("program");
}
