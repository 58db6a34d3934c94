// vloadN / vstoreN (N = 2, 4, 8, 16) from element pointers at element offsets N*offset,
// on global, local and private memory; the pointers need only element alignment.
kernel void k(global const int *in, global const float *fin, global int *o, global float *fo) {
  local int tmp[32];
  int p[8];
  int2 a = vload2(1, in);              // in[2..3]
  int4 b = vload4(1, in + 1);          // in[5..8]
  int8 c = vload8(0, in + 3);          // in[3..10]
  int16 d = vload16(1, in);            // in[16..31]
  vstore2(a, 0, o);                    // o[0..1]
  vstore4(b, 1, o);                    // o[4..7]
  vstore8(c, 1, o + 1);                // o[9..16]
  vstore16(d, 1, tmp);                 // tmp[16..31]
  vstore4(vload4(0, tmp + 17), 0, p);  // p[0..3] = d.s1234
  vstore4((int4)(p[0], p[3], 0, 0), 0, p + 4);
  int8 e = vload8(0, p);
  vstore8(e, 0, o + 17);               // o[17..24]
  float4 f = vload4(0, fin + 2);       // fin[2..5]
  vstore4(f * 0.5f, 1, fo + 1);        // fo[5..8]
}
