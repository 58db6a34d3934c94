// 2D work-groups: each 4x2 group transposes a tile through local memory; several barrier
// phases rotate values between work-items (prefix sums along x).
kernel void k(global const int *in, global int *t, global int *prefix) {
  local int tile[2][4];
  int lx = get_local_id(0), ly = get_local_id(1);
  int gx = get_global_id(0), gy = get_global_id(1), w = get_global_size(0);
  tile[ly][lx] = in[gy * w + gx];
  barrier(CLK_LOCAL_MEM_FENCE);
  int lin = ly * 4 + lx;                       // read back in transposed (column-major) order
  t[gy * w + gx] = tile[lin % 2][lin / 2];
  for (int step = 1; step < 4; step *= 2) {    // Hillis-Steele scan along each row
    int v = lx >= step ? tile[ly][lx - step] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    tile[ly][lx] += v;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  prefix[gy * w + gx] = tile[ly][lx];
}
