#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// An inference-style layer in half (cl_khr_fp16): y = softmax(relu(W x + b)) for 8 outputs of
// 16 inputs, one work-item per output. The products accumulate with fma in half (each rounded
// once, in order), and the softmax's max and sum are tree reductions in __local half memory.
// Weights, inputs and biases are fixed pseudo-random halves; see README for the expected values.
#define N 16
#define M 8
kernel void layer(global const half *w, global const half *x, global const half *b,
                  global half *y, local half *tmp, global half *hid) {
  int i = get_local_id(0);
  half acc = 0;
  for (int k = 0; k < N; k++)
    acc = fma(w[i * N + k], x[k], acc);
  half h = fmax(acc + b[i], (half)0);
  hid[i] = h;
  tmp[i] = h;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = M / 2; s > 0; s >>= 1) {
    if (i < s)
      tmp[i] = fmax(tmp[i], tmp[i + s]);
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  half m = tmp[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  half e = exp(h - m);
  tmp[i] = e;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = M / 2; s > 0; s >>= 1) {
    if (i < s)
      tmp[i] += tmp[i + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  y[i] = e / tmp[0];
}
