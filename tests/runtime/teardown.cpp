/* OpenCL calls while the process is torn down, as OpenCL libraries make them: CLBlast releases
 * its cached programs from static destructors, ViennaCL its contexts.
 *
 * - a C++ thread_local destructor releases a buffer and writes another, after the Rust
 *   thread-locals of its thread are gone (it was constructed before that thread's first call);
 * - an exit handler builds a new program from source and runs a kernel in a new context, with
 *   an event callback, then releases everything;
 * - a static destructor, which runs last (after exit handlers and the main thread's
 *   thread-locals), runs the kernel of main's context, releases every object, and checks that
 *   released handles now give CL_INVALID_* codes.
 *
 * Everything goes to stdout, which is a pipe and so fully buffered: the test sees it only if
 * the process ends normally. The last line is "PASS teardown". */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

#define CHECK(call)                                                            \
    do {                                                                       \
        cl_int e_ = (call);                                                    \
        if (e_ != CL_SUCCESS) {                                                \
            std::printf("FAIL %s:%d: %s returned %d\n", __FILE__, __LINE__,    \
                        #call, e_);                                            \
            std::fflush(stdout);                                               \
            std::_Exit(1);                                                     \
        }                                                                      \
    } while (0)

#define EXPECT(expected, call)                                                 \
    do {                                                                       \
        cl_int e_ = (call);                                                    \
        if (e_ != (expected)) {                                                \
            std::printf("FAIL %s:%d: %s returned %d, expected %s\n", __FILE__, \
                        __LINE__, #call, e_, #expected);                       \
            std::fflush(stdout);                                               \
            std::_Exit(1);                                                     \
        }                                                                      \
    } while (0)

static const char *source =
    "kernel void scale(global int *out, int factor)\n"
    "{\n"
    "  out[get_global_id(0)] = (int)get_global_id(0) * factor;\n"
    "}\n";

enum { N = 64 };

/* One context with everything needed to run `scale`. */
struct Setup {
    cl_device_id device = nullptr;
    cl_context context = nullptr;
    cl_command_queue queue = nullptr;
    cl_program program = nullptr;
    cl_kernel kernel = nullptr;
    cl_mem buffer = nullptr;

    void create()
    {
        cl_platform_id platform;
        cl_int err;
        CHECK(clGetPlatformIDs(1, &platform, nullptr));
        CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr));
        context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
        CHECK(err);
        queue = clCreateCommandQueueWithProperties(context, device, nullptr, &err);
        CHECK(err);
        program = clCreateProgramWithSource(context, 1, &source, nullptr, &err);
        CHECK(err);
        CHECK(clBuildProgram(program, 1, &device, "", nullptr, nullptr));
        kernel = clCreateKernel(program, "scale", &err);
        CHECK(err);
        buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, N * sizeof(cl_int), nullptr, &err);
        CHECK(err);
    }

    /* Runs the kernel and checks every element; `notify` gets the launch's completion. */
    void run(int factor, void (*notify)(cl_event, cl_int, void *) = nullptr, void *data = nullptr)
    {
        size_t global = N;
        cl_event done;
        CHECK(clSetKernelArg(kernel, 0, sizeof(cl_mem), &buffer));
        CHECK(clSetKernelArg(kernel, 1, sizeof(int), &factor));
        CHECK(clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, nullptr, 0, nullptr,
                                     &done));
        if (notify)
            CHECK(clSetEventCallback(done, CL_COMPLETE, notify, data));
        cl_int out[N];
        CHECK(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, sizeof(out), out, 1, &done,
                                  nullptr));
        CHECK(clWaitForEvents(1, &done));
        CHECK(clReleaseEvent(done));
        for (int i = 0; i < N; i++) {
            if (out[i] != i * factor) {
                std::printf("FAIL out[%d] = %d, expected %d\n", i, out[i], i * factor);
                std::fflush(stdout);
                std::_Exit(1);
            }
        }
    }

    void release()
    {
        CHECK(clReleaseMemObject(buffer));
        CHECK(clReleaseKernel(kernel));
        CHECK(clReleaseProgram(program));
        CHECK(clFinish(queue));
        CHECK(clReleaseCommandQueue(queue));
        CHECK(clReleaseContext(context));
    }
};

static Setup main_setup;

/* Destroyed when its thread ends, after that thread's Rust thread-locals. */
struct ThreadResources {
    cl_mem scratch = nullptr;
    bool used = false;

    ~ThreadResources()
    {
        if (!used)
            return;
        cl_int value = 42, back = 0;
        // Handed to the queue's worker (not blocking), then waited for.
        CHECK(clEnqueueWriteBuffer(main_setup.queue, scratch, CL_FALSE, 0, sizeof(value), &value,
                                   0, nullptr, nullptr));
        CHECK(clFinish(main_setup.queue));
        CHECK(clEnqueueReadBuffer(main_setup.queue, scratch, CL_TRUE, 0, sizeof(back), &back, 0,
                                  nullptr, nullptr));
        CHECK(clReleaseMemObject(scratch));
        EXPECT(CL_INVALID_MEM_OBJECT, clRetainMemObject(scratch));
        std::printf("thread_local destructor: read back %d\n", back);
    }
};

static thread_local ThreadResources thread_resources;

static void thread_body()
{
    // Constructed here, before this thread's first OpenCL call.
    thread_resources.used = true;
    cl_int err;
    thread_resources.scratch =
        clCreateBuffer(main_setup.context, CL_MEM_READ_WRITE, sizeof(cl_int), nullptr, &err);
    CHECK(err);
}

static void CL_CALLBACK on_complete(cl_event, cl_int status, void *data)
{
    *static_cast<cl_int *>(data) = status == CL_COMPLETE ? 1 : -1;
}

static void exit_handler()
{
    Setup fresh;
    fresh.create();
    cl_int notified = 0;
    fresh.run(3, on_complete, &notified);
    CHECK(clFinish(fresh.queue));
    fresh.release();
    std::printf("exit handler: new context ran its kernel, callback %d\n", notified);
}

/* Constructed before main, so destroyed after the exit handler that main registers. */
struct Last {
    ~Last()
    {
        main_setup.run(5);
        cl_kernel kernel = main_setup.kernel;
        cl_context context = main_setup.context;
        main_setup.release();
        EXPECT(CL_INVALID_KERNEL, clReleaseKernel(kernel));
        EXPECT(CL_INVALID_CONTEXT, clRetainContext(context));
        std::printf("static destructor: ran the kernel and released everything\n");
        std::printf("PASS teardown\n");
    }
} last;

int main()
{
    main_setup.create();
    main_setup.run(2);
    std::thread(thread_body).join();
    std::atexit(exit_handler);
    std::printf("main: returning\n");
    return 0;
}
