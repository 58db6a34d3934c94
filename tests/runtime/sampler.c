/* Samplers: creation, info, reference counting, kernel arguments and
 * samplers declared in the kernel source. */
#include "common.h"

static const char *src =
    "constant sampler_t prog_s = CLK_NORMALIZED_COORDS_TRUE | CLK_ADDRESS_REPEAT |\n"
    "                            CLK_FILTER_NEAREST;\n"
    "kernel void with_arg(read_only image2d_t img, sampler_t s, global const float2 *c,\n"
    "                     global float *out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, s, c[i]).x;\n"
    "}\n"
    "kernel void with_program_sampler(read_only image2d_t img, global const float2 *c,\n"
    "                                 global float *out) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, prog_s, c[i]).x;\n"
    "}\n"
    "kernel void with_kernel_sampler(read_only image2d_t img, global const float2 *c,\n"
    "                                global float *out) {\n"
    "  const sampler_t ks = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP_TO_EDGE |\n"
    "                       CLK_FILTER_LINEAR;\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = read_imagef(img, ks, c[i]).x;\n"
    "}\n";

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;
static cl_mem img;

/* Sample img at n coordinates with kernel `name` (sampler argument if s). */
static void sample(const char *name, cl_sampler s, const float (*coords)[2], size_t n,
                   const float *want)
{
    cl_kernel k = make_kernel(prog, name);
    cl_mem cb = make_buffer(ctx, CL_MEM_COPY_HOST_PTR | CL_MEM_READ_ONLY, n * 2 * sizeof(float),
                            (void *)coords);
    cl_mem ob = make_buffer(ctx, CL_MEM_WRITE_ONLY, n * sizeof(float), NULL);
    cl_uint a = 0;
    CHECK(clSetKernelArg(k, a++, sizeof(img), &img));
    if (s) CHECK(clSetKernelArg(k, a++, sizeof(s), &s));
    CHECK(clSetKernelArg(k, a++, sizeof(cb), &cb));
    CHECK(clSetKernelArg(k, a++, sizeof(ob), &ob));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &n, NULL, 0, NULL, NULL));
    float got[8];
    CHECK(clEnqueueReadBuffer(q, ob, CL_TRUE, 0, n * sizeof(float), got, 0, NULL, NULL));
    for (size_t i = 0; i < n; i++) {
        float d = got[i] - want[i];
        ASSERT(d < 1e-3f && d > -1e-3f, "%s sample %zu at (%g, %g): %g, expected %g", name, i,
               coords[i][0], coords[i][1], got[i], want[i]);
    }
    CHECK(clReleaseMemObject(cb));
    CHECK(clReleaseMemObject(ob));
    CHECK(clReleaseKernel(k));
}

