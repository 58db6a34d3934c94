// Every work-group writes its number to out[0]: which write lands last is the order of a
// race between groups, which no two devices need to share.
kernel void race(global uint *out) {
  if (get_local_id(0) == 0)
    out[0] = get_group_id(0);
  out[1 + get_global_id(0)] = get_global_id(0);
}
