/* One bitonic-sort step over 1M uints (as kernels/bitonic.sim). */
#include "bench.h"

#define N (1024 * 1024)

int main(void)
{
    Bench b = bench_setup("bitonic.cl", "bitonicSort");
    cl_uint *data = malloc(sizeof(cl_uint) * N);
    for (cl_uint i = 0; i < N; i++)
        data[i] = N - 1 - i;
    cl_mem md = bench_buffer(&b, CL_MEM_READ_WRITE, sizeof(cl_uint) * N, data);
    cl_uint stage = 19, pass = 0;
    bench_mem_arg(&b, 0, md);
    bench_arg(&b, 1, sizeof(stage), &stage);
    bench_arg(&b, 2, sizeof(pass), &pass);
    size_t global = N / 2, local = 256;
    bench_run(&b, 1, &global, &local);
    bench_checksum(&b, "data", md, sizeof(cl_uint) * N);
    return 0;
}
