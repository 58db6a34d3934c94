// A counter in global memory read and bumped between barriers that are in a helper
// function (Oclgrind issue #159). Within one work-group the barriers order every access;
// run as two groups of one work-item, the groups race (barriers do not order groups).
int synced_read(global int *counter)
{
  barrier(CLK_GLOBAL_MEM_FENCE);
  int value = *counter;
  barrier(CLK_GLOBAL_MEM_FENCE);
  return value;
}

kernel void barrier_in_helper(global int *counter)
{
  int value = synced_read(counter);
  for (int i = 0; i < 3; i++) {
    value = synced_read(counter);
    if (get_local_id(0) == 0)
      *counter = value + 1;
  }
}
