// NOTE: Debian reports the float3 member's 4-lane stores and misses the copy. A struct in a
// __local array whose member `i` no work-item sets, copied whole to global memory: the copy
// writes uninitialised bytes, reported at the member's address (offset 4 of each struct).
// The padding around it is not reported.
typedef struct { char c; int i; float3 v; } Padded;

kernel void struct_field_unset(global Padded *out, global const float *in)
{
  local Padded tmp[2];
  int g = get_global_id(0);
  int l = get_local_id(0);
  tmp[l].c = 'b';
  tmp[l].v = (float3)(in[g], 0.0f, 0.0f);
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] = tmp[l];
}
