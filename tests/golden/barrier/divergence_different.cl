// Barrier divergence: work-items of one group reach two different barriers (the first
// work-item to arrive defines the expected barrier). Reported for each mismatching work-item.
kernel void k(global int *o) {
  int l = get_local_id(0);
  if (l < 2) {
    o[get_global_id(0)] = 1;
    barrier(CLK_LOCAL_MEM_FENCE);
  } else {
    o[get_global_id(0)] = 2;
    barrier(CLK_GLOBAL_MEM_FENCE);
  }
}
