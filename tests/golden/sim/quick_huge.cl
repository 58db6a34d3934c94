// With --quick only the first and last work-groups run, so an NDRange of any size can.
kernel void k(global ulong *out) {
  if (get_local_id(0) == 0)
    out[get_group_id(0) == 0 ? 0 : 1] = get_num_groups(0);
}
