// A kernel as generators write them: macros first, a comment after the code.
#define SCALE 3
#define ADD(a, b) \
  ((a) + (b))

kernel void break_defines(global int *out)
{
  int i = get_global_id(0);
  out[i] = ADD(i, SCALE);
}
/* nothing after this */
