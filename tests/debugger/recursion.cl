// Under -i the program is built at -O0, where a recursive call stays a call: it runs as it
// does without -i, and the backtrace shows each call.
int fact(int n)
{
  if (n <= 1)
    return 1;
  return n * fact(n - 1);
}

kernel void recursion(global int *out)
{
  int i = get_global_id(0);
  out[i] = fact(i + 3);
}
