// Going back while another work-group wrote global memory (reverse_beside.sim): each
// work-item publishes a value, then reads the one published in the other group.
// Expected, by hand: work-item 0 stops at line 7 with shared[2] = 0; the session switches to
// work-item 2 (group 1), which writes shared[2] = 1002, and back. In group 0's past shared[2]
// is 0 again (the write came later) and shared[0] is 0 before line 6; at the present both
// are back (1000, 1002), so work-item 0 sums 3 * 1002 = 3006. Work-item 1 runs after it, before
// group 1's work-item 3 has written shared[3]: out[1] = 0; group 1 then reads 1000 and 1001.
kernel void beside(global int *shared, global int *out)
{
  int gid = get_global_id(0);
  shared[gid] = gid + 1000;
  int seen = 0;
  for (int k = 0; k < 3; k++)
    seen += shared[(gid + 2) % 4];
  out[gid] = seen;
}
