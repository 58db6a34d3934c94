// Conditional operator, select() on scalars, min/max written with ternaries, and short-circuit && / ||.
int pick(int c, int a, int b) { return c ? a : b; }
kernel void k(global const int *in, global int *o, global int *calls) {
  int i = get_global_id(0);
  int a = in[i], b = in[7 - i];
  global int *p = o + 6 * i;
  p[0] = a < b ? a : b;
  p[1] = a > b ? a : b;
  p[2] = select(a, b, a & 1);          // scalar select: c ? b : a
  p[3] = pick(a == b, 100, -100);
  float f = a > 0 ? 0.5f : -0.25f;
  p[4] = (int)(f * 8);
  // The right operand of && / || is only evaluated when needed.
  p[5] = (a > 2 && ++calls[i] > 0) || (b < 0 && ++calls[i + 8] > 0);
}
