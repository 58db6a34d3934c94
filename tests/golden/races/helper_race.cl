// The racing access is in a helper function.
void bump(local int *counter)
{
  *counter += 1;
}

kernel void helper_race(global int *out)
{
  local int counter;
  if (get_local_id(0) == 0)
    counter = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  bump(&counter);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = counter;
}
