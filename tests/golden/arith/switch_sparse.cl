// Sparse switch on values read from memory: negative, large and 64-bit case values.
kernel void k(global const long *in, global int *o) {
  int i = get_global_id(0);
  long v = in[i];
  int r;
  switch (v) {
    case -5: r = 1; break;
    case 1: r = 2; break;
    case 100: r = 3; break;
    case 1000: r = 4; break;
    case 65536: r = 5; break;
    case 0x100000000L: r = 6; break;
    case -9223372036854775807L - 1: r = 7; break;
    default: r = 0; break;
  }
  o[i] = r;
}
