// hex: argument data is parsed as hexadecimal (0x optional); dumps are zero-padded hex.
kernel void k(global char *c, global uchar *uc, global short *s, global ushort *us,
              global int *i, global uint *u, global long *l, global ulong *ul) {
  c[0] = c[0] - 1;
  uc[0] = uc[0] + 1;
  s[0] = s[0] - 2;
  us[0] = us[0] + 0x10;
  i[0] = ~i[0];
  u[0] = u[0] << 4;
  l[0] = l[0] - 1;
  ul[0] = ul[0] >> 4;
}
