// Dense switch (a jump-table candidate) with fall-through and default.
kernel void k(global int *o) {
  int i = get_global_id(0);
  int r = 0;
  switch (i) {
    case 0: r = 10; break;
    case 1: r = 11;           // falls through
    case 2: r += 20; break;
    case 3: r = 33; break;
    case 4:
    case 5: r = 45; break;
    case 6: r = i * i; break;
    default: r = -1;
  }
  o[i] = r;
}
