// Static array bounds: an index past the end of an inner array dimension is reported even when
// the address is still inside the object (so no invalid-access error follows).
constant int table[2][3] = {{1, 2, 3}, {4, 5, 6}};
kernel void k(global const int *idx, global int *o) {
  int i = get_global_id(0);
  local int grid[2][4];
  int m[2][4];
  for (int j = 0; j < 8; j++) { m[j / 4][j % 4] = j; grid[j / 4][j % 4] = 10 * j; }
  int k = idx[i];                      // 1 5 2 4
  o[i] = m[0][k];                      // k = 5, 4: index exceeds 4, address inside m
  o[4 + i] = table[0][k % 4];          // k = 4 -> 0; fine
  o[8 + i] = grid[i & 1][k & 3] + table[1][k - 3];   // k = 1, 2: table[1][-2], [-1]
}
