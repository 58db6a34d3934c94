// A float atomic add built from atomic_cmpxchg, the usual retry loop, by 16 work-items of one
// group on one word. One work-item at a time (as Oclgrind runs them) each succeeds at its
// first try; in lock-step every lane would try each round and one succeed. The counts are
// Oclgrind's: a kernel with such a loop is counted one work-item at a time.
void atomic_add_float(volatile global float *p, float value)
{
  float old = *p;
  while (1) {
    int seen = atomic_cmpxchg((volatile global int *)p, as_int(old), as_int(old + value));
    if (seen == as_int(old))
      break;
    old = as_float(seen);
  }
}

kernel void cas_retry(global float *sum, global const float *in)
{
  atomic_add_float(sum, in[get_global_id(0)]);
}