static void check_info(cl_sampler s, cl_bool norm, cl_addressing_mode am, cl_filter_mode fm,
                       const cl_sampler_properties *props, size_t props_size)
{
    cl_uint refs = 0;
    cl_context c = NULL;
    cl_bool n = 7;
    cl_addressing_mode a = 0;
    cl_filter_mode f = 0;
    size_t sz = 0;
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, &sz));
    ASSERT(refs == 1 && sz == sizeof(refs), "reference count %u", refs);
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_CONTEXT, sizeof(c), &c, &sz));
    ASSERT(c == ctx && sz == sizeof(c), "CL_SAMPLER_CONTEXT");
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_NORMALIZED_COORDS, sizeof(n), &n, &sz));
    ASSERT(n == norm && sz == sizeof(n), "NORMALIZED_COORDS %u, expected %u", n, norm);
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_ADDRESSING_MODE, sizeof(a), &a, &sz));
    ASSERT(a == am && sz == sizeof(a), "ADDRESSING_MODE 0x%x, expected 0x%x", a, am);
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_FILTER_MODE, sizeof(f), &f, &sz));
    ASSERT(f == fm && sz == sizeof(f), "FILTER_MODE 0x%x, expected 0x%x", f, fm);
    CHECK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, 0, NULL, &sz));
    ASSERT(sz == props_size, "PROPERTIES size %zu, expected %zu", sz, props_size);
    if (sz) {
        cl_sampler_properties got[8];
        ASSERT(sz <= sizeof(got), "PROPERTIES too long");
        CHECK(clGetSamplerInfo(s, CL_SAMPLER_PROPERTIES, sz, got, NULL));
        ASSERT(memcmp(got, props, sz) == 0, "PROPERTIES differ");
    }
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    cl_bool support = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(support), &support, NULL));
    if (!support) {
        printf("SKIP sampler: no image support\n");
        return 0;
    }
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    prog = build_program(ctx, dev, src, "");
    cl_int err;

    /* 4 x 2 R/FLOAT image: row 0 = 10 20 30 40, row 1 = 50 60 70 80 */
    float px[8] = {10, 20, 30, 40, 50, 60, 70, 80};
    cl_image_format fmt = {CL_R, CL_FLOAT};
    cl_image_desc desc;
    memset(&desc, 0, sizeof(desc));
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 4;
    desc.image_height = 2;
    img = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &fmt, &desc, px, &err);
    CHECK_CODE(err, "clCreateImage");

    /* deprecated creation */
    cl_sampler s1 = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    CHECK_CODE(err, "clCreateSampler");
    check_info(s1, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, NULL, 0);
    CHECK(clRetainSampler(s1));
    cl_uint refs = 0;
    CHECK(clGetSamplerInfo(s1, CL_SAMPLER_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 2, "reference count after retain %u", refs);
    CHECK(clReleaseSampler(s1));
    /* CLAMP: out-of-range x gives the border colour's red channel, 0 */
    const float c1[][2] = {{1.5f, 0.5f}, {-1.0f, 0.5f}, {5.5f, 1.5f}, {3.5f, 1.5f}};
    const float w1[] = {20, 0, 0, 80};
    sample("with_arg", s1, c1, 4, w1);

    /* with properties */
    cl_sampler_properties p2[] = {CL_SAMPLER_NORMALIZED_COORDS, CL_TRUE,
                                  CL_SAMPLER_ADDRESSING_MODE, CL_ADDRESS_CLAMP_TO_EDGE,
                                  CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
    cl_sampler s2 = clCreateSamplerWithProperties(ctx, p2, &err);
    CHECK_CODE(err, "clCreateSamplerWithProperties");
    check_info(s2, CL_TRUE, CL_ADDRESS_CLAMP_TO_EDGE, CL_FILTER_NEAREST, p2, sizeof(p2));
    const float c2[][2] = {{0.625f, 0.25f}, {1.5f, 0.75f}, {-0.5f, 0.25f}};
    const float w2[] = {30, 80, 10};
    sample("with_arg", s2, c2, 3, w2);

    /* the same kernel object with another sampler and a linear filter */
    cl_sampler_properties p3[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                  CL_SAMPLER_NORMALIZED_COORDS, CL_FALSE, 0};
    cl_sampler s3 = clCreateSamplerWithProperties(ctx, p3, &err);
    CHECK_CODE(err, "clCreateSamplerWithProperties(partial)");
    /* unspecified addressing mode defaults to CL_ADDRESS_CLAMP */
    check_info(s3, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_LINEAR, p3, sizeof(p3));
    const float c3[][2] = {{2.0f, 0.5f}, {1.5f, 1.0f}};
    const float w3[] = {25, 40};
    sample("with_arg", s3, c3, 2, w3);

    /* all defaults: normalized, CLAMP, NEAREST */
    cl_sampler s4 = clCreateSamplerWithProperties(ctx, NULL, &err);
    if (strict_mode() || err != CL_INVALID_VALUE) { /* PoCL rejects NULL properties */
        CHECK_CODE(err, "clCreateSamplerWithProperties(NULL)");
        check_info(s4, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, NULL, 0);
    }

    /* samplers from the source */
    const float c4[][2] = {{1.125f, 0.25f}, {-0.375f, 1.75f}, {0.875f, 0.75f}};
    const float w4[] = {10, 70, 80};
    sample("with_program_sampler", NULL, c4, 3, w4);
    const float c5[][2] = {{1.0f, 0.5f}, {0.25f, 0.5f}, {3.0f, 1.5f}, {9.0f, 1.0f}};
    const float w5[] = {15, 10, 75, 60};
    sample("with_kernel_sampler", NULL, c5, 4, w5);

    /* argument errors */
    cl_kernel k = make_kernel(prog, "with_arg");
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(k, 1, sizeof(cl_sampler) / 2, &s1));
    /* NULL is not a valid sampler object (the Khronos CTS expects CL_INVALID_SAMPLER);
     * PoCL answers CL_INVALID_ARG_VALUE */
    EXPECT_ERR_LENIENT(CL_INVALID_SAMPLER, CL_INVALID_ARG_VALUE,
                       clSetKernelArg(k, 1, sizeof(cl_sampler), NULL));
    /* PoCL accepts a memory object as a sampler argument */
    EXPECT_ERR_LENIENT(CL_INVALID_SAMPLER, CL_SUCCESS, clSetKernelArg(k, 1, sizeof(cl_mem), &img));
    CHECK(clReleaseKernel(k));

    /* creation and info errors */
    /* PoCL does not validate addressing and filter modes */
    cl_sampler bad = clCreateSampler(ctx, CL_FALSE, 0x7777, CL_FILTER_NEAREST, &err);
    EXPECT_CODE_LENIENT(CL_INVALID_VALUE, CL_SUCCESS, err, "clCreateSampler(bad addressing mode)");
    if (bad) CHECK(clReleaseSampler(bad));
    bad = clCreateSampler(ctx, CL_FALSE, CL_ADDRESS_CLAMP, 0x7777, &err);
    EXPECT_CODE_LENIENT(CL_INVALID_VALUE, CL_SUCCESS, err, "clCreateSampler(bad filter mode)");
    if (bad) CHECK(clReleaseSampler(bad));
    bad = clCreateSampler(NULL, CL_FALSE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateSampler(NULL context)");
    cl_sampler_properties pu[] = {0x7777, 0, 0};
    bad = clCreateSamplerWithProperties(ctx, pu, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSamplerWithProperties(unknown property)");
    cl_sampler_properties pd[] = {CL_SAMPLER_FILTER_MODE, CL_FILTER_LINEAR,
                                  CL_SAMPLER_FILTER_MODE, CL_FILTER_NEAREST, 0};
    bad = clCreateSamplerWithProperties(ctx, pd, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSamplerWithProperties(duplicate property)");
    cl_sampler_properties pv[] = {CL_SAMPLER_ADDRESSING_MODE, 0x7777, 0};
    bad = clCreateSamplerWithProperties(ctx, pv, &err);
    EXPECT_CODE_LENIENT(CL_INVALID_VALUE, CL_SUCCESS, err, "clCreateSamplerWithProperties(bad value)");
    if (bad) CHECK(clReleaseSampler(bad));
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetSamplerInfo(s2, CL_SAMPLER_FILTER_MODE, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetSamplerInfo(s2, 0x10FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_SAMPLER, clGetSamplerInfo(NULL, CL_SAMPLER_FILTER_MODE, 4, small, NULL));
    EXPECT_ERR(CL_INVALID_SAMPLER, clRetainSampler(NULL));
    EXPECT_ERR(CL_INVALID_SAMPLER, clReleaseSampler(NULL));

    CHECK(clFinish(q));
    CHECK(clReleaseSampler(s1));
    CHECK(clReleaseSampler(s2));
    CHECK(clReleaseSampler(s3));
    if (s4) CHECK(clReleaseSampler(s4));
    CHECK(clReleaseMemObject(img));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("sampler");
}
