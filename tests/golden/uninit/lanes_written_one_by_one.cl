// Oclgrind issue #126: vectors whose lanes are written one at a time, and whose unset lanes
// are never used, are not reported; neither is the poison vector -Oz starts them from.
kernel void lanes_written_one_by_one(global float *out, global const float *in)
{
  int g = get_global_id(0);
  float8 v;
  v.s0 = in[g];
  v.s3 = in[g] * 2.0f;
  float2 w;
  w.y = in[g] + 1.0f;
  out[g] = v.s0 + v.s3 + w.y;
}
