/* c = a + b on 1M float4 elements (as kernels/vecadd.sim). */
#include "bench.h"

#define N (1024 * 1024)

int main(void)
{
    Bench b = bench_setup("vecadd.cl", "vecadd");
    float *a = malloc(sizeof(float) * 4 * N), *bb = malloc(sizeof(float) * 4 * N);
    for (int i = 0; i < 4 * N; i++) {
        a[i] = (float)i;
        bb[i] = 1.5f;
    }
    cl_mem ma = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(float) * 4 * N, a);
    cl_mem mb = bench_buffer(&b, CL_MEM_READ_ONLY, sizeof(float) * 4 * N, bb);
    cl_mem mc = bench_buffer(&b, CL_MEM_WRITE_ONLY, sizeof(float) * 4 * N, NULL);
    bench_mem_arg(&b, 0, ma);
    bench_mem_arg(&b, 1, mb);
    bench_mem_arg(&b, 2, mc);
    size_t global = N, local = 256;
    bench_run(&b, 1, &global, &local);
    bench_checksum(&b, "c", mc, sizeof(float) * 4 * N);
    return 0;
}
