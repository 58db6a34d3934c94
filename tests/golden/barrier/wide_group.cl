// A group of 256 work-items, more than the lane executor puts in one warp (its warps hold
// as many lanes as keep their registers in the cache): a divergent loop, then values
// exchanged through local memory across three barriers, so every warp must wait for the
// others at each barrier and see what they stored. (36 to 50 registers, by the build
// options: warps of 81 to 113 lanes.)
//
// wide_group.ref follows from the arithmetic: v(l) = l + 3 m (m - 1) / 2 with m = l % 7, and
// out[g * 256 + l] = v(255 - j) + j with j = (l + 1) % 256.
__kernel void wide_group(__global int *out)
{
  __local int tile[256];
  int l = get_local_id(0);
  int v = l;
  for (int i = 0; i < l % 7; i++)
    v += i * 3;
  tile[l] = v;
  barrier(CLK_LOCAL_MEM_FENCE);
  int w = tile[255 - l];
  barrier(CLK_LOCAL_MEM_FENCE);
  tile[l] = w + l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[(l + 1) % 256];
}
