// Work-group functions (OpenCL C 3.0) in two groups of four, whose values are 1, 2, 3, 4 in
// group 0 and -1, -2, -3, -4 in group 1. Expected values derived by hand from the
// specification: scans in local id order, an exclusive scan's first value the operation's
// identity (INT_MAX for min), reductions and broadcasts the same in every work-item.
kernel void k(global int *o, global float *f, global long *r) {
  int l = get_local_id(0), g = get_group_id(0);
  int v = (l + 1) * (g ? -1 : 1);
  o[g * 8 + l] = work_group_scan_exclusive_add(v);      // 0 1 3 6 | 0 -1 -3 -6
  o[g * 8 + 4 + l] = work_group_scan_exclusive_min(v);  // MAX 1 1 1 | MAX -1 -2 -3
  f[g * 4 + l] = work_group_scan_inclusive_max((float)v);  // 1 2 3 4 | -1 -1 -1 -1
  long most = work_group_reduce_max((long)v * 1000000000000L);  // 4e12 | -1e12
  uint least = work_group_reduce_min((uint)v);  // 1 | 0xfffffffc
  int last = work_group_broadcast(v, 3);        // 4 | -4
  int which = work_group_all(v > 0) + 2 * work_group_any(v == -2);  // 1 | 2
  if (l == 1) {
    r[g * 4] = most;
    r[g * 4 + 1] = least;
    r[g * 4 + 2] = last;
    r[g * 4 + 3] = which;
  }
}
