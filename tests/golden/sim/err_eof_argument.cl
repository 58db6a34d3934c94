// Kernel used by the .sim parser tests: one argument of each kind.
kernel void k(global int *out, int n, local int *tmp, constant int *c) {
  tmp[get_local_id(0)] = n;
  out[get_global_id(0)] = tmp[get_local_id(0)] + c[0];
}
