// Integer builtins: clz, popcount, rotate, mul_hi, mad_hi, mad24, mul24, upsample, mad_sat.
kernel void k(global const uint *in, global uint *o, global ulong *lo, global uchar *co) {
  uint a = in[0], b = in[1];           // 0x00f0f000 0x80000001
  int n = 0;
  o[n++] = clz(a);                     // 8
  o[n++] = clz(b);                     // 0
  o[n++] = clz(a - a);                 // 32
  o[n++] = popcount(a);                // 8
  o[n++] = popcount(b);                // 2
  o[n++] = rotate(b, 4u);              // 0x00000018
  o[n++] = rotate(a, 36u);             // rotate by 36 mod 32 = 4: 0x0f0f0000
  o[n++] = rotate((int)b, -1);         // rotate right by 1: 0xc0000000
  o[n++] = mul_hi(a, b);               // (0xf0f000 * 0x80000001) >> 32 = 0x787800
  o[n++] = mul_hi((int)b, 3);          // high word of -2147483647 * 3: -2
  o[n++] = mad_hi(a, 16u, 5u);         // 5
  o[n++] = mad24((int)(a >> 8), 3, -1);     // 0xf0f0 * 3 - 1 = 185039
  o[n++] = mul24(a >> 4, 0x100u);      // 0x0f0f00 * 0x100 = 0x0f0f0000
  o[n++] = mad_sat(a, a, 1u);          // saturates: 0xffffffff
  lo[0] = upsample(a, b);              // 0x00f0f00080000001
  lo[1] = popcount((ulong)a << 40 | b);// 0xf0f0000000000000 | b: 10
  lo[2] = clz((ulong)b);               // 32
  co[0] = clz((uchar)(a >> 12));       // 0x0f -> 4
  co[1] = popcount((uchar)0xff);       // 8
  co[2] = rotate((uchar)0x81, (uchar)9);    // rotate by 1: 0x03
  co[3] = upsample((uchar)1, (uchar)2) == 0x0102;  // ushort result: 1
}
