/* Host transfers of one size, blocking, repeated: `transfer <KiB>` prints
 *   write_gbs   clEnqueueWriteBuffer
 *   read_gbs    clEnqueueReadBuffer
 *   memcpy_gbs  a plain memcpy of the same size in this process (the machine's copy speed)
 *   call_us     microseconds per call (write and read together)
 * moving 2 GiB each way (at least 1,000 calls, at most 100,000). The data read back is
 * checked. */
#include "bench.h"

#include <string.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: transfer <KiB>\n");
        return 2;
    }
    size_t size = (size_t)atol(argv[1]) << 10;
    size_t calls = ((size_t)2 << 30) / size;
    if (calls < 1000)
        calls = 1000;
    if (calls > 100000)
        calls = 100000;
    cl_int err;
    cl_platform_id platform;
    cl_device_id device;
    check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    check(err, "clCreateContext");
    cl_command_queue q = clCreateCommandQueue(ctx, device, 0, &err);
    check(err, "clCreateCommandQueue");
    cl_mem buf = clCreateBuffer(ctx, CL_MEM_READ_WRITE, size, NULL, &err);
    check(err, "clCreateBuffer");
    unsigned char *src = malloc(size), *dst = malloc(size);
    if (!src || !dst)
        return 1;
    for (size_t i = 0; i < size; i++)
        src[i] = (unsigned char)(i * 31 + 7);
    memset(dst, 0, size);

    // One of each first, so every page is in place before timing.
    check(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, size, src, 0, NULL, NULL), "write");
    check(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, size, dst, 0, NULL, NULL), "read");
    double t0 = now_s();
    for (size_t i = 0; i < calls; i++)
        check(clEnqueueWriteBuffer(q, buf, CL_TRUE, 0, size, src, 0, NULL, NULL), "write");
    double t1 = now_s();
    for (size_t i = 0; i < calls; i++)
        check(clEnqueueReadBuffer(q, buf, CL_TRUE, 0, size, dst, 0, NULL, NULL), "read");
    double t2 = now_s();
    if (memcmp(src, dst, size) != 0) {
        fprintf(stderr, "the data read back differs\n");
        return 1;
    }
    for (size_t i = 0; i < calls; i++) {
        memcpy(dst, src, size);
        // Keeps the compiler from merging the copies.
        __asm__ volatile("" : : "r"(dst) : "memory");
    }
    double t3 = now_s();
    double bytes = (double)size * calls;
    printf("write_gbs %.2f\n", bytes / (t1 - t0) / 1e9);
    printf("read_gbs %.2f\n", bytes / (t2 - t1) / 1e9);
    printf("memcpy_gbs %.2f\n", bytes / (t3 - t2) / 1e9);
    printf("call_us %.3f\n", (t2 - t0) / (2.0 * calls) * 1e6);
    clReleaseMemObject(buf);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    free(src);
    free(dst);
    return 0;
}
