/* Tiled 128x128 SGEMM (as kernels/matmul.sim). */
#include "bench.h"

#define N 128

int main(void)
{
    Bench b = bench_setup("matmul.cl", "matmul");
    static float A[N * N], B[N * N];
    for (int i = 0; i < N * N; i++) {
        A[i] = 0.5f;
        B[i] = i * 0.0625f;
    }
    cl_mem ma = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(A), A);
    cl_mem mb = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(B), B);
    cl_mem mc = bench_buffer(&b, CL_MEM_WRITE_ONLY, sizeof(A), NULL);
    cl_uint n = N;
    bench_mem_arg(&b, 0, ma);
    bench_mem_arg(&b, 1, mb);
    bench_mem_arg(&b, 2, mc);
    bench_arg(&b, 3, sizeof(n), &n);
    size_t global[2] = {N, N}, local[2] = {16, 16};
    bench_run(&b, 2, global, local);
    bench_checksum(&b, "C", mc, sizeof(A));
    return 0;
}
