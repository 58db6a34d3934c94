// Stepping through calls: step goes into helper, next steps over it, finish returns.
int square(int x)
{
  int y = x * x;
  return y;
}

int helper(int x)
{
  int y = square(x) + 1;
  return y * 2;
}

kernel void stepping(global int *out, int n)
{
  int i = get_global_id(0);
  int a = helper(i);
  int b = helper(a);
  out[i] = a + b + n;
}
