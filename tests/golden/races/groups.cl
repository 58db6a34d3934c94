// Eight work-groups of two work-items: each group races on its local variable (reported at
// the group's end, in group order), and every group stores its id to one global element
// (a race between groups, reported when the launch ends). The test harness also runs this
// family with 1, 2 and 8 worker threads: the report must not change.
kernel void groups(global int *winner, global int *out)
{
  volatile local int tile; // (volatile: the optimiser keeps every access)
  tile = get_local_id(0);
  out[get_global_id(0)] = tile;
  winner[0] = get_group_id(0);
}
