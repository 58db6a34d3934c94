// Work-items disagree about an async copy: one divergence message, and the copy is still
// performed as the first work-item issued it.
kernel void k(global const int *in, global int *out) {
  local int tile[4];
  int l = get_local_id(0);
  int n = (l == 2) ? 3 : 4;              // work-item 2 asks for a shorter copy
  event_t e = async_work_group_copy(tile, in, n, 0);
  wait_group_events(1, &e);
  out[l] = tile[3 - l];
}
