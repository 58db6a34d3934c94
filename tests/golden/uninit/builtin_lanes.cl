// NOTE: Debian aborts here (OCLGRIND FATAL ERROR in its Uninitialized plugin).
// Builtins that work lane by lane keep lanes apart, out-pointers included: fract of a
// float4 whose lane 1 is never set gives an unset lane 1 in both its results, and only the
// stores of lane 1 are reported; the other lanes and a scalar builtin's clean result are not.
kernel void builtin_lanes(global float *frac, global float *whole, global const float *in)
{
  int g = get_global_id(0);
  float4 v;
  v.x = in[g];
  v.z = in[g] + 1.0f;
  v.w = in[g] + 2.0f;
  float4 ip;
  float4 f = fract(v, &ip);
  frac[4 * g] = f.x;
  frac[4 * g + 1] = f.y;
  frac[4 * g + 2] = f.z + sqrt(in[g]);
  whole[4 * g] = ip.x;
  whole[4 * g + 1] = ip.y;
  whole[4 * g + 3] = ip.w;
}
