// A buffer the host never wrote (noinit): copying it out stores uninitialised values, while
// the buffer the host filled is clean.
kernel void noinit_input(global int *out, global const int *never, global const int *filled)
{
  int g = get_global_id(0);
  out[g] = filled[g] + 1;
  out[g + 2] = never[g];
}
