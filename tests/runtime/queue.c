/* Command queues: creation variants, info, reference counting, errors. */
#include "common.h"

static cl_uint refcount(cl_command_queue q)
{
    cl_uint n = 0;
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_REFERENCE_COUNT, sizeof(n), &n, NULL));
    return n;
}

/* Check the basic info of a queue and run a small command on it. */
static void check_queue(cl_command_queue q, cl_context ctx, cl_device_id dev,
                        cl_command_queue_properties props,
                        const cl_queue_properties *array, size_t array_size)
{
    cl_context qc = NULL;
    cl_device_id qd = NULL;
    cl_command_queue_properties qp = 0;
    size_t sz = 0;
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(qc), &qc, &sz));
    ASSERT(qc == ctx && sz == sizeof(qc), "CL_QUEUE_CONTEXT");
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE, sizeof(qd), &qd, &sz));
    ASSERT(qd == dev && sz == sizeof(qd), "CL_QUEUE_DEVICE");
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES, sizeof(qp), &qp, &sz));
    ASSERT(qp == props && sz == sizeof(qp), "CL_QUEUE_PROPERTIES 0x%llx, expected 0x%llx",
           (unsigned long long)qp, (unsigned long long)props);
    ASSERT(refcount(q) == 1, "new queue reference count %u", refcount(q));

    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, 0, NULL, &sz));
    ASSERT(sz == array_size, "PROPERTIES_ARRAY size %zu, expected %zu", sz, array_size);
    if (sz) {
        cl_queue_properties got[8] = {0};
        ASSERT(sz <= sizeof(got), "PROPERTIES_ARRAY too long");
        CHECK(clGetCommandQueueInfo(q, CL_QUEUE_PROPERTIES_ARRAY, sz, got, NULL));
        ASSERT(memcmp(got, array, sz) == 0, "PROPERTIES_ARRAY differs");
    }
    cl_command_queue def = (cl_command_queue)&sz;
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_DEVICE_DEFAULT, sizeof(def), &def, &sz));
    ASSERT(def == NULL && sz == sizeof(def), "host queue has a default device queue");

    /* The queue works. */
    cl_int err;
    int in[4] = {1, 2, 3, 4}, out[4] = {0};
    cl_mem b = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof(in), NULL, &err);
    CHECK_CODE(err, "clCreateBuffer");
    cl_event ev = NULL;
    CHECK(clEnqueueWriteBuffer(q, b, CL_FALSE, 0, sizeof(in), in, 0, NULL, &ev));
    CHECK(clFlush(q));
    CHECK(clEnqueueReadBuffer(q, b, CL_FALSE, 0, sizeof(out), out, 1, &ev, NULL));
    CHECK(clFinish(q));
    ASSERT(memcmp(in, out, sizeof(in)) == 0, "data mismatch");
    cl_command_queue eq = NULL;
    CHECK(clGetEventInfo(ev, CL_EVENT_COMMAND_QUEUE, sizeof(eq), &eq, NULL));
    ASSERT(eq == q, "event queue mismatch");
    CHECK(clReleaseEvent(ev));
    CHECK(clReleaseMemObject(b));
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    cl_context ctx = make_context(dev);
    cl_int err;
    cl_command_queue_properties supported = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(supported),
                          &supported, NULL));

    /* Deprecated entry point. */
    cl_command_queue q = clCreateCommandQueue(ctx, dev, 0, &err);
    CHECK_CODE(err, "clCreateCommandQueue");
    check_queue(q, ctx, dev, 0, NULL, 0);
    CHECK(clReleaseCommandQueue(q));
    q = clCreateCommandQueue(ctx, dev, CL_QUEUE_PROFILING_ENABLE, &err);
    CHECK_CODE(err, "clCreateCommandQueue(PROFILING)");
    check_queue(q, ctx, dev, CL_QUEUE_PROFILING_ENABLE, NULL, 0);
    CHECK(clReleaseCommandQueue(q));

    /* NULL properties: in-order, no profiling. */
    q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    CHECK_CODE(err, "clCreateCommandQueueWithProperties(NULL)");
    /* (counts are checked before any command: afterwards an implementation
     * may still hold internal references for a while) */
    CHECK(clRetainCommandQueue(q));
    ASSERT(refcount(q) == 2, "reference count after retain %u", refcount(q));
    CHECK(clReleaseCommandQueue(q));
    check_queue(q, ctx, dev, 0, NULL, 0);
    CHECK(clReleaseCommandQueue(q));

    /* Empty property list. */
    cl_queue_properties empty[] = {0};
    q = clCreateCommandQueueWithProperties(ctx, dev, empty, &err);
    CHECK_CODE(err, "clCreateCommandQueueWithProperties({0})");
    check_queue(q, ctx, dev, 0, empty, sizeof(empty));
    CHECK(clReleaseCommandQueue(q));

    cl_queue_properties prof[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
    q = clCreateCommandQueueWithProperties(ctx, dev, prof, &err);
    CHECK_CODE(err, "clCreateCommandQueueWithProperties(PROFILING)");
    check_queue(q, ctx, dev, CL_QUEUE_PROFILING_ENABLE, prof, sizeof(prof));
    CHECK(clReleaseCommandQueue(q));

    cl_queue_properties ooo[] = {
        CL_QUEUE_PROPERTIES, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE | CL_QUEUE_PROFILING_ENABLE, 0};
    q = clCreateCommandQueueWithProperties(ctx, dev, ooo, &err);
    if (supported & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE) {
        CHECK_CODE(err, "clCreateCommandQueueWithProperties(OUT_OF_ORDER)");
        check_queue(q, ctx, dev, (cl_command_queue_properties)ooo[1], ooo, sizeof(ooo));
        CHECK(clReleaseCommandQueue(q));
        q = clCreateCommandQueue(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
        CHECK_CODE(err, "clCreateCommandQueue(OUT_OF_ORDER)");
        check_queue(q, ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, NULL, 0);
        CHECK(clReleaseCommandQueue(q));
    } else {
        EXPECT_CODE(CL_INVALID_QUEUE_PROPERTIES, err, "out-of-order queue on a device without it");
    }

    /* The queue keeps its context alive. */
    cl_context ctx2 = make_context(dev);
    q = clCreateCommandQueueWithProperties(ctx2, dev, NULL, &err);
    CHECK_CODE(err, "clCreateCommandQueueWithProperties");
    CHECK(clReleaseContext(ctx2));
    CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, NULL));
    CHECK(clFinish(q));
    cl_context qc = NULL;
    CHECK(clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(qc), &qc, NULL));
    ASSERT(qc == ctx2, "CL_QUEUE_CONTEXT after context release");
    CHECK(clReleaseCommandQueue(q));

    /* Errors. */
    q = clCreateCommandQueueWithProperties(NULL, dev, NULL, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateCommandQueueWithProperties(NULL context)");
    ASSERT(q == NULL, "queue returned on error");
    q = clCreateCommandQueueWithProperties(ctx, NULL, NULL, &err);
    EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateCommandQueueWithProperties(NULL device)");
    q = clCreateCommandQueue(NULL, dev, 0, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateCommandQueue(NULL context)");
    q = clCreateCommandQueue(ctx, NULL, 0, &err);
    EXPECT_CODE(CL_INVALID_DEVICE, err, "clCreateCommandQueue(NULL device)");
    q = clCreateCommandQueue(ctx, dev, (cl_command_queue_properties)1 << 40, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateCommandQueue(invalid properties)");
    cl_queue_properties badbits[] = {CL_QUEUE_PROPERTIES, (cl_queue_properties)1 << 40, 0};
    q = clCreateCommandQueueWithProperties(ctx, dev, badbits, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateCommandQueueWithProperties(invalid bits)");
    cl_queue_properties badname[] = {0x7777, 0, 0};
    q = clCreateCommandQueueWithProperties(ctx, dev, badname, &err);
    EXPECT_CODE(CL_INVALID_VALUE, err, "clCreateCommandQueueWithProperties(unknown property)");
    cl_device_device_enqueue_capabilities dq = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_DEVICE_ENQUEUE_CAPABILITIES, sizeof(dq), &dq, NULL));
    /* PoCL aborts the process ("Device side queue is unimplemented") */
    if (!(dq & CL_DEVICE_QUEUE_SUPPORTED) && strict_mode()) {
        cl_queue_properties ondev[] = {
            CL_QUEUE_PROPERTIES, CL_QUEUE_ON_DEVICE | CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, 0};
        q = clCreateCommandQueueWithProperties(ctx, dev, ondev, &err);
        EXPECT_CODE(CL_INVALID_QUEUE_PROPERTIES, err, "device queue without device-queue support");
    }
    /* No replaceable default on-device queue without device enqueue: CL_INVALID_OPERATION,
     * whatever queue is given (the spec; the Khronos CTS passes a host queue) */
    if (dq == 0 && strict_mode()) {
        cl_command_queue host = make_queue(ctx, dev, 0);
        EXPECT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(ctx, dev, host));
        EXPECT_ERR(CL_INVALID_OPERATION, clSetDefaultDeviceCommandQueue(ctx, dev, NULL));
        CHECK(clReleaseCommandQueue(host));
    }

    q = make_queue(ctx, dev, 0);
    char small[4];
    EXPECT_ERR(CL_INVALID_VALUE, clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetCommandQueueInfo(q, 0x10FF, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE,
               clGetCommandQueueInfo(NULL, CL_QUEUE_CONTEXT, sizeof(small), small, NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clRetainCommandQueue(NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clReleaseCommandQueue(NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFlush(NULL));
    EXPECT_ERR(CL_INVALID_COMMAND_QUEUE, clFinish(NULL));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("queue");
}
