/* ARGS: --check-api
 * Waits on a queue from code its own command set off, which could never end: a blocking
 * write in an event callback, and clFinish in a buffer's destructor callback that runs when
 * the command holding the buffer's last reference is done. Both are refused with
 * CL_INVALID_OPERATION; the refused write is not queued either (it never runs later), and
 * the queue goes on working. */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <stdio.h>

static cl_command_queue queue;
static cl_mem buf;

static void CL_CALLBACK on_complete(cl_event event, cl_int status, void *data)
{
    (void)event;
    (void)data;
    int late = 99;
    cl_int err = clEnqueueWriteBuffer(queue, buf, CL_TRUE, 0, sizeof(late), &late, 0, NULL,
                                      NULL);
    printf("event callback (status %d): blocking write %d\n", status, err);
}

static void CL_CALLBACK on_destroyed(cl_mem mem, void *data)
{
    (void)mem;
    (void)data;
    printf("destructor callback: clFinish %d\n", clFinish(queue));
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
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    queue = clCreateCommandQueue(ctx, device, 0, &err);
    buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);

    // The callback is in place before the write can run: a user event holds it back.
    cl_event gate = clCreateUserEvent(ctx, &err);
    cl_event written;
    int value = 7;
    clEnqueueWriteBuffer(queue, buf, CL_FALSE, 0, sizeof(value), &value, 1, &gate, &written);
    clSetEventCallback(written, CL_COMPLETE, on_complete, NULL);
    clSetUserEventStatus(gate, CL_COMPLETE);
    clWaitForEvents(1, &written);
    clFinish(queue);
    int back = 0;
    clEnqueueReadBuffer(queue, buf, CL_TRUE, 0, sizeof(back), &back, 0, NULL, NULL);
    printf("buffer holds %d\n", back);

    // The scratch buffer's last reference is the copy command's: its destructor callback
    // runs on the queue's worker as the copy is done.
    cl_mem scratch = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 64, NULL, &err);
    clSetMemObjectDestructorCallback(scratch, on_destroyed, NULL);
    gate = clCreateUserEvent(ctx, &err);
    clEnqueueCopyBuffer(queue, buf, scratch, 0, 0, 64, 1, &gate, NULL);
    clReleaseMemObject(scratch);
    clSetUserEventStatus(gate, CL_COMPLETE);
    clFinish(queue);
    printf("queue finished\n");

    clReleaseMemObject(buf);
    clReleaseCommandQueue(queue);
    clReleaseContext(ctx);
    return 0;
}
