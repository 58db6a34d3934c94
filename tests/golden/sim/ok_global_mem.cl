// -g prints every global buffer after the dumps.
kernel void k(global uchar *a, global uint *b) {
  a[get_global_id(0)] = 0xA0 + get_global_id(0);
  b[0] = 0x11223344;
}
