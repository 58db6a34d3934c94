// Private arrays with run-time indices: a per-work-item histogram and a 2D array.
kernel void k(global const uchar *in, global int *o) {
  int i = get_global_id(0);
  int hist[8];
  for (int j = 0; j < 8; j++) hist[j] = 0;
  for (int j = 0; j < 16; j++) hist[in[i * 16 + j] & 7]++;
  int m[3][4];
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++) m[r][c] = r * 10 + c + hist[(r + c) & 7];
  int s = 0;
  for (int j = 0; j < 8; j++) { o[i * 10 + j] = hist[j]; s += hist[j] * j; }
  o[i * 10 + 8] = s;
  o[i * 10 + 9] = m[in[i] % 3][in[i + 1] % 4];
}
