// Header tokens may appear in any order.
kernel void k(global uint *a, global uint *b, global float *f) {
  int i = get_global_id(0);
  a[i] = a[i] + b[i] + (uint)f[i];
}
