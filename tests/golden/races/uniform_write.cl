// Every work-item stores the same value to one local variable: not a race, unless
// --uniform-writes asks for such races too.
kernel void uniform_write(global int *out)
{
  volatile local int shared; // (volatile: the optimiser keeps every store)
  shared = 42;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = shared;
}
