// NOTE: Debian's Oclgrind 21.10 returns -2147483648 for convert_int_sat(NaN); OpenCL C (6.2.3.3)
// requires NaN to convert to 0 with saturation, which is what this test expects (o[10]).
// convert_<type>_sat: out-of-range values clamp, NaN converts to 0; float->int rounds toward zero.
kernel void k(global const int *in, global const float *fin, global const uint *nanbits,
              global int *o) {
  int big = in[0], neg = in[1];        // 300, -200
  long lbig = (long)big * 100000000;   // 30000000000
  float f = fin[0], g = fin[1];        // 3e9, -255.9
  float nan = as_float(nanbits[0]);
  int n = 0;
  o[n++] = convert_uchar_sat(big);     // 255
  o[n++] = convert_uchar_sat(neg);     // 0
  o[n++] = convert_char_sat(big);      // 127
  o[n++] = convert_char_sat(neg);      // -128
  o[n++] = convert_short_sat(lbig);    // 32767
  o[n++] = convert_ushort_sat(neg);    // 0
  o[n++] = convert_int_sat(lbig);      // 2147483647
  o[n++] = convert_int_sat(-lbig);     // -2147483648
  o[n++] = convert_int_sat(f);         // 2147483647
  o[n++] = convert_int_sat(-f);        // -2147483648
  o[n++] = convert_int_sat(nan);       // 0
  o[n++] = convert_uchar_sat(-g);      // 255.9 -> 255
  o[n++] = convert_char_sat(g);        // -128
  o[n++] = convert_uint_sat(g) == 0u;  // 1
  o[n++] = convert_uint_sat(neg) == 0u;// 1
  o[n++] = convert_uint_sat(f) == 3000000000u; // 1
  o[n++] = convert_int(lbig);          // non-saturating: 30000000000 mod 2^32 = -64771072
  o[n++] = convert_uchar(big);         // 44
}
