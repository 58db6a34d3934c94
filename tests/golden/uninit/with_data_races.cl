// Both checkers at once: a local tile read before it is written (uninitialised) and without
// a barrier between the other work-items' writes and the reads (a race).
kernel void with_data_races(global int *out, local int *tile)
{
  int l = get_local_id(0);
  int n = get_local_size(0);
  int seen = tile[(l + 1) % n];
  tile[l] = l;
  out[get_global_id(0)] = seen;
}
