// Within each work-group, every work-item stores its own local id to the group's element of
// a global buffer: each store races with the first (work-item 0's), none between groups.
kernel void global_write_write(global int *out)
{
  out[get_group_id(0)] = get_local_id(0);
}
