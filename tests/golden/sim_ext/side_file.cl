// Sums a buffer given as a side file (file=).
kernel void k(global const uchar *in, global uint *sum) {
  uint s = 0;
  for (int i = 0; i < 256; i++)
    s += in[i];
  sum[0] = s;
}
