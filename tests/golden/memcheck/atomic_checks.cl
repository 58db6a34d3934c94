// An atomic both reads and writes: out of bounds it is reported as an invalid read and an
// invalid write; on a write-only buffer, as a read from it.
kernel void k(global int *a, global int *wo_counts, global int *done) {
  int i = get_global_id(0);
  if (i == 1) atomic_add(&a[4], 1);    // a holds 4 ints
  if (i == 0) atomic_inc(wo_counts);
  done[i] = 1;
}
