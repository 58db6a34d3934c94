// A local histogram that is never zeroed: the counts the group writes out are uninitialised.
// The final loop shows that a bin the group set is not reported.
kernel void local_not_zeroed(global int *out, global const int *in)
{
  local int bins[4];
  int l = get_local_id(0);
  atomic_inc(&bins[in[get_global_id(0)] & 3]);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = bins[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  bins[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0) + 8] = bins[3 - l];
}
