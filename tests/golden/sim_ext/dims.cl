// A launch with work_dim 2 and a global offset (launch header: dim=2 offset=5,7,0).
kernel void k(global uint *out) {
  size_t x = get_global_id(0) - get_global_offset(0);
  size_t y = get_global_id(1) - get_global_offset(1);
  size_t i = y * get_global_size(0) + x;
  out[i * 4 + 0] = get_work_dim();
  out[i * 4 + 1] = get_global_id(0);
  out[i * 4 + 2] = get_global_id(1);
  out[i * 4 + 3] = get_global_offset(2) + get_global_size(2);
}
