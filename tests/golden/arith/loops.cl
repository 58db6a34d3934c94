// Loops whose values flow through phis: swapped loop-carried values (Fibonacci), break/continue,
// do-while, nested loops with an early exit, and a data-dependent trip count (Collatz).
kernel void k(global const int *in, global long *o) {
  int i = get_global_id(0);
  int n = in[i];
  long a = 0, b = 1;
  for (int j = 0; j < n; j++) { long t = a; a = b; b = t + b; }   // a = fib(n)
  o[5 * i + 0] = a;
  int s = 0;
  for (int j = 0; ; j++) {
    if (j % 3 == 0) continue;
    if (j > 4 * n) break;
    s += j;
  }
  o[5 * i + 1] = s;
  int d = 0, x = n;
  do { d++; x /= 2; } while (x > 0);
  o[5 * i + 2] = d;                                               // bit length (1 for 0)
  int found = -1;
  for (int p = 0; p < n && found < 0; p++)
    for (int q = 0; q < n; q++)
      if (p * q == n + 2) { found = p * 100 + q; break; }
  o[5 * i + 3] = found;
  long c = n + 1, steps = 0;
  while (c != 1) { c = (c & 1) ? 3 * c + 1 : c / 2; steps++; }
  o[5 * i + 4] = steps;
}
