// Component access: .x/.y/.z/.w, .sN, .hi/.lo, .even/.odd, on int4, int8 and float16.
kernel void k(global const int *in, global int *o) {
  int8 v = vload8(0, in);            // 10 11 12 13 14 15 16 17
  int4 a = v.lo;                     // 10 11 12 13
  int n = 0;
  o[n++] = a.x; o[n++] = a.y; o[n++] = a.z; o[n++] = a.w;
  o[n++] = v.s7; o[n++] = v.s5;
  int4 h = v.hi;  o[n++] = h.s0;     // 14
  int4 e = v.even; o[n++] = e.s0; o[n++] = e.s1; o[n++] = e.s2; o[n++] = e.s3;  // 10 12 14 16
  int4 d = v.odd;  o[n++] = d.s3;    // 17
  int2 l = a.hi;   o[n++] = l.x + 100 * l.y;        // 12 + 1300
  int2 m = v.odd.lo; o[n++] = m.y;   // 13
  float16 f = convert_float16((int16)(v, v * 2));
  o[n++] = (int)f.sF;                // 34
  o[n++] = (int)f.sa;                // 24
  o[n++] = (int)f.hi.odd.s1;         // hi = s8..sF, its odd lanes = s9 sB sD sF: f.sB = 26
  int3 t = v.s123;
  o[n++] = t.z;                      // 13
}
