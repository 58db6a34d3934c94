// double arithmetic on exactly representable values: + - * / fneg, comparisons.
kernel void k(global const double *in, global double *f, global long *c) {
  int i = get_global_id(0);
  double a = in[2 * i], b = in[2 * i + 1];
  global double *o = f + 6 * i;
  o[0] = a + b;
  o[1] = a - b;
  o[2] = a * b;
  o[3] = a / b;
  o[4] = -a;
  o[5] = -(a - a);
  global long *p = c + 4 * i;
  p[0] = a < b;
  p[1] = a >= b;
  p[2] = a == b;
  p[3] = a != b;
}
