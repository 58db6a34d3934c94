// Each work-group reads 16 KiB of an input buffer that comes after the buffer it writes
// (arguments in that order): a run of loads only, over several pages of the detector's
// table. No race.
kernel void later_input(global float *out, global const float4 *in)
{
  size_t i = get_global_id(0);
  out[i] = dot(in[i], in[i]);
}
