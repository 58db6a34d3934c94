// Benchmark: work first, then a float atomic add as the usual atomic_cmpxchg retry loop. Each
// work-item sums 256 terms of a series, then adds the sum into one of 16 bins (by its index),
// so the lanes of a warp contend for each bin. Each bin ends at 16384 times the series' sum.
inline void add_float(volatile __global float *p, float v)
{
  union { unsigned int u; float f; } old, new;
  do {
    old.f = *p;
    new.f = old.f + v;
  } while (atomic_cmpxchg((volatile __global unsigned int *)p, old.u, new.u) != old.u);
}
__kernel void cas_hist(__global float *bins, int terms)
{
  size_t i = get_global_id(0);
  float x = 0.5f, s = 0.0f;
  for (int k = 0; k < terms; k++) {
    s += x / (float)(k + 1);
    x *= 0.5f;
  }
  add_float(&bins[i % 16], s);
}
