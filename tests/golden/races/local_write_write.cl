// Every work-item stores its own id to one local variable with no barrier between: each
// store races with the first one (work-item 0's).
kernel void local_write_write(global int *out)
{
  local int shared;
  shared = get_local_id(0);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = shared;
}
