// One compare-exchange step of a bitonic sort (ascending overall).
// `stage` is the log2 of the bitonic sequence length being merged, `pass`
// selects the compare distance 2^(stage - pass). Launch with n/2 work-items.
__kernel void bitonicSort(__global uint *data, uint stage, uint pass)
{
  uint id = get_global_id(0);
  uint dist = 1u << (stage - pass);
  uint blockWidth = dist << 1;

  uint left = (id % dist) + (id / dist) * blockWidth;
  uint right = left + dist;

  // Direction alternates every 2^stage pairs so the merged blocks form
  // bitonic sequences for the next stage.
  bool ascending = ((id >> stage) & 1u) == 0;

  uint a = data[left], b = data[right];
  if ((a > b) == ascending)
  {
    data[left] = b;
    data[right] = a;
  }
}
