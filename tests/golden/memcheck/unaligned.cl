// Misaligned loads and stores through casted pointers: reported by the core, and the access
// still happens (little-endian byte order).
kernel void k(global uchar *bytes, global uint *o) {
  global uint *p = (global uint *)(bytes + 1);
  o[0] = *p;                           // unaligned 4-byte load of bytes[1..4]
  global ushort *q = (global ushort *)(bytes + 5);
  *q = 0xbeef;                         // unaligned 2-byte store to bytes[5..6]
  o[1] = *(global ushort *)(bytes + 6);   // aligned: 0x??be
}
