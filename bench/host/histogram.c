/* 64-bin histogram of 1M hashed values with global atomics (as kernels/histogram.sim). */
#include "bench.h"

#define N (1024 * 1024)

int main(void)
{
    Bench b = bench_setup("histogram.cl", "histogram");
    cl_uint *data = malloc(sizeof(cl_uint) * N);
    for (cl_uint i = 0; i < N; i++)
        data[i] = i;
    cl_mem md = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(cl_uint) * N, data);
    cl_mem mbins = bench_buffer(&b, CL_MEM_READ_WRITE, sizeof(cl_int) * 64, NULL);
    cl_uint n = N;
    bench_mem_arg(&b, 0, md);
    bench_arg(&b, 1, sizeof(n), &n);
    bench_mem_arg(&b, 2, mbins);
    size_t global = 16384, local = 128;
    bench_run(&b, 1, &global, &local);
    bench_checksum(&b, "bins", mbins, sizeof(cl_int) * 64);
    return 0;
}
