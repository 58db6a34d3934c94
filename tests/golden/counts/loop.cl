// A helper with a loop, called once per work-item (the debugger's breakpoints kernel).
int accumulate(global const int *in, int n)
{
  int sum = 0;
  for (int k = 0; k < n; k++)
  {
    sum += in[k];
  }
  return sum;
}

kernel void loop(global const int *in, global int *out, int n)
{
  int gid = get_global_id(0);
  int total = accumulate(in, n);
  out[gid] = total * (gid + 1);
}
