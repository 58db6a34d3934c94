// Writing single lanes of vectors in a write-only buffer is not a read: no diagnostics.
// (The compiler writes `v.x = ...` as load vector, insert lane, store vector.)
kernel void k(global int4 *a, global float4 *b, global const int4 *in, global int4 *c) {
  int i = get_global_id(0);
  a[i].x = 42;
  a[i].zw = (int2)(i, -i);
  b[i].y = 1.5f;
  c[i].wzyx = in[i];
}
