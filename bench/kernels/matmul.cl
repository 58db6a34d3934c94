// Tiled C = A * B for square N x N matrices (N a multiple of TILE).
// Each work-group stages one TILE x TILE block of A and B in local memory per step.
#define TILE 16

__kernel void matmul(__global const float *A, __global const float *B,
                     __global float *C, uint N)
{
  __local float As[TILE][TILE];
  __local float Bs[TILE][TILE];

  size_t lx = get_local_id(0), ly = get_local_id(1);
  size_t col = get_global_id(0), row = get_global_id(1);

  float acc = 0.0f;
  for (uint t = 0; t < N; t += TILE)
  {
    As[ly][lx] = A[row * N + t + lx];
    Bs[ly][lx] = B[(t + ly) * N + col];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (uint k = 0; k < TILE; k++)
      acc = mad(As[ly][k], Bs[k][lx], acc);
    // Nobody may overwrite the tiles until every work-item has used them.
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[row * N + col] = acc;
}
