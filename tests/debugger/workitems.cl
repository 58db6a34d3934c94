// Two work-groups of four work-items sharing a local buffer across a barrier.
kernel void workitems(global int *out, local int *shared)
{
  int lid = get_local_id(0);
  int gid = get_global_id(0);
  shared[lid] = gid * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  int neighbour = shared[(lid + 1) % 4];
  out[gid] = neighbour + lid;
}
