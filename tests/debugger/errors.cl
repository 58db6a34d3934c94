// An out-of-bounds write by the last work-item, and a read of private memory by address.
kernel void errors(global int *out, int n)
{
  int gid = get_global_id(0);
  int value[2] = {gid, n};
  out[gid + 1] = value[0] + value[1];
  out[0] = n;
}
