// Integer builtins: abs, abs_diff, add_sat, sub_sat, hadd, rhadd on several widths.
// o is dumped as uint, so negative results print modulo 2^32.
kernel void k(global const int *in, global const uchar *cin, global uint *o, global uchar *co,
              global long *lo) {
  int a = in[0], b = in[1];            // -2147483647 2147483647 (INT_MIN + 1, INT_MAX)
  int c = in[2], d = in[3];            // -7 10
  int n = 0;
  o[n++] = abs(a);                     // 2147483647
  o[n++] = abs(c);                     // 7
  o[n++] = abs_diff(a, b);             // 4294967294 (fits in uint)
  o[n++] = abs_diff(c, d);             // 17
  o[n++] = add_sat(b, d);              // 2147483647
  o[n++] = add_sat(a, c);              // -2147483648
  o[n++] = sub_sat(a, d);              // -2147483648
  o[n++] = sub_sat((uint)d, 20u);      // 0
  o[n++] = hadd(b, b);                 // 2147483647 (no overflow)
  o[n++] = rhadd(c, d);                // (-7 + 10 + 1) >> 1 = 2
  o[n++] = hadd(c, d);                 // 1
  o[n++] = hadd(c, c - 2);             // -8
  o[n++] = rhadd(c, c - 2);            // -8
  uchar x = cin[0], y = cin[1];        // 200 100
  n = 0;
  co[n++] = add_sat(x, y);             // 255
  co[n++] = sub_sat(y, x);             // 0
  co[n++] = abs_diff(y, x);            // 100
  co[n++] = rhadd(x, (uchar)(y + 1));  // 151
  co[n++] = abs((char)x);              // 56
  co[n++] = add_sat((char)y, (char)y); // 127
  lo[0] = add_sat((long)a * 4294967296L, (long)a * 4294967296L);   // LONG_MIN
  lo[1] = abs_diff((long)c, (long)d);  // 17
}
