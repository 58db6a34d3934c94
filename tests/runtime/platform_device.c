/* Platform and device queries. */
#include "common.h"
#include <CL/cl_ext.h>

enum kind { K_UINT, K_BOOL, K_ULONG, K_SIZE, K_STR, K_SIZES, K_PTR, K_PROPS,
            K_NAMEVER };

struct query { cl_uint param; const char *name; enum kind kind; };

#define Q(p, k) { p, #p, k }
static const struct query device_queries[] = {
    Q(CL_DEVICE_TYPE, K_ULONG), Q(CL_DEVICE_VENDOR_ID, K_UINT),
    Q(CL_DEVICE_MAX_COMPUTE_UNITS, K_UINT),
    Q(CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, K_UINT),
    Q(CL_DEVICE_MAX_WORK_GROUP_SIZE, K_SIZE),
    Q(CL_DEVICE_MAX_WORK_ITEM_SIZES, K_SIZES),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_CHAR, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_SHORT, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_INT, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_LONG, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_FLOAT, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, K_UINT),
    Q(CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_CHAR, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_SHORT, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_INT, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_LONG, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE, K_UINT),
    Q(CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, K_UINT),
    Q(CL_DEVICE_MAX_CLOCK_FREQUENCY, K_UINT), Q(CL_DEVICE_ADDRESS_BITS, K_UINT),
    Q(CL_DEVICE_MAX_MEM_ALLOC_SIZE, K_ULONG), Q(CL_DEVICE_IMAGE_SUPPORT, K_BOOL),
    Q(CL_DEVICE_MAX_READ_IMAGE_ARGS, K_UINT),
    Q(CL_DEVICE_MAX_WRITE_IMAGE_ARGS, K_UINT),
    Q(CL_DEVICE_MAX_READ_WRITE_IMAGE_ARGS, K_UINT),
    Q(CL_DEVICE_IL_VERSION, K_STR), Q(CL_DEVICE_ILS_WITH_VERSION, K_NAMEVER),
    Q(CL_DEVICE_IMAGE2D_MAX_WIDTH, K_SIZE), Q(CL_DEVICE_IMAGE2D_MAX_HEIGHT, K_SIZE),
    Q(CL_DEVICE_IMAGE3D_MAX_WIDTH, K_SIZE), Q(CL_DEVICE_IMAGE3D_MAX_HEIGHT, K_SIZE),
    Q(CL_DEVICE_IMAGE3D_MAX_DEPTH, K_SIZE),
    Q(CL_DEVICE_IMAGE_MAX_BUFFER_SIZE, K_SIZE),
    Q(CL_DEVICE_IMAGE_MAX_ARRAY_SIZE, K_SIZE), Q(CL_DEVICE_MAX_SAMPLERS, K_UINT),
    Q(CL_DEVICE_IMAGE_PITCH_ALIGNMENT, K_UINT),
    Q(CL_DEVICE_IMAGE_BASE_ADDRESS_ALIGNMENT, K_UINT),
    Q(CL_DEVICE_MAX_PIPE_ARGS, K_UINT),
    Q(CL_DEVICE_PIPE_MAX_ACTIVE_RESERVATIONS, K_UINT),
    Q(CL_DEVICE_PIPE_MAX_PACKET_SIZE, K_UINT),
    Q(CL_DEVICE_MAX_PARAMETER_SIZE, K_SIZE), Q(CL_DEVICE_MEM_BASE_ADDR_ALIGN, K_UINT),
    Q(CL_DEVICE_MIN_DATA_TYPE_ALIGN_SIZE, K_UINT),
    Q(CL_DEVICE_SINGLE_FP_CONFIG, K_ULONG), Q(CL_DEVICE_DOUBLE_FP_CONFIG, K_ULONG),
    Q(CL_DEVICE_GLOBAL_MEM_CACHE_TYPE, K_UINT),
    Q(CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE, K_UINT),
    Q(CL_DEVICE_GLOBAL_MEM_CACHE_SIZE, K_ULONG), Q(CL_DEVICE_GLOBAL_MEM_SIZE, K_ULONG),
    Q(CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE, K_ULONG),
    Q(CL_DEVICE_MAX_CONSTANT_ARGS, K_UINT),
    Q(CL_DEVICE_MAX_GLOBAL_VARIABLE_SIZE, K_SIZE),
    Q(CL_DEVICE_GLOBAL_VARIABLE_PREFERRED_TOTAL_SIZE, K_SIZE),
    Q(CL_DEVICE_LOCAL_MEM_TYPE, K_UINT), Q(CL_DEVICE_LOCAL_MEM_SIZE, K_ULONG),
    Q(CL_DEVICE_ERROR_CORRECTION_SUPPORT, K_BOOL),
    Q(CL_DEVICE_HOST_UNIFIED_MEMORY, K_BOOL),
    Q(CL_DEVICE_PROFILING_TIMER_RESOLUTION, K_SIZE),
    Q(CL_DEVICE_ENDIAN_LITTLE, K_BOOL), Q(CL_DEVICE_AVAILABLE, K_BOOL),
    Q(CL_DEVICE_COMPILER_AVAILABLE, K_BOOL), Q(CL_DEVICE_LINKER_AVAILABLE, K_BOOL),
    Q(CL_DEVICE_EXECUTION_CAPABILITIES, K_ULONG),
    Q(CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, K_ULONG),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_PROPERTIES, K_ULONG),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_PREFERRED_SIZE, K_UINT),
    Q(CL_DEVICE_QUEUE_ON_DEVICE_MAX_SIZE, K_UINT),
    Q(CL_DEVICE_MAX_ON_DEVICE_QUEUES, K_UINT), Q(CL_DEVICE_MAX_ON_DEVICE_EVENTS, K_UINT),
    Q(CL_DEVICE_BUILT_IN_KERNELS, K_STR),
    Q(CL_DEVICE_BUILT_IN_KERNELS_WITH_VERSION, K_NAMEVER),
    Q(CL_DEVICE_PLATFORM, K_PTR), Q(CL_DEVICE_NAME, K_STR), Q(CL_DEVICE_VENDOR, K_STR),
    Q(CL_DRIVER_VERSION, K_STR), Q(CL_DEVICE_PROFILE, K_STR), Q(CL_DEVICE_VERSION, K_STR),
    Q(CL_DEVICE_NUMERIC_VERSION, K_UINT), Q(CL_DEVICE_OPENCL_C_VERSION, K_STR),
    Q(CL_DEVICE_OPENCL_C_ALL_VERSIONS, K_NAMEVER),
    Q(CL_DEVICE_OPENCL_C_FEATURES, K_NAMEVER), Q(CL_DEVICE_EXTENSIONS, K_STR),
    Q(CL_DEVICE_EXTENSIONS_WITH_VERSION, K_NAMEVER),
    Q(CL_DEVICE_PRINTF_BUFFER_SIZE, K_SIZE),
    Q(CL_DEVICE_PREFERRED_INTEROP_USER_SYNC, K_BOOL),
    Q(CL_DEVICE_PARENT_DEVICE, K_PTR), Q(CL_DEVICE_PARTITION_MAX_SUB_DEVICES, K_UINT),
    Q(CL_DEVICE_PARTITION_PROPERTIES, K_PROPS),
    Q(CL_DEVICE_PARTITION_AFFINITY_DOMAIN, K_ULONG),
    Q(CL_DEVICE_PARTITION_TYPE, K_PROPS), Q(CL_DEVICE_REFERENCE_COUNT, K_UINT),
    Q(CL_DEVICE_SVM_CAPABILITIES, K_ULONG),
    Q(CL_DEVICE_PREFERRED_PLATFORM_ATOMIC_ALIGNMENT, K_UINT),
    Q(CL_DEVICE_PREFERRED_GLOBAL_ATOMIC_ALIGNMENT, K_UINT),
    Q(CL_DEVICE_PREFERRED_LOCAL_ATOMIC_ALIGNMENT, K_UINT),
    Q(CL_DEVICE_MAX_NUM_SUB_GROUPS, K_UINT),
    Q(CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, K_BOOL),
    Q(CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, K_ULONG),
    Q(CL_DEVICE_ATOMIC_FENCE_CAPABILITIES, K_ULONG),
    Q(CL_DEVICE_NON_UNIFORM_WORK_GROUP_SUPPORT, K_BOOL),
    Q(CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, K_BOOL),
    Q(CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, K_BOOL),
    Q(CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, K_ULONG),
    Q(CL_DEVICE_PIPE_SUPPORT, K_BOOL),
    Q(CL_DEVICE_PREFERRED_WORK_GROUP_SIZE_MULTIPLE, K_SIZE),
    Q(CL_DEVICE_LATEST_CONFORMANCE_VERSION_PASSED, K_STR),
};

