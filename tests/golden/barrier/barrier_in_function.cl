// A barrier inside a helper function called from a loop (at -O0 the helper stays a real call,
// so work-items are suspended inside it), with a global-memory fence: each work-item reads its
// neighbour's global value written before the barrier.
void sync_all(void) { barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE); }
int rotate_left(global int *buf, int l, int n) {
  int v = buf[(l + 1) % n];
  sync_all();
  buf[l] = v;
  sync_all();
  return v;
}
kernel void k(global int *buf, global int *trace) {
  int l = get_local_id(0), n = get_local_size(0);
  int base = get_group_id(0) * n;
  for (int r = 0; r < 3; r++)
    trace[(base + l) * 3 + r] = rotate_left(buf + base, l, n);
}
