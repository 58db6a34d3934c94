// Work-item functions in a 2D launch (8x6 work-items in 4x3 groups of 2x2).
kernel void k(global int *ids, global int *sizes) {
  int x = get_global_id(0), y = get_global_id(1);
  int w = get_global_size(0);
  ids[y * w + x] = get_local_id(0) + 10 * get_local_id(1) + 100 * get_group_id(0) +
                   1000 * get_group_id(1) + 10000 * (int)get_global_id(2);
  if (x == 7 && y == 5) {
    sizes[0] = get_global_size(0); sizes[1] = get_global_size(1); sizes[2] = get_global_size(2);
    sizes[3] = get_local_size(0);  sizes[4] = get_local_size(1);  sizes[5] = get_local_size(2);
    sizes[6] = get_num_groups(0);  sizes[7] = get_num_groups(1);  sizes[8] = get_num_groups(2);
  }
}
