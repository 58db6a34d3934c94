/* Several host threads sharing one context: each has its own queue,
 * program, buffers and kernels; shared objects are retained and released
 * concurrently. */
#include "common.h"
#include <pthread.h>

#define NTHREADS 4
#define N 512
#define ITERS 8

static cl_context ctx;
static cl_device_id dev;
static cl_mem shared_in;    /* read by every thread's kernels */
static cl_mem token;        /* only retained/released */
static cl_event shared_ev;  /* only retained/released/queried */
static pthread_barrier_t start;

static const char *src =
    "kernel void work(global const int *in, global int *out, int k) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] = in[i] * TID + k;\n"
    "}\n"
    "kernel void acc(global int *out, global const int *add) {\n"
    "  size_t i = get_global_id(0);\n"
    "  out[i] += add[i];\n"
    "}\n";

static void *thread_main(void *arg)
{
    int tid = (int)(size_t)arg;
    cl_int err;
    pthread_barrier_wait(&start);

    /* its own queue and program */
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, NULL, &err);
    CHECK_CODE(err, "clCreateCommandQueueWithProperties");
    char opts[32];
    snprintf(opts, sizeof(opts), "-DTID=%d", tid + 2);
    cl_program prog = build_program(ctx, dev, src, opts);
    cl_kernel kw = make_kernel(prog, "work"), ka = make_kernel(prog, "acc");

    /* hammer the shared objects' reference counts */
    for (int i = 0; i < 500; i++) {
        CHECK(clRetainMemObject(token));
        CHECK(clRetainContext(ctx));
        CHECK(clRetainEvent(shared_ev));
        cl_int st;
        CHECK(clGetEventInfo(shared_ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof(st), &st, NULL));
        CHECK(clReleaseEvent(shared_ev));
        CHECK(clReleaseContext(ctx));
        CHECK(clReleaseMemObject(token));
    }

    cl_mem out = make_buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL);
    cl_mem sum = make_buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(int), NULL);
    CHECK(clEnqueueFillBuffer(q, sum, &(int){0}, sizeof(int), 0, N * sizeof(int), 0, NULL, NULL));
    size_t n = N;
    for (int it = 0; it < ITERS; it++) {
        CHECK(clSetKernelArg(kw, 0, sizeof(shared_in), &shared_in));
        CHECK(clSetKernelArg(kw, 1, sizeof(out), &out));
        CHECK(clSetKernelArg(kw, 2, sizeof(int), &it));
        CHECK(clEnqueueNDRangeKernel(q, kw, 1, NULL, &n, NULL, 0, NULL, NULL));
        CHECK(clSetKernelArg(ka, 0, sizeof(sum), &sum));
        CHECK(clSetKernelArg(ka, 1, sizeof(out), &out));
        CHECK(clEnqueueNDRangeKernel(q, ka, 1, NULL, &n, NULL, 0, NULL, NULL));
        int v[N];
        if (tid % 2) {
            cl_event e;
            CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, 0, sizeof(v), v, 0, NULL, &e));
            CHECK(clWaitForEvents(1, &e));
            CHECK(clReleaseEvent(e));
        } else {
            CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(v), v, 0, NULL, NULL));
        }
        for (int i = 0; i < N; i++)
            ASSERT(v[i] == (i - 100) * (tid + 2) + it, "thread %d iteration %d: out[%d] = %d",
                   tid, it, i, v[i]);
    }
    int s[N];
    CHECK(clEnqueueReadBuffer(q, sum, CL_TRUE, 0, sizeof(s), s, 0, NULL, NULL));
    for (int i = 0; i < N; i++) {
        int want = ITERS * (i - 100) * (tid + 2) + ITERS * (ITERS - 1) / 2;
        ASSERT(s[i] == want, "thread %d: sum[%d] = %d, expected %d", tid, i, s[i], want);
    }
    CHECK(clReleaseMemObject(out));
    CHECK(clReleaseMemObject(sum));
    CHECK(clReleaseKernel(kw));
    CHECK(clReleaseKernel(ka));
    CHECK(clReleaseProgram(prog));
    CHECK(clFinish(q));
    CHECK(clReleaseCommandQueue(q));
    return NULL;
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &dev);
    ctx = make_context(dev);
    int in[N];
    for (int i = 0; i < N; i++) in[i] = i - 100;
    shared_in = make_buffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, sizeof(in), in);
    token = make_buffer(ctx, CL_MEM_READ_WRITE, 64, NULL);
    cl_int err;
    shared_ev = clCreateUserEvent(ctx, &err);
    CHECK_CODE(err, "clCreateUserEvent");

    pthread_barrier_init(&start, NULL, NTHREADS);
    pthread_t th[NTHREADS];
    for (int t = 0; t < NTHREADS; t++)
        ASSERT(pthread_create(&th[t], NULL, thread_main, (void *)(size_t)t) == 0, "pthread_create");
    for (int t = 0; t < NTHREADS; t++) pthread_join(th[t], NULL);
    pthread_barrier_destroy(&start);

    cl_uint refs = 0;
    CHECK(clGetMemObjectInfo(token, CL_MEM_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 1, "token reference count %u after balanced retains/releases", refs);
    CHECK(clGetEventInfo(shared_ev, CL_EVENT_REFERENCE_COUNT, sizeof(refs), &refs, NULL));
    ASSERT(refs == 1, "event reference count %u after balanced retains/releases", refs);
    CHECK(clSetUserEventStatus(shared_ev, CL_COMPLETE));
    CHECK(clReleaseEvent(shared_ev));
    CHECK(clReleaseMemObject(token));
    CHECK(clReleaseMemObject(shared_in));
    CHECK(clReleaseContext(ctx));
    PASS("threads");
}
