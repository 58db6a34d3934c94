// Every work-group stores its group id to the same four elements: the groups race with each
// other (reported when the launch ends); within a group each work-item has its own element.
// NOTE: Debian reports the same 12 races in another order; ours are in launch order of the later group, then by address.
kernel void intergroup(global int *data)
{
  data[get_local_id(0)] = get_group_id(0);
}
