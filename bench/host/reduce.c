/* Strided sums and a local-memory tree reduction over 2M uints (as kernels/reduce.sim). */
#include "bench.h"

#define N (2 * 1024 * 1024)

int main(void)
{
    Bench b = bench_setup("reduce.cl", "reduce");
    cl_uint *in = malloc(sizeof(cl_uint) * N);
    for (cl_uint i = 0; i < N; i++)
        in[i] = i;
    cl_mem mi = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(cl_uint) * N, in);
    cl_mem mp = bench_buffer(&b, CL_MEM_READ_WRITE, sizeof(cl_uint) * 16, NULL);
    cl_uint n = N;
    bench_mem_arg(&b, 0, mi);
    bench_arg(&b, 1, sizeof(n), &n);
    bench_mem_arg(&b, 2, mp);
    bench_arg(&b, 3, sizeof(cl_uint) * 256, NULL);
    size_t global = 4096, local = 256;
    bench_run(&b, 1, &global, &local);
    bench_checksum(&b, "partial", mp, sizeof(cl_uint) * 16);
    return 0;
}
