// A private accumulator that is never set: every work-item stores an uninitialised sum.
kernel void private_accumulator(global float *out, global const float *in, int n)
{
  float sum;
  for (int i = 0; i < n; i++)
    sum += in[i];
  out[get_global_id(0)] = sum;
}
