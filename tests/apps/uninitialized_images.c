/* ARGS: --uninitialized
 * ICD: OCLGRIND_UNINITIALIZED=1
 * Images under the Uninitialized checker. Pixels the host gave (a copy at creation, a
 * write, a fill) and pixels an earlier kernel wrote read as initialised; an image nobody
 * wrote does not, nor a pixel written from a value whose lane was never set. Queries of
 * an image's size read no pixels and are clean. Expected, derived by hand from compat §4.6
 * (image memory is global memory; a read's result is as initialised as the bytes it read):
 *   - gather, work-item 1 (the only one reading 'never'): its store is reported, with the
 *     image argument as the origin;
 *   - paint: writing a float4 whose w lane was never set is reported at write_imagef
 *     (global memory), with the private variable as the origin;
 *   - reread: reading that pixel back carries paint's origin into the next store, named
 *     as paint's; the fully written pixel (0, 0) is clean.
 * Checked against Debian's oclgrind 21.10, which has no Origin lines and tracks images as a
 * whole: it reports the gather store too, misses the write_imagef, and reports both reread
 * stores (out[0] falsely). */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>

static const char *source =
    "kernel void gather(read_only image2d_t copied, read_only image2d_t written,\n"
    "                   read_only image2d_t filled, read_only image2d_t never,\n"
    "                   global float *out)\n"
    "{\n"
    "  int i = get_global_id(0);\n"
    "  float4 a = read_imagef(copied, (int2)(i, 0)) + read_imagef(written, (int2)(i, 0));\n"
    "  float4 b = read_imagef(filled, (int2)(i, 0));\n"
    "  float4 c = i == 1 ? read_imagef(never, (int2)(i, 0)) : (float4)(0.0f);\n"
    "  out[i] = a.x + b.x + c.x + get_image_width(never);\n"
    "}\n"
    "\n"
    "kernel void paint(write_only image2d_t canvas)\n"
    "{\n"
    "  float4 colour;\n"
    "  colour.xyz = (float3)(0.5f);\n"
    "  write_imagef(canvas, (int2)(0, 0), (float4)(1.0f));\n"
    "  write_imagef(canvas, (int2)(1, 0), colour);\n"
    "}\n"
    "\n"
    "kernel void reread(read_only image2d_t canvas, global float *out)\n"
    "{\n"
    "  out[0] = read_imagef(canvas, (int2)(0, 0)).w;\n"
    "  out[1] = read_imagef(canvas, (int2)(1, 0)).w;\n"
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
    if (clBuildProgram(prog, 1, &device, "", NULL, NULL) != CL_SUCCESS) {
        printf("build failed\n");
        return 1;
    }

    cl_image_format format = {CL_RGBA, CL_FLOAT};
    cl_image_desc desc = {0};
    desc.image_type = CL_MEM_OBJECT_IMAGE2D;
    desc.image_width = 2;
    desc.image_height = 1;
    float pixels[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    cl_mem copied = clCreateImage(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, &format, &desc,
                                  pixels, &err);
    cl_mem written = clCreateImage(ctx, CL_MEM_READ_ONLY, &format, &desc, NULL, &err);
    size_t origin[3] = {0, 0, 0}, region[3] = {2, 1, 1};
    clEnqueueWriteImage(q, written, CL_TRUE, origin, region, 0, 0, pixels, 0, NULL, NULL);
    cl_mem filled = clCreateImage(ctx, CL_MEM_READ_ONLY, &format, &desc, NULL, &err);
    float two[4] = {2, 2, 2, 2};
    clEnqueueFillImage(q, filled, two, origin, region, 0, NULL, NULL);
    cl_mem never = clCreateImage(ctx, CL_MEM_READ_ONLY, &format, &desc, NULL, &err);
    cl_mem canvas = clCreateImage(ctx, CL_MEM_READ_WRITE, &format, &desc, NULL, &err);
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 2 * sizeof(float), NULL, &err);

    size_t global = 2, one = 1;
    cl_kernel gather = clCreateKernel(prog, "gather", &err);
    cl_mem args[5] = {copied, written, filled, never, out};
    for (int i = 0; i < 5; i++)
        clSetKernelArg(gather, i, sizeof(cl_mem), &args[i]);
    err = clEnqueueNDRangeKernel(q, gather, 1, NULL, &global, NULL, 0, NULL, NULL);
    float result[2];
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL);
    printf("gather: %s, first %g\n", err == CL_SUCCESS ? "ran" : "failed", result[0]);

    cl_kernel paint = clCreateKernel(prog, "paint", &err);
    clSetKernelArg(paint, 0, sizeof(cl_mem), &canvas);
    err = clEnqueueNDRangeKernel(q, paint, 1, NULL, &one, NULL, 0, NULL, NULL);
    clFinish(q);
    printf("paint: %s\n", err == CL_SUCCESS ? "ran" : "failed");

    cl_kernel reread = clCreateKernel(prog, "reread", &err);
    clSetKernelArg(reread, 0, sizeof(cl_mem), &canvas);
    clSetKernelArg(reread, 1, sizeof(cl_mem), &out);
    err = clEnqueueNDRangeKernel(q, reread, 1, NULL, &one, NULL, 0, NULL, NULL);
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof result, result, 0, NULL, NULL);
    printf("reread: %s, first %g\n", err == CL_SUCCESS ? "ran" : "failed", result[0]);

    clReleaseKernel(reread);
    clReleaseKernel(paint);
    clReleaseKernel(gather);
    for (int i = 0; i < 5; i++)
        clReleaseMemObject(args[i]);
    clReleaseMemObject(canvas);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    printf("done\n");
    return 0;
}