static const size_t kind_size[] = {
    [K_UINT] = sizeof(cl_uint), [K_BOOL] = sizeof(cl_bool),
    [K_ULONG] = sizeof(cl_ulong), [K_SIZE] = sizeof(size_t),
    [K_PTR] = sizeof(void *),
};

/* Size query, then fetch; checks the size fits the kind.  The returned
 * storage has one extra zero byte. */
static void *device_info(cl_device_id dev, const struct query *q, size_t *sz)
{
    size_t size = (size_t)-1, size2 = (size_t)-1;
    cl_int e = clGetDeviceInfo(dev, q->param, 0, NULL, &size);
    if (e != CL_SUCCESS)
        FAILF("clGetDeviceInfo(%s) size query returned %s", q->name, cl_err_name(e));
    char *buf = calloc(size + 1, 1);
    e = clGetDeviceInfo(dev, q->param, size, buf, &size2);
    if (e != CL_SUCCESS)
        FAILF("clGetDeviceInfo(%s) returned %s", q->name, cl_err_name(e));
    ASSERT(size == size2, "%s: size %zu then %zu", q->name, size, size2);
    switch (q->kind) {
    case K_STR:
        ASSERT(size >= 1 && buf[size - 1] == '\0' && strlen(buf) == size - 1,
               "%s: bad string of size %zu", q->name, size);
        break;
    case K_SIZES: case K_PROPS:
        ASSERT(size % sizeof(size_t) == 0, "%s: size %zu", q->name, size);
        break;
    case K_NAMEVER:
        ASSERT(size % sizeof(cl_name_version) == 0, "%s: size %zu", q->name, size);
        break;
    default:
        /* PoCL returns a 4-byte CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES (a
         * cl_bitfield, 8 bytes) */
        if (!strict_mode() && q->param == CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES &&
            size == sizeof(cl_uint))
            break;
        ASSERT(size == kind_size[q->kind], "%s: size %zu, expected %zu", q->name,
               size, kind_size[q->kind]);
    }
    if (sz) *sz = size;
    return buf;
}

