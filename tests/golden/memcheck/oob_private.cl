// Out-of-bounds accesses to a private array with run-time indices: reported as the invalid
// access first (its private address is not checked here), then the static array index error.
kernel void k(global const int *idx, global int *sink, global int *done) {
  int i = get_global_id(0);
  int arr[4];
  for (int j = 0; j < 4; j++) arr[j] = idx[j] * 10;
  arr[idx[i] & 7] = i;                 // idx[1] = 4: work-item 1 writes arr[4]
  sink[i] = arr[idx[i + 1] & 7];       // idx[3] = 5: work-item 2 reads arr[5]
  done[i] = i;
}
