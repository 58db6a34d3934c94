// --max-errors 2: after two messages, a notice is printed once and further errors are dropped.
kernel void k(global int *out) {
  int i = get_global_id(0);
  out[i + 4] = i;                      // every work-item writes out of bounds
}
