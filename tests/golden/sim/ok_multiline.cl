// Values may be spread over several lines, and comments may appear anywhere.
kernel void k(global int *out, global const int *in, int scale, int4 v) {
  int i = get_global_id(0);
  out[i] = in[i] * scale + v[i];
}
