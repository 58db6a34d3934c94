// NOTE: Debian reports nothing here: it misses the unset lanes vstore4 writes.
// vload4 and vstore4 move shadows lane by lane: a local tile whose odd elements are never
// written is loaded whole, and only its even lanes are used (silent); storing the vector
// itself to global memory writes its unset lanes (one report per work-item).
kernel void vload_lanes(global float *out, global float4 *copy, global const float *in)
{
  local float tile[8];
  int l = get_local_id(0);
  tile[2 * l] = in[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  float4 v = vload4(0, tile + 4 * (l / 2));
  out[l] = v.x + v.z;
  vstore4(v, 0, (global float *)(copy + l));
}
