/* Images: formats, creation of every type, transfers, maps, fills, copies,
 * info, and kernels reading (with samplers) and writing images. */
#include "common.h"
#include <stdarg.h>

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static const cl_image_format RGBA8 = {CL_RGBA, CL_UNORM_INT8};
static const cl_image_format RF = {CL_R, CL_FLOAT};
static const cl_image_format RGBA_U8 = {CL_RGBA, CL_UNSIGNED_INT8};

static const char *src =
    "#define GID int x = get_global_id(0), y = get_global_id(1), z = get_global_id(2);\n"
    "kernel void read2d(read_only image2d_t img, sampler_t s, global float4 *out, int w) {\n"
    "  GID out[y * w + x] = read_imagef(img, s, (int2)(x, y)); }\n"
    "kernel void sample2d(read_only image2d_t img, sampler_t s, global const float2 *c,\n"
    "                     global float4 *out) {\n"
    "  GID out[x] = read_imagef(img, s, c[x]); }\n"
    "kernel void write2d(write_only image2d_t img, global const float4 *in, int w) {\n"
    "  GID write_imagef(img, (int2)(x, y), in[y * w + x]); }\n"
    "kernel void read3d(read_only image3d_t img, sampler_t s, global float4 *out, int w, int h) {\n"
    "  GID out[(z * h + y) * w + x] = read_imagef(img, s, (int4)(x, y, z, 0)); }\n"
    "kernel void read2darray(read_only image2d_array_t img, sampler_t s, global float4 *out,\n"
    "                        int w, int h) {\n"
    "  GID out[(z * h + y) * w + x] = read_imagef(img, s, (int4)(x, y, z, 0)); }\n"
    "kernel void read1darray(read_only image1d_array_t img, sampler_t s, global float4 *out,\n"
    "                        int w) {\n"
    "  GID out[y * w + x] = read_imagef(img, s, (int2)(x, y)); }\n"
    "kernel void read1d(read_only image1d_t img, global float4 *out) {\n"
    "  GID out[x] = read_imagef(img, x); }\n"
    "kernel void read1dbuf(read_only image1d_buffer_t img, global float4 *out) {\n"
    "  GID out[x] = read_imagef(img, x); }\n"
    "kernel void readui(read_only image2d_t img, global uint4 *out, int w) {\n"
    "  GID out[y * w + x] = read_imageui(img, (int2)(x, y)); }\n";

static cl_mem image(cl_mem_flags flags, const cl_image_format *fmt, cl_mem_object_type type,
                    size_t w, size_t h, size_t d, size_t arr, size_t rp, size_t sp, void *host,
                    cl_mem buffer)
{
    cl_image_desc desc;
    memset(&desc, 0, sizeof(desc));
    desc.image_type = type;
    desc.image_width = w; desc.image_height = h; desc.image_depth = d;
    desc.image_array_size = arr; desc.image_row_pitch = rp; desc.image_slice_pitch = sp;
    desc.buffer = buffer;
    cl_int err;
    cl_mem m = clCreateImage(ctx, flags, fmt, &desc, host, &err);
    if (err != CL_SUCCESS)
        FAILF("clCreateImage(type 0x%x, %zux%zux%zu[%zu]) returned %s", type, w, h, d, arr,
              cl_err_name(err));
    return m;
}

static cl_int image_err(const cl_image_format *fmt, const cl_image_desc *desc, void *host,
                        cl_mem_flags flags)
{
    cl_int err;
    cl_mem m = clCreateImage(ctx, flags, fmt, desc, host, &err);
    ASSERT((m == NULL) == (err != CL_SUCCESS), "object/error mismatch");
    if (m) clReleaseMemObject(m);
    return err;
}

static cl_sampler sampler(cl_bool norm, cl_addressing_mode am, cl_filter_mode fm)
{
    cl_sampler_properties p[] = {CL_SAMPLER_NORMALIZED_COORDS, norm, CL_SAMPLER_ADDRESSING_MODE,
                                 am, CL_SAMPLER_FILTER_MODE, fm, 0};
    cl_int err;
    cl_sampler s = clCreateSamplerWithProperties(ctx, p, &err);
    CHECK_CODE(err, "clCreateSamplerWithProperties");
    return s;
}

/* run kernel `name` with arguments given as (size, pointer) pairs */
static void run(const char *name, size_t gx, size_t gy, size_t gz, int nargs, ...)
{
    cl_kernel k = make_kernel(prog, name);
    va_list ap;
    va_start(ap, nargs);
    for (int i = 0; i < nargs; i++) {
        size_t sz = va_arg(ap, size_t);
        const void *v = va_arg(ap, const void *);
        CHECK(clSetKernelArg(k, (cl_uint)i, sz, v));
    }
    va_end(ap);
    size_t g[3] = {gx, gy, gz};
    CHECK(clEnqueueNDRangeKernel(q, k, 3, NULL, g, NULL, 0, NULL, NULL));
    CHECK(clFinish(q));
    CHECK(clReleaseKernel(k));
}
#define ARG(x) sizeof(x), (const void *)&(x)

