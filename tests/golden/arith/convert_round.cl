// NOTE: Debian's Oclgrind 21.10 swaps _rtp and _rtn for negative float->int conversions
// (convert_int_rtp(-2.5) gives -3, convert_int_rtn(-2.5) gives -2). This test expects the correct
// values: o[12] = -2, o[13] = -3 (for -2.5) and o[22] = -2, o[23] = -3 (for -2.1).
// convert_* rounding modes: float->int (_rte/_rtz/_rtp/_rtn), int->float and double->float.
// int->float results are converted back to int (exact), double->float results stored as bits.
kernel void k(global const float *fin, global const int *iin, global const double *din,
              global int *o, global uint *bits) {
  int i = get_global_id(0);
  float f = fin[i];            // 2.5 3.5 -2.5 2.7 -2.1 0.5
  global int *p = o + 5 * i;
  p[0] = convert_int_rte(f);
  p[1] = convert_int_rtz(f);
  p[2] = convert_int_rtp(f);
  p[3] = convert_int_rtn(f);
  p[4] = convert_int(f);       // default for float->int is rtz
  if (i < 2) {
    int v = iin[i];            // 16777217, -16777219
    global int *q = o + 30 + 5 * i;
    q[0] = (int)convert_float_rte(v);
    q[1] = (int)convert_float_rtz(v);
    q[2] = (int)convert_float_rtp(v);
    q[3] = (int)convert_float_rtn(v);
    q[4] = (int)convert_float(v);   // default is rte
    double d = din[i];         // 0.1, -0.1
    global uint *r = bits + 4 * i;
    r[0] = as_uint(convert_float_rte(d));
    r[1] = as_uint(convert_float_rtz(d));
    r[2] = as_uint(convert_float_rtp(d));
    r[3] = as_uint(convert_float_rtn(d));
  }
}
