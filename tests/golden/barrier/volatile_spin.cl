// Work-item 0 spins on a volatile __local flag that work-item 1 sets: it gives way after
// 65536 backward branches, and work-item 1 runs (Debian's Oclgrind 21.10 spins forever).
// A data race (reported with --data-races), but the kind of flag older code uses.
kernel void vspin(global int *out)
{
  volatile local int flag;
  int l = get_local_id(0);
  if (l == 0) {
    flag = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    while (flag == 0)
      ;
  } else {
    flag = 7;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = flag + l;
}
