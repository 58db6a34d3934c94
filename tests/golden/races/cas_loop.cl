// A float atomic minimum on local memory built from atomic_cmpxchg (Oclgrind issue #155):
// the loop seeds its expected value with a plain read, which the compare-and-swap then
// validates, so the read's value is never used unchecked.
// NOTE: Debian reports 9 read-write races: each plain read seeding the loop against the other work-items' swaps (Oclgrind issue #155).
void atomic_min_float(volatile local float *p, float value)
{
  float old = *p;
  while (value < old) {
    int seen = atomic_cmpxchg((volatile local int *)p, as_int(old), as_int(value));
    if (seen == as_int(old))
      break;
    old = as_float(seen);
  }
}

kernel void cas_loop(global const float *in, global float *out)
{
  local float lowest;
  if (get_local_id(0) == 0)
    lowest = INFINITY;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_min_float(&lowest, in[get_global_id(0)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = lowest;
}
