// An async copy nobody waits for: the error is found when a work-group ends, and the next
// work-item to run shows it.
kernel void nowait(global const int *in, global int *out, local int *tmp)
{
  event_t copy = async_work_group_copy(tmp, in + get_group_id(0) * 2, 2, 0);
  int gid = get_global_id(0);
  out[gid] = gid;
}