static unsigned char pix(int x, int y, int z, int c) { return (unsigned char)((x * 17 + y * 31 + z * 7 + c * 53) & 255); }
static float fval(int x, int y, int z) { return (float)(x * x) + 10.0f * y + 0.5f * x * y + 100.0f * z; }
static float fabs_(float a) { return a < 0 ? -a : a; }
static int floor_(float a) { int i = (int)a; return i - (a < (float)i); }
static int near(float a, float b, float tol) { return fabs_(a - b) <= tol; }

static void check_formats(void)
{
    static const cl_mem_object_type types[] = {
        CL_MEM_OBJECT_IMAGE1D, CL_MEM_OBJECT_IMAGE1D_ARRAY, CL_MEM_OBJECT_IMAGE1D_BUFFER,
        CL_MEM_OBJECT_IMAGE2D, CL_MEM_OBJECT_IMAGE2D_ARRAY, CL_MEM_OBJECT_IMAGE3D};
    for (size_t t = 0; t < ARRAY_LEN(types); t++)
        for (int wr = 0; wr < 2; wr++) {
            if (wr && types[t] != CL_MEM_OBJECT_IMAGE2D) continue;
            cl_mem_flags fl = wr ? CL_MEM_WRITE_ONLY : CL_MEM_READ_ONLY;
            cl_uint n = 0;
            CHECK(clGetSupportedImageFormats(ctx, fl, types[t], 0, NULL, &n));
            ASSERT(n >= 2, "%u formats for type 0x%x", n, types[t]);
            cl_image_format *f = calloc(n, sizeof(*f));
            CHECK(clGetSupportedImageFormats(ctx, fl, types[t], n, f, NULL));
            int rgba8 = 0, rf = 0;
            for (cl_uint i = 0; i < n; i++) {
                rgba8 |= f[i].image_channel_order == CL_RGBA && f[i].image_channel_data_type == CL_UNORM_INT8;
                rf |= f[i].image_channel_order == CL_R && f[i].image_channel_data_type == CL_FLOAT;
            }
            ASSERT(rgba8 && rf, "RGBA/UNORM_INT8 or R/FLOAT missing for type 0x%x", types[t]);
            free(f);
        }
    cl_image_format f;
    EXPECT_ERR(CL_INVALID_VALUE, clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY,
               CL_MEM_OBJECT_IMAGE2D, 0, &f, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetSupportedImageFormats(ctx, CL_MEM_READ_ONLY,
               CL_MEM_OBJECT_BUFFER, 1, &f, NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clGetSupportedImageFormats(NULL, CL_MEM_READ_ONLY,
               CL_MEM_OBJECT_IMAGE2D, 1, &f, NULL));
}

static void check_info(cl_mem img, cl_mem_object_type type, size_t elem, size_t w, size_t h,
                       size_t d, size_t arr, cl_mem buffer)
{
    cl_image_format f;
    size_t es, rp, sp, iw, ih, id, ia;
    cl_mem b = (cl_mem)&f;
    cl_uint mips = 9, samples = 9;
    cl_mem_object_type t;
    CHECK(clGetImageInfo(img, CL_IMAGE_FORMAT, sizeof(f), &f, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_ELEMENT_SIZE, sizeof(es), &es, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_ROW_PITCH, sizeof(rp), &rp, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_SLICE_PITCH, sizeof(sp), &sp, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_WIDTH, sizeof(iw), &iw, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_HEIGHT, sizeof(ih), &ih, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_DEPTH, sizeof(id), &id, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_ARRAY_SIZE, sizeof(ia), &ia, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_BUFFER, sizeof(b), &b, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_NUM_MIP_LEVELS, sizeof(mips), &mips, NULL));
    CHECK(clGetImageInfo(img, CL_IMAGE_NUM_SAMPLES, sizeof(samples), &samples, NULL));
    CHECK(clGetMemObjectInfo(img, CL_MEM_TYPE, sizeof(t), &t, NULL));
    ASSERT(t == type && es == elem && iw == w && ih == h && id == d && ia == arr && b == buffer &&
           mips == 0 && samples == 0, "image info of type 0x%x: %zu %zu %zu %zu %zu", type, es,
           iw, ih, id, ia);
    ASSERT(rp >= w * elem, "row pitch %zu", rp);
    int layered = type == CL_MEM_OBJECT_IMAGE3D || type == CL_MEM_OBJECT_IMAGE2D_ARRAY ||
                  type == CL_MEM_OBJECT_IMAGE1D_ARRAY;
    ASSERT(layered ? sp >= rp * (h ? h : 1) : sp == 0, "slice pitch %zu (row pitch %zu)", sp, rp);
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetImageInfo(img, CL_IMAGE_WIDTH, 2, small, NULL));
}

