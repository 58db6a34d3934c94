// Program-scope __constant data: a lookup table, a 2D table, a struct and a string, indexed
// with run-time values.
typedef struct { int scale; int offset; short tag[2]; } params_t;
constant int table[8] = {1, 1, 2, 6, 24, 120, 720, 5040};
constant uchar grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
constant params_t params = {3, -7, {100, 200}};
constant char word[] = "oclgrind";
kernel void k(global const int *in, global int *o) {
  int i = get_global_id(0);
  int v = in[i];
  o[4 * i] = table[v & 7] * params.scale + params.offset;
  o[4 * i + 1] = grid[v & 1][v % 3];
  o[4 * i + 2] = params.tag[v & 1];
  o[4 * i + 3] = word[v % 8];
}
