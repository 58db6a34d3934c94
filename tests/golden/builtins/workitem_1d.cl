// NOTE: Debian's Oclgrind 21.10 returns 0 from get_global_size/get_local_size/get_num_groups for a
// dimension >= 3; OpenCL (and upstream Oclgrind) return 1, so p[10] is expected to be 1110.
// Work-item functions in a 1D launch. oclgrind-kernel always launches with work_dim 3 and a zero
// global offset; for dimensions >= 3 ids/offsets are 0 and sizes are 1.
kernel void k(global uint *o) {
  size_t g = get_global_id(0);
  global uint *p = o + 11 * g;
  p[0] = get_global_id(0);
  p[1] = get_local_id(0);
  p[2] = get_group_id(0);
  p[3] = get_global_size(0);
  p[4] = get_local_size(0);
  p[5] = get_num_groups(0);
  p[6] = get_work_dim();
  p[7] = get_global_offset(0);
  p[8] = get_global_id(1) + get_global_id(2) * 10 + get_local_id(2) * 100 + get_group_id(1) * 1000;
  p[9] = get_global_size(1) * 10 + get_local_size(2);
  p[10] = get_global_id(3) + get_local_id(7) + get_global_size(3) * 10 + get_local_size(4) * 100 +
          get_num_groups(5) * 1000;
}
