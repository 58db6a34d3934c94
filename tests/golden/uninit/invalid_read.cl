// A read past the end of a buffer (work-items 2 and 3) is reported by MemCheck, and the
// unspecified value it gives is reported as uninitialised where it is stored.
kernel void invalid_read(global int *out, global const int *in)
{
  int g = get_global_id(0);
  out[g] = in[g + 2];
}
