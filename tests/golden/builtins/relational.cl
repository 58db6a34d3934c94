// NOTE: Debian's Oclgrind 21.10 evaluates isnormal() in double precision, where a float denormal is
// normal, so it returns 1 for the denormal input (o[51]); the correct float result is 0.
// Relational builtins. Scalar forms return 1/0 (int), vector forms -1/0 per lane.
// Inputs (as bits): 1.5, -0.0, +inf, NaN, smallest denormal, -2.
kernel void k(global const uint *bits, global int *o, global int4 *v) {
  int i = get_global_id(0);
  float x = as_float(bits[i]);
  float y = as_float(bits[5]);             // -2
  global int *p = o + 12 * i;
  p[0] = isnan(x);
  p[1] = isinf(x);
  p[2] = isfinite(x);
  p[3] = isnormal(x);
  p[4] = signbit(x);
  p[5] = isequal(x, x);
  p[6] = isnotequal(x, y);
  p[7] = isgreater(x, y);
  p[8] = islessequal(x, y);
  p[9] = islessgreater(x, y);
  p[10] = isordered(x, y);
  p[11] = isunordered(x, x);
  if (i == 0) {
    float4 f = (float4)(as_float(bits[0]), as_float(bits[1]), as_float(bits[2]), as_float(bits[3]));
    v[0] = isnan(f);                       // 0 0 0 -1
    v[1] = signbit(f);                     // 0 -1 0 0
    v[2] = isless(f, (float4)(y + 4));     // f < 2: -1 -1 0 0
    v[3] = isfinite(f);                    // -1 -1 0 0
  }
}
