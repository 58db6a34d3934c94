// The barrier that orders global memory within the group is in a helper function: the
// neighbour's element, written before it, is read after it without a race.
void sync_group(void)
{
  barrier(CLK_GLOBAL_MEM_FENCE);
}

kernel void helper_barrier(global int *data, global int *out)
{
  int i = get_global_id(0);
  int l = get_local_id(0);
  data[i] = i;
  sync_group();
  out[i] = data[get_group_id(0) * get_local_size(0) + (l + 1) % get_local_size(0)];
}
