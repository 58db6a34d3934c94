// OpenCL 2.0 non-uniform work-groups: 5 work-items in groups of 2 -> the last group has 1 item.
// get_local_size returns the actual size, get_enqueued_local_size the requested one.
kernel void k(global int *o) {
  int g = get_global_id(0);
  o[g] = get_local_id(0) + 10 * get_group_id(0) + 100 * get_local_size(0) +
         1000 * get_enqueued_local_size(0) + 10000 * get_num_groups(0);
}
