// printf with integer conversions: %d %i %u %x %X %o, length modifiers (hh, h, l), negative
// values, and %% escapes.
kernel void k(global const int *in) {
  int a = in[0], b = in[1];                      // -42 255
  long big = (long)a * 100000000000L;            // -4200000000000
  printf("d=%d i=%i u=%u\n", a, b, (uint)a);
  printf("x=%x X=%X o=%o\n", b, 0xBEEF + b, b);
  printf("hh=%hhd h=%hd l=%ld lu=%lu\n", (char)b, (short)(b * 300), big, (ulong)big);
  printf("100%% done, %d%%\n", b);
  printf("chars: %c%c%c\n", 'O', 'K', (char)(b - 222));
}
