// One Jacobi step of a 2D 5-point stencil on a W x H grid; boundary cells are copied.
__kernel void stencil(__global const float *in, __global float *out,
                      uint W, uint H)
{
  size_t x = get_global_id(0), y = get_global_id(1);
  size_t i = y * W + x;

  if (x == 0 || y == 0 || x == W - 1 || y == H - 1)
  {
    out[i] = in[i];
    return;
  }
  out[i] = 0.5f * in[i] +
           0.125f * (in[i - 1] + in[i + 1] + in[i - W] + in[i + W]);
}
