// Register-blocked private arrays, as tuned BLAS kernels have them: clang keeps each in one
// wide vector register (<32 x float>, <64 x i32>) at -Oz and -O2, and unrolls every loop.
// The reference comes from a Python model of the kernel; Debian's Oclgrind 21.10 agrees.
#define N 32
#define M 64

kernel void wide(global const float *a, global const float *b, global const int *c,
                 global float *out_f, global int *out_i)
{
  float acc[N];
  int count[M];
  #pragma unroll
  for (int i = 0; i < N; i++)
    acc[i] = 0.0f;
  #pragma unroll
  for (int i = 0; i < M; i++)
    count[i] = i;
  for (int j = 0; j < 4; j++) {
    float av = a[j];
    int cv = c[j];
    #pragma unroll
    for (int i = 0; i < N; i++)
      acc[i] += av * b[j * N + i];
    #pragma unroll
    for (int i = 0; i < M; i++) {
      int x = count[i] ^ (cv << (i & 7));
      count[i] = x > 100 ? x - 100 : x + (i >> 2);
    }
  }
  int total = 0;
  #pragma unroll
  for (int i = 0; i < M; i++)
    total += count[i];
  #pragma unroll
  for (int i = 0; i < N; i++)
    out_f[i] = acc[i] + (float)count[i];
  #pragma unroll
  for (int i = 0; i < M; i++)
    out_i[i] = count[M - 1 - i];
  out_i[M] = total;
}
