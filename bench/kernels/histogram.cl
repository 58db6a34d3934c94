// 64-bin histogram of hashed input values, counted with global atomics
// (many work-items hit the same bins, so the atomics are contended).
#define BINS 64

__kernel void histogram(__global const uint *data, uint n,
                        __global int *bins)
{
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
  {
    uint v = data[i];
    v ^= v >> 16;
    v *= 0x7feb352dU;
    v ^= v >> 15;
    v *= 0x846ca68bU;
    v ^= v >> 16;
    atomic_inc(&bins[v & (BINS - 1)]);
    // A second, weighted count keyed on other hash bits exercises atomic_add.
    atomic_add(&bins[(v >> 8) & (BINS - 1)], 2);
  }
}
