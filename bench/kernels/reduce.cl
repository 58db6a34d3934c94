// Work-group sum reduction: each work-item accumulates a strided slice of the
// input, then the group combines its partial sums with a tree in local memory.
// One partial sum per work-group is written to `partial`.
__kernel void reduce(__global const uint *in, uint n,
                     __global uint *partial, __local uint *scratch)
{
  size_t lid = get_local_id(0);
  size_t lsize = get_local_size(0);

  uint sum = 0;
  for (size_t i = get_global_id(0); i < n; i += get_global_size(0))
    sum += in[i];
  scratch[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);

  for (size_t s = lsize / 2; s > 0; s >>= 1)
  {
    if (lid < s)
      scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  if (lid == 0)
    partial[get_group_id(0)] = scratch[0];
}
