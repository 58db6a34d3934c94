// NOTE: Debian's Oclgrind 21.10 mis-handles the vector clamp overloads with scalar bounds
// (clamp(int4, int, int), clamp(char4, char, char)) and returns garbage lanes; the expected values are
// the OpenCL results: w = (-5, 3, -10, 10) and c[0] = (-5, -1, 50, 50).
// Integer min/max/clamp: signed vs unsigned comparison, vector with scalar bounds, narrow lanes.
kernel void k(global const int *in, global int *o, global uint *u, global char4 *c) {
  int a = in[0], b = in[1];            // -5 3
  int n = 0;
  o[n++] = min(a, b);                  // -5
  o[n++] = max(a, b);                  // 3
  o[n++] = clamp(a * 10, -20, 20);     // -20
  o[n++] = clamp(b * 10, -20, 20);     // 20
  o[n++] = clamp(b, a, 100);           // 3
  int4 v = (int4)(a, b, a * 3, b * 9); // -5 3 -15 27
  int4 w = clamp(v, -10, 10);          // -5 3 -10 10
  o[n++] = w.x; o[n++] = w.y; o[n++] = w.z; o[n++] = w.w;
  int4 m = max(v, (int4)(0, 4, -20, 30));   // 0 4 -15 30
  o[n++] = m.x + m.y * 10 + m.z * 100 + m.w * 1000;   // 0 + 40 - 1500 + 30000 = 28540
  u[0] = min((uint)a, (uint)b);        // 3 (0xfffffffb is large)
  u[1] = max((uint)a, (uint)b);        // 4294967291
  u[2] = clamp((uint)a, 1u, 1000u);    // 1000
  c[0] = clamp((char4)(-128, -1, 100, 127), (char)-5, (char)50);   // -5 -1 50 50
  c[1] = min((char4)(1, -2, 3, -4), (char4)(-1, 2, -3, 4));       // -1 -2 -3 -4
}
