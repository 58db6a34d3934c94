// A program-scope counter as an earlier launch left it (global=), and a build option.
global int counter = 5;
global int *global ptr = &counter;
kernel void k(global int *out) {
  out[0] = counter;
  out[1] = *ptr + SCALE;
}
