// Every work-item of every group stores the same wide values (local and global), which is
// not a race unless --uniform-writes; work-item 5 stores another value to big[1], which is.
// NOTE: Debian reports one race (work-item 5 against 4); we also report 6 and 7 against 5, which store other values than 5 (real races).
// NOTE: Debian with --uniform-writes (uniform_large_flagged) reports the same races, ordered by buffer in another order.
kernel void uniform_large(global int *flag, global long *big)
{
  volatile local int shared; // (volatile: the optimiser keeps every store)
  shared = 100000;
  flag[0] = 0x7fff0000;
  big[0] = 0x123456789abcdefL;
  big[1] = get_global_id(0) == 5 ? 77 : 0x10000;
  barrier(CLK_LOCAL_MEM_FENCE);
  flag[1 + get_global_id(0)] = shared;
}
