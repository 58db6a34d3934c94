#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// half vectors (cl_khr_fp16): lane-wise arithmetic rounding once per lane, swizzles and
// shuffles, a lane chosen at run time, vload/vstore of half (the bits move as they are), as_half*,
// comparisons giving short lanes of -1 or 0, select on their sign bits, a half3 and a half16,
// and conversions of whole vectors. Halves are stored as their bits.
kernel void k(global const half *in, global half *o, global short *c, global const int *idx,
              global int *n) {
  half4 a = vload4(0, in);              // 1 3 0.1 65504
  half4 b = vload4(1, in);              // 3 0.5 0.2 2
  half8 e = vload8(0, in + 4);          // b, then 2^-24 -1 2048 inf
  vstore4(a + b, 0, o);
  vstore4(a * b - a, 1, o);             // fused: a * b + (-a)
  vstore4(a / b, 2, o);
  vstore4(b.wzyx, 3, o);
  vstore4(shuffle2(a, b, (ushort4)(7, 0, 5, 2)), 4, o);
  half8 s = e.s76543210 + (half)1;
  vstore8(s, 3, o);
  int k = idx[0];                       // 2
  half4 m = a;
  m[k] = e[k + 4];                      // insertelement and extractelement at run time
  vstore4(m, 8, o);
  o[36] = as_half((ushort)(as_ushort(a.x) + 1));  // the next half after 1
  vstore2(as_half2(0x3c00c000), 0, o + 37);     // as_half2 of an int: lanes -2, 1
  half3 t = vload3(0, in + 1) * (half3)(2, -2, 0.5h);
  vstore3(t, 0, o + 39);
  half16 w = (half16)(a, b, e);
  o[42] = w.sf + w.s0;                  // inf + 1
  vstore4(convert_half4(convert_int4_sat(a * (half4)4.0h)), 0, o + 43);
  short4 lt = a < b;
  vstore4(lt, 0, c);
  vstore4(isequal(a, a.xyzw), 1, c);
  vstore4(isgreater(e.hi, e.lo), 2, c);
  vstore4(as_short4(select(a, b, lt)), 3, c);
  n[0] = any(lt);
  n[1] = all(isfinite(e.lo));
  n[2] = all(isfinite(e.hi));
}
