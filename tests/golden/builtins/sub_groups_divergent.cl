// Sub-group functions meet per sub-group (in a group of eight, sub-groups of four): sub-group
// 1 (local ids 4-7) never calls sub_group_reduce_add, which is allowed; in sub-group 0 only
// local ids 0 and 1 call it, while the whole sub-group must (OpenCL C 3.0, 6.15.12): reported
// once for the sub-group, and the two that called get the sum of their values (2). Values by
// hand; the message is this tool's own (Oclgrind has no sub-groups).
__kernel void div(__global int *o)
{
  size_t l = get_local_id(0);
  if (l < 2)
    o[l] = sub_group_reduce_add(1);
}
