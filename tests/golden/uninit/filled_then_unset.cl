// The host filled `filled`, so its shadow starts with no uninitialised bit and loads from it
// skip the shadow; a store of an uninitialised value must still be seen by the loads after
// it (here both work-items', across a barrier). Expected: the three reports Debian's
// oclgrind-kernel 21.10 prints for it, with our Origin lines.
kernel void filled_then_unset(global int *filled, global const int *never, global int *out)
{
  int g = get_global_id(0);
  if (g == 0)
    filled[0] = never[0];
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (filled[0] > 3)
    out[g] = 1;
}
