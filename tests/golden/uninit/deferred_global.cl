// `out` and `sum` are buffers the host never wrote (outputs), so the checker's shadows wait
// (exec::launch, deferred shadows) with global loads checked against the buffers' shadows:
// each group writes its part of `out` and reads it back after the barrier, initialised. In
// group 2, work-item 9 also reads out[16], which nobody wrote: the group starts over with
// shadows (its first run's stores and their shadows undone: `count` is added to once) and
// reports the uninitialised sum; group 3 runs with shadows. Expected: derived by hand;
// sum[g] = out[g - l + (l + 1) % 4] = that index + 1, and out[16..19] stay as allocated.
kernel void deferred_global(global int *out, global int *sum, global int *count,
                            global const int *in)
{
  int g = get_global_id(0);
  int l = get_local_id(0);
  out[g] = in[g];
  barrier(CLK_GLOBAL_MEM_FENCE);
  int next = out[g - l + (l + 1) % 4];
  if (g == 9)
    next += out[16];
  sum[g] = next;
  count[g] += 1;
}
