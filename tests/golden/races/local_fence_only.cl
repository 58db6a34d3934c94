// A barrier with only CLK_LOCAL_MEM_FENCE orders local memory, not global memory: work-item 0
// reading what the others wrote to global memory before it races.
kernel void local_fence_only(global int *scratch, global int *out)
{
  int i = get_global_id(0);
  scratch[i] = i;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) {
    int sum = 0;
    for (int l = 0; l < get_local_size(0); l++)
      sum += scratch[get_group_id(0) * get_local_size(0) + l];
    out[get_group_id(0)] = sum;
  }
}
