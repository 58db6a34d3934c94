// An atomic on a 32-bit location that is not 4-byte aligned is reported by the atomic builtin.
// (Whether the misaligned atomic is performed is not checked: 'sink' is not dumped and the
// second, aligned atomic does not overlap bytes it could change.)
kernel void k(global uchar *bytes, global int *sink, global int *o) {
  global int *p = (global int *)(bytes + 2);
  sink[0] = atomic_add(p, 1);
  o[0] = atomic_add((global int *)(bytes + 4), 0x100);   // aligned: old value 1
  o[1] = *(global int *)(bytes + 4);                      // 0x101
}
