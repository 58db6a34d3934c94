// Kernel of the launch-header error tests.
constant int counter = 1;
kernel void k(global int *out, int n) {
  out[get_global_id(0)] = n + counter;
}
