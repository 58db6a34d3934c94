// A loop bound held in a private variable that only even work-items set: for odd ones the
// loop's branch depends on an uninitialised value (once: the simulator reads the unset bound
// as 0, so the loop ends at once).
kernel void branch_on_uninit(global int *out, global const int *in)
{
  int g = get_global_id(0);
  volatile int bound;
  if (g % 2 == 0)
    bound = in[g];
  int sum = 0;
  for (int i = 0; i < bound; i++)
    sum += in[i];
  out[g] = sum;
}
