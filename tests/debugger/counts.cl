// Instruction counts in the debugger: a block counts as it is entered.
kernel void counts(global int *out, int n)
{
  int i = get_global_id(0);
  if (i < n)
    out[i] = i * 2;
}
