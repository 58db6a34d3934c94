// Kernel of err_global_memory_full: five buffer arguments.
kernel void five(global int *a, global int *b, global int *c, global int *d, global int *e) {
  a[0] = b[0] + c[0] + d[0] + e[0];
}
