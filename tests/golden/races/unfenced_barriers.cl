// NOTE: Debian reports the same two races in the other order. Two barriers with only
// CLK_LOCAL_MEM_FENCE lie between work-item 1's store to `data` and work-item 0's read: the
// message names the first after the store as not ordering global memory. The race on out[0]
// is within one interval: no barrier to name there.
kernel void unfenced_barriers(global int *data, global int *out, local int *tile)
{
  int i = get_local_id(0);
  data[i] = i + 1;
  if (i == 0)
    out[0] = 7;
  if (i == 1)
    out[1] = out[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[i] = 2 * i;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i == 0)
    out[2] = data[1] + tile[1];
}
