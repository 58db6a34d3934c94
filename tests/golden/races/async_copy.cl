// Work-items fill a local tile, and the group copies it out with async_work_group_copy
// without a barrier first: the copy's reads (the group's own accesses) race with the stores.
kernel void async_copy(global int *out, local int *tile)
{
  int l = get_local_id(0);
  tile[l] = l * 10;
  event_t e = async_work_group_copy(out + get_group_id(0) * get_local_size(0), tile,
                                    get_local_size(0), 0);
  wait_group_events(1, &e);
}
