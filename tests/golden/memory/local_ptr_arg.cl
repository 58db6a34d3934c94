// __local pointer arguments (sizes come from the .sim file), used as scratch space for a
// tree reduction (maximum and its index); a second local buffer of another type holds per-item values.
kernel void k(global const float *in, local float *scratch, local int *idx, global float *maxval,
              global int *maxidx) {
  int l = get_local_id(0), n = get_local_size(0);
  scratch[l] = in[get_global_id(0)];
  idx[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = n / 2; s > 0; s /= 2) {
    if (l < s) {
      if (scratch[l + s] > scratch[l]) idx[l] = idx[l + s];
      scratch[l] = fmax(scratch[l], scratch[l + s]) + 0 * idx[l];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) { maxval[get_group_id(0)] = scratch[0]; maxidx[get_group_id(0)] = idx[0]; }
}
