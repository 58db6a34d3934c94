// Out-of-bounds read from a global buffer: the last work-item reads one element past the end.
// The value of an invalid load is unspecified, so 'out' is not dumped; 'done' shows that every
// work-item ran to completion.
kernel void k(global const int *in, global int *out, global int *done) {
  int i = get_global_id(0);
  out[i] = in[i + 1];
  done[i] = i + 1;
}
