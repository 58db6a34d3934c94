#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// convert_half in every rounding mode from float, double and int (one rounding from the exact
// value: 1 + 2^-11 + 2^-40 goes up, where rounding through float would land on a tie), and
// conversions from half to integers with rounding modes and saturation, and to float (exact).
// Halves are stored as their bits.
kernel void k(global const float *fin, global const double *din, global const int *iin,
              global const half *hin, global half *o, global int *n, global uchar *u,
              global float *w) {
  int i = get_global_id(0);
  float f = fin[i];
  double d = din[i];
  int v = iin[i];
  half h = hin[i];
  global half *p = o + 12 * i;
  p[0] = convert_half(f);
  p[1] = convert_half_rtz(f);
  p[2] = convert_half_rtp(f);
  p[3] = convert_half_rtn(f);
  p[4] = convert_half(d);
  p[5] = convert_half_rtz(d);
  p[6] = convert_half_rtp(d);
  p[7] = convert_half_rtn(d);
  p[8] = convert_half_rte(v);
  p[9] = convert_half_rtz(v);
  p[10] = convert_half_rtp(v);
  p[11] = convert_half_rtn(v);
  global int *q = n + 5 * i;
  q[0] = convert_int(h);
  q[1] = convert_int_rte(h);
  q[2] = convert_int_rtp(h);
  q[3] = convert_int_rtn(h);
  q[4] = convert_short_sat_rtn(h);
  u[2 * i] = convert_uchar_sat(h);
  u[2 * i + 1] = convert_uchar_sat_rte(h);
  w[i] = convert_float(h);
}
