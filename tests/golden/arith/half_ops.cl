#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// half arithmetic (cl_khr_fp16) rounds once, to nearest even: ties (2048 + 1, 0.1 + 0.2),
// subnormals, overflow to infinity, and fused multiply-adds (clang contracts x * y + x into
// llvm.fmuladd at every level; the result is rounded once). Inputs and outputs are the halves'
// bits, so every value is exact; the expected ones come from an exact model (see README).
kernel void k(global const half *x, global const half *y, global half *o, global float *f,
              global int *n, global const double *d, global const int *iv) {
  int i = get_global_id(0);
  half a = x[i], b = y[i];
  global half *p = o + 10 * i;
  p[0] = a + b;
  p[1] = a - b;
  p[2] = a * b;
  p[3] = a / b;
  p[4] = -a;
  p[5] = a * b + a;
  p[6] = a < b ? a : b;
  p[7] = (half)((float)a * 0.75f);   // fpext, then fptrunc from float
  p[8] = (half)d[i];                 // fptrunc from double: one rounding
  p[9] = (half)iv[i];                // sitofp
  f[i] = a;                          // fpext to float, exact
  global int *q = n + 4 * i;
  q[0] = (int)b;                     // fptosi, toward zero
  q[1] = (a < b) + 2 * (a == b) + 4 * (a - a != a - a);  // inf - inf is NaN
  q[2] = (uint)(b * 1.5h);           // a half literal, fptoui
  q[3] = as_ushort(b + 0.5h);
}
