// Going back in time (reverse_*.sim): a loop that calls a helper, private, local and global
// memory, and a barrier. Each group of two work-items sums its data twice over, then reads
// its neighbour's sum across the barrier.
// Expected values, by hand: data = {1,2,3,4}; acc[i] = (data[gid] + i) * 2, so work-item 0
// has acc = {2,4,6,8} and sum = 20 (6 before line 19 at i = 2, 6 again at the loop's end
// at i = 1), work-item 1 sum = 28, 2: 36, 3: 44; out = sum + the neighbour's sum =
// {48,48,80,80}. tile (local) holds 20 = 0x14 and 28 = 0x1C. Going back, gdb's rules: a
// reverse step into a call stops at the start of the callee's last line; from a function's
// first line, reverse-next returns to the call's line; a watchpoint reached backwards shows
// the later value as Old and the earlier as New.
int scale(int v, int f)
{
  int r = v * f;
  return r;
}

kernel void reverse(global const int *data, global int *out, local int *tile)
{
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  int acc[4];
  int sum = 0;
  for (int i = 0; i < 4; i++)
  {
    acc[i] = scale(data[gid] + i, 2);
    sum += acc[i];
  }
  tile[lid] = sum;
  barrier(CLK_LOCAL_MEM_FENCE);
  int left = tile[(lid + 1) % 2];
  out[gid] = sum + left;
}
