// Work-items 1-3 spin until work-item 0 sets a flag, with no barrier between (a race, which
// real hardware may never finish). Oclgrind runs each work-item of a group to its end or a
// barrier before the next, so work-item 0 sets the flag first and all see 7. Lanes that run
// together would spin forever where the spinning path comes first; the lane executor hands
// such a group to the scalar scheduler (expected output derived by hand from that order).
kernel void k(global volatile int *flag, global int *out) {
  int l = get_local_id(0);
  if (l != 0) {
    while (flag[0] == 0)
      ;
    out[l] = flag[0];
  } else {
    flag[0] = 7;
  }
}