/* 2D RGBA8: creation with pitches, write/read with pitches, info, kernel reads,
 * sampled reads, copies, maps, fills */
static void test_2d(void)
{
    enum { W = 13, H = 7 };
    const size_t rp = (W + 3) * 4;
    unsigned char *padded = calloc(rp * H, 1), tight[W * H * 4];
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++)
            for (int c = 0; c < 4; c++)
                padded[y * rp + x * 4 + c] = tight[(y * W + x) * 4 + c] = pix(x, y, 0, c);
    cl_mem a = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H,
                     0, 0, rp, 0, padded, NULL);
    check_info(a, CL_MEM_OBJECT_IMAGE2D, 4, W, H, 0, 0, NULL);
    unsigned char back[W * H * 4];
    size_t o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    CHECK(clEnqueueReadImage(q, a, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    ASSERT(memcmp(back, tight, sizeof(back)) == 0, "COPY_HOST_PTR image with row pitch");

    /* write a sub-rectangle from a padded host layout, read with a pitch */
    cl_mem b = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, 0, 0, NULL, NULL);
    CHECK(clEnqueueWriteImage(q, b, CL_TRUE, o, r, rp, 0, padded, 0, NULL, NULL));
    size_t o2[3] = {3, 2, 0}, r2[3] = {5, 4, 1};
    unsigned char sub[6 * 4 * 4];
    CHECK(clEnqueueReadImage(q, b, CL_TRUE, o2, r2, 6 * 4, 0, sub, 0, NULL, NULL));
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++)
            for (int c = 0; c < 4; c++)
                ASSERT(sub[y * 24 + x * 4 + c] == pix(x + 3, y + 2, 0, c), "read rect %d,%d", x, y);

    /* kernel: nearest, unnormalised, every pixel; UNORM8 -> float is c/255 */
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, sizeof(float) * 4 * W * H, NULL);
    cl_sampler sn = sampler(CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    int w = W;
    run("read2d", W, H, 1, 4, ARG(b), ARG(sn), ARG(out), ARG(w));
    float f[W * H * 4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(f), f, 0, NULL, NULL));
    for (int i = 0; i < W * H * 4; i++)
        ASSERT(near(f[i], tight[i] / 255.0f, 1e-6f), "read_imagef[%d] %f vs %d", i, f[i], tight[i]);

    /* sampled reads at float coordinates */
    struct { cl_sampler s; float u, v; int px, py; } cases[] = {
        {sampler(CL_TRUE, CL_ADDRESS_REPEAT, CL_FILTER_NEAREST), 2 + 3.5f / W, 1.5f / H, 3, 1},
        {NULL, -1 + 5.5f / W, -3 + 6.5f / H, 5, 6},
        {sampler(CL_TRUE, CL_ADDRESS_MIRRORED_REPEAT, CL_FILTER_NEAREST), 1 + 3.5f / W, 0.5f / H, 9, 0},
        {sampler(CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST), 4.5f, 2.5f, 4, 2},
        {NULL, -2.5f, 3.5f, -1, -1}, /* border colour */
        {NULL, 4.5f, (float)H + 0.5f, -1, -1},
        {sampler(CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST), -7.5f, 100.f, 0, H - 1},
    };
    for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
        if (!cases[i].s) cases[i].s = cases[i - 1].s;
        float coord[2] = {cases[i].u, cases[i].v}, res[4];
        cl_mem cb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(coord), coord);
        run("sample2d", 1, 1, 1, 4, ARG(b), ARG(cases[i].s), ARG(cb), ARG(out));
        CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
        for (int c = 0; c < 4; c++) {
            float want = cases[i].px < 0 ? 0.0f : pix(cases[i].px, cases[i].py, 0, c) / 255.0f;
            ASSERT(near(res[c], want, 1e-6f), "sample case %zu channel %d: %f vs %f", i, c, res[c], want);
        }
        CHECK(clReleaseMemObject(cb));
    }
    for (size_t i = 0; i < ARRAY_LEN(cases); i++)
        if (i == 0 || cases[i].s != cases[i - 1].s) CHECK(clReleaseSampler(cases[i].s));

    /* copy image -> image with offsets; format mismatch */
    cl_mem c = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, 0, 0, NULL, NULL);
    float zero[4] = {0, 0, 0, 0};
    CHECK(clEnqueueFillImage(q, c, zero, o, r, 0, NULL, NULL));
    size_t dst[3] = {1, 0, 0};
    CHECK(clEnqueueCopyImage(q, b, c, o2, dst, r2, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, c, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int in = x >= 1 && x < 6 && y < 4;
            for (int ch = 0; ch < 4; ch++)
                ASSERT(back[(y * W + x) * 4 + ch] == (in ? pix(x + 2, y + 2, 0, ch) : 0), "copy image %d,%d", x, y);
        }
    cl_mem rfimg = image(CL_MEM_READ_WRITE, &RF, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, 0, 0, NULL, NULL);
    EXPECT_ERR(CL_IMAGE_FORMAT_MISMATCH, clEnqueueCopyImage(q, b, rfimg, o, o, r2, 0, NULL, NULL));

    /* fill a region with exactly representable UNORM values */
    float color[4] = {1.0f, 0.0f, 51 / 255.0f, 204 / 255.0f};
    CHECK(clEnqueueFillImage(q, c, color, o2, r2, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, c, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    ASSERT(back[(3 * W + 4) * 4] == 255 && back[(3 * W + 4) * 4 + 1] == 0 &&
           back[(3 * W + 4) * 4 + 2] == 51 && back[(3 * W + 4) * 4 + 3] == 204, "fill image");
    ASSERT(back[(1 * W + 4) * 4 + 2] == pix(6, 3, 0, 2), "fill outside its region");

    /* map: read, then write through the returned pitch */
    size_t mrp = 0, msp = 0;
    cl_int err;
    unsigned char *m = clEnqueueMapImage(q, b, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, o2, r2, &mrp,
                                         &msp, 0, NULL, NULL, &err);
    CHECK_CODE(err, "clEnqueueMapImage");
    ASSERT(mrp >= 5 * 4, "map row pitch %zu", mrp);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++) {
            ASSERT(m[y * mrp + x * 4 + 1] == pix(x + 3, y + 2, 0, 1), "map read %d,%d", x, y);
            m[y * mrp + x * 4 + 1] = (unsigned char)(x + 10 * y);
        }
    CHECK(clEnqueueUnmapMemObject(q, b, m, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, b, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    ASSERT(back[(4 * W + 5) * 4 + 1] == 2 + 20 && back[(4 * W + 5) * 4] == pix(5, 4, 0, 0), "map write");

    /* image <-> buffer */
    cl_mem buf = make_buffer(ctx, CL_MEM_READ_WRITE, 16 + 5 * 4 * 4, NULL);
    CHECK(clEnqueueCopyImageToBuffer(q, a, buf, o2, r2, 16, 0, NULL, NULL));
    unsigned char lin[5 * 4 * 4];
    CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 16, sizeof(lin), lin, 0, NULL, NULL));
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++)
            ASSERT(lin[(y * 5 + x) * 4 + 3] == pix(x + 3, y + 2, 0, 3), "image to buffer %d,%d", x, y);
    CHECK(clEnqueueFillImage(q, c, zero, o, r, 0, NULL, NULL));
    CHECK(clEnqueueCopyBufferToImage(q, buf, c, 16, dst, r2, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, c, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    ASSERT(back[(2 * W + 3) * 4 + 3] == pix(5, 4, 0, 3) && back[0] == 0, "buffer to image");

    /* kernel write: float -> UNORM8 rounds to nearest (error <= 0.6) and saturates */
    float in[W * H * 4];
    for (int i = 0; i < W * H; i++) {
        int k = tight[i * 4] % 250;
        in[i * 4] = (k + 0.3f) / 255.0f; in[i * 4 + 1] = (k + 0.7f) / 255.0f;
        in[i * 4 + 2] = 1.5f; in[i * 4 + 3] = -0.5f;
    }
    cl_mem inb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(in), in);
    run("write2d", W, H, 1, 3, ARG(c), ARG(inb), ARG(w));
    CHECK(clEnqueueReadImage(q, c, CL_TRUE, o, r, 0, 0, back, 0, NULL, NULL));
    for (int i = 0; i < W * H; i++) {
        int k = tight[i * 4] % 250;
        ASSERT(back[i * 4] == k && back[i * 4 + 1] == k + 1 && back[i * 4 + 2] == 255 &&
               back[i * 4 + 3] == 0, "write_imagef pixel %d: %d %d %d %d (k=%d)", i, back[i * 4],
               back[i * 4 + 1], back[i * 4 + 2], back[i * 4 + 3], k);
    }

    /* errors */
    size_t bad[3] = {W + 1, 1, 1}, r3[3] = {1, 1, 2}, o3[3] = {0, 0, 1};
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, a, CL_TRUE, o, bad, 0, 0, back, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, a, CL_TRUE, o, r3, 0, 0, back, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, a, CL_TRUE, o3, r2, 0, 0, back, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, a, CL_TRUE, o, r2, 0, 0, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueReadImage(q, buf, CL_TRUE, o, r2, 0, 0, back, 0, NULL, NULL));
    /* PoCL accepts an image in clEnqueueReadBuffer */
    EXPECT_ERR_LENIENT(CL_INVALID_MEM_OBJECT, CL_SUCCESS,
                       clEnqueueReadBuffer(q, a, CL_TRUE, 0, 4, back, 0, NULL, NULL));
    /* PoCL answers clGetImageInfo for a buffer */
    EXPECT_ERR_LENIENT(CL_INVALID_MEM_OBJECT, CL_SUCCESS,
                       clGetImageInfo(buf, CL_IMAGE_WIDTH, sizeof(size_t), back, NULL));
    CHECK(clReleaseMemObject(inb)); CHECK(clReleaseMemObject(buf)); CHECK(clReleaseMemObject(rfimg));
    CHECK(clReleaseMemObject(c)); CHECK(clReleaseMemObject(out)); CHECK(clReleaseSampler(sn));
    CHECK(clReleaseMemObject(a)); CHECK(clReleaseMemObject(b));
    free(padded);
}

