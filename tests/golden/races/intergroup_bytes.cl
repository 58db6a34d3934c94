// Two work-groups store their ids to the same elements of byte, 2-byte and scattered-byte
// arrays: each element races between the groups (the table keeps words whose bytes belong
// to consecutive work-items whole, and splits the irregular ones into bytes).
// NOTE: Debian reports the same 24 races, in another order of the buffers.
kernel void intergroup_bytes(global uchar *bytes, global short *halves, global uchar *odd)
{
  int l = get_local_id(0);
  bytes[l] = get_group_id(0) + 1;
  halves[l] = get_group_id(0) + 1;
  odd[(l * 3) % 8] = get_group_id(0) + 1;
}
