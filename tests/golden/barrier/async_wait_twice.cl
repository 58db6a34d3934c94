// Waiting for an event that has already completed is an invalid wait; listing an event twice
// in one wait is not.
kernel void k(global int *in, global int *out, local int *l) {
  event_t e[2];
  e[0] = async_work_group_copy(l, in, 4, 0);
  e[1] = e[0];
  wait_group_events(2, e);
  wait_group_events(1, e);
  out[get_global_id(0)] = l[get_local_id(0)];
}
