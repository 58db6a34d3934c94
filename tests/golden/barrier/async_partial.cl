// A copy issued by one work-item only (reported at the wait, then performed), and a copy
// that is never waited for (reported when the group finishes).
kernel void k(global int *in, global int *out, local int *l) {
  int i = get_local_id(0);
  event_t e = async_work_group_copy(l, in + get_group_id(0)*4, 4, 0);
  if (i == 0) e = async_work_group_copy(l, in + 1, 2, e);
  wait_group_events(1, &e);
  out[get_global_id(0)] = l[3 - i];
  event_t e2 = async_work_group_strided_copy(out, l, 2, 2, 0);
}
