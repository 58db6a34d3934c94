// Images from a .sim file (image=): a 2x2 RGBA float image with padded rows (48 bytes a row
// for 32 of pixels) read pixel by pixel, and another written.
kernel void k(read_only image2d_t in, write_only image2d_t out, global float4 *copy) {
  int2 p = (int2)(get_global_id(0), get_global_id(1));
  float4 v = read_imagef(in, p);
  copy[p.y * 2 + p.x] = v;
  write_imagef(out, p, v * 2.0f);
}
