// Execution continues after invalid accesses: faulting work-items in several work-groups are
// reported in work-group order, the invalid stores are dropped, and every other store lands.
kernel void k(global const int *in, global int *out, global int *done) {
  int i = get_global_id(0);
  int j = in[i];                       // own index, except 8 and 9 (out of bounds)
  out[j] = i * 100 + 1;
  done[i] = 1;
}
