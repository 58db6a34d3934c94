/* Invalid API use must return the specified error and never crash:
 * NULL and invalid handles of every object type, NULL where a pointer is
 * required, wrong sizes.
 *
 * "Invalid" handles are NULL and, with TEST_ALLOW_FAKE_HANDLES=1, a pointer
 * to 64 zero bytes and valid handles of the wrong object type (only an
 * implementation that validates handles can survive those; through the ICD
 * loader they crash in the loader itself). */
#include "common.h"

static cl_platform_id platform;
static cl_device_id dev;
static cl_context ctx;
static cl_command_queue q;
static cl_mem buf, img;
static cl_sampler smp;
static cl_program prog;
static cl_kernel kern, kimg;
static cl_event done;
static int images, strict;

static const char *src =
    "kernel void k(global int *p, int v) { p[get_global_id(0)] = v; }\n"
    "#ifdef HAS_IMAGES\n"
    "kernel void ks(read_only image2d_t i, sampler_t s, global float4 *o) {\n"
    "  o[0] = read_imagef(i, s, (int2)(0, 0));\n"
    "}\n"
    "#endif\n";

static union { char bytes[64]; void *align; } zero_obj;

/* Cases that crash PoCL: run only with TEST_STRICT=1. */
#define POCL_CRASHES(stmt) do { if (strict) { stmt; } } while (0)

