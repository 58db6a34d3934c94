// Whole-struct copies (memcpy-like): global -> private -> local -> global, struct assignment
// inside a private array, structs passed to and returned from functions by value.
typedef struct { int a[5]; float f; short s, t; } blob_t;   // 28 bytes, no padding
blob_t twiddle(blob_t b, int k) {
  for (int j = 0; j < 5; j++) b.a[j] += k * j;
  b.f *= 2;
  b.s = -b.s;
  b.t += 1;
  return b;
}
kernel void k(global const blob_t *in, global blob_t *out, global int *o) {
  local blob_t shared[2];
  int i = get_global_id(0);
  blob_t arr[2];
  arr[0] = in[i];                     // global -> private
  arr[1] = arr[0];                    // private -> private
  arr[1].a[4] = 99;
  shared[i] = twiddle(arr[1], i + 1); // by value in and out, into local
  barrier(CLK_LOCAL_MEM_FENCE);
  out[i] = shared[1 - i];             // local -> global (swapped)
  o[i] = arr[0].a[4] + arr[1].a[4] * 1000;
}
