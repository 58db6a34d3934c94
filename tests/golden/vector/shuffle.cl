// shuffle / shuffle2 with run-time masks (only the low log2(2N) bits of each mask lane are used).
kernel void k(global const int4 *in, global const uint8 *masks, global int8 *o, global int4 *p) {
  int4 a = in[0], b = in[1];          // (10 11 12 13), (20 21 22 23)
  uint8 m = masks[0];                 // (3 2 1 0 7 4 5 6)
  o[0] = shuffle2(a, b, m);           // 13 12 11 10 23 20 21 22
  o[1] = shuffle(a, m);               // mask & 3: 13 12 11 10 13 10 11 12
  uint4 n = (uint4)(m.s4 + 8, 1, 16 + 2, 0);   // 15 1 18 0 -> & 7: 7 1 2 0
  p[0] = shuffle2(a, b, n);           // 23 11 12 10
  int8 w = (int8)(a, b);
  p[1] = shuffle(w, (uint4)(6, 0, 5, 9));      // & 7: 6 0 5 1 -> 22 10 21 11
}
