/* ARGS: --data-races --check-api
 * ICD: OCLGRIND_DATA_RACES=1 OCLGRIND_CHECK_API=1
 * Shared virtual memory under the checkers: MemCheck reports a write one element past the
 * end of an SVM buffer (at the host address the kernel used), the race detector a
 * write-write race between two work-groups on an SVM buffer's element (at the buffer's
 * address in the simulator's terms, as for every buffer), and --check-api a copy that runs
 * past the end of an SVM buffer. Expected output derived by hand from those rules; the
 * message layouts are Oclgrind's (compat §4.3, §4.5). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void past_end(global int *a)\n"
    "{\n"
    "  a[16] = 1;\n"
    "}\n"
    "kernel void race(global int *a)\n"
    "{\n"
    "  a[0] = get_global_id(0);\n"
    "}\n";

int main(void)
{
    /* Our lines between the reports, in order. */
    setvbuf(stdout, NULL, _IONBF, 0);
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, NULL);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, NULL);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, NULL);
    if (clBuildProgram(prog, 1, &device, "-cl-std=CL2.0", NULL, NULL) != CL_SUCCESS) {
        printf("build failed\n");
        return 1;
    }
    int *a = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), 0);
    if (!a) {
        printf("clSVMAlloc failed\n");
        return 1;
    }
    size_t one = 1, two = 2;
    cl_kernel past_end = clCreateKernel(prog, "past_end", NULL);
    clSetKernelArgSVMPointer(past_end, 0, a);
    clEnqueueNDRangeKernel(q, past_end, 1, NULL, &one, &one, 0, NULL, NULL);
    clFinish(q);
    printf("past_end: ran\n");
    cl_kernel race = clCreateKernel(prog, "race", NULL);
    clSetKernelArgSVMPointer(race, 0, a);
    clEnqueueNDRangeKernel(q, race, 1, NULL, &two, &one, 0, NULL, NULL);
    clFinish(q);
    printf("race: ran\n");
    int host[16] = {0};
    cl_int err = clEnqueueSVMMemcpy(q, CL_TRUE, a + 1, host, sizeof(host), 0, NULL, NULL);
    printf("copy past the end: %s\n", err == CL_INVALID_VALUE ? "CL_INVALID_VALUE" : "other");
    clSVMFree(ctx, a);
    clReleaseKernel(past_end);
    clReleaseKernel(race);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