#define DINFO(dev, p, type, var)                                          \
    type var;                                                             \
    CHECK(clGetDeviceInfo(dev, p, sizeof(var), &var, NULL))

static int count_words(const char *s)
{
    int n = 0, in = 0;
    for (; *s; s++) {
        if (*s == ' ') in = 0;
        else if (!in) { in = 1; n++; }
    }
    return n;
}

/* word appears as a whole space-separated token in list */
static int has_word(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)) != NULL; p += n)
        if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
    return 0;
}

/* Extensions string and extensions-with-version list name the same set. */
static void check_ext_lists(const char *exts, const cl_name_version *nv, size_t n)
{
    ASSERT((int)n == count_words(exts), "%zu versioned extensions vs '%s'", n, exts);
    for (size_t i = 0; i < n; i++) {
        ASSERT(memchr(nv[i].name, '\0', CL_NAME_VERSION_MAX_NAME_SIZE) != NULL,
               "unterminated name");
        ASSERT(has_word(exts, nv[i].name), "'%s' missing from '%s'", nv[i].name, exts);
    }
}

/* "OpenCL M.m ..." must agree with a cl_version. */
static void check_version_string(const char *s, const char *prefix, cl_version v)
{
    int major = -1, minor = -1;
    size_t n = strlen(prefix);
    ASSERT(strncmp(s, prefix, n) == 0, "'%s' does not start with '%s'", s, prefix);
    ASSERT(sscanf(s + n, "%d.%d", &major, &minor) == 2, "cannot parse '%s'", s);
    ASSERT((cl_uint)major == CL_VERSION_MAJOR(v) && (cl_uint)minor == CL_VERSION_MINOR(v),
           "'%s' vs numeric %u.%u", s, CL_VERSION_MAJOR(v), CL_VERSION_MINOR(v));
}

