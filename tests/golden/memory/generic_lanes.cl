// Generic pointers of a whole warp: all into one global buffer (loaded and stored together),
// then half into local and half into global memory (one lane at a time), then past the end of
// the global buffer for the last work-item (MemCheck names the resolved address). Expected, by
// hand: out[i] = in[i] + 100, then out[8 + i] = 2 * i for the local half, in[i] for the other.
// NOTE: Debian's oclgrind-kernel 21.10 stops with a fatal error at the generic store.
int get(int *p) { return *p; }
void put(int *p, int v) { *p = v; }

kernel void generic_lanes(global int *in, global int *out)
{
  local int l[8];
  int i = get_local_id(0);
  l[i] = 2 * i;
  barrier(CLK_LOCAL_MEM_FENCE);
  put(&out[i], get(&in[i]) + 100);
  int *p = (i & 1) ? (int *)&in[i] : (int *)&l[i];
  put(&out[8 + i], get(p));
  if (i == 7)
    put(&out[9 + i], 1);
}
