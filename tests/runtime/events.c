/* Events: user events, callbacks, cross-queue wait lists, profiling,
 * markers, barriers, waits, info, and polling for completion. */
#include "common.h"
#include <pthread.h>

static cl_context ctx;
static cl_device_id dev;
static cl_command_queue q1, q2;
static cl_kernel kadd; /* p[i] = p[i] * m + a */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static const char *src =
    "kernel void madd(global int *p, int m, int a) {\n"
    "  size_t i = get_global_id(0);\n"
    "  p[i] = p[i] * m + a;\n"
    "}\n"
    "kernel void busy(global uint *p, uint rounds) {\n"
    "  size_t i = get_global_id(0);\n"
    "  uint x = (uint)i;\n"
    "  for (uint r = 0; r < rounds; r++) x = x * 1664525u + 1013904223u;\n"
    "  p[i] = x;\n"
    "}\n";

static cl_int status_of(cl_event e)
{
    cl_int st = 99;
    CHECK(clGetEventInfo(e, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
    return st;
}

static cl_event madd(cl_command_queue q, cl_mem b, size_t n, int m, int a, cl_uint nw,
                     const cl_event *wl)
{
    cl_event e;
    CHECK(clSetKernelArg(kadd, 0, sizeof(b), &b));
    CHECK(clSetKernelArg(kadd, 1, sizeof(int), &m));
    CHECK(clSetKernelArg(kadd, 2, sizeof(int), &a));
    CHECK(clEnqueueNDRangeKernel(q, kadd, 1, NULL, &n, NULL, nw, wl, &e));
    return e;
}

static void expect_all(cl_command_queue q, cl_mem b, size_t n, int want)
{
    int *v = malloc(n * sizeof(int));
    CHECK(clEnqueueReadBuffer(q, b, CL_TRUE, 0, n * sizeof(int), v, 0, NULL, NULL));
    for (size_t i = 0; i < n; i++) ASSERT(v[i] == want, "p[%zu] = %d, expected %d", i, v[i], want);
    free(v);
}

static cl_mem filled(size_t n, int value)
{
    int *v = malloc(n * sizeof(int));
    for (size_t i = 0; i < n; i++) v[i] = value;
    cl_mem b = make_buffer(ctx, CL_MEM_COPY_HOST_PTR, n * sizeof(int), v);
    free(v);
    return b;
}

/* callbacks record (event, registered type, received status) */
struct cb_rec { cl_event ev; cl_int type, status; };
static struct cb_rec recs[16];
static int nrecs;
static void CL_CALLBACK on_event(cl_event e, cl_int status, void *user_data)
{
    pthread_mutex_lock(&lock);
    if (nrecs < 16) recs[nrecs] = (struct cb_rec){e, (cl_int)(size_t)user_data, status};
    nrecs++;
    pthread_mutex_unlock(&lock);
}
static int wait_recs(int n)
{
    for (int i = 0; i < 2000; i++) {
        pthread_mutex_lock(&lock);
        int c = nrecs;
        pthread_mutex_unlock(&lock);
        if (c >= n) return c;
        sleep_ms(10);
    }
    return nrecs;
}

static void *complete_later(void *arg)
{
    sleep_ms(50);
    CHECK(clSetUserEventStatus((cl_event)arg, CL_COMPLETE));
    return NULL;
}

static void test_user_events(void)
{
    cl_int err;
    cl_event ue = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    cl_command_type type = 0;
    cl_command_queue eq = q1;
    cl_context ec = NULL;
    CHECK(clGetEventInfo(ue, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
    CHECK(clGetEventInfo(ue, CL_EVENT_COMMAND_QUEUE, sizeof(eq), &eq, NULL));
    CHECK(clGetEventInfo(ue, CL_EVENT_CONTEXT, sizeof(ec), &ec, NULL));
    ASSERT(type == CL_COMMAND_USER && eq == NULL && ec == ctx, "user event info");
    ASSERT(status_of(ue) == CL_SUBMITTED, "new user event status %d", status_of(ue));
    cl_ulong t;
    EXPECT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
               clGetEventProfilingInfo(ue, CL_PROFILING_COMMAND_QUEUED, sizeof(t), &t, NULL));
    CHECK(clSetEventCallback(ue, CL_COMPLETE, on_event, (void *)(size_t)CL_COMPLETE));

    /* commands gated on the user event cannot start before it completes */
    cl_mem b = filled(64, 1);
    cl_event e1 = madd(q1, b, 64, 3, 1, 1, &ue); /* 4 */
    cl_event e2 = madd(q1, b, 64, 2, 0, 0, NULL); /* 8 */
    cl_int s1 = status_of(e1), s2 = status_of(e2);
    ASSERT((s1 == CL_QUEUED || s1 == CL_SUBMITTED) && (s2 == CL_QUEUED || s2 == CL_SUBMITTED),
           "gated commands have status %d, %d", s1, s2);
    EXPECT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
               clGetEventProfilingInfo(e1, CL_PROFILING_COMMAND_END, sizeof(t), &t, NULL));
    /* another thread completes the user event while we wait */
    pthread_t th;
    ASSERT(pthread_create(&th, NULL, complete_later, ue) == 0, "pthread_create");
    CHECK(clWaitForEvents(1, &e2));
    pthread_join(th, NULL);
    ASSERT(status_of(e1) == CL_COMPLETE && status_of(e2) == CL_COMPLETE, "not complete after wait");
    expect_all(q1, b, 64, 8);
    ASSERT(wait_recs(1) == 1, "user event callback count %d", nrecs);
    ASSERT(recs[0].ev == ue && recs[0].status == CL_COMPLETE, "user event callback status %d",
           recs[0].status);
    EXPECT_ERR(CL_INVALID_OPERATION, clSetUserEventStatus(ue, CL_COMPLETE));
    CHECK(clReleaseEvent(e1)); CHECK(clReleaseEvent(e2)); CHECK(clReleaseEvent(ue));

    /* a user event in error */
    cl_event bad = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    EXPECT_ERR(CL_INVALID_VALUE, clSetUserEventStatus(bad, CL_SUBMITTED));
    CHECK(clSetUserEventStatus(bad, -1));
    ASSERT(status_of(bad) == -1, "error status %d", status_of(bad));
    EXPECT_ERR(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST, clWaitForEvents(1, &bad));
    CHECK(clReleaseEvent(bad));
    cl_event kev = madd(q1, b, 64, 1, 0, 0, NULL);
    EXPECT_ERR(CL_INVALID_EVENT, clSetUserEventStatus(kev, CL_COMPLETE));
    CHECK(clWaitForEvents(1, &kev));
    CHECK(clReleaseEvent(kev));
    CHECK(clReleaseMemObject(b));
    cl_event none = clCreateUserEvent(NULL, &err);
    EXPECT_CODE(CL_INVALID_CONTEXT, err, "clCreateUserEvent(NULL)");
    ASSERT(none == NULL, "event returned on error");
}

static void test_callbacks_and_info(void)
{
    cl_mem b = filled(128, 2);
    pthread_mutex_lock(&lock);
    nrecs = 0;
    pthread_mutex_unlock(&lock);
    cl_event e = madd(q1, b, 128, 5, 0, 0, NULL);
    static const cl_int types[3] = {CL_SUBMITTED, CL_RUNNING, CL_COMPLETE};
    for (int i = 0; i < 3; i++)
        CHECK(clSetEventCallback(e, types[i], on_event, (void *)(size_t)types[i]));
    EXPECT_ERR(CL_INVALID_VALUE, clSetEventCallback(e, CL_QUEUED, on_event, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clSetEventCallback(e, CL_COMPLETE, NULL, NULL));
    cl_command_type type = 0;
    cl_command_queue eq = NULL;
    cl_context ec = NULL;
    cl_uint refs = 0;
    CHECK(clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
    CHECK(clGetEventInfo(e, CL_EVENT_COMMAND_QUEUE, sizeof(eq), &eq, NULL));
    CHECK(clGetEventInfo(e, CL_EVENT_CONTEXT, sizeof(ec), &ec, NULL));
    ASSERT(type == CL_COMMAND_NDRANGE_KERNEL && eq == q1 && ec == ctx, "kernel event info");
    CHECK(clRetainEvent(e));
    CHECK(clGetEventInfo(e, CL_EVENT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs >= 2, "reference count after retain %u", refs);
    CHECK(clReleaseEvent(e));
    char small[2];
    EXPECT_ERR(CL_INVALID_VALUE, clGetEventInfo(e, CL_EVENT_COMMAND_TYPE, 2, small, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetEventInfo(e, 0x11FF, sizeof(small), small, NULL));
    CHECK(clFinish(q1));
    ASSERT(status_of(e) == CL_COMPLETE, "status after clFinish");
    cl_event cev;
    CHECK(clEnqueueReadBuffer(q1, b, CL_FALSE, 0, 4, small, 0, NULL, &cev));
    CHECK(clGetEventInfo(cev, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
    ASSERT(type == CL_COMMAND_READ_BUFFER, "read event type 0x%x", type);
    CHECK(clWaitForEvents(1, &cev));
    CHECK(clReleaseEvent(cev));
    /* callbacks may run as late as the release of the event: wait for them */
    CHECK(clReleaseEvent(e));
    ASSERT(wait_recs(3) == 3, "%d of 3 event callbacks ran", nrecs);
    int seen = 0;
    for (int i = 0; i < 3; i++) {
        ASSERT(recs[i].ev == e, "callback got another event");
        ASSERT(recs[i].status >= CL_COMPLETE && recs[i].status <= recs[i].type,
               "callback for %d got status %d", recs[i].type, recs[i].status);
        seen |= 1 << recs[i].type;
    }
    ASSERT(seen == 7, "callback types mask %d", seen);
    expect_all(q1, b, 128, 10);
    CHECK(clReleaseMemObject(b));
}

static void test_cross_queue(void)
{
    cl_int err;
    cl_event ue = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    cl_mem b = filled(32, 1);
    cl_event ea = madd(q1, b, 32, 10, 0, 1, &ue); /* 10 */
    cl_event eb = madd(q2, b, 32, 1, 5, 1, &ea);  /* 15 */
    cl_event ec = madd(q2, b, 32, 2, 0, 0, NULL); /* 30 */
    cl_int sb = status_of(eb);
    ASSERT(sb == CL_QUEUED || sb == CL_SUBMITTED, "cross-queue dependant has status %d", sb);
    CHECK(clSetUserEventStatus(ue, CL_COMPLETE));
    CHECK(clFlush(q1));
    cl_event both[2] = {ea, ec};
    CHECK(clWaitForEvents(2, both));
    ASSERT(status_of(eb) == CL_COMPLETE, "dependency of a completed command not complete");
    expect_all(q2, b, 32, 30);
    CHECK(clReleaseEvent(ea)); CHECK(clReleaseEvent(eb)); CHECK(clReleaseEvent(ec));
    CHECK(clReleaseEvent(ue));
    CHECK(clReleaseMemObject(b));
}

static void test_profiling(void)
{
    cl_command_queue pq = make_queue(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
    cl_mem b = filled(256, 1);
    cl_event e = madd(pq, b, 256, 2, 1, 0, NULL);
    CHECK(clWaitForEvents(1, &e));
    static const cl_profiling_info params[5] = {
        CL_PROFILING_COMMAND_QUEUED, CL_PROFILING_COMMAND_SUBMIT, CL_PROFILING_COMMAND_START,
        CL_PROFILING_COMMAND_END, CL_PROFILING_COMMAND_COMPLETE};
    cl_ulong t[5];
    for (int i = 0; i < 5; i++) {
        size_t sz = 0;
        CHECK(clGetEventProfilingInfo(e, params[i], sizeof(t[i]), &t[i], &sz));
        ASSERT(sz == sizeof(cl_ulong), "profiling size %zu", sz);
    }
    ASSERT(t[0] <= t[1] && t[1] <= t[2] && t[2] <= t[3] && t[3] <= t[4],
           "profiling order %llu %llu %llu %llu %llu", (unsigned long long)t[0],
           (unsigned long long)t[1], (unsigned long long)t[2], (unsigned long long)t[3],
           (unsigned long long)t[4]);
    EXPECT_ERR(CL_INVALID_VALUE, clGetEventProfilingInfo(e, 0x11FF, sizeof(t[0]), t, NULL));
    EXPECT_ERR(CL_INVALID_VALUE, clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, 4, t, NULL));
    CHECK(clReleaseEvent(e));
    /* a queue without profiling has none */
    e = madd(q1, b, 256, 1, 0, 0, NULL);
    CHECK(clWaitForEvents(1, &e));
    EXPECT_ERR(CL_PROFILING_INFO_NOT_AVAILABLE,
               clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof(t[0]), t, NULL));
    CHECK(clReleaseEvent(e));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseCommandQueue(pq));
}

static void test_markers_barriers(void)
{
    cl_int err;
    cl_command_queue_properties props = 0;
    CHECK(clGetDeviceInfo(dev, CL_DEVICE_QUEUE_ON_HOST_PROPERTIES, sizeof(props), &props, NULL));
    cl_command_queue q = make_queue(ctx, dev, props & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE);
    cl_event ue = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");
    cl_mem b = filled(64, 3);
    cl_event ea = madd(q, b, 64, 2, 0, 1, &ue);       /* 6 */
    cl_event mk, bar, bar2, eb;
    CHECK(clEnqueueMarkerWithWaitList(q, 0, NULL, &mk));
    CHECK(clEnqueueBarrierWithWaitList(q, 1, &ea, &bar));
    eb = madd(q, b, 64, 1, 4, 0, NULL);                 /* 10, after the barrier */
    CHECK(clEnqueueBarrierWithWaitList(q, 0, NULL, &bar2));
    cl_command_type type = 0;
    CHECK(clGetEventInfo(mk, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
    ASSERT(type == CL_COMMAND_MARKER, "marker type 0x%x", type);
    CHECK(clGetEventInfo(bar, CL_EVENT_COMMAND_TYPE, sizeof(type), &type, NULL));
    ASSERT(type == CL_COMMAND_BARRIER, "barrier type 0x%x", type);
    cl_int sm = status_of(mk), sb = status_of(eb);
    ASSERT(sm != CL_COMPLETE && sm != CL_RUNNING && sb != CL_COMPLETE && sb != CL_RUNNING,
           "marker/command after gated command has status %d/%d", sm, sb);
    CHECK(clSetUserEventStatus(ue, CL_COMPLETE));
    CHECK(clWaitForEvents(1, &bar2));
    ASSERT(status_of(mk) == CL_COMPLETE && status_of(ea) == CL_COMPLETE, "marker not complete");
    expect_all(q, b, 64, 10);
    /* deprecated forms */
    cl_event old;
    CHECK(clEnqueueMarker(q, &old));
    CHECK(clEnqueueBarrier(q));
    if (strict_mode()) /* PoCL aborts: "unimplemented" */
        CHECK(clEnqueueWaitForEvents(q, 1, &old));
    CHECK(clFinish(q));
    ASSERT(status_of(old) == CL_COMPLETE, "deprecated marker not complete");
    cl_event list[6] = {ue, ea, mk, bar, eb, bar2};
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueMarkerWithWaitList(q, 1, NULL, NULL));
    EXPECT_ERR(CL_INVALID_EVENT_WAIT_LIST, clEnqueueBarrierWithWaitList(q, 0, list, NULL));
    for (int i = 0; i < 6; i++) CHECK(clReleaseEvent(list[i]));
    CHECK(clReleaseEvent(old));
    CHECK(clReleaseMemObject(b));
    CHECK(clReleaseCommandQueue(q));
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    q1 = make_queue(ctx, dev, 0);
    q2 = make_queue(ctx, dev, 0);
    cl_program prog = build_program(ctx, dev, src, "");
    kadd = make_kernel(prog, "madd");

    test_user_events();
    test_callbacks_and_info();
    test_cross_queue();
    test_profiling();
    test_markers_barriers();

    /* poll for completion after clFlush, without clFinish/clWaitForEvents */
    cl_kernel kb = make_kernel(prog, "busy");
    size_t n = 1024;
    cl_uint rounds = 200;
    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, n * sizeof(cl_uint), NULL);
    CHECK(clSetKernelArg(kb, 0, sizeof(out), &out));
    CHECK(clSetKernelArg(kb, 1, sizeof(rounds), &rounds));
    cl_event e;
    CHECK(clEnqueueNDRangeKernel(q1, kb, 1, NULL, &n, NULL, 0, NULL, &e));
    CHECK(clFlush(q1));
    cl_int st = status_of(e);
    for (int tries = 0; st != CL_COMPLETE && tries < 12000; tries++) {
        ASSERT(st >= CL_COMPLETE, "polled command failed with %d", st);
        sleep_ms(5);
        st = status_of(e);
    }
    ASSERT(st == CL_COMPLETE, "command never completed while polling (status %d)", st);
    cl_uint *v = malloc(n * sizeof(cl_uint));
    CHECK(clEnqueueReadBuffer(q1, out, CL_TRUE, 0, n * sizeof(cl_uint), v, 0, NULL, NULL));
    for (size_t i = 0; i < n; i += 97) {
        cl_uint x = (cl_uint)i;
        for (cl_uint r = 0; r < rounds; r++) x = x * 1664525u + 1013904223u;
        ASSERT(v[i] == x, "busy result %zu", i);
    }
    free(v);
    CHECK(clReleaseEvent(e));

    /* wait errors */
    EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(0, &e));
    EXPECT_ERR(CL_INVALID_VALUE, clWaitForEvents(1, NULL));
    cl_context other = make_context(dev);
    cl_int err;
    cl_event u1 = clCreateUserEvent(ctx, &err), u2 = clCreateUserEvent(other, &err);
    CHECK(clSetUserEventStatus(u1, CL_COMPLETE));
    CHECK(clSetUserEventStatus(u2, CL_COMPLETE));
    cl_event mixed[2] = {u1, u2};
    EXPECT_ERR(CL_INVALID_CONTEXT, clWaitForEvents(2, mixed));
    EXPECT_ERR(CL_INVALID_CONTEXT, clEnqueueMarkerWithWaitList(q1, 1, &u2, NULL));
    CHECK(clReleaseEvent(u1)); CHECK(clReleaseEvent(u2));
    CHECK(clReleaseContext(other));
    EXPECT_ERR(CL_INVALID_EVENT, clRetainEvent(NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clReleaseEvent(NULL));
    EXPECT_ERR(CL_INVALID_EVENT, clGetEventInfo(NULL, CL_EVENT_CONTEXT, sizeof(ctx), &ctx, NULL));

    CHECK(clFinish(q1));
    CHECK(clReleaseMemObject(out));
    CHECK(clReleaseKernel(kb));
    CHECK(clReleaseKernel(kadd));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q1));
    CHECK(clReleaseCommandQueue(q2));
    CHECK(clReleaseContext(ctx));
    PASS("events");
}