static void bad_platform(cl_platform_id h)
{
    char s[64];
    cl_uint n;
    cl_device_id d;
    EXPECT_ERR(CL_INVALID_PLATFORM, clGetPlatformInfo(h, CL_PLATFORM_NAME, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_PLATFORM, clGetDeviceIDs(h, CL_DEVICE_TYPE_ALL, 1, &d, &n));
}

static void bad_device(cl_device_id h)
{
    char s[64];
    cl_int err;
    EXPECT_ERR(CL_INVALID_DEVICE, clGetDeviceInfo(h, CL_DEVICE_NAME, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_DEVICE, clRetainDevice(h));
    EXPECT_ERR(CL_INVALID_DEVICE, clReleaseDevice(h));
    cl_context c = clCreateContext(NULL, 1, &h, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateContext(bad device)");
    ASSERT(c == NULL, "context returned on error");
    cl_command_queue cq = clCreateCommandQueueWithProperties(ctx, h, NULL, &err);
    EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateCommandQueueWithProperties(bad device)");
    ASSERT(cq == NULL, "queue returned on error");
    EXPECT_ERR(CL_INVALID_DEVICE, clGetProgramBuildInfo(prog, h, CL_PROGRAM_BUILD_STATUS,
                                                        sizeof(s), s, NULL));
    const char *text = "kernel void x(void) {}";
    cl_program fresh = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
    CHECK_CODE(err, "clCreateProgramWithSource");
    POCL_CRASHES(EXPECT_ERR(CL_INVALID_DEVICE, clBuildProgram(fresh, 1, &h, NULL, NULL, NULL)));
    POCL_CRASHES(EXPECT_ERR(CL_INVALID_DEVICE,
                            clCompileProgram(fresh, 1, &h, NULL, 0, NULL, NULL, NULL, NULL)));
    CHECK(clReleaseProgram(fresh));
    if (h) /* NULL is allowed here: the kernel has a single device */
        EXPECT_ERR(CL_INVALID_DEVICE, clGetKernelWorkGroupInfo(kern, h, CL_KERNEL_WORK_GROUP_SIZE,
                                                               sizeof(s), s, NULL));
}

static void bad_context(cl_context h)
{
    char s[64];
    cl_int err;
    cl_image_format f;
    cl_uint n;
    const char *text = "kernel void x(void) {}";
    EXPECT_ERR(CL_INVALID_CONTEXT, clGetContextInfo(h, CL_CONTEXT_NUM_DEVICES, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_CONTEXT, clRetainContext(h));
    EXPECT_ERR(CL_INVALID_CONTEXT, clReleaseContext(h));
    EXPECT_ERR(CL_INVALID_CONTEXT, clGetSupportedImageFormats(h, CL_MEM_READ_ONLY,
                                                              CL_MEM_OBJECT_IMAGE2D, 1, &f, &n));
#define NULL_ON_ERR(call, what)                                                  \
    do {                                                                         \
        void *o_ = (void *)(call);                                               \
        EXPECT_CODE(CL_INVALID_CONTEXT, err, what);                              \
        ASSERT(o_ == NULL, "%s returned an object on error", what);              \
    } while (0)
    NULL_ON_ERR(clCreateCommandQueueWithProperties(h, dev, NULL, &err), "clCreateCommandQueueWithProperties");
    NULL_ON_ERR(clCreateBuffer(h, CL_MEM_READ_WRITE, 64, NULL, &err), "clCreateBuffer");
    NULL_ON_ERR(clCreateProgramWithSource(h, 1, &text, NULL, &err), "clCreateProgramWithSource");
    NULL_ON_ERR(clCreateUserEvent(h, &err), "clCreateUserEvent");
    NULL_ON_ERR(clCreateSamplerWithProperties(h, NULL, &err), "clCreateSamplerWithProperties");
    NULL_ON_ERR(clLinkProgram(h, 1, &dev, NULL, 1, &prog, NULL, NULL, &err), "clLinkProgram");
    if (images) {
        cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
        cl_image_desc d;
        memset(&d, 0, sizeof(d));
        d.image_type = CL_MEM_OBJECT_IMAGE2D;
        d.image_width = d.image_height = 4;
        NULL_ON_ERR(clCreateImage(h, CL_MEM_READ_ONLY, &fmt, &d, NULL, &err), "clCreateImage");
    }
#undef NULL_ON_ERR
}

static void bad_queue(cl_command_queue h)
{
    char s[64];
    size_t n = 4, o[3] = {0, 0, 0}, r[3] = {1, 1, 1};
    cl_int err;
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clGetCommandQueueInfo(h, CL_QUEUE_CONTEXT, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clRetainCommandQueue(h));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue(h));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFlush(h));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFinish(h));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueReadBuffer(h, buf, CL_TRUE, 0, 4, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueWriteBuffer(h, buf, CL_TRUE, 0, 4, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueCopyBuffer(h, buf, buf, 0, 8, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueFillBuffer(h, buf, s, 4, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueNDRangeKernel(h, kern, 1, NULL, &n, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueTask(h, kern, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueMarkerWithWaitList(h, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueBarrierWithWaitList(h, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueUnmapMemObject(h, buf, s, 0, NULL, NULL));
    void *p = clEnqueueMapBuffer(h, buf, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_COMMAND_QUEUE, err, "clEnqueueMapBuffer(bad queue)");
    ASSERT(p == NULL, "map returned a pointer on error");
    if (images)
        EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clEnqueueReadImage(h, img, CL_TRUE, o, r, 0, 0, s, 0, NULL, NULL));
}

static void CL_CALLBACK mem_cb(cl_mem m, void *u) { (void)m; (void)u; }

static void bad_mem(cl_mem h)
{
    char s[64];
    size_t o[3] = {0, 0, 0}, r[3] = {1, 1, 1};
    cl_int err;
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetMemObjectInfo(h, CL_MEM_SIZE, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clRetainMemObject(h));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clReleaseMemObject(h));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueReadBuffer(q, h, CL_TRUE, 0, 4, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueWriteBuffer(q, h, CL_TRUE, 0, 4, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueCopyBuffer(q, buf, h, 0, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueCopyBuffer(q, h, buf, 0, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueFillBuffer(q, h, s, 4, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueUnmapMemObject(q, h, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetMemObjectDestructorCallback(h, mem_cb, NULL));
    void *p = clEnqueueMapBuffer(q, h, CL_TRUE, CL_MAP_READ, 0, 4, 0, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_MEM_OBJECT, err, "clEnqueueMapBuffer(bad buffer)");
    ASSERT(p == NULL, "map returned a pointer on error");
    cl_buffer_region reg = {0, 4};
    cl_mem sub = clCreateSubBuffer(h, 0, CL_BUFFER_CREATE_TYPE_REGION, &reg, &err);
    EXPECT_CODE(CL_INVALID_MEM_OBJECT, err, "clCreateSubBuffer(bad buffer)");
    ASSERT(sub == NULL, "sub-buffer returned on error");
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clGetImageInfo(h, CL_IMAGE_WIDTH, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_MEM_OBJECT, clEnqueueReadImage(q, h, CL_TRUE, o, r, 0, 0, s, 0, NULL, NULL));
    if (h) /* a NULL buffer is a valid value for a global pointer argument */
        EXPECT_ERR(CL_INVALID_MEM_OBJECT, clSetKernelArg(kern, 0, sizeof(cl_mem), &h));
}

static void bad_sampler(cl_sampler h)
{
    char s[64];
    EXPECT_ERR(CL_INVALID_SAMPLER, clGetSamplerInfo(h, CL_SAMPLER_FILTER_MODE, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_SAMPLER, clRetainSampler(h));
    EXPECT_ERR(CL_INVALID_SAMPLER, clReleaseSampler(h));
    if (images)
        EXPECT_ERR_LENIENT(CL_INVALID_SAMPLER, CL_SUCCESS, /* PoCL accepts it */
                           clSetKernelArg(kimg, 1, sizeof(cl_sampler), &h));
}

static void bad_program(cl_program h)
{
    char s[64];
    cl_int err;
    cl_uint n;
    EXPECT_ERR(CL_INVALID_PROGRAM, clGetProgramInfo(h, CL_PROGRAM_NUM_DEVICES, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clGetProgramBuildInfo(h, dev, CL_PROGRAM_BUILD_STATUS, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clRetainProgram(h));
    EXPECT_ERR(CL_INVALID_PROGRAM, clReleaseProgram(h));
    EXPECT_ERR(CL_INVALID_PROGRAM, clBuildProgram(h, 1, &dev, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clCompileProgram(h, 1, &dev, NULL, 0, NULL, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_PROGRAM, clCreateKernelsInProgram(h, 0, NULL, &n));
    cl_kernel k = clCreateKernel(h, "k", &err);
    EXPECT_CODE(CL_INVALID_PROGRAM, err, "clCreateKernel(bad program)");
    ASSERT(k == NULL, "kernel returned on error");
    if (strict) { /* PoCL crashes */
        cl_program p = clLinkProgram(ctx, 1, &dev, NULL, 1, &h, NULL, NULL, &err);
        EXPECT_CODE(CL_INVALID_PROGRAM, err, "clLinkProgram(bad program)");
        ASSERT(p == NULL, "program returned on error");
    }
}

static void bad_kernel(cl_kernel h)
{
    char s[64];
    size_t n = 4;
    cl_int err;
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelInfo(h, CL_KERNEL_NUM_ARGS, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelArgInfo(h, 0, CL_KERNEL_ARG_NAME, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clGetKernelWorkGroupInfo(h, dev, CL_KERNEL_WORK_GROUP_SIZE,
                                                           sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_KERNEL, clRetainKernel(h));
    EXPECT_ERR(CL_INVALID_KERNEL, clReleaseKernel(h));
    EXPECT_ERR(CL_INVALID_KERNEL, clSetKernelArg(h, 1, sizeof(int), s));
    cl_kernel c = clCloneKernel(h, &err);
    EXPECT_CODE(CL_INVALID_KERNEL, err, "clCloneKernel(bad kernel)");
    ASSERT(c == NULL, "kernel returned on error");
    if (strict) { /* PoCL crashes */
        EXPECT_ERR(CL_INVALID_KERNEL, clEnqueueNDRangeKernel(q, h, 1, NULL, &n, NULL, 0, NULL, NULL));
        EXPECT_ERR(CL_INVALID_KERNEL, clEnqueueTask(q, h, 0, NULL, NULL));
    }
}

static void CL_CALLBACK ev_cb(cl_event e, cl_int s, void *u) { (void)e; (void)s; (void)u; }

static void bad_event(cl_event h)
{
    char s[64];
    cl_ulong t;
    EXPECT_ERR(CL_INVALID_EVENT, clGetEventInfo(h, CL_EVENT_CONTEXT, sizeof(s), s, NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clGetEventProfilingInfo(h, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clRetainEvent(h));
    EXPECT_ERR(CL_INVALID_EVENT, clReleaseEvent(h));
    EXPECT_ERR(CL_INVALID_EVENT, clWaitForEvents(1, &h));
    EXPECT_ERR(CL_INVALID_EVENT, clSetEventCallback(h, CL_COMPLETE, ev_cb, NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clSetUserEventStatus(h, CL_COMPLETE));
    if (1) {
        EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(q, 1, &h, NULL));
        EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST,
                   clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, s, 1, &h, NULL));
        cl_event list[2] = {done, h};
        EXPECT_ERR(CL_INVALID_EVENT, clWaitForEvents(2, list));
    }
}

/* NULL pointers where one is required, and wrong sizes */
static void null_and_sizes(void)
{
    char s[64];
    size_t o[3] = {0, 0, 0}, r[3] = {1, 1, 1};
    cl_int err;
    cl_device_id d;
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, &d, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 0, 4, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, 4, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, NULL, 4, 0, 4, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueUnmapMemObject(q, buf, NULL, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(1, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(0, &done));
    EXPECT_ERR(CL_INVALID_VALUE, clSetEventCallback(done, CL_COMPLETE, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clBuildProgram(prog, 1, NULL, NULL, NULL, NULL));
    EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArg(kern, 1, sizeof(int), NULL));
    cl_kernel k = clCreateKernel(prog, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateKernel(NULL name)");
    cl_mem m = clCreateSubBuffer(buf, 0, CL_BUFFER_CREATE_TYPE_REGION, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateSubBuffer(NULL region)");
    m = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, 64, NULL, &err);
    EXPECT_CODE(CL_INVALID_HOST_PTR, err, "clCreateBuffer(USE_HOST_PTR, NULL)");
    cl_context c = clCreateContext(NULL, 1, NULL, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateContext(NULL devices)");
    ASSERT(k == NULL && m == NULL && c == NULL, "object returned on error");
    if (images) {
        EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, NULL, r, 0, 0, s, 0, NULL, NULL));
        EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, o, NULL, 0, 0, s, 0, NULL, NULL));
        EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadImage(q, img, CL_TRUE, o, r, 0, 0, NULL, 0, NULL, NULL));
    }
    /* sizes */
    EXPECT_ERR(CL_INVALID_VALUE, clGetPlatformInfo(platform, CL_PLATFORM_VERSION, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetDeviceInfo(dev, CL_DEVICE_TYPE, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetContextInfo(ctx, CL_CONTEXT_NUM_DEVICES, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetMemObjectInfo(buf, CL_MEM_FLAGS, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetProgramInfo(prog, CL_PROGRAM_CONTEXT, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_STATUS, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelInfo(kern, CL_KERNEL_CONTEXT, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetKernelWorkGroupInfo(kern, dev, CL_KERNEL_LOCAL_MEM_SIZE, 3, s, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetEventInfo(done, CL_EVENT_COMMAND_EXECUTION_STATUS, 3, s, NULL));
    if (images) {
        EXPECT_ERR(CL_INVALID_VALUE, clGetImageInfo(img, CL_IMAGE_WIDTH, 3, s, NULL));
        EXPECT_ERR(CL_INVALID_VALUE, clGetSamplerInfo(smp, CL_SAMPLER_CONTEXT, 3, s, NULL));
    }
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(kern, 0, 4, &buf));
    EXPECT_ERR(CL_INVALID_ARG_SIZE, clSetKernelArg(kern, 1, 2, s));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueReadBuffer(q, buf, CL_TRUE, 60, 8, s, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueCopyBuffer(q, buf, buf, 0, 40, 32, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueFillBuffer(q, buf, s, 4, 0, 6, 0, NULL, NULL));
    void *p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, 0, 0, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clEnqueueMapBuffer(size 0)");
    ASSERT(p == NULL, "map returned a pointer on error");
    p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE_INVALIDATE_REGION, 0, 4, 0,
                           NULL, NULL, &err);
    /* PoCL maps it */
    EXPECT_CODE_LENIENT(CL_INVALID_VALUE, CL_SUCCESS, err, "clEnqueueMapBuffer(READ | WRITE_INVALIDATE_REGION)");
    if (p) CHECK(clEnqueueUnmapMemObject(q, buf, p, 0, NULL, NULL));
    m = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 0, NULL, &err);
    EXPECT_CODE(CL_INVALID_BUFFER_SIZE, err, "clCreateBuffer(size 0)");
}

int main(void)
{
    pick_device(&platform, &dev);
    strict = strict_mode();
    cl_bool im = CL_FALSE;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_IMAGE_SUPPORT, sizeof(im), &im, NULL));
    images = im;
    ctx = make_context(dev);
    q = make_queue(ctx, dev, 0);
    buf = make_buffer(ctx, CL_MEM_READ_WRITE, 64, NULL);
    prog = build_program(ctx, dev, src, images ? "-DHAS_IMAGES" : "");
    kern = make_kernel(prog, "k");
    cl_int err;
    done = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    CHECK(clSetUserEventStatus(done, CL_COMPLETE));
    if (images) {
        cl_image_format fmt = {CL_RGBA, CL_UNORM_INT8};
        cl_image_desc d;
        memset(&d, 0, sizeof(d));
        d.image_type = CL_MEM_OBJECT_IMAGE2D;
        d.image_width = d.image_height = 4;
        img = clCreateImage(ctx, CL_MEM_READ_WRITE, &fmt, &d, NULL, &err);
        CHECK_CODE(err, "clCreateImage");
        smp = clCreateSamplerWithProperties(ctx, NULL, &err);
        if (err != CL_SUCCESS) /* PoCL rejects NULL properties (see sampler.c) */
            smp = clCreateSampler(ctx, CL_TRUE, CL_ADDRESS_CLAMP, CL_FILTER_NEAREST, &err);
        CHECK_CODE(err, "clCreateSampler");
        kimg = make_kernel(prog, "ks");
    }

    int fake = env_flag("TEST_ALLOW_FAKE_HANDLES");
    void *z = &zero_obj;
    bad_device(NULL);
    bad_context(NULL);
    bad_queue(NULL);
    bad_mem(NULL);
    bad_sampler(NULL);
    bad_program(NULL);
    bad_kernel(NULL);
    bad_event(NULL);
    if (fake) {
        bad_platform(z); bad_device(z); bad_context(z); bad_queue(z); bad_mem(z);
        bad_sampler(z); bad_program(z); bad_kernel(z); bad_event(z);
        /* valid handles of another object type */
        bad_platform((cl_platform_id)dev);
        bad_device((cl_device_id)ctx);
        bad_context((cl_context)q);
        bad_queue((cl_command_queue)buf);
        bad_mem((cl_mem)kern);
        bad_program((cl_program)done);
        bad_kernel((cl_kernel)prog);
        bad_event((cl_event)q);
        if (images) { bad_sampler((cl_sampler)img); bad_mem((cl_mem)smp); }
    }
    null_and_sizes();
    /* all objects still work */
    int v = 9, out[16];
    size_t n = 16;
    CHECK(clSetKernelArg(kern, 0, sizeof(buf), &buf));
    CHECK(clSetKernelArg(kern, 1, sizeof(v), &v));
    CHECK(clEnqueueNDRangeKernel(q, kern, 1, NULL, &n, NULL, 1, &done, NULL));
    CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), out, 0, NULL, NULL));
    for (int i = 0; i < 16; i++) ASSERT(out[i] == 9, "kernel result after the error calls");

    if (images) { CHECK(clReleaseKernel(kimg)); CHECK(clReleaseSampler(smp)); CHECK(clReleaseMemObject(img)); }
    CHECK(clReleaseEvent(done));
    CHECK(clReleaseKernel(kern));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseMemObject(buf));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("errors");
}
