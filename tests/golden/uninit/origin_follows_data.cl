// A segmented scan in the shape Boost.Compute generates: `key` and `value` are set only for
// work-items below `count`, which the optimiser turns into two `phi [undef, ...]` on one
// edge. Work-items 2 and 3 compare the unset `key` (each round of the loop) and store the
// unset `value`: each report's origin names the variable whose bits it used, whatever the
// order of the declarations and the optimisation level.
kernel void origin_follows_data(global const uint *keys, global const int *values,
                                global int *sums, uint count, local uint *lkeys,
                                local int *lvals)
{
  uint gid = get_global_id(0);
  uint lid = get_local_id(0);
  int value;
  uint key;
  if (gid < count) {
    key = keys[gid];
    value = values[gid];
    lkeys[lid] = key;
    lvals[lid] = value;
  } else {
    lkeys[lid] = ~0u;
    lvals[lid] = 0;
  }
  int result = value;
  for (uint offset = 1; offset < get_local_size(0); offset *= 2) {
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid >= offset) {
      uint other_key = lkeys[lid - offset];
      if (other_key == key)
        result += lvals[lid - offset];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    lvals[lid] = result;
  }
  if (gid < count)
    sums[gid] = result;
}
