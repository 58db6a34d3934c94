// For bench/reverse_run.py: one work-item's loop long enough for 10,000 steps (with a call
// in it), then a local reduction with a barrier per round.
int mix(int a, int b)
{
  int m = a * 31 + b;
  return m ^ (m >> 7);
}

kernel void reverse(global const int *in, global int *out, local int *part)
{
  int lid = get_local_id(0);
  int acc = in[get_global_id(0)];
  for (int i = 0; i < 4000; i++)
  {
    acc = mix(acc, i);
    acc += i & 3;
  }
  part[lid] = acc;
  for (int s = get_local_size(0) / 2; s > 0; s /= 2)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid < s)
      part[lid] += part[lid + s];
  }
  if (lid == 0)
    out[get_group_id(0)] = part[0];
}
