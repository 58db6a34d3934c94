// Implicit conversions and C casts between scalar types: truncation, sign/zero extension,
// float->int truncating toward zero, int->float rounding to nearest even, usual arithmetic conversions.
kernel void k(global const int *in, global const float *fin, global long *o) {
  int a = in[0];      // 300
  int m = in[1];      // -2
  uint u = in[2];     // 4294967295
  float f = fin[0];   // 2.75
  float g = fin[1];   // -2.75
  char c = m;         // -2
  uchar uc = a;       // 44
  int n = 0;
  o[n++] = (char)a;                     // 44
  o[n++] = (uchar)m;                    // 254
  o[n++] = (short)(a * 300);            // 90000 -> 24464
  o[n++] = (ushort)m;                   // 65534
  o[n++] = (long)m;                     // -2 (sign extension)
  o[n++] = (long)(uint)m;               // 4294967294 (zero extension)
  o[n++] = (ulong)u;                    // 4294967295
  o[n++] = (int)f;                      // 2
  o[n++] = (int)g;                      // -2
  o[n++] = (uint)f;                     // 2
  o[n++] = (long)(g * 1e9f);            // -2.75e9 rounded to float: -2750000128
  o[n++] = (char)g;                     // -2
  o[n++] = (int)(float)(a * 55925 + 1); // 16777501 -> 16777500 (ties to even)
  o[n++] = (long)(double)u;             // 4294967295
  o[n++] = (long)(float)u;              // 4294967296
  o[n++] = m < 1u;                      // m converted to uint: 0
  o[n++] = m < (long)u;                 // 1
  o[n++] = c + uc;                      // both promoted to int: 42
  o[n++] = (uchar)(c + uc * 6);         // 262 -> 6
  o[n++] = m + 1u;                      // uint 4294967295
  o[n++] = (double)g * 2;               // -5.5 -> -5 on store to long
}
