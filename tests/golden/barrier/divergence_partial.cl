// Barrier divergence: only the even work-items of each group reach the barrier. Reported once
// per work-group, when the barrier is released; execution then continues.
kernel void k(global int *o) {
  int l = get_local_id(0);
  if (l % 2 == 0) {
    o[get_global_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  o[get_global_id(0)] += 10;
}
