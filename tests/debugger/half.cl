#pragma OPENCL EXTENSION cl_khr_fp16 : enable
half scale(half x, half s) {
  half r = x * s;
  return r;
}

kernel void k(global half *io) {
  int i = get_global_id(0);
  half x = io[i];
  half4 v = (half4)(x, -x, x / (half)3, (half)0x1p-24);
  half y = scale(x, v.z);
  io[i] = y + v.w;
}
