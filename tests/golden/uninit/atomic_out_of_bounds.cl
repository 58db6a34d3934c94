// Work-item 4 increments a counter one past the end of the buffer: MemCheck reports the
// atomic's invalid read and write, and the value it computed from what it could not read is
// uninitialised: reported where it would have been written, and where the old value it
// returns is stored.
kernel void atomic_out_of_bounds(global int *counters, global int *olds)
{
  int i = get_global_id(0);
  olds[i] = atomic_inc(counters + i);
}
