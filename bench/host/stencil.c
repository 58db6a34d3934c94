/* One 5-point Jacobi step on 1024x1024 floats (as kernels/stencil.sim). */
#include "bench.h"

#define W 1024
#define H 1024

int main(void)
{
    Bench b = bench_setup("stencil.cl", "stencil");
    float *in = malloc(sizeof(float) * W * H);
    for (int i = 0; i < W * H; i++)
        in[i] = (float)i;
    cl_mem mi = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(float) * W * H, in);
    cl_mem mo = bench_buffer(&b, CL_MEM_WRITE_ONLY, sizeof(float) * W * H, NULL);
    cl_uint w = W, h = H;
    bench_mem_arg(&b, 0, mi);
    bench_mem_arg(&b, 1, mo);
    bench_arg(&b, 2, sizeof(w), &w);
    bench_arg(&b, 3, sizeof(h), &h);
    size_t global[2] = {W, H}, local[2] = {16, 16};
    bench_run(&b, 2, global, local);
    bench_checksum(&b, "out", mo, sizeof(float) * W * H);
    return 0;
}
