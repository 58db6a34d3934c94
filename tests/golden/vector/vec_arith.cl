// Vector arithmetic: lane-wise ops, scalar operands widened to vectors, and narrow lanes that are
// NOT promoted (uchar16 wraps at 8 bits, char4 shift amounts are taken modulo 8, short8 modulo 16).
kernel void k(global const int4 *iv, global const float4 *fv, global const uchar16 *cv,
              global int4 *io, global float4 *fo, global uchar16 *co, global char4 *so,
              global short8 *ho) {
  int4 a = iv[0], b = iv[1];         // (7 -8 100 -1), (2 3 -7 5)
  io[0] = a + b; io[1] = a - b; io[2] = a * b; io[3] = a / b; io[4] = a % b;
  io[5] = (a << 2) | (b & 1);
  io[6] = a >> (int4)(1, 33, 2, 31); // shift amounts modulo 32
  io[7] = -a ^ 3;
  float4 f = fv[0], g = fv[1];       // (1.5 -2 8 0.25), (0.5 4 -0.5 2)
  fo[0] = f + g; fo[1] = f * g - 1.0f; fo[2] = f / g; fo[3] = -f * 2;
  uchar16 c = cv[0];                 // 250..255, 0..9
  co[0] = c + (uchar)10;             // wraps: 4..9, 10..19
  co[1] = c * (uchar)2;
  char4 s = (char4)(1, -1, 64, 3);
  so[0] = s << (char4)(9, 1, 1, 7);  // modulo 8: <<1, <<1, <<1, <<7  -> 2 -2 -128 -128
  so[1] = s >> (char4)(8, 9, 14, 1); // modulo 8: >>0, >>1, >>6, >>1  -> 1 -1 1 1
  short8 h = (short8)(1, -1, 300, 32767, 2, 3, 4, 5);
  ho[0] = h << (short8)(16, 17, 4, 1, 15, 31, 0, 18);  // modulo 16
}
