// fma and mad: fma rounds once, so fma(a, b, -a*b) recovers the rounding error of a*b
// (0x1.000002p0 squared = 1 + 2^-22 + 2^-46). mad on exact operands is exact.
kernel void k(global const float *in, global float *o, global double *d) {
  float a = in[0], b = in[1], c = in[2];   // 1.00000012 (1 + 2^-23), 3, -0.5
  float p = a * a;
  o[0] = fma(a, a, -p) * 70368744177664.0f;  // error term 2^-46, scaled by 2^46 -> 1
  o[1] = fma(b, c, 10.0f);                   // 8.5
  o[2] = mad(b, b, c);                       // 8.5
  o[3] = fma(-b, b, 0.0f);                   // -9
  double x = (double)a;
  d[0] = fma(x, x, -(x * x));                // exact in double: 0
  d[1] = fma((double)b, 0.25, 1.0);          // 1.75
}
