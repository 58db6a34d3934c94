// Geometric builtins on exact (Pythagorean) inputs: dot, cross (float3 and float4), length,
// distance, normalize, fast_length.
kernel void k(global const float *in, global float *o) {
  float4 a = vload4(0, in);               // 1 2 3 0
  float4 b = vload4(1, in);               // 4 5 6 0
  int n = 0;
  o[n++] = dot(a, b);                     // 32
  o[n++] = dot(a.xy, b.xy);               // 14
  float3 c = cross(a.xyz, b.xyz);         // -3 6 -3
  o[n++] = c.x; o[n++] = c.y; o[n++] = c.z;
  float4 d = cross(b, a);                 // 3 -6 3 0
  o[n++] = d.x; o[n++] = d.y; o[n++] = d.z; o[n++] = d.w;
  o[n++] = length((float2)(a.z, b.x));    // 5
  o[n++] = length((float3)(a.y, a.z, b.z));   // 2 3 6 -> 7
  o[n++] = length((float4)(a.x, a.y, a.y, b.x));  // 1 2 2 4 -> 5
  o[n++] = length(b.x - a.z);             // scalar: 1
  o[n++] = distance((float2)(a.x, a.x), (float2)(b.x, b.y));   // (1,1)-(4,5): 5
  float2 u = normalize((float2)(a.z, b.x));   // 0.6 0.8
  o[n++] = u.x; o[n++] = u.y;
  float3 w = normalize((float3)(0, 0, -b.z)); // 0 0 -1
  o[n++] = w.z;
  o[n++] = fast_length((float2)(b.z, b.y + b.y + b.y - 7));   // (6, 8): 10
}