/* R/FLOAT: linear filtering, border colour of an alpha-less order, 3D */
static void test_float_and_3d(void)
{
    enum { W = 6, H = 5, D = 3 };
    float data[D][H][W];
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++) data[z][y][x] = fval(x, y, z);
    cl_mem img = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RF, CL_MEM_OBJECT_IMAGE2D, W, H,
                       0, 0, 0, 0, data[0], NULL);
    cl_sampler lin = sampler(CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_LINEAR);
    /* coordinates whose filter weights are 0, 0.25, 0.5 or 0.75 */
    float coords[][2] = {{1.75f / W, 3.0f / H}, {3.25f / W, 1.5f / H}, {0.0f, 0.0f},
                         {(W + 0.0f) / W, 2.0f / H}, {2.5f / W, 4.5f / H}};
    cl_mem cb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(coords), coords);
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, sizeof(float) * 4 * W * H * D, NULL);
    run("sample2d", ARRAY_LEN(coords), 1, 1, 4, ARG(img), ARG(lin), ARG(cb), ARG(out));
    float res[ARRAY_LEN(coords)][4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res), res, 0, NULL, NULL));
    for (size_t i = 0; i < ARRAY_LEN(coords); i++) {
        float u = coords[i][0] * W - 0.5f, v = coords[i][1] * H - 0.5f;
        int i0 = floor_(u), j0 = floor_(v);
        float a = u - i0, b = v - j0;
#define T(x, y) data[0][(y) < 0 ? 0 : (y) >= H ? H - 1 : (y)][(x) < 0 ? 0 : (x) >= W ? W - 1 : (x)]
        float want = (1 - a) * (1 - b) * T(i0, j0) + a * (1 - b) * T(i0 + 1, j0) +
                     (1 - a) * b * T(i0, j0 + 1) + a * b * T(i0 + 1, j0 + 1);
#undef T
        ASSERT(near(res[i][0], want, 1e-3f * (1 + fabs_(want))), "linear sample %zu: %f vs %f", i,
               res[i][0], want);
        ASSERT(res[i][1] == 0.0f && res[i][2] == 0.0f && res[i][3] == 1.0f, "R image channels");
    }
    /* CL_ADDRESS_CLAMP on an R image: border (0, 0, 0, 1) */
    cl_sampler cl = sampler(CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST);
    float oc[2] = {-3.5f, 1.5f};
    cl_mem ocb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, sizeof(oc), oc);
    run("sample2d", 1, 1, 1, 4, ARG(img), ARG(cl), ARG(ocb), ARG(out));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(res[0]), res[0], 0, NULL, NULL));
    /* PoCL returns (0, 0, 0, 0) */
    ASSERT(res[0][0] == 0 && res[0][1] == 0 && res[0][2] == 0 &&
           (res[0][3] == 1 || (!strict_mode() && res[0][3] == 0)),
           "R border colour %f %f %f %f", res[0][0], res[0][1], res[0][2], res[0][3]);

    /* 3D with padded row and slice pitches */
    const size_t rp = (W + 2) * 4, sp = rp * (H + 1);
    char *padded = calloc(sp * D, 1);
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++) memcpy(padded + z * sp + y * rp, data[z][y], W * 4);
    cl_mem i3 = image(CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, &RF, CL_MEM_OBJECT_IMAGE3D, W, H, D,
                      0, rp, sp, padded, NULL);
    check_info(i3, CL_MEM_OBJECT_IMAGE3D, 4, W, H, D, 0, NULL);
    cl_sampler sn = sampler(CL_FALSE, CL_ADDRESS_NONE, CL_FILTER_NEAREST);
    int w = W, h = H;
    run("read3d", W, H, D, 5, ARG(i3), ARG(sn), ARG(out), ARG(w), ARG(h));
    float all[D][H][W][4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(all), all, 0, NULL, NULL));
    for (int z = 0; z < D; z++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                ASSERT(all[z][y][x][0] == data[z][y][x], "3D read %d,%d,%d", x, y, z);
    /* read a sub-box of the 3D image back to the host */
    size_t o[3] = {1, 2, 1}, r[3] = {3, 2, 2};
    float box[2][2][3];
    CHECK(clEnqueueReadImage(q, i3, CL_TRUE, o, r, 0, 0, box, 0, NULL, NULL));
    for (int z = 0; z < 2; z++)
        for (int y = 0; y < 2; y++)
            for (int x = 0; x < 3; x++)
                ASSERT(box[z][y][x] == data[z + 1][y + 2][x + 1], "3D read box %d,%d,%d", x, y, z);
    /* copy one 3D slice into a 2D image */
    cl_mem i2 = image(CL_MEM_READ_WRITE, &RF, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, 0, 0, NULL, NULL);
    size_t s_o[3] = {0, 0, 2}, d_o[3] = {0, 0, 0}, reg[3] = {W, H, 1};
    CHECK(clEnqueueCopyImage(q, i3, i2, s_o, d_o, reg, 0, NULL, NULL));
    float slice[H][W];
    CHECK(clEnqueueReadImage(q, i2, CL_TRUE, d_o, reg, 0, 0, slice, 0, NULL, NULL));
    ASSERT(memcmp(slice, data[2], sizeof(slice)) == 0, "3D slice to 2D copy");
    float fc[4] = {3.5f, 0, 0, 0};
    size_t fo[3] = {2, 1, 0}, fr[3] = {2, 2, 1};
    CHECK(clEnqueueFillImage(q, i2, fc, fo, fr, 0, NULL, NULL));
    CHECK(clEnqueueReadImage(q, i2, CL_TRUE, d_o, reg, 0, 0, slice, 0, NULL, NULL));
    ASSERT(slice[2][3] == 3.5f && slice[0][3] == data[2][0][3], "R/FLOAT fill");

    CHECK(clReleaseMemObject(i2)); CHECK(clReleaseMemObject(i3)); CHECK(clReleaseSampler(sn));
    CHECK(clReleaseMemObject(ocb)); CHECK(clReleaseSampler(cl)); CHECK(clReleaseMemObject(cb));
    CHECK(clReleaseSampler(lin)); CHECK(clReleaseMemObject(img)); CHECK(clReleaseMemObject(out));
    free(padded);
}

