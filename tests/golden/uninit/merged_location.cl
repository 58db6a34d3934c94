// A store whose debug location the optimiser merged (line 0: both branches store to out[g],
// selected on an unset flag for odd work-items) is named as Oclgrind names it: "At line 0
// (column 0)", source not available. Built at -Oz only: at -O0 it is a branch.
kernel void merged_location(global int *out, global const int *in)
{
  int g = get_global_id(0);
  volatile int flag;
  if (g % 2 == 0)
    flag = in[g];
  if (flag > 2)
    out[g] = 1;
  else
    out[g] = 2;
}
