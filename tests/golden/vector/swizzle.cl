// Swizzles on the right-hand side (with repeats) and on the left-hand side (partial writes).
kernel void k(global const float4 *in, global float4 *o, global int8 *p) {
  float4 v = in[0];                  // 1 2 3 4
  o[0] = v.wzyx;                     // 4 3 2 1
  o[1] = v.xxyy + v.s3322;           // 5 5 5 5
  float4 w = (float4)(0.0f);
  w.yx = v.zw;                       // w = 4 3 0 0
  w.w = -1.5f;
  w.s2 = v.x * 8;                    // w = 4 3 8 -1.5
  o[2] = w;
  int8 q = (int8)(0, 1, 2, 3, 4, 5, 6, 7);
  q.s7531 = q.s0246;                 // 0 6 2 4 4 2 6 0
  q.lo.hi = (int2)(-1, -2);          // 0 6 -1 -2 4 2 6 0
  p[0] = q;
  int4 r = q.even;                   // 0 -1 4 6
  p[1] = (int8)(r.zyx, r.w, r.wwww); // 4 -1 0 6 6 6 6 6
}
