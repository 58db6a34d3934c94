// Vector arithmetic, lane reads and writes, a swizzle and a vector load builtin.
kernel void vectors(global float4 *out, global const float *in)
{
  int i = get_global_id(0);
  float4 v = vload4(i, in);
  float4 w = v.wzyx * 2.0f;
  w.y = v.x + w.z;
  out[i] = w + (float4)(i);
}
