// A NULL buffer argument that is only compared, never dereferenced, and a zero-size buffer
// that is never accessed: no diagnostics.
kernel void k(global int *maybe, global float *empty, global const int *in, global int *o) {
  int i = get_global_id(0);
  if (maybe != 0) maybe[i] = 1;
  if (in[i] < 0) empty[i] = 1.0f;      // never taken
  o[i] = (maybe == 0 ? 100 : 0) + in[i];
}
