// Escape-time Mandelbrot: iteration count (capped at maxIter) for each pixel of
// a W x H view of the region [x0, x0 + scale*W] x [y0, y0 + scale*H].
__kernel void mandelbrot(__global uint *out, uint W, float x0, float y0,
                         float scale, uint maxIter)
{
  size_t px = get_global_id(0), py = get_global_id(1);
  float cr = x0 + scale * px;
  float ci = y0 + scale * py;

  float zr = 0.0f, zi = 0.0f;
  uint it = 0;
  while (it < maxIter && zr * zr + zi * zi <= 4.0f)
  {
    float t = mad(zr, zr, mad(-zi, zi, cr));
    zi = mad(2.0f * zr, zi, ci);
    zr = t;
    it++;
  }
  out[py * W + px] = it;
}