static char *platform_str(cl_platform_id p, cl_platform_info param, const char *name)
{
    size_t size = 0, size2 = 0;
    cl_int e = clGetPlatformInfo(p, param, 0, NULL, &size);
    if (e != CL_SUCCESS) FAILF("clGetPlatformInfo(%s) returned %s", name, cl_err_name(e));
    char *buf = calloc(size + 1, 1);
    e = clGetPlatformInfo(p, param, size, buf, &size2);
    if (e != CL_SUCCESS) FAILF("clGetPlatformInfo(%s) returned %s", name, cl_err_name(e));
    ASSERT(size == size2 && size >= 1 && strlen(buf) == size - 1, "%s: bad string", name);
    return buf;
}

static cl_version check_platform(cl_platform_id p)
{
    char *profile = platform_str(p, CL_PLATFORM_PROFILE, "PROFILE");
    ASSERT(!strcmp(profile, "FULL_PROFILE") || !strcmp(profile, "EMBEDDED_PROFILE"),
           "profile '%s'", profile);
    char *version = platform_str(p, CL_PLATFORM_VERSION, "VERSION");
    char *name = platform_str(p, CL_PLATFORM_NAME, "NAME");
    char *vendor = platform_str(p, CL_PLATFORM_VENDOR, "VENDOR");
    char *exts = platform_str(p, CL_PLATFORM_EXTENSIONS, "EXTENSIONS");
    ASSERT(strlen(name) > 0 && strlen(vendor) > 0, "empty platform name/vendor");

    cl_version nv = 0;
    size_t size = 0;
    CHECK(clGetPlatformInfo(p, CL_PLATFORM_NUMERIC_VERSION, 0, NULL, &size));
    ASSERT(size == sizeof(cl_version), "numeric version size %zu", size);
    CHECK(clGetPlatformInfo(p, CL_PLATFORM_NUMERIC_VERSION, sizeof(nv), &nv, NULL));
    check_version_string(version, "OpenCL ", nv);
    ASSERT(CL_VERSION_MAJOR(nv) >= 3, "platform numeric version below 3.0");

    cl_ulong timer = 1234;
    CHECK(clGetPlatformInfo(p, CL_PLATFORM_HOST_TIMER_RESOLUTION, 0, NULL, &size));
    ASSERT(size == sizeof(cl_ulong), "timer resolution size %zu", size);
    CHECK(clGetPlatformInfo(p, CL_PLATFORM_HOST_TIMER_RESOLUTION, sizeof(timer), &timer, NULL));

    CHECK(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS_WITH_VERSION, 0, NULL, &size));
    ASSERT(size % sizeof(cl_name_version) == 0, "extensions-with-version size %zu", size);
    cl_name_version *ev = malloc(size + 1);
    CHECK(clGetPlatformInfo(p, CL_PLATFORM_EXTENSIONS_WITH_VERSION, size, ev, NULL));
    check_ext_lists(exts, ev, size / sizeof(cl_name_version));

    if (has_word(exts, "cl_khr_icd")) {
        char *suffix = platform_str(p, CL_PLATFORM_ICD_SUFFIX_KHR, "ICD_SUFFIX_KHR");
        free(suffix);
    }

    /* errors */
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(p, CL_PLATFORM_NAME, 1, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(p, CL_PLATFORM_NUMERIC_VERSION, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(p, 0x08FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(p, 0x08FF, 0, NULL, &size));

    free(profile); free(version); free(name); free(vendor); free(exts); free(ev);
    return nv;
}

static void check_device(cl_platform_id platform, cl_device_id dev, cl_version pver)
{
    void *val[ARRAY_LEN(device_queries)];
    size_t sz[ARRAY_LEN(device_queries)];
    for (size_t i = 0; i < ARRAY_LEN(device_queries); i++)
        val[i] = device_info(dev, &device_queries[i], &sz[i]);
    for (size_t i = 0; i < ARRAY_LEN(device_queries); i++) free(val[i]);

    DINFO(dev, CL_DEVICE_PLATFORM, cl_platform_id, plat);
    ASSERT(plat == platform, "CL_DEVICE_PLATFORM mismatch");
    DINFO(dev, CL_DEVICE_TYPE, cl_device_type, type);
    ASSERT(type != 0, "device type 0");
    DINFO(dev, CL_DEVICE_MAX_WORK_ITEM_DIMENSIONS, cl_uint, dims);
    ASSERT(dims >= 3, "max work-item dimensions %u", dims);
    DINFO(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE, size_t, max_wg);
    ASSERT(max_wg >= 1, "max WG size 0");
    size_t wsz = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, 0, NULL, &wsz));
    ASSERT(wsz == dims * sizeof(size_t), "work-item sizes size %zu for %u dims", wsz, dims);
    size_t *wis = malloc(wsz);
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_ITEM_SIZES, wsz, wis, NULL));
    for (cl_uint d = 0; d < dims; d++)
        ASSERT(wis[d] >= 1 && wis[d] <= max_wg, "max work-item size[%u]=%zu, max WG %zu",
               d, wis[d], max_wg);
    free(wis);

    DINFO(dev, CL_DEVICE_GLOBAL_MEM_SIZE, cl_ulong, gmem);
    DINFO(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, cl_ulong, maxalloc);
    ASSERT(maxalloc > 0 && maxalloc <= gmem, "max alloc %llu, global %llu",
           (unsigned long long)maxalloc, (unsigned long long)gmem);
    /* A full-profile device's largest allocation: at least a quarter of its memory, and
       128 MiB (the conformance tests ask for both). */
    ASSERT(maxalloc >= gmem / 4 && maxalloc >= (cl_ulong)128 << 20, "max alloc %llu of %llu",
           (unsigned long long)maxalloc, (unsigned long long)gmem);
    DINFO(dev, CL_DEVICE_LOCAL_MEM_SIZE, cl_ulong, lmem);
    ASSERT(lmem > 0, "no local memory");
    DINFO(dev, CL_DEVICE_ADDRESS_BITS, cl_uint, abits);
    ASSERT(abits == 32 || abits == 64, "address bits %u", abits);
    DINFO(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, cl_uint, align);
    ASSERT(align >= 8 && align % 8 == 0, "base address alignment %u bits", align);
    DINFO(dev, CL_DEVICE_AVAILABLE, cl_bool, avail);
    DINFO(dev, CL_DEVICE_COMPILER_AVAILABLE, cl_bool, compiler);
    ASSERT(avail && compiler, "device unavailable or without compiler");
    DINFO(dev, CL_DEVICE_EXECUTION_CAPABILITIES, cl_device_exec_capabilities, exec);
    ASSERT(exec & CL_EXEC_KERNEL, "CL_EXEC_KERNEL missing");
    DINFO(dev, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, cl_command_queue_properties, qprops);
    ASSERT(qprops & CL_QUEUE_PROFILING_ENABLE, "profiling queue support missing");
    DINFO(dev, CL_DEVICE_SINGLE_FP_CONFIG, cl_device_fp_config, fp);
    ASSERT((fp & CL_FP_ROUND_TO_NEAREST) && (fp & CL_FP_INF_NAN), "single FP config 0x%llx",
           (unsigned long long)fp);
    DINFO(dev, CL_DEVICE_REFERENCE_COUNT, cl_uint, refs);
    ASSERT(refs == 1, "root device reference count %u", refs);
    DINFO(dev, CL_DEVICE_PARENT_DEVICE, cl_device_id, parent);
    ASSERT(parent == NULL, "root device has a parent");
    DINFO(dev, CL_DEVICE_IMAGE_SUPPORT, cl_bool, images);
    if (images) {
        DINFO(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, size_t, w2);
        DINFO(dev, CL_DEVICE_MAX_SAMPLERS, cl_uint, samplers);
        ASSERT(w2 > 0 && samplers > 0, "image support without image sizes/samplers");
    }

    struct query qv = Q(CL_DEVICE_VERSION, K_STR);
    char *version = device_info(dev, &qv, NULL);
    DINFO(dev, CL_DEVICE_NUMERIC_VERSION, cl_version, dver);
    check_version_string(version, "OpenCL ", dver);
    ASSERT(dver <= pver, "device version above platform version");
    struct query qc = Q(CL_DEVICE_OPENCL_C_VERSION, K_STR);
    char *cver = device_info(dev, &qc, NULL);
    ASSERT(strncmp(cver, "OpenCL C ", 9) == 0, "OpenCL C version '%s'", cver);
    struct query qp = Q(CL_DEVICE_PROFILE, K_STR);
    char *profile = device_info(dev, &qp, NULL);
    ASSERT(!strcmp(profile, "FULL_PROFILE") || !strcmp(profile, "EMBEDDED_PROFILE"),
           "device profile '%s'", profile);

    struct query qa = Q(CL_DEVICE_OPENCL_C_ALL_VERSIONS, K_NAMEVER);
    size_t nsz = 0;
    cl_name_version *all = device_info(dev, &qa, &nsz);
    ASSERT(nsz >= sizeof(cl_name_version), "no OpenCL C versions");
    for (size_t i = 0; i < nsz / sizeof(cl_name_version); i++)
        ASSERT(!strcmp(all[i].name, "OpenCL C"), "OpenCL C version name '%s'", all[i].name);

    struct query qe = Q(CL_DEVICE_EXTENSIONS, K_STR);
    struct query qev = Q(CL_DEVICE_EXTENSIONS_WITH_VERSION, K_NAMEVER);
    char *exts = device_info(dev, &qe, NULL);
    cl_name_version *ev = device_info(dev, &qev, &nsz);
    check_ext_lists(exts, ev, nsz / sizeof(cl_name_version));
    DINFO(dev, CL_DEVICE_DOUBLE_FP_CONFIG, cl_device_fp_config, dfp);
    DINFO(dev, CL_DEVICE_PREFERRED_VECTOR_WIDTH_DOUBLE, cl_uint, dwidth);
    if (has_word(exts, "cl_khr_fp64"))
        ASSERT(dfp != 0, "cl_khr_fp64 without double FP config");
    else
        ASSERT(dfp == 0 && dwidth == 0, "double config without cl_khr_fp64");
    /* cl_khr_fp16: the half config has at least the minimum (round to nearest, inf and NaN). */
    DINFO(dev, CL_DEVICE_HALF_FP_CONFIG, cl_device_fp_config, hfp);
    DINFO(dev, CL_DEVICE_PREFERRED_VECTOR_WIDTH_HALF, cl_uint, hwidth);
    DINFO(dev, CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF, cl_uint, hnative);
    cl_device_fp_config hmin = CL_FP_ROUND_TO_NEAREST | CL_FP_INF_NAN;
    if (has_word(exts, "cl_khr_fp16"))
        ASSERT((hfp & hmin) == hmin && hwidth != 0 && hnative != 0,
               "cl_khr_fp16 with half config %#llx, widths %u %u", (unsigned long long)hfp,
               hwidth, hnative);
    else
        ASSERT(hfp == 0 && hwidth == 0, "half config without cl_khr_fp16");

    /* errors */
    char small[4];
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_NAME, 1, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_MAX_COMPUTE_UNITS, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                                 sizeof(small), small, NULL));
    size_t size = 0;
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, 0x0FFF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, 0x0FFF, 0, NULL, &size));

    free(version); free(cver); free(profile); free(all); free(exts); free(ev);
}

