// NOTE: Debian misses the -Oz copy and reports -O0's struct copies in private memory.
// A min/max reduction over a struct whose `pad` member nothing sets (as pyopencl's
// demo-struct-reduce), through a __local array. At -Oz only `lo` and `hi` are stored into
// the array, so the copy out reads bytes of it never written: the origin names them
// (partial[0].pad), not the whole array. At -O0 the bytes are copied from `r`, the variable
// range_of() returns (built in the caller's temporary): the origin names `r`.
typedef struct { int lo; int hi; int pad; } Range;

Range range_of(int x)
{
  Range r;
  r.lo = x;
  r.hi = x;
  return r;
}

Range merge(Range a, Range b)
{
  Range r = a;
  if (b.lo < r.lo) r.lo = b.lo;
  if (b.hi > r.hi) r.hi = b.hi;
  return r;
}

kernel void origin_struct_member(global const int *in, global Range *out,
                                 global int *minmax)
{
  local Range partial[4];
  uint lid = get_local_id(0);
  partial[lid] = range_of(in[get_global_id(0)]);
  for (uint step = 2; step > 0; step /= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < step)
      partial[lid] = merge(partial[lid], partial[lid + step]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    minmax[0] = partial[0].lo;
    minmax[1] = partial[0].hi;
    out[get_group_id(0)] = partial[0];
  }
}
