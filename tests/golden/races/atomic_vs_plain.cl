// Atomic increments of one local counter do not race with each other; the plain read of the
// counter by the last work-item, with no barrier, races with the other work-items' atomics.
kernel void atomic_vs_plain(global int *out)
{
  local int count;
  if (get_local_id(0) == 0)
    count = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&count);
  if (get_local_id(0) == get_local_size(0) - 1)
    out[get_group_id(0)] = count;
}
