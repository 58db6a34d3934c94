// atomic_cmpxchg: a compare-and-swap loop implementing a float maximum across work-groups, and a
// "first one wins" flag (exactly one work-item wins; which one depends on scheduling, so only the
// count is dumped). atomic_xchg (int and float overloads) on per-work-item slots.
kernel void k(global const float *in, global int *fmaxbits, global int *flag, global int *wins,
              global int *slot, global float *fslot, global int *old) {
  int i = get_global_id(0);
  float v = in[i];
  int cur = *fmaxbits, assumed;
  do {
    assumed = cur;
    if (as_float(assumed) >= v) break;
    cur = atomic_cmpxchg(fmaxbits, assumed, as_int(v));
  } while (cur != assumed);
  if (atomic_cmpxchg(flag, -1, i) == -1) atomic_inc(wins);
  old[2 * i] = atomic_xchg(&slot[i], i + 100);
  old[2 * i + 1] = (int)atomic_xchg(&fslot[i], v * 2);
  old[32 + i] = atomic_cmpxchg(&slot[i], i + 100, -i);   // succeeds: returns i + 100
  old[48 + i] = atomic_cmpxchg(&slot[i], 12345, 7);      // fails: returns -i, no store
}
