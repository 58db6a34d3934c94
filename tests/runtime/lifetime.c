/* Object lifetimes across commands, and failures that stay where they happen:
 * - a context whose queue ran commands is destroyed once everything is released
 *   (its destructor callback runs), many times over without the process growing threads;
 * - a command that fails because of its wait list does not fail later commands of the
 *   same queue (in order or out of order);
 * - a blocking map that fails leaves no mapping behind. */
#include "common.h"

#include <dirent.h>

static int destroyed;

static void CL_CALLBACK on_destroy(cl_context ctx, void *user_data)
{
    (void)ctx;
    (void)user_data;
    destroyed++;
}

/* Threads of this process, from /proc/self/task. */
static int thread_count(void)
{
    DIR *d = opendir("/proc/self/task");
    if (!d)
        return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

static void contexts_go_away(cl_device_id dev)
{
    int before = thread_count();
    for (int i = 0; i < 20; i++) {
        cl_context ctx = make_context(dev);
        CHECK(clSetContextDestructorCallback(ctx, on_destroy, NULL));
        cl_command_queue q = make_queue(ctx, dev, 0);
        cl_mem buf = make_buffer(ctx, CL_MEM_READ_WRITE, 64, NULL);
        int data[16] = {0};
        CHECK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof(data), data, 0, NULL, NULL));
        cl_event marker;
        CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, &marker));
        CHECK(clWaitForEvents(1, &marker));
        CHECK(clReleaseEvent(marker));
        CHECK(clReleaseMemObject(buf));
        CHECK(clReleaseCommandQueue(q));
        CHECK(clReleaseContext(ctx));
    }
    /* Destruction may finish on a queue's thread: give it a moment. */
    for (int t = 0; t < 200 && destroyed < 20; t++)
        sleep_ms(10);
    ASSERT(destroyed == 20, "%d of 20 contexts destroyed", destroyed);
    int after = thread_count();
    for (int t = 0; t < 200 && after > before + 2; t++) {
        sleep_ms(10);
        after = thread_count();
    }
    ASSERT(after <= before + 2, "threads grew from %d to %d", before, after);
}

static void failures_stay_put(cl_context ctx, cl_device_id dev,
                              cl_command_queue_properties props)
{
    cl_command_queue q = make_queue(ctx, dev, props);
    cl_int err;
    cl_event gate = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    cl_event failed;
    CHECK(clEnqueueBarrierWithWaitList(q, 1, &gate, &failed));
    CHECK(clSetUserEventStatus(gate, -5));
    cl_int status;
    EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &failed));
    CHECK(clGetEventInfo(failed, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(status), &status,
                         NULL));
    ASSERT(status < 0, "barrier status %d", status);

    /* Later commands with no wait list run normally. */
    cl_mem buf = make_buffer(ctx, CL_MEM_READ_WRITE, sizeof(int), NULL);
    int in = 42, out = 0;
    CHECK(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, sizeof(in), &in, 0, NULL, NULL));
    CHECK(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, sizeof(out), &out, 0, NULL, NULL));
    ASSERT(out == 42, "read %d after a failed command", out);
    CHECK(clFinish(q));

    /* A blocking map that fails through its wait list leaves no mapping. */
    cl_event gate2 = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    CHECK(clSetUserEventStatus(gate2, -3));
    void *p = clEnqueueMapBuffer(q, buf, CL_TRUE, CL_MAP_READ, 0, sizeof(int), 1, &gate2, NULL,
                                 &err);
    ASSERT(p == NULL && err == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST,
           "failed map: ptr %p, %s", p, cl_err_name(err));
    cl_uint maps;
    CHECK(clGetMemObjectInfo(buf, CL_MEM_MAP_COUNT, sizeof(maps), &maps, NULL));
    ASSERT(maps == 0, "map count %u after a failed map", maps);

    CHECK(clReleaseEvent(gate));
    CHECK(clReleaseEvent(gate2));
    CHECK(clReleaseEvent(failed));
    CHECK(clReleaseMemObject(buf));
    CHECK(clReleaseCommandQueue(q));
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    contexts_go_away(dev);
    cl_context ctx = make_context(dev);
    failures_stay_put(ctx, dev, 0);
    cl_command_queue_properties props;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(props), &props, NULL));
    if (props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE)
        failures_stay_put(ctx, dev, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    CHECK(clReleaseContext(ctx));
    PASS("lifetime");
}
