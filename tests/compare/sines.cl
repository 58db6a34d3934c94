// sin over 4096 inputs: OpenCL allows each device 4 ulps of error, so two devices may differ
// by up to 8 ulps.
kernel void sines(global const float *x, global float *y) {
  size_t i = get_global_id(0);
  y[i] = sin(x[i] * 0.01f);
}
