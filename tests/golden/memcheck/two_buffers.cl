// One warp's lanes load from two buffers (odd work-items from `b`, even ones from `a`), and
// work-item 7 past the end of `b`: the lane executor cannot locate the op's accesses once for
// the warp (exec::lanes, warp_span), so each lane is checked as the scalar executor checks
// it; the next op's lanes all read `a`, located once. Expected: derived by hand; out[i] =
// i (even i), 100 + i (odd i < 7), 0 for the invalid read; out[8 + i] = 2 * i.
kernel void two_buffers(global int *out, global const int *a, global const int *b)
{
  int i = get_global_id(0);
  global const int *src = (i & 1) ? b : a;
  out[i] = src[i == 7 ? 8 : i];
  out[8 + i] = 2 * a[i];
}
