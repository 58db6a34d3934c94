// Going back over vstore4 into a private array, with --uninitialized (reverse_lanes.sim): the
// lanes' uninitialised bits reach memory before the bytes do, and the history must put both
// back. By hand: v = (1, ?, 3, ?) is stored at a[0..3] and a[4..7], so a[0] + a[2] + a[4] +
// a[6] = 8, from set lanes only: no report, before or after going back and forth.
kernel void lanes(global float *out)
{
  float a[8];
  float4 v;
  v.x = 1.0f;
  v.z = 3.0f;
  vstore4(v, 0, a);
  vstore4(v, 1, a);
  out[get_global_id(0)] = a[0] + a[2] + a[4] + a[6];
}
