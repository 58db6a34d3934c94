// With -i, the debugger stops at each access that races (in the work-item that makes it),
// after the race is reported; the races are not reported again at the group's end.
// A local tree reduction whose barrier is missing inside the loop: each step reads what
// another work-item wrote in the step before.
kernel void races(global const int *in, global int *out, local int *tmp)
{
  int l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s /= 2) {
    if (l < s)
      tmp[l] += tmp[l + s];
  }
  if (l == 0)
    out[get_group_id(0)] = tmp[0];
}
