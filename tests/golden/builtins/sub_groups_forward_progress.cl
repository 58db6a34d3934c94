// Independent forward progress: in a group of eight, sub-groups of four, sub-group 0 spins
// until sub-group 1 sets a flag, which it only does after three sub-group barriers of its own
// (sub-group 0 passes one). A scheduler that runs work-items in turn must let the spinning one
// give way. Values by hand: every work-item reads the flag as 1 after the work-group barrier,
// and adds its sub-group's barrier count times ten.
__kernel void ifp(__global int *o)
{
  __local atomic_int flag;
  int l = get_local_id(0);
  if (l == 0)
    atomic_init(&flag, 0);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0)
    while (atomic_load(&flag) != 1)
      ;
  int n = get_sub_group_id() == 0 ? 1 : 3;
  for (int i = 0; i < n; i++)
    sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 4)
    atomic_store(&flag, 1);
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  o[l] = atomic_load(&flag) + 10 * n;
}
