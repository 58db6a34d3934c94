// The element count of an async copy is never set (no work-item's local id is above 100):
// every work-item's copy depends on an uninitialised index value. Built at -O0, where the
// variable stays in memory (at -Oz clang folds the unset count away).
kernel void async_copy_index(global int *out, global const int *in, local int *tile)
{
  int n;
  if (get_local_id(0) > 100)
    n = 4;
  event_t e = async_work_group_copy(tile, in, n, 0);
  wait_group_events(1, &e);
  out[get_global_id(0)] = 1;
}
