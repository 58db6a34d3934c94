// printf with floating-point conversions: %f %e %g %a, precision and width, float and double
// arguments (floats are promoted to double), infinities, and %.0f on exact ties (round half to
// even, as the C library does).
kernel void k(global const float *in) {
  float a = in[0], b = in[1];                    // 1.5 -0.126
  double d = (double)a * 1e10;
  printf("f=%f e=%e g=%g\n", a, b, d);
  printf("[%8.3f] [%-8.2f] [%+.1f] [%08.2f]\n", a, a, b, b);
  printf("E=%.2E G=%G a=%a\n", d, b * 1e-6f, a);
  printf("inf=%f -inf=%f\n", a / 0.0f, b / 0.0f);
  printf("%.0f %.0f %.0f\n", a, a + 1, -a);
}
