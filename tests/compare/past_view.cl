// Each work-item reads 16 elements past its own: past the end of a 64-byte view of a
// 128-byte store. The simulator refuses the read (the view has its own bounds, as a
// sub-buffer has); another device's sub-buffer reads the store's next bytes.
kernel void past_view(global const uint *in, global uint *out) {
  size_t i = get_global_id(0);
  out[i] = in[i + 16];
}
