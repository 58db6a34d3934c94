// 3-element vectors: vload3/vstore3 use packed 3-element strides, while int3/float3 objects in
// buffers (and sizeof) occupy 4 elements. The 4th element written by an int3 store is unspecified
// (Clang stores a 4-vector with a poison lane), so only elements 0-2 of each slot are observed.
kernel void k(global const int *in, global int *packed, global int3 *v3, global float3 *f3,
              global int *o, global float *fo, global int *info) {
  int i = get_global_id(0);
  int3 a = vload3(i, in);              // in[3i .. 3i+2]
  vstore3(a.zxy * 10, i, packed);      // packed[3i .. 3i+2]
  v3[i] = a + (int3)(100);             // slots at 16-byte stride
  f3[i] = convert_float3(a) * 0.5f;
  barrier(CLK_GLOBAL_MEM_FENCE);
  global int *vi = (global int *)v3;
  global float *vf = (global float *)f3;
  for (int j = 0; j < 3; j++) {
    o[3 * i + j] = vi[4 * i + j];
    fo[3 * i + j] = vf[4 * i + j];
  }
  if (i == 0) {
    info[0] = sizeof(int3);            // 16
    info[1] = sizeof(float3);          // 16
    info[2] = vec_step(int3);          // 4 (vec_step of a 3-vector is 4)
    info[3] = (int)((global char *)&v3[1] - (global char *)&v3[0]);  // 16
  }
}
