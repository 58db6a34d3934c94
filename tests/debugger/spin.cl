// Runs far longer than any test waits: the interrupt test stops it with Ctrl-C (SIGINT).
kernel void spin(global int *out, int n)
{
  int acc = 0;
  for (int i = 0; i < n; i++)
  {
    acc += i & 7;
  }
  out[get_global_id(0)] = acc;
}
