// NOTE: Debian's Oclgrind 21.10 rounds negative values the wrong way in convert_int4_rtn
// (it swaps _rtp/_rtn for negative inputs): it stores 0 for io[9] and io[11]; correct is -1.
// Vector conversions: convert_<type>N (incl. _sat and rounding modes), casts between vector
// element types via convert, and as_<type>N reinterpretation of vectors.
kernel void k(global const float4 *fin, global const int4 *iin, global int4 *io,
              global float4 *fo, global uchar8 *co, global long2 *lo) {
  float4 f = fin[0];                  // (1.5 -2.5 3e9 -0.75)
  int4 a = iin[0];                    // (-1 300 65537 7)
  io[0] = convert_int4(f * 0.25f);    // rtz: 0 0 750000000 0
  io[1] = convert_int4_sat_rte(f);    // 2 -2 2147483647 -1
  io[2] = convert_int4_rtn(f / 4);    // 0 -1 750000000 -1
  fo[0] = convert_float4(a) * 0.5f;   // -0.5 150 32768.5 3.5
  co[0] = convert_uchar8_sat((int8)(a, a * -1));   // 0 255 255 7 1 0 0 0
  lo[0] = convert_long2(a.yz) * 100000000;          // 30000000000 6553700000000
  io[3] = as_int4(convert_float4(a.wzyx));          // bits of 7.0 65537.0 300.0 -1.0
  short8 s = as_short8(a);
  io[4] = convert_int4(s.even);       // low halves: -1 300 1 7
}
