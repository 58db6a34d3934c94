// any/all test the most significant bit of each lane; vector select() picks by the MSB of each
// mask lane; bitselect() picks bit by bit.
kernel void k(global const int4 *in, global const float4 *fin, global int *o, global int4 *v,
              global float4 *fv) {
  int4 a = in[0], b = in[1];          // (1 -2 3 -4), (5 6 7 8)
  int n = 0;
  o[n++] = any(a);                    // 1 (lane 1 negative)
  o[n++] = all(a);                    // 0
  o[n++] = any(b);                    // 0
  o[n++] = all(a < b);                // 1
  o[n++] = any(a > b);                // 0
  o[n++] = all((char2)(-1, -128));    // 1
  o[n++] = any((short8)(0, 0, 0, 0, 0, 0, 0, 0x7fff));   // 0
  o[n++] = any((long2)(0, -1));       // 1
  v[0] = select(a, b, a);             // MSB of a: 1 6 3 8
  v[1] = select(a, b, (int4)(0x40000000, 0x80000000, 1, -1));   // 1 6 3 8
  v[2] = bitselect(a, b, (int4)(0xf, 0xf0, -1, 0));             // bits from b where mask=1
  float4 f = fin[0], g = fin[1];      // (1.5 -2 0.25 8), (-1 4 16 0.5)
  fv[0] = select(f, g, f > g);        // g where f > g, else f: (-1 -2 0.25 0.5)
  fv[1] = bitselect(f, g, as_float4((int4)(0x80000000)));       // sign of g, rest of f
}
