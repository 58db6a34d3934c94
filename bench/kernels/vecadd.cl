// Element-wise c = a + b over float4 vectors; the simplest memory-bound kernel.
__kernel void vecadd(__global const float4 *a, __global const float4 *b,
                     __global float4 *c)
{
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
