/* One all-pairs gravity step for 1024 bodies (as kernels/nbody.sim). */
#include "bench.h"

#define N 1024

int main(void)
{
    Bench b = bench_setup("nbody.cl", "nbody");
    static float pos[4 * N];
    for (int i = 0; i < 4 * N; i++)
        pos[i] = (float)(i + 1);
    size_t bytes = sizeof(pos);
    cl_mem mp = bench_buffer(&b, CL_MEM_READ_ONLY, bytes, pos);
    cl_mem mv = bench_buffer(&b, CL_MEM_READ_ONLY, bytes, NULL);
    cl_mem mnp = bench_buffer(&b, CL_MEM_WRITE_ONLY, bytes, NULL);
    cl_mem mnv = bench_buffer(&b, CL_MEM_WRITE_ONLY, bytes, NULL);
    cl_uint n = N;
    float dt = 0.001f, eps2 = 0.01f;
    bench_mem_arg(&b, 0, mp);
    bench_mem_arg(&b, 1, mv);
    bench_mem_arg(&b, 2, mnp);
    bench_mem_arg(&b, 3, mnv);
    bench_arg(&b, 4, sizeof(n), &n);
    bench_arg(&b, 5, sizeof(dt), &dt);
    bench_arg(&b, 6, sizeof(eps2), &eps2);
    bench_arg(&b, 7, sizeof(float) * 4 * 64, NULL);
    size_t global = N, local = 64;
    bench_run(&b, 1, &global, &local);
    bench_checksum(&b, "newPos", mnp, bytes);
    bench_checksum(&b, "newVel", mnv, bytes);
    return 0;
}
