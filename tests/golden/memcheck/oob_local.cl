// Out-of-bounds read and write on a __local pointer argument (8 bytes = 2 ints per group).
// Local addresses depend on allocation order, so the expectation stops before the address.
// Invalid loads give unspecified values, so 'sink' is not dumped.
kernel void k(local int *scratch, global const int *idx, global int *sink, global int *done) {
  int i = get_global_id(0), l = get_local_id(0);
  scratch[idx[i]] = i;                 // idx = 0 1 0 2: work-item 3 writes scratch[2]
  barrier(CLK_LOCAL_MEM_FENCE);
  sink[i] = scratch[idx[3 - i]];       // work-item 0 reads scratch[2]
  done[i] = 10 * i + l;
}
