// A 3-point moving average: each output sample is the mean of its input sample and the two
// neighbours. The left edge is clamped; the right edge was forgotten.
kernel void smooth(global const float *in, global float *out, int n)
{
  int i = get_global_id(0);
  if (i >= n)
    return;
  float left = in[max(i - 1, 0)];
  float right = in[i + 1];
  out[i] = (left + in[i] + right) / 3.0f;
}
