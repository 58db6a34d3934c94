// Benchmark: a float atomic add as the usual atomic_cmpxchg retry loop; every work-item adds
// its input (1.0) into one of four sums (by group), so each sum ends at 65536.
inline void add_float(volatile __global float *p, float v)
{
  union { unsigned int u; float f; } old, new;
  do {
    old.f = *p;
    new.f = old.f + v;
  } while (atomic_cmpxchg((volatile __global unsigned int *)p, old.u, new.u) != old.u);
}
__kernel void cas(__global float *sum, __global const float *in)
{
  size_t i = get_global_id(0);
  add_float(&sum[get_group_id(0) % 4], in[i]);
}
