// Nested if/else chains inside loops, a helper function returning through a pointer,
// goto out of a nested loop, and a loop whose exit depends on a helper's result.
int classify(int v, int *twice) {
  *twice = 2 * v;
  if (v < 0) {
    if (v < -10) return -2;
    else return -1;
  } else if (v == 0) {
    return 0;
  } else {
    if (v & 1) return (v > 10) ? 3 : 1;
    return 2;
  }
}
kernel void k(global const int *in, global int *o) {
  int i = get_global_id(0);
  int v = in[i], t, acc = 0;
  o[4 * i] = classify(v, &t);
  o[4 * i + 1] = t;
  for (int a = 0; a < 8; a++) {
    for (int b = 0; b < 8; b++) {
      if ((a ^ b) == (v & 7)) { acc += a * 10 + b; if (acc > 40) goto done; }
    }
  }
done:
  o[4 * i + 2] = acc;
  int u = v, c = 0;
  while (classify(u, &t) != 0 && c < 100) { u = u > 0 ? u - 3 : u + 5; c++; }
  o[4 * i + 3] = c * 1000 + u;
}
