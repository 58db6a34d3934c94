// Vector kernel arguments passed by value: int4, float4, int3 (16 bytes in the .sim file),
// int16, and a char2 after them.
kernel void k(int4 a, float4 f, int3 t, int16 s, char2 c, global int *o, global float *fo) {
  int i = get_global_id(0);
  o[i] = a[i] * 1000 + t[i % 3] * 100 + s[i + 12] + c[i & 1];
  fo[i] = f[3 - i] * 2;
}
