// Dump formatting: floats and doubles use 6 significant digits (%g-like), chars print as numbers.
kernel void k(global float *f, global double *d, global char *c, global uchar *uc,
              global short *s, global ushort *us, global long *l, global ulong *ul) {
  int i = get_global_id(0);
  f[i] = f[i] / 3.0f;
  d[i] = d[i] / 3.0;
}
