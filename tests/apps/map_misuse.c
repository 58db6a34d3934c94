/* ARGS:
 * Kernels touching buffers the host has mapped: MemCheck reports a read from a region mapped
 * for writing and a write to a mapped region; after unmapping, the same kernel is clean. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void copy(global int *dst, global const int *src)\n"
    "{\n"
    "  size_t i = get_global_id(0);\n"
    "  dst[i] = src[i];\n"
    "}\n";

int main(void)
{
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, &err);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
    clBuildProgram(prog, 1, &device, "", NULL, NULL);
    cl_kernel k = clCreateKernel(prog, "copy", &err);
    cl_mem src = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
    cl_mem dst = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16 * sizeof(int), NULL, &err);
    clSetKernelArg(k, 0, sizeof(cl_mem), &dst);
    clSetKernelArg(k, 1, sizeof(cl_mem), &src);
    size_t one = 1;

    /* The host is filling src through a write mapping while the kernel reads it. */
    int *p = clEnqueueMapBuffer(q, src, CL_TRUE, CL_MAP_WRITE, 0, 16 * sizeof(int), 0, NULL,
                                NULL, &err);
    for (int i = 0; i < 16; i++)
        p[i] = i;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    clFinish(q);
    fprintf(stderr, "kernel ran with src mapped for writing\n");
    clEnqueueUnmapMemObject(q, src, p, 0, NULL, NULL);

    /* The host is reading dst while the kernel writes to it. */
    p = clEnqueueMapBuffer(q, dst, CL_TRUE, CL_MAP_READ, 0, 16 * sizeof(int), 0, NULL, NULL,
                           &err);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    clFinish(q);
    fprintf(stderr, "kernel ran with dst mapped for reading\n");
    clEnqueueUnmapMemObject(q, dst, p, 0, NULL, NULL);

    /* A mapping of another part of the buffer is fine. */
    p = clEnqueueMapBuffer(q, src, CL_TRUE, CL_MAP_WRITE, 8 * sizeof(int), 8 * sizeof(int), 0,
                           NULL, NULL, &err);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    clEnqueueUnmapMemObject(q, src, p, 0, NULL, NULL);
    clFinish(q);
    fprintf(stderr, "kernel ran clean\n");

    /* Mapped twice, unmapped once: the unmap ends the first (writing) mapping, so reading
     * while the reading one remains is fine (Oclgrind matches unmaps to maps that way). */
    int *w = clEnqueueMapBuffer(q, src, CL_TRUE, CL_MAP_WRITE_INVALIDATE_REGION, 0,
                                16 * sizeof(int), 0, NULL, NULL, &err);
    int *r = clEnqueueMapBuffer(q, src, CL_TRUE, CL_MAP_READ, 0, 16 * sizeof(int), 0, NULL,
                                NULL, &err);
    clEnqueueUnmapMemObject(q, src, w, 0, NULL, NULL);
    clEnqueueNDRangeKernel(q, k, 1, NULL, &one, &one, 0, NULL, NULL);
    clEnqueueUnmapMemObject(q, src, r, 0, NULL, NULL);
    clFinish(q);
    fprintf(stderr, "kernel ran clean with a reading mapping left\n");
    return 0;
}
