kernel void strides(global const float *in, global float *out)
{
  size_t i = get_global_id(0);
  float s = in[i];
  s += in[2 * i];
  s += in[8 * i];
  s += in[32 * i];
  s += in[0];
  s += in[i + 1];
  out[i] = s;
}
