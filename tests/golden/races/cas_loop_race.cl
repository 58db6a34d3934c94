// The CAS loop of cas_loop.cl, and a real race on the same variable: the last work-item reads
// the minimum with a plain load before the barrier, while others may still swap it.
// NOTE: Debian reports 9 races: the 8 false ones of cas_loop.cl, and the real one.
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

kernel void cas_loop_race(global const float *in, global float *out)
{
  local float lowest;
  if (get_local_id(0) == 0)
    lowest = INFINITY;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_min_float(&lowest, in[get_global_id(0)]);
  // A plain read of the minimum before the barrier: a real race with the swaps.
  if (get_local_id(0) == get_local_size(0) - 1)
    out[1] = lowest;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    out[get_group_id(0)] = lowest;
}
