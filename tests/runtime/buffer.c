/* Buffers: flags, transfers, rects, fills, sub-buffers, maps, info, errors. */
#include "common.h"
#include <pthread.h>

#define N 256
static cl_context ctx;
static cl_command_queue q;
static cl_kernel kdouble; /* p[i] = p[i] * 2 + v */

static const char *src =
    "kernel void twice(global int *p, int v) {\n"
    "  size_t i = get_global_id(0);\n"
    "  p[i] = p[i] * 2 + v;\n"
    "}\n";

static void run_twice(cl_mem b, size_t n, int v)
{
    CHECK(clSetKernelArg(kdouble, 0, sizeof(b), &b));
    CHECK(clSetKernelArg(kdouble, 1, sizeof(v), &v));
    CHECK(clEnqueueNDRangeKernel(q, kdouble, 1, NULL, &n, NULL, 0, NULL, NULL));
}

static void read_all(cl_mem b, size_t off, size_t size, void *dst)
{
    CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, off, size, dst, 0, NULL, NULL));
}

static cl_mem mk(cl_mem_flags flags, size_t size, void *host, cl_int expect)
{
    cl_int err;
    cl_mem m = clCreateBuffer(ctx, flags, size, host, &err);
    if (err != expect)
        FAILF("clCreateBuffer(flags 0x%llx, size %zu, host %p) returned %s, expected %s",
              (unsigned long long)flags, size, host, cl_err_name(err), cl_err_name(expect));
    ASSERT((m != NULL) == (expect == CL_SUCCESS), "object/error mismatch");
    return m;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int dtor_seq[4], dtor_n;
static void CL_CALLBACK mem_dtor(cl_mem m, void *ud)
{
    (void)m;
    pthread_mutex_lock(&lock);
    if (dtor_n < 4) dtor_seq[dtor_n] = (int)(size_t)ud;
    dtor_n++;
    pthread_mutex_unlock(&lock);
}

static void test_flags(void)
{
    int host[N], out[N];
    for (int i = 0; i < N; i++) host[i] = i;

    /* USE_HOST_PTR: device results appear in host memory on map. */
    cl_mem b = mk(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, sizeof(host), host, CL_SUCCESS);
    void *hp = NULL;
    CHECK(clGetMemObjectInfo(b, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
    ASSERT(hp == host, "CL_MEM_HOST_PTR %p, expected %p", hp, (void *)host);
    run_twice(b, N, 1);
    cl_int err;
    int *m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, sizeof(host), 0, NULL, NULL, &err);
    CHECK_CODE(err, "clEnqueueMapBuffer(USE_HOST_PTR)");
    ASSERT(m == host, "map of a USE_HOST_PTR buffer not at host_ptr");
    for (int i = 0; i < N; i++) ASSERT(host[i] == 2 * i + 1, "host[%d] = %d", i, host[i]);
    CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
    /* Host writes through a write map reach the device. */
    m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE, 4 * sizeof(int), 8 * sizeof(int), 0,
                           NULL, NULL, &err);
    CHECK_CODE(err, "clEnqueueMapBuffer(WRITE, offset)");
    ASSERT(m == host + 4, "offset map of a USE_HOST_PTR buffer not at host_ptr + offset");
    for (int i = 0; i < 8; i++) m[i] = -i;
    CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
    run_twice(b, N, 0);
    read_all(b, 0, sizeof(out), out);
    for (int i = 0; i < N; i++) {
        int want = (i >= 4 && i < 12) ? -2 * (i - 4) : 2 * (2 * i + 1);
        ASSERT(out[i] == want, "USE_HOST_PTR out[%d] = %d, expected %d", i, out[i], want);
    }
    CHECK(clReleaseMemObject(b));

    /* COPY_HOST_PTR: a snapshot of host memory. */
    for (int i = 0; i < N; i++) host[i] = 7 * i;
    b = mk(CL_MEM_COPY_HOST_PTR, sizeof(host), host, CL_SUCCESS);
    memset(host, 0, sizeof(host));
    CHECK(clGetMemObjectInfo(b, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
    ASSERT(hp == NULL, "CL_MEM_HOST_PTR non-NULL without USE_HOST_PTR");
    read_all(b, 0, sizeof(out), out);
    for (int i = 0; i < N; i++) ASSERT(out[i] == 7 * i, "COPY_HOST_PTR out[%d] = %d", i, out[i]);
    CHECK(clReleaseMemObject(b));

    /* ALLOC_HOST_PTR (alone and with COPY_HOST_PTR). */
    for (int i = 0; i < N; i++) host[i] = i - 100;
    b = mk(CL_MEM_ALLOC_HOST_PTR | CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, sizeof(host), host,
           CL_SUCCESS);
    read_all(b, 0, sizeof(out), out);
    ASSERT(memcmp(out, host, sizeof(out)) == 0, "ALLOC|COPY_HOST_PTR data");
    CHECK(clReleaseMemObject(b));
    b = mk(CL_MEM_ALLOC_HOST_PTR, sizeof(host), NULL, CL_SUCCESS);
    m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0, sizeof(host), 0,
                           NULL, NULL, &err);
    CHECK_CODE(err, "clEnqueueMapBuffer(WRITE_INVALIDATE_REGION)");
    for (int i = 0; i < N; i++) m[i] = 3 * i;
    CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
    run_twice(b, N, 5);
    read_all(b, 0, sizeof(out), out);
    for (int i = 0; i < N; i++) ASSERT(out[i] == 6 * i + 5, "ALLOC_HOST_PTR out[%d]", i);
    CHECK(clReleaseMemObject(b));

    /* Host access flags. */
    b = mk(CL_MEM_HOST_READ_ONLY, sizeof(host), NULL, CL_SUCCESS);
    EXPECT_ERR(CL_INVALID_OPERATION, clEnqueueWriteBuffer(q, b, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_WRITE, 0, 4, 0, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_OPERATION, err, "write map of HOST_READ_ONLY");
    CHECK(clEnqueueFillBuffer(q, b, &(int){9}, sizeof(int), 0, sizeof(host), 0, NULL, NULL));
    read_all(b, 0, sizeof(out), out);
    ASSERT(out[0] == 9 && out[N - 1] == 9, "fill of HOST_READ_ONLY");
    CHECK(clReleaseMemObject(b));
    b = mk(CL_MEM_HOST_WRITE_ONLY, sizeof(host), NULL, CL_SUCCESS);
    CHECK(clEnqueueWriteBuffer(q, b, CL_TRUE, 0, sizeof(host), host, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_OPERATION, clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, out, 0, NULL, NULL));
    m = clEnqueueMapBuffer(q, b, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_OPERATION, err, "read map of HOST_WRITE_ONLY");
    CHECK(clReleaseMemObject(b));
    b = mk(CL_MEM_HOST_NO_ACCESS, sizeof(host), NULL, CL_SUCCESS);
    EXPECT_ERR(CL_INVALID_OPERATION, clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, out, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_OPERATION, clEnqueueWriteBuffer(q, b, CL_TRUE, 0, 4, host, 0, NULL, NULL));
    size_t origin[3] = {0, 0, 0}, region[3] = {4, 1, 1};
    EXPECT_ERR(CL_INVALID_OPERATION, clEnqueueReadBufferRect(q, b, CL_TRUE, origin, origin,
               region, 0, 0, 0, 0, out, 0, NULL, NULL));
    CHECK(clReleaseMemObject(b));

    /* Invalid flag / pointer combinations. */
    mk(CL_MEM_USE_HOST_PTR | CL_MEM_ALLOC_HOST_PTR, 64, host, CL_INVALID_VALUE);
    mk(CL_MEM_USE_HOST_PTR | CL_MEM_COPY_HOST_PTR, 64, host, CL_INVALID_VALUE);
    mk(CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
    mk(CL_MEM_READ_WRITE | CL_MEM_READ_ONLY, 64, NULL, CL_INVALID_VALUE);
    mk(CL_MEM_HOST_READ_ONLY | CL_MEM_HOST_WRITE_ONLY, 64, NULL, CL_INVALID_VALUE);
    mk(CL_MEM_HOST_NO_ACCESS | CL_MEM_HOST_READ_ONLY, 64, NULL, CL_INVALID_VALUE);
    mk((cl_mem_flags)1 << 40, 64, NULL, CL_INVALID_VALUE);
    mk(CL_MEM_USE_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
    mk(CL_MEM_COPY_HOST_PTR, 64, NULL, CL_INVALID_HOST_PTR);
    mk(CL_MEM_READ_WRITE, 64, host, CL_INVALID_HOST_PTR);
    mk(CL_MEM_READ_WRITE, 0, NULL, CL_INVALID_BUFFER_SIZE);
}

static void test_transfers(void)
{
    int a[N], out[N];
    for (int i = 0; i < N; i++) a[i] = i * i;
    cl_mem b = mk(CL_MEM_READ_WRITE, sizeof(a), NULL, CL_SUCCESS);
    cl_mem c = mk(CL_MEM_READ_WRITE, sizeof(a), NULL, CL_SUCCESS);

    /* non-blocking write then read, synchronised by an event */
    cl_event w, r;
    CHECK(clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof(a), a, 0, NULL, &w));
    memset(out, 0, sizeof(out));
    CHECK(clEnqueueReadBuffer(q, b, CL_FALSE, 16, sizeof(a) - 16, out + 4, 1, &w, &r));
    CHECK(clWaitForEvents(1, &r));
    for (int i = 4; i < N; i++) ASSERT(out[i] == i * i, "non-blocking read out[%d]", i);
    CHECK(clReleaseEvent(w));
    CHECK(clReleaseEvent(r));

    /* copy with offsets, and within one buffer without overlap */
    CHECK(clEnqueueCopyBuffer(q, b, c, 8 * sizeof(int), 0, 16 * sizeof(int), 0, NULL, NULL));
    CHECK(clEnqueueCopyBuffer(q, b, b, 0, 128 * sizeof(int), 64 * sizeof(int), 0, NULL, NULL));
    read_all(c, 0, 16 * sizeof(int), out);
    for (int i = 0; i < 16; i++) ASSERT(out[i] == (i + 8) * (i + 8), "copy out[%d]", i);
    read_all(b, 128 * sizeof(int), 64 * sizeof(int), out);
    for (int i = 0; i < 64; i++) ASSERT(out[i] == i * i, "self copy out[%d]", i);
    EXPECT_ERR(CL_MEM_COPY_OVERLAP,
               clEnqueueCopyBuffer(q, b, b, 0, 32, 64, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueCopyBuffer(q, b, c, 0, 8, sizeof(a), 0, NULL, NULL));

    /* fills with several pattern sizes */
    static const size_t psizes[] = {1, 2, 4, 8, 16, 32, 64, 128};
    unsigned char pattern[128], bytes[sizeof(a)];
    for (size_t i = 0; i < sizeof(pattern); i++) pattern[i] = (unsigned char)(i * 7 + 1);
    for (size_t k = 0; k < ARRAY_LEN(psizes); k++) {
        size_t ps = psizes[k], off = ps * 2, size = ps * 4;
        CHECK(clEnqueueFillBuffer(q, c, &(int){0}, sizeof(int), 0, sizeof(a), 0, NULL, NULL));
        CHECK(clEnqueueFillBuffer(q, c, pattern, ps, off, size, 0, NULL, NULL));
        read_all(c, 0, sizeof(bytes), bytes);
        for (size_t i = 0; i < sizeof(bytes); i++) {
            unsigned char want = (i >= off && i < off + size) ? pattern[(i - off) % ps] : 0;
            ASSERT(bytes[i] == want, "fill(pattern %zu) byte %zu = %u, expected %u", ps, i,
                   bytes[i], want);
        }
    }
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, c, pattern, 3, 0, 12, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, c, pattern, 4, 2, 8, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, c, pattern, 4, 0, 6, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, c, NULL, 4, 0, 8, 0, NULL, NULL));

    /* range and pointer errors */
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBuffer(q, b, CL_TRUE, 4, sizeof(a), out, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueWriteBuffer(q, b, CL_TRUE, sizeof(a), 1, a, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueReadBuffer(q, b, CL_TRUE, 0, 4, out, 1, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(q, NULL, CL_TRUE, 0, 4, out, 0, NULL, NULL));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseMemObject(c));
}

static void test_rects(void)
{
    /* A 3D box of 4 x 3 x 2 ints, stored in buffers/host arrays with padding. */
    enum { W = 16, H = 8, D = 4 };
    int host[W * H * D], dev_img[W * H * D], back[W * H * D];
    for (int i = 0; i < W * H * D; i++) host[i] = i + 1;
    cl_mem b = mk(CL_MEM_READ_WRITE, sizeof(host), NULL, CL_SUCCESS);
    cl_mem c = mk(CL_MEM_READ_WRITE, sizeof(host), NULL, CL_SUCCESS);
    CHECK(clEnqueueFillBuffer(q, b, &(int){0}, sizeof(int), 0, sizeof(host), 0, NULL, NULL));
    CHECK(clEnqueueFillBuffer(q, c, &(int){0}, sizeof(int), 0, sizeof(host), 0, NULL, NULL));

    size_t region[3] = {4 * sizeof(int), 3, 2};
    size_t borg[3] = {2 * sizeof(int), 1, 1}, horg[3] = {3 * sizeof(int), 2, 0};
    size_t brow = W * sizeof(int), bslice = W * H * sizeof(int);
    size_t hrow = 8 * sizeof(int), hslice = 8 * 6 * sizeof(int);
    CHECK(clEnqueueWriteBufferRect(q, b, CL_TRUE, borg, horg, region, brow, bslice, hrow,
                                   hslice, host, 0, NULL, NULL));
    read_all(b, 0, sizeof(dev_img), dev_img);
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) {
                int in = x >= 2 && x < 6 && y >= 1 && y < 4 && z >= 1 && z < 3;
                int want = in ? host[(z - 1) * 48 + (y - 1 + 2) * 8 + (x - 2 + 3)] : 0;
                ASSERT(dev_img[(z * H + y) * W + x] == want, "write rect at %d,%d,%d", x, y, z);
            }

    /* copy the box to another place of another buffer (default pitches
     * in the destination: region[0] and region[0]*region[1]) */
    size_t dorg[3] = {sizeof(int), 0, 0};
    CHECK(clEnqueueCopyBufferRect(q, b, c, borg, dorg, region, brow, bslice, 0, 0, 0, NULL, NULL));
    /* read it back from c into a padded host layout */
    memset(back, 0, sizeof(back));
    size_t rorg[3] = {0, 1, 1};
    CHECK(clEnqueueReadBufferRect(q, c, CL_TRUE, dorg, rorg, region, 4 * sizeof(int),
                                  12 * sizeof(int), 5 * sizeof(int), 5 * 5 * sizeof(int), back,
                                  0, NULL, NULL));
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) {
                int want = dev_img[((z + 1) * H + y + 1) * W + x + 2];
                int got = back[(z + 1) * 25 + (y + 1) * 5 + x];
                ASSERT(got == want && want != 0, "copy/read rect at %d,%d,%d: %d vs %d", x, y, z,
                       got, want);
            }
    int outside[4];
    read_all(c, 0, sizeof(outside), outside);
    ASSERT(outside[0] == 0, "copy rect wrote before its origin");

    /* errors */
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, b, CL_TRUE, borg, horg, region,
               2 * sizeof(int), 0, 0, 0, back, 0, NULL, NULL)); /* row pitch < region[0] */
    size_t big[3] = {W * sizeof(int), H, D + 1};
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, b, CL_TRUE, rorg, rorg, big, 0, 0,
               0, 0, back, 0, NULL, NULL)); /* out of bounds */
    size_t zero[3] = {0, 1, 1};
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBufferRect(q, b, CL_TRUE, rorg, rorg, zero, 0, 0,
               0, 0, back, 0, NULL, NULL));
    EXPECT_ERR(CL_MEM_COPY_OVERLAP, clEnqueueCopyBufferRect(q, b, b, borg, borg, region, brow,
               bslice, brow, bslice, 0, NULL, NULL));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseMemObject(c));
}

