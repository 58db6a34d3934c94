// Kernel output shows up as soon as the stepped work-item prints it.
kernel void printing(global int *out)
{
  int gid = get_global_id(0);
  printf("work-item %d starts\n", gid);
  out[gid] = gid * 2;
  printf("work-item %d wrote %d\n", gid, out[gid]);
}
