// __constant pointer arguments (buffers in constant memory) read with run-time indices.
kernel void k(constant float *coef, constant int *idx, global float *o) {
  int i = get_global_id(0);
  float acc = 0;
  for (int j = 0; j < 3; j++) acc += coef[idx[i * 3 + j]] * (j + 1);
  o[i] = acc;
}
