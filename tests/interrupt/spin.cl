// Prints, writes past the end of `out`, then waits for a flag nobody sets: the run is ended
// with Ctrl-C, and the line and the report must not be lost with it.
kernel void spin(global int *out, volatile global int *flag)
{
  printf("before the hang\n");
  out[get_global_id(0) + 1] = 1;
  while (flag[0] == 0) {}
}