int main(void)
{
    cl_uint np = 0;
    CHECK(clGetPlatformIDs(0, NULL, &np));
    ASSERT(np >= 1, "no platforms");
    cl_platform_id *plats = calloc(np, sizeof(*plats));
    cl_uint np2 = 0;
    CHECK(clGetPlatformIDs(np, plats, &np2));
    ASSERT(np2 == np, "platform count changed %u -> %u", np, np2);
    cl_platform_id platform = plats[0];
    cl_platform_id one = NULL;
    CHECK(clGetPlatformIDs(1, &one, NULL));
    ASSERT(one == platform, "platform 0 differs between calls");
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformIDs(0, plats, NULL));
    free(plats);

    cl_version pver = check_platform(platform);

    /* Device enumeration by type. */
    cl_uint nall = 0;
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, &nall));
    ASSERT(nall >= 1, "no devices");
    static const struct { cl_device_type t; const char *name; } types[] = {
        {CL_DEVICE_TYPE_DEFAULT, "DEFAULT"}, {CL_DEVICE_TYPE_CPU, "CPU"},
        {CL_DEVICE_TYPE_GPU, "GPU"}, {CL_DEVICE_TYPE_ACCELERATOR, "ACCELERATOR"},
        {CL_DEVICE_TYPE_ALL, "ALL"},
    };
    cl_uint found_specific = 0;
    for (size_t i = 0; i < ARRAY_LEN(types); i++) {
        cl_uint n = 0;
        cl_int e = clGetDeviceIDs(platform, types[i].t, 0, NULL, &n);
        if (e == CL_DEVICE_NOT_FOUND) {
            ASSERT(types[i].t != CL_DEVICE_TYPE_ALL && types[i].t != CL_DEVICE_TYPE_DEFAULT,
                   "no device of type %s", types[i].name);
            continue;
        }
        if (e != CL_SUCCESS)
            FAILF("clGetDeviceIDs(%s) returned %s", types[i].name, cl_err_name(e));
        ASSERT(n >= 1 && n <= nall, "%u devices of type %s (all: %u)", n, types[i].name, nall);
        cl_device_id *devs = calloc(n, sizeof(*devs));
        cl_uint n2 = 0;
        CHECK(clGetDeviceIDs(platform, types[i].t, n, devs, &n2));
        ASSERT(n2 == n, "device count changed");
        for (cl_uint j = 0; j < n; j++) {
            ASSERT(devs[j] != NULL, "NULL device");
            DINFO(devs[j], CL_DEVICE_TYPE, cl_device_type, t);
            if (types[i].t != CL_DEVICE_TYPE_ALL && types[i].t != CL_DEVICE_TYPE_DEFAULT)
                ASSERT(t & types[i].t, "device of type 0x%llx returned for %s",
                       (unsigned long long)t, types[i].name);
            ASSERT(!(t & CL_DEVICE_TYPE_CUSTOM) || types[i].t != CL_DEVICE_TYPE_DEFAULT,
                   "default device is custom");
        }
        if (types[i].t == CL_DEVICE_TYPE_CPU || types[i].t == CL_DEVICE_TYPE_GPU ||
            types[i].t == CL_DEVICE_TYPE_ACCELERATOR)
            found_specific += n;
        free(devs);
    }
    ASSERT(found_specific >= 1, "no CPU/GPU/ACCELERATOR device");
    /* (num_devices is not asserted after CL_DEVICE_NOT_FOUND: PoCL leaves it unset) */
    cl_uint n = 0;
    EXPECT_ERR(CL_DEVICE_NOT_FOUND, clGetDeviceIDs(platform, CL_DEVICE_TYPE_CUSTOM, 0, NULL, &n));
    cl_device_id dev = NULL;
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &dev, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, NULL));
    /* PoCL: CL_DEVICE_NOT_FOUND for an invalid type */
    EXPECT_ERR_LENIENT(CL_INVALID_DEVICE_TYPE, CL_DEVICE_NOT_FOUND,
               clGetDeviceIDs(platform, (cl_device_type)1 << 40, 1, &dev, NULL));

    cl_device_id *devs = calloc(nall, sizeof(*devs));
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, nall, devs, NULL));
    for (cl_uint i = 0; i < nall; i++)
        check_device(platform, devs[i], pver);
    /* Fetching fewer entries than available is allowed. */
    CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL));
    ASSERT(dev == devs[0], "first device differs between calls");
    /* Retain/release of a root device are no-ops that succeed. */
    CHECK(clRetainDevice(dev));
    CHECK(clReleaseDevice(dev));
    free(devs);
    PASS("platform_device");
}
