#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// A half is 16 bits wide to the Uninitialized checker: of a __local half2 whose lane y is never
// written, seen as a uint, the low half is defined (keeping it is silent) and the high half is
// not (shifting it down is reported); arithmetic on lane x is silent, on lane y it is reported
// where the result is stored, after a conversion to float too.
kernel void half_lanes(global uint *bits, global half *h, global float *f, global const half *in)
{
  local half2 pair;
  pair.x = in[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  half2 v = pair;
  uint packed = as_uint(v);
  bits[0] = packed & 0xffff;
  bits[1] = packed >> 16;
  h[0] = v.x * v.x;
  h[1] = v.y * v.x;
  f[0] = (float)v.y;
}
