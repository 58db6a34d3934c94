// Scalar short/ushort arithmetic, bitwise ops, shifts (amount taken modulo the promoted width), comparisons.
// Each work-item takes one (a, b, s) triple; 18 results per work-item.
#define OPS(a, b, s, o) \
  o[0] = a + b;  o[1] = a - b;  o[2] = a * b;  o[3] = a / b;  o[4] = a % b; \
  o[5] = a << s; o[6] = a >> s; o[7] = a & b;  o[8] = a | b;  o[9] = a ^ b; \
  o[10] = ~a;    o[11] = -a;    o[12] = a < b; o[13] = a <= b; o[14] = a > b; \
  o[15] = a >= b; o[16] = a == b; o[17] = a != b;
kernel void k(global const short *sa, global const short *sb, global const ushort *ua, global const ushort *ub,
              global const int *sh, global short *so, global ushort *uo) {
  int i = get_global_id(0);
  short a = sa[i], b = sb[i];
  ushort c = ua[i], d = ub[i];
  int s = sh[i];
  global short *o = so + i * 18;
  global ushort *p = uo + i * 18;
  OPS(a, b, s, o)
  OPS(c, d, s, p)
}
