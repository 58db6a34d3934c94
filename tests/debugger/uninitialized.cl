// `print` and `info locals` mark what is uninitialised (with --uninitialized): a variable
// never set, a vector lane never written, a struct member never set.
typedef struct { int a; int b; } Pair;

kernel void uninitialized(global float *out, global const float *in)
{
  int g = get_global_id(0);
  float acc;
  float4 v;
  Pair p;
  float2 pair_of_lanes; // gives the debugger the type float2, for `print v.yx`
  v.x = 1.0f;
  v.z = 3.0f;
  v.w = 4.0f;
  p.b = 2;
  out[g] = v.x + v.z + in[g] + p.b;
}
