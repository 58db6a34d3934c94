// A sub-group function called by one sub-group only (local ids 0-3 of a group of eight, in
// sub-groups of four). Sub-group functions meet at their work-group's barrier, so this is
// reported as barrier divergence, once for each of the two barriers a call is made of; the
// calling sub-group still gets its sum (4). Message layout: Oclgrind's divergence report
// (compat §4.3); the values by hand.
__kernel void div(__global int *o)
{
  size_t l = get_local_id(0);
  if (get_sub_group_id() == 0)
    o[l] = sub_group_reduce_add(1);
}
