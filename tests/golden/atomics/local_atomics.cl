// Atomics on __local memory: per-group histogram and counters, then written out by one
// work-item after a barrier.
kernel void k(global const uchar *in, global int *hist, global int *stats) {
  local int bins[4];
  local int count, mx;
  int l = get_local_id(0), g = get_group_id(0);
  if (l < 4) bins[l] = 0;
  if (l == 0) { count = 0; mx = -1; }
  barrier(CLK_LOCAL_MEM_FENCE);
  uchar v = in[get_global_id(0)];
  atomic_inc(&bins[v & 3]);
  atomic_add(&count, v);
  atomic_max(&mx, v);
  atomic_sub(&count, 1);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l < 4) hist[g * 4 + l] = bins[l];
  if (l == 0) { stats[2 * g] = count; stats[2 * g + 1] = atomic_xchg(&mx, 0); }
}
