// NOTE: Debian's Oclgrind 21.10 stores 255 for io[33] when optimising: LLVM turns the four scalar
// compares into one <4 x i1> icmp + extractelement + zext, and Oclgrind keeps true i1 vector lanes as
// 0xff bytes, so zext gives 255. The correct value (and Debian's -cl-opt-disable result) is 1.
// Vector comparisons yield -1 (true) / 0 (false) per lane, in a signed integer vector of the
// operand's lane width; logical operators on vectors too. Scalar comparisons yield 1 / 0.
kernel void k(global const int4 *iv, global const float4 *fv, global const long2 *lv,
              global int4 *io, global long2 *lo, global short8 *so) {
  int4 a = iv[0], b = iv[1];          // (1 5 -3 7), (1 6 -4 7)
  io[0] = a == b;
  io[1] = a < b;
  io[2] = a >= b;
  io[3] = a != b;
  float4 f = fv[0], g = fv[1];        // (0.5 -1 2 3), (0.5 1 -2 4)
  io[4] = f <= g;
  io[5] = f > g;
  io[6] = !(f == g);                  // logical not of a vector: 0 -> -1, else 0
  io[7] = (a < b) || (f > g);
  long2 l = lv[0], m = lv[1];         // (-1 0x100000000), (0 0x100000000)
  lo[0] = l < m;
  lo[1] = l == m;
  short8 s = (short8)(a.x, a.y, a.z, a.w, 0, 1, 2, 3);
  so[0] = s > (short8)(1);
  io[8] = (int4)(a.x < b.x, a.y < b.y, a.z < b.z, a.w < b.w);   // scalar compares: 1 / 0
}
