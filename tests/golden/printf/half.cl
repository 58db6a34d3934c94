#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// printf of half (cl_khr_fp16): scalars are promoted to double (%f %e %g %a), vectors are
// passed as half lanes (%v4hf, %v2hg, %v2ha), one half per lane.
kernel void k(global const half *in) {
  half a = in[0], b = in[1], c = in[2], t = in[3];   // 0.1 -65504 1/3 2^-24 (nearest halves)
  printf("f=%f e=%e g=%g a=%a\n", a, a, b, b);
  half4 v = (half4)(a, b, c, t);
  printf("v=%v4hf\n", v);
  printf("%v2hg|%v2ha|%.3v2he\n", v.xy, v.zw, v.zw);
  printf("inf=%f -inf=%f\n", b * b, b * -b);
}
