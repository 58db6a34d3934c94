// sub_group_barrier meets the whole sub-group (group of eight, sub-groups of four): sub-group 1
// calls it together; in sub-group 0 only local ids 0 and 1 do, reported once for the
// sub-group (OpenCL C 3.0, 6.15.9: all work-items of the sub-group must execute it). Values
// by hand; the message is this tool's own (Oclgrind has no sub-groups).
__kernel void div(__global int *o)
{
  size_t l = get_local_id(0);
  if (l < 2 || l >= 4)
    sub_group_barrier(CLK_GLOBAL_MEM_FENCE);
  o[l] = l;
}
