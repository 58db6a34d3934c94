// Local memory under deferred shadows (exec::launch): each group writes its tile, then reads
// it back reversed, but work-item 6 (group 1) reads tile[4], which nobody wrote. Group 0 runs
// without shadows; group 1 starts over with them, its first run undone (the dump shows each
// element added to once), and group 2 keeps them. Expected: derived by hand; the unwritten
// element reads as 0, so out[6] = 1, and out[g] = 1 + in[4 * group + 3 - l] elsewhere.
kernel void deferred_local(global int *out, global const int *in)
{
  local int tile[5];
  int l = get_local_id(0);
  int g = get_global_id(0);
  tile[l] = in[g];
  barrier(CLK_LOCAL_MEM_FENCE);
  int k = g == 6 ? 4 : 3 - l;
  out[g] += tile[k];
}