/* 1D, 1D array, 1D buffer, 2D array images; integer reads */
static void test_other_types(void)
{
    enum { W = 9, L = 3, H = 4 };
    unsigned char px[L][H][W][4];
    for (int l = 0; l < L; l++)
        for (int y = 0; y < H; y++)
            for (int x = 0; x < W; x++)
                for (int c = 0; c < 4; c++) px[l][y][x][c] = pix(x, y, l, c);
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, sizeof(float) * 4 * W * H * L, NULL);
    static float f[L * H * W * 4];
    const unsigned char *flat = &px[0][0][0][0];
    cl_sampler sn = sampler(CL_FALSE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST);
    int w = W, h = H;

    cl_mem i1 = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE1D, W, 0,
                      0, 0, 0, 0, px[1][2], NULL);
    check_info(i1, CL_MEM_OBJECT_IMAGE1D, 4, W, 0, 0, 0, NULL);
    run("read1d", W, 1, 1, 2, ARG(i1), ARG(out));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(float) * 4 * W, f, 0, NULL, NULL));
    for (int x = 0; x < W * 4; x++)
        ASSERT(near(f[x], flat[(1 * H + 2) * W * 4 + x] / 255.0f, 1e-6f), "1D read %d", x);

    /* 1D array: each layer is row 0 of px[l], slice pitch padded */
    /* PoCL rejects a slice pitch above the minimum for image arrays */
    const size_t sp = strict_mode() ? (W + 1) * 4 : W * 4;
    unsigned char arr1[L * (W + 1) * 4];
    for (int l = 0; l < L; l++) memcpy(arr1 + l * sp, px[l][0], W * 4);
    cl_mem ia = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE1D_ARRAY,
                      W, 0, 0, L, W * 4, sp, arr1, NULL);
    check_info(ia, CL_MEM_OBJECT_IMAGE1D_ARRAY, 4, W, 0, 0, L, NULL);
    run("read1darray", W, L, 1, 4, ARG(ia), ARG(sn), ARG(out), ARG(w));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(float) * 4 * W * L, f, 0, NULL, NULL));
    for (int l = 0; l < L; l++)
        for (int x = 0; x < W * 4; x++)
            ASSERT(near(f[l * W * 4 + x], flat[l * H * W * 4 + x] / 255.0f, 1e-6f),
                   "1D array read %d,%d", x, l);

    /* 2D array, tight pitches given explicitly */
    cl_mem i2a = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA8, CL_MEM_OBJECT_IMAGE2D_ARRAY,
                       W, H, 0, L, W * 4, W * H * 4, px, NULL);
    check_info(i2a, CL_MEM_OBJECT_IMAGE2D_ARRAY, 4, W, H, 0, L, NULL);
    run("read2darray", W, H, L, 5, ARG(i2a), ARG(sn), ARG(out), ARG(w), ARG(h));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(f), f, 0, NULL, NULL));
    for (int i = 0; i < L * H * W * 4; i++)
        ASSERT(near(f[i], flat[i] / 255.0f, 1e-6f), "2D array read %d", i);
    size_t o[3] = {2, 1, 1}, r[3] = {3, 2, 2};
    unsigned char box[2][2][3][4];
    CHECK(clEnqueueReadImage(q, i2a, CL_TRUE, o, r, 0, 0, box, 0, NULL, NULL));
    ASSERT(memcmp(box[1][1][2], px[2][2][4], 4) == 0, "2D array read box");

    /* 1D buffer image aliases its buffer */
    cl_mem buf = make_buffer(ctx, CL_MEM_READ_WRITE, W * 4, NULL);
    cl_mem ib = image(CL_MEM_READ_ONLY, &RGBA8, CL_MEM_OBJECT_IMAGE1D_BUFFER, W, 0, 0, 0, 0, 0, NULL, buf);
    check_info(ib, CL_MEM_OBJECT_IMAGE1D_BUFFER, 4, W, 0, 0, 0, buf);
    CHECK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, W * 4, px[2][3], 0, NULL, NULL));
    run("read1dbuf", W, 1, 1, 2, ARG(ib), ARG(out));
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(float) * 4 * W, f, 0, NULL, NULL));
    for (int x = 0; x < W * 4; x++)
        ASSERT(near(f[x], flat[(2 * H + 3) * W * 4 + x] / 255.0f, 1e-6f), "1D buffer read %d", x);

    /* unsigned integer format, sampler-less read_imageui */
    cl_mem iu = image(CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &RGBA_U8, CL_MEM_OBJECT_IMAGE2D, W, H,
                      0, 0, 0, 0, px[0], NULL);
    run("readui", W, H, 1, 3, ARG(iu), ARG(out), ARG(w));
    cl_uint u[H][W][4];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(u), u, 0, NULL, NULL));
    for (int i = 0; i < H * W * 4; i++)
        ASSERT((&u[0][0][0])[i] == flat[i], "read_imageui %d", i);
    cl_uint ucol[4] = {1, 2, 250, 7};
    size_t fo[3] = {0, 0, 0}, fr[3] = {2, 1, 1};
    CHECK(clEnqueueFillImage(q, iu, ucol, fo, fr, 0, NULL, NULL));
    unsigned char two[2][4];
    CHECK(clEnqueueReadImage(q, iu, CL_TRUE, fo, fr, 0, 0, two, 0, NULL, NULL));
    ASSERT(two[1][0] == 1 && two[1][2] == 250 && two[1][3] == 7, "UINT8 fill");

    /* deprecated 2D creation */
    cl_int err;
    cl_mem old = clCreateImage2D(ctx, CL_MEM_READ_WRITE, &RGBA8, 4, 4, 0, NULL, &err);
    CHECK_CODE(err, "clCreateImage2D");
    CHECK(clReleaseMemObject(old));

    CHECK(clReleaseMemObject(iu)); CHECK(clReleaseMemObject(ib)); CHECK(clReleaseMemObject(buf));
    CHECK(clReleaseMemObject(i2a)); CHECK(clReleaseMemObject(ia)); CHECK(clReleaseMemObject(i1));
    CHECK(clReleaseSampler(sn)); CHECK(clReleaseMemObject(out));
}

