// float arithmetic on exactly representable values: + - * / fneg, comparisons (incl. NaN operands).
kernel void k(global const float *in, global float *f, global int *c, global const uint *nanbits,
              global int *nc) {
  int i = get_global_id(0);
  float a = in[2 * i], b = in[2 * i + 1];
  global float *o = f + 6 * i;
  o[0] = a + b;
  o[1] = a - b;
  o[2] = a * b;
  o[3] = a / b;
  o[4] = -a;
  o[5] = -(a * b);
  global int *p = c + 6 * i;
  p[0] = a < b;
  p[1] = a <= b;
  p[2] = a > b;
  p[3] = a >= b;
  p[4] = a == b;
  p[5] = a != b;
  float n = as_float(nanbits[0]);  // quiet NaN: every ordered comparison is false
  global int *q = nc + 6 * i;
  q[0] = n < a;
  q[1] = n <= a;
  q[2] = a > n;
  q[3] = a >= n;
  q[4] = n == n;
  q[5] = n != n;
}
