// An index that is never set (no local id is above 100) makes the addresses of a load and a
// store uninitialised. Built at -O0, where the index stays in memory. The index's value is
// 0 (fresh private memory is zero), so both access element 0.
kernel void uninit_address(global int *out, global const int *in)
{
  int i;
  if (get_local_id(0) > 100)
    i = 1;
  out[i] = in[i] + 1;
}
