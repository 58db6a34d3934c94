/* Escape-time Mandelbrot, 256x256 pixels, up to 256 iterations (as kernels/mandelbrot.sim). */
#include "bench.h"

#define W 256

int main(void)
{
    Bench b = bench_setup("mandelbrot.cl", "mandelbrot");
    cl_mem mo = bench_buffer(&b, CL_MEM_WRITE_ONLY, sizeof(cl_uint) * W * W, NULL);
    cl_uint w = W, max_iter = 256;
    float x0 = -2.0f, y0 = -1.28f, scale = 0.01f;
    bench_mem_arg(&b, 0, mo);
    bench_arg(&b, 1, sizeof(w), &w);
    bench_arg(&b, 2, sizeof(x0), &x0);
    bench_arg(&b, 3, sizeof(y0), &y0);
    bench_arg(&b, 4, sizeof(scale), &scale);
    bench_arg(&b, 5, sizeof(max_iter), &max_iter);
    size_t global[2] = {W, W}, local[2] = {16, 16};
    bench_run(&b, 2, global, local);
    bench_checksum(&b, "out", mo, sizeof(cl_uint) * W * W);
    return 0;
}
