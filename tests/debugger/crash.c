/* For the TUI's crash test: prints a line, makes a context (which starts the debugger), and
 * dies of SIGSEGV. The interface must say so and keep what was printed. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <signal.h>
#include <stdio.h>

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, NULL);
    printf("context %s, crashing now\n", context ? "made" : "failed");
    fflush(stdout);
    raise(SIGSEGV);
    return 0;
}
