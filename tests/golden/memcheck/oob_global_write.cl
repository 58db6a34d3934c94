// Out-of-bounds write to a global buffer (second argument, so buffer index 2).
kernel void k(global const int *in, global int *out) {
  int i = get_global_id(0);
  out[i * 2] = in[i];
}
