// Out-of-bounds read from a __constant buffer argument. Constant buffers live in the global
// memory space, so Oclgrind reports a *global* memory address.
kernel void k(constant int *table, global const int *idx, global int *sink, global int *done) {
  int i = get_global_id(0);
  sink[i] = table[idx[i]];             // idx[2] = 4 is past the end of the 4-int table
  done[i] = i;
}
