// as_<type>: bit reinterpretation between types of the same size (scalars and vectors).
kernel void k(global const float *fin, global const uint *uin, global const double *din,
              global long *o) {
  float f = fin[0];     // 1.0
  float z = fin[1];     // -0.0
  uint u = uin[0];      // 0x40490fdb
  uint w = uin[1];      // 0x04030201
  double d = din[0];    // -2.0
  int n = 0;
  o[n++] = as_int(f);                 // 1065353216
  o[n++] = as_uint(z);                // 2147483648
  o[n++] = (long)(as_float(u) * 1e6f);// 3141592.75 -> 3141592
  char4 c = as_char4(w);
  o[n++] = c.x; o[n++] = c.y; o[n++] = c.z; o[n++] = c.w;   // 1 2 3 4
  ushort2 s = as_ushort2(w);
  o[n++] = s.x; o[n++] = s.y;         // 513 1027
  o[n++] = as_long(d);                // -4611686018427387904
  int2 h = as_int2(d);
  o[n++] = h.x; o[n++] = h.y;         // 0 -1073741824
  o[n++] = as_int(as_float(w));       // round trip: 67305985
  uchar4 b = as_uchar4(-f);           // bytes of 0xbf800000
  o[n++] = b.x; o[n++] = b.w;         // 0 191
  float2 g = as_float2(as_ulong((uint2)(0x3fc00000u, 0xc0200000u)));
  o[n++] = (long)(g.x * 4); o[n++] = (long)(g.y * 4);   // 1.5*4 = 6, -2.5*4 = -10
}
