// Exact math builtins: sqrt, fabs, floor, ceil, trunc, round (half away from zero),
// rint (half to even), fmin, fmax, on float and double.
kernel void k(global const float *in, global float *o, global double *d) {
  int i = get_global_id(0);
  float x = in[i];
  global float *p = o + 9 * i;
  p[0] = sqrt(fabs(x) * 4);
  p[1] = fabs(x);
  p[2] = floor(x);
  p[3] = ceil(x);
  p[4] = trunc(x);
  p[5] = round(x);
  p[6] = rint(x);
  p[7] = fmin(x, 1.0f);
  p[8] = fmax(x, -1.0f);
  double y = x;
  d[3 * i] = floor(y * 3);
  d[3 * i + 1] = round(y);
  d[3 * i + 2] = sqrt(y * y);
}