static void test_create_errors(cl_device_id dev)
{
    size_t maxw = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE2D_MAX_WIDTH, sizeof(maxw), &maxw, NULL));
    cl_image_desc d;
    memset(&d, 0, sizeof(d));
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = 4; d.image_height = 4;
    char host[256];
    cl_image_format badf = {0x7777, CL_UNORM_INT8};
    /* PoCL: CL_INVALID_OPERATION for an invalid channel order */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, CL_INVALID_OPERATION,
                       image_err(&badf, &d, NULL, CL_MEM_READ_WRITE));
    EXPECT_ERR(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR, image_err(NULL, &d, NULL, CL_MEM_READ_WRITE));
    EXPECT_ERR(CL_INVALID_IMAGE_DESCRIPTOR, image_err(&RGBA8, NULL, NULL, CL_MEM_READ_WRITE));
    d.image_row_pitch = 32; /* PoCL accepts a row pitch without a host pointer */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_DESCRIPTOR, CL_SUCCESS,
                       image_err(&RGBA8, &d, NULL, CL_MEM_READ_WRITE));
    /* PoCL accepts a too small host row pitch, and gives CL_INVALID_VALUE for
     * an unaligned one */
    d.image_row_pitch = 8; /* below width * element size */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_DESCRIPTOR, CL_SUCCESS,
                       image_err(&RGBA8, &d, host, CL_MEM_COPY_HOST_PTR));
    d.image_row_pitch = 18; /* not a multiple of the element size */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_DESCRIPTOR, CL_INVALID_VALUE,
                       image_err(&RGBA8, &d, host, CL_MEM_COPY_HOST_PTR));
    d.image_row_pitch = 0;
    EXPECT_ERR(CL_INVALID_HOST_PTR, image_err(&RGBA8, &d, NULL, CL_MEM_USE_HOST_PTR));
    EXPECT_ERR(CL_INVALID_HOST_PTR, image_err(&RGBA8, &d, host, CL_MEM_READ_WRITE));
    d.image_width = maxw + 1; /* PoCL: CL_INVALID_OPERATION */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_SIZE, CL_INVALID_OPERATION,
                       image_err(&RGBA8, &d, NULL, CL_MEM_READ_WRITE));
    d.image_width = 4;
    d.image_type = 0x7777; /* PoCL: CL_INVALID_VALUE */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_DESCRIPTOR, CL_INVALID_VALUE,
                       image_err(&RGBA8, &d, NULL, CL_MEM_READ_WRITE));
    d.image_type = CL_MEM_OBJECT_IMAGE1D_BUFFER; /* without a buffer; PoCL: INVALID_MEM_OBJECT */
    EXPECT_ERR_LENIENT(CL_INVALID_IMAGE_DESCRIPTOR, CL_INVALID_MEM_OBJECT,
                       image_err(&RGBA8, &d, NULL, CL_MEM_READ_WRITE));
}

