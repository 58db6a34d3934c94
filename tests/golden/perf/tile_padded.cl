kernel void tile_padded(global const float *in, global float *out)
{
  local float tile[32][33];
  size_t l = get_local_id(0), g = get_group_id(0);
  for (int k = 0; k < 32; k++)
    tile[k][l] = in[g * 1024 + k * 32 + l];
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0;
  for (int k = 0; k < 32; k++)
    s += tile[l][k];
  out[g * 32 + l] = s;
}
