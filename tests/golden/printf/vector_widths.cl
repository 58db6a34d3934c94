// printf of vectors of several widths and element sizes, with a precision written after the
// vector size (out of the specification's order, which Oclgrind takes too). Expected output
// checked against Debian's oclgrind-kernel 21.10.
kernel void k() {
  int8 a = (int8)(1, 2, 3, 4, 5, 6, 7, 8);
  float16 f = (float16)(0.5f);
  char3 c = (char3)(1, 2, 3);
  long2 l = (long2)(-1, 2);
  printf("%v8hld|%v16.1f|%v3hhd|%v2ld|%v4hx\n", a, f, c, l, (ushort4)(10, 11, 12, 13));
}
