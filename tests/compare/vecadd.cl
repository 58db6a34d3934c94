kernel void vecadd(global const uint *a, global const uint *b, global uint *c) {
  size_t i = get_global_id(0);
  c[i] = a[i] + b[i];
}
