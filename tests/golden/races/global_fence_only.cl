// A barrier with only CLK_GLOBAL_MEM_FENCE orders global memory, not local memory.
kernel void global_fence_only(global int *out, local int *scratch)
{
  int l = get_local_id(0);
  scratch[l] = l;
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (l == 0) {
    int sum = 0;
    for (int k = 0; k < get_local_size(0); k++)
      sum += scratch[k];
    out[get_group_id(0)] = sum;
  }
}