static void test_sub_buffers(cl_device_id dev)
{
    cl_uint align_bits = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MEM_BASE_ADDR_ALIGN, sizeof(align_bits), &align_bits, NULL));
    size_t al = align_bits / 8, total = 4 * al + 1024;
    int *host = calloc(total, 1), *out = calloc(total, 1);
    for (size_t i = 0; i < total / sizeof(int); i++) host[i] = (int)i;
    cl_mem parent = mk(CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, total, host, CL_SUCCESS);
    cl_buffer_region reg = {2 * al, 64 * sizeof(int)};
    cl_int err;
    cl_mem sub = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
    CHECK_CODE(err, "clCreateSubBuffer");

    cl_mem assoc = NULL;
    size_t off = 1, size = 0;
    cl_mem_object_type type = 0;
    void *hp = NULL;
    cl_mem_flags flags = 0;
    CHECK(clGetMemObjectInfo(sub, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
    CHECK(clGetMemObjectInfo(sub, CL_MEM_OFFSET, sizeof(off), &off, NULL));
    CHECK(clGetMemObjectInfo(sub, CL_MEM_SIZE, sizeof(size), &size, NULL));
    CHECK(clGetMemObjectInfo(sub, CL_MEM_TYPE, sizeof(type), &type, NULL));
    CHECK(clGetMemObjectInfo(sub, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
    CHECK(clGetMemObjectInfo(sub, CL_MEM_FLAGS, sizeof(flags), &flags, NULL));
    ASSERT(assoc == parent && off == reg.origin && size == reg.size && type == CL_MEM_OBJECT_BUFFER,
           "sub-buffer info: assoc %p off %zu size %zu", (void *)assoc, off, size);
    ASSERT(hp == (char *)host + reg.origin, "sub-buffer host pointer");
    ASSERT(flags & CL_MEM_READ_WRITE, "sub-buffer did not inherit READ_WRITE");

    /* parent data is visible through the sub-buffer and vice versa */
    read_all(sub, 0, reg.size, out);
    for (int i = 0; i < 64; i++) ASSERT(out[i] == (int)(reg.origin / 4) + i, "sub read [%d]", i);
    run_twice(sub, 64, 1);
    read_all(parent, 0, total, out);
    for (size_t i = 0; i < total / 4; i++) {
        int in = i >= reg.origin / 4 && i < reg.origin / 4 + 64;
        ASSERT(out[i] == (in ? 2 * (int)i + 1 : (int)i), "parent after sub kernel [%zu]", i);
    }
    /* a read-only sub-buffer of a read-write parent */
    cl_buffer_region reg2 = {al, 16};
    cl_mem sub2 = clCreateSubBuffer(parent, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &reg2, &err);
    CHECK_CODE(err, "clCreateSubBuffer(READ_ONLY)");
    CHECK(clReleaseMemObject(sub2));

    /* errors */
    cl_buffer_region outside = {2 * al, total};
    sub2 = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &outside, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSubBuffer(out of range)");
    cl_buffer_region empty = {al, 0};
    sub2 = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &empty, &err);
    EXPECT_CODE(CL_INVALID_BUFFER_SIZE, err, "clCreateSubBuffer(size 0)");
    if (al > 1) {
        cl_buffer_region mis = {al / 2, 16};
        sub2 = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, &mis, &err);
        EXPECT_CODE(CL_MISALIGNED_SUB_BUFFER_OFFSET, err, "clCreateSubBuffer(misaligned)");
    }
    cl_buffer_region inner = {0, 16};
    sub2 = clCreateSubBuffer(sub, 0, CL_BUFFER_CREATE_TYPE_REGION, &inner, &err);
    EXPECT_CODE(CL_INVALID_MEM_OBJECT, err, "clCreateSubBuffer(of a sub-buffer)");
    sub2 = clCreateSubBuffer(parent, 0, 0x7777, &inner, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSubBuffer(bad create type)");
    sub2 = clCreateSubBuffer(parent, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSubBuffer(NULL info)");
    cl_mem wo = mk(CL_MEM_WRITE_ONLY, 4 * al, NULL, CL_SUCCESS);
    sub2 = clCreateSubBuffer(wo, CL_MEM_READ_ONLY, CL_BUFFER_CREATE_TYPE_REGION, &inner, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSubBuffer(READ_ONLY of WRITE_ONLY)");
    CHECK(clReleaseMemObject(wo));

    CHECK(clReleaseMemObject(sub));
    CHECK(clReleaseMemObject(parent));
    CHECK(clFinish(q));
    free(host);
    free(out);
}

static void test_info_and_callbacks(void)
{
    cl_mem b = mk(CL_MEM_READ_ONLY, 1000, NULL, CL_SUCCESS);
    cl_mem_object_type type = 0;
    cl_mem_flags flags = 0;
    size_t size = 0, off = 7, sz = 0;
    void *hp = &size;
    cl_uint refs = 0;
    cl_context c = NULL;
    cl_mem assoc = b;
    cl_bool svm = CL_TRUE;
    CHECK(clGetMemObjectInfo(b, CL_MEM_TYPE, sizeof(type), &type, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_FLAGS, sizeof(flags), &flags, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_SIZE, sizeof(size), &size, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_HOST_PTR, sizeof(hp), &hp, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_CONTEXT, sizeof(c), &c, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof(assoc), &assoc, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_OFFSET, sizeof(off), &off, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_USES_SVM_POINTER, sizeof(svm), &svm, NULL));
    CHECK(clGetMemObjectInfo(b, CL_MEM_PROPERTIES, 0, NULL, &sz));
    ASSERT(type == CL_MEM_OBJECT_BUFFER && flags == CL_MEM_READ_ONLY && size == 1000 &&
           hp == NULL && refs == 1 && c == ctx && assoc == NULL && off == 0 && !svm && sz == 0,
           "buffer info");
    CHECK(clGetMemObjectInfo(b, CL_MEM_MAP_COUNT, sizeof(refs), &refs, &sz));
    ASSERT(sz == sizeof(cl_uint), "MAP_COUNT size");
    CHECK(clRetainMemObject(b));
    CHECK(clGetMemObjectInfo(b, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 2, "reference count after retain %u", refs);
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetMemObjectInfo(b, CL_MEM_SIZE, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetMemObjectInfo(b, 0x10FF, 2, small, NULL));

    /* destructor callbacks: reverse registration order, after the last release */
    CHECK(clSetMemObjectDestructorCallback(b, mem_dtor, (void *)1));
    CHECK(clSetMemObjectDestructorCallback(b, mem_dtor, (void *)2));
    EXPECT_ERR(CL_INVALID_VALUE, clSetMemObjectDestructorCallback(b, NULL, NULL));
    CHECK(clReleaseMemObject(b));
    pthread_mutex_lock(&lock);
    ASSERT(dtor_n == 0, "destructor ran early");
    pthread_mutex_unlock(&lock);
    CHECK(clReleaseMemObject(b));
    int n = 0;
    for (int i = 0; i < 1000; i++) {
        pthread_mutex_lock(&lock);
        n = dtor_n;
        pthread_mutex_unlock(&lock);
        if (n >= 2) break;
        sleep_ms(10);
    }
    ASSERT(n == 2 && dtor_seq[0] == 2 && dtor_seq[1] == 1, "destructor callbacks: %d", n);

    /* clCreateBufferWithProperties */
    cl_int err;
    cl_mem_properties props[] = {0};
    b = clCreateBufferWithProperties(ctx, NULL, CL_MEM_READ_WRITE, 64, NULL, &err);
    CHECK_CODE(err, "clCreateBufferWithProperties(NULL)");
    CHECK(clGetMemObjectInfo(b, CL_MEM_PROPERTIES, 0, NULL, &sz));
    ASSERT(sz == 0, "PROPERTIES size %zu for NULL properties", sz);
    CHECK(clReleaseMemObject(b));
    b = clCreateBufferWithProperties(ctx, props, CL_MEM_READ_WRITE, 64, NULL, &err);
    CHECK_CODE(err, "clCreateBufferWithProperties({0})");
    CHECK(clReleaseMemObject(b));
    cl_mem_properties bad[] = {0x7777, 1, 0};
    b = clCreateBufferWithProperties(ctx, bad, CL_MEM_READ_WRITE, 64, NULL, &err);
    EXPECT_CODE(CL_INVALID_PROPERTY, err, "clCreateBufferWithProperties(unknown property)");
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    cl_program prog = build_program(ctx, dev, src, "");
    kdouble = make_kernel(prog, "twice");

    test_flags();
    test_transfers();
    test_rects();
    test_sub_buffers(dev);
    test_info_and_callbacks();

    /* errors */
    cl_ulong maxalloc = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_MAX_MEM_ALLOC_SIZE, sizeof(maxalloc), &maxalloc, NULL));
    if (maxalloc < SIZE_MAX)
        mk(CL_MEM_READ_WRITE, (size_t)maxalloc + 1, NULL, CL_INVALID_BUFFER_SIZE);
    /* The device's global memory is a real limit: buffers of the largest size fill it, the
       next one fails, and releasing one makes room again. */
    cl_ulong gmem = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_GLOBAL_MEM_SIZE, sizeof(gmem), &gmem, NULL));
    {
        cl_context full = make_context(dev);
        size_t fit = (size_t)(gmem / maxalloc), k;
        cl_mem bufs[64];
        ASSERT(fit >= 1 && fit < 64, "%zu buffers of %llu bytes fit", fit,
               (unsigned long long)maxalloc);
        for (k = 0; k < fit; k++)
            bufs[k] = make_buffer(full, CL_MEM_READ_WRITE, (size_t)maxalloc, NULL);
        cl_int e;
        cl_mem over = clCreateBuffer(full, CL_MEM_READ_WRITE, (size_t)(gmem - fit * maxalloc) + 4096,
                                     NULL, &e);
        EXPECT_CODE(CL_MEM_OBJECT_ALLOCATION_FAILURE, e, "clCreateBuffer(beyond global memory)");
        ASSERT(over == NULL, "buffer returned beyond global memory");
        CHECK(clReleaseMemObject(bufs[0]));
        bufs[0] = make_buffer(full, CL_MEM_READ_WRITE, 4096, NULL);
        for (k = 0; k < fit; k++)
            CHECK(clReleaseMemObject(bufs[k]));
        CHECK(clReleaseContext(full));
    }
    cl_int err;
    cl_mem b = clCreateBuffer(NULL, CL_MEM_READ_WRITE, 64, NULL, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateBuffer(NULL context)");
    ASSERT(b == NULL, "buffer returned on error");
    cl_context other = make_context(dev);
    b = mk(CL_MEM_READ_WRITE, 64, NULL, CL_SUCCESS);
    cl_mem ob = make_buffer(other, CL_MEM_READ_WRITE, 64, NULL);
    EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueCopyBuffer(q, b, ob, 0, 0, 64, 0, NULL, NULL));
    int tmp[16];
    EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueReadBuffer(q, ob, CL_TRUE, 0, 64, tmp, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueUnmapMemObject(q, b, tmp, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clRetainMemObject(NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clReleaseMemObject(NULL));
    CHECK(clReleaseMemObject(ob));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseContext(other));

    CHECK(clFinish(q));
    CHECK(clReleaseKernel(kdouble));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("buffer");
}
