// Work-item functions in a 3D launch (4x2x3 work-items in groups of 2x1x3), including the
// OpenCL 2.0 linear ids and get_enqueued_local_size.
kernel void k(global int *o) {
  int gl = get_global_linear_id();
  global int *p = o + 4 * gl;
  p[0] = get_global_id(0) + 10 * get_global_id(1) + 100 * get_global_id(2);
  p[1] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_local_id(2);
  p[2] = get_group_id(0) + 10 * get_group_id(1) + 100 * get_group_id(2);
  p[3] = get_local_linear_id() + 100 * get_enqueued_local_size(2) + 1000 * get_num_groups(0);
}
