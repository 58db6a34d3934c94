// Pointer arithmetic and casts: byte view of an int buffer (little-endian), pointer
// differences and comparisons, pointers into private arrays passed to functions.
void fill(int *p, int n, int v) { for (int j = 0; j < n; j++) p[j] = v + j; }
int sum_range(const int *begin, const int *end) {
  int s = 0;
  while (begin < end) s += *begin++;
  return s;
}
kernel void k(global const uint *in, global int *o) {
  global const uchar *bytes = (global const uchar *)in;
  int n = 0;
  o[n++] = bytes[0];                   // 0x04030201 -> 1
  o[n++] = bytes[3];                   // 4
  o[n++] = *(global const ushort *)(bytes + 2);   // 0x0403
  o[n++] = *(global const int *)(bytes + 4);      // in[1]
  int arr[10];
  fill(arr, 10, 100);
  fill(arr + 5, 3, -1);                // arr = 100..104, -1 0 1, 108 109
  int *mid = &arr[4];
  o[n++] = sum_range(arr, mid);        // 406
  o[n++] = sum_range(mid, arr + 10);   // 104 - 1 + 0 + 1 + 108 + 109 = 321
  o[n++] = (int)(arr + 10 - mid);      // 6
  o[n++] = mid[-1] + mid[2];           // 103 + 0
  o[n++] = (global const uchar *)&in[1] - bytes;  // 4
}
