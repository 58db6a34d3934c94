// Tiled matrix transpose through local memory.
//
// The bug: the bounds check on the write uses `<=` where it needs `<`, so the work-items just
// past the last row of the output write one row beyond the end of the buffer. oclgrind-kernel
// reports each out-of-bounds write with the work-item and the source line.
#define TILE 4

kernel void transpose(global const float *in, global float *out,
                      uint width, uint height, local float *tile)
{
  uint x = get_global_id(0), y = get_global_id(1);
  uint lx = get_local_id(0), ly = get_local_id(1);

  if (x < width && y < height)
    tile[ly * (TILE + 1) + lx] = in[y * width + x];
  barrier(CLK_LOCAL_MEM_FENCE);

  // Transposed coordinates: this work-item writes out[tx][ty] of the height x width result.
  uint tx = get_group_id(1) * TILE + lx;
  uint ty = get_group_id(0) * TILE + ly;
  if (tx < height && ty <= width)
    out[ty * height + tx] = tile[lx * (TILE + 1) + ly];
}
