// Two work-groups of 64 work-items (the launch table then merges in shards of pages, apart)
// store to the same 2 KiB, which crosses a page of the table: each work-item's elements race
// with the other group's same work-item's. (Built without optimisation: unrolled, the loop
// would be eight stores, eight messages a pair of work-items.)
// NOTE: Debian reports the same 64 races, in another order.
kernel void wide_groups(global int *data)
{
  int l = get_local_id(0);
  for (int k = 0; k < 8; k++)
    data[768 + l * 8 + k] = get_group_id(0) + 1;
}
