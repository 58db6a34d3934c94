/* ARGS: --check-api
 * An event callback calls exit(), so the exit handler runs on the queue's own worker thread,
 * in the middle of a command: waiting for that queue there could never end. The waits are
 * refused with CL_INVALID_OPERATION (and a reason), the releases work, and the process ends
 * normally with its buffered output. */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <stdio.h>
#include <stdlib.h>

static cl_context ctx;
static cl_command_queue queue;
static cl_mem buf;

static void exit_handler(void)
{
    int value = 0;
    cl_int finish = clFinish(queue);
    cl_int read = clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof(value), &value, 0, NULL,
                                      NULL);
    cl_int released = clReleaseMemObject(buf) | clReleaseCommandQueue(queue) |
                      clReleaseContext(ctx);
    printf("exit handler: clFinish %d, blocking read %d, releases %d\n", finish, read, released);
}

static void CL_CALLBACK on_complete(cl_event event, cl_int status, void *data)
{
    (void)event;
    (void)data;
    printf("callback: status %d, exiting\n", status);
    exit(0);
}

int main(void)
{
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    // Unbuffered, so the output interleaves with --check-api's reports on stderr in order.
    setvbuf(stdout, NULL, _IONBF, 0);
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    queue = clCreateCommandQueue(ctx, device, 0, &err);
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
    atexit(exit_handler);
    // A user event holds the write back until the callback is in place, so the callback runs
    // on the queue's worker when the write completes.
    cl_event gate = clCreateUserEvent(ctx, &err);
    cl_event written;
    int value = 7;
    clEnqueueWriteBuffer(queue, buf, CL_FALSE, 0, sizeof(value), &value, 1, &gate, &written);
    clSetEventCallback(written, CL_COMPLETE, on_complete, NULL);
    printf("main: releasing the write\n");
    clSetUserEventStatus(gate, CL_COMPLETE);
    clWaitForEvents(1, &written);
    // Not reached: the callback exits first, or exits while this waits.
    for (;;) {
    }
}