/* A 2D image made from a buffer (OpenCL 3.0: optional, announced by a non-zero
 * CL_DEVICE_IMAGE_PITCH_ALIGNMENT) shares the buffer's memory, rows at the pitch given;
 * a device that does not support it refuses with CL_INVALID_OPERATION. */
static void test_image2d_from_buffer(cl_device_id dev)
{
    cl_uint align = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_PITCH_ALIGNMENT, sizeof(align), &align, NULL));
    enum { W = 3, H = 2 };
    size_t pitch_px = align ? (W + align) / align * align : W + 1; /* padded rows */
    size_t pitch = pitch_px * 4;
    cl_mem buf = make_buffer(ctx, CL_MEM_READ_WRITE, pitch * H, NULL);
    cl_image_desc d;
    memset(&d, 0, sizeof(d));
    d.image_type = CL_MEM_OBJECT_IMAGE2D;
    d.image_width = W; d.image_height = H; d.image_row_pitch = pitch;
    d.buffer = buf;
    if (align == 0) {
        EXPECT_ERR(CL_INVALID_OPERATION, image_err(&RGBA8, &d, NULL, CL_MEM_READ_WRITE));
        CHECK(clReleaseMemObject(buf));
        return;
    }
    cl_mem img = image(CL_MEM_READ_WRITE, &RGBA8, CL_MEM_OBJECT_IMAGE2D, W, H, 0, 0, pitch, 0,
                       NULL, buf);
    unsigned char bytes[64];
    ASSERT(pitch * H <= sizeof(bytes), "pitch %zu too large for the test", pitch);
    for (size_t i = 0; i < pitch * H; i++) bytes[i] = (unsigned char)(i * 7 + 1);
    CHECK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, pitch * H, bytes, 0, NULL, NULL));
    unsigned char px[H][W][4];
    size_t o[3] = {0, 0, 0}, r[3] = {W, H, 1};
    CHECK(clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, px, 0, NULL, NULL));
    for (int y = 0; y < H; y++)
        ASSERT(memcmp(px[y], bytes + y * pitch, W * 4) == 0, "image row %d is not the buffer's", y);
    /* and back: a pixel written to the image is in the buffer, at its row's pitch */
    unsigned char one[4] = {9, 8, 7, 6};
    size_t at[3] = {2, 1, 0}, r1[3] = {1, 1, 1};
    CHECK(clEnqueueWriteImage(q, img, CL_TRUE, at, r1, 0, 0, one, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, pitch * H, bytes, 0, NULL, NULL));
    ASSERT(memcmp(bytes + pitch + 2 * 4, one, 4) == 0, "image write not in the buffer");
    CHECK(clReleaseMemObject(img));
    CHECK(clReleaseMemObject(buf));
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    cl_bool support = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(support), &support, NULL));
    if (!support) {
        printf("SKIP image: no image support\n");
        return 0;
    }
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    prog = build_program(ctx, dev, src, "");
    check_formats();
    test_2d();
    test_float_and_3d();
    test_other_types();
    test_create_errors(dev);
    test_image2d_from_buffer(dev);
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("image");
}
