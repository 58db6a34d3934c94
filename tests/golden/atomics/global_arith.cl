// Global atomics from many work-items in several groups: add/sub/inc/dec on shared counters.
// The returned old values depend on scheduling, so only order-independent facts are stored:
// atomic_inc hands out each ticket exactly once.
#pragma OPENCL EXTENSION cl_khr_global_int32_base_atomics : enable
kernel void k(global int *c, global int *tickets) {
  int i = get_global_id(0);
  atomic_add(&c[0], i);                // sum 0..31 = 496
  atomic_sub(&c[1], 2 * i);            // 1000 - 992 = 8
  int t = atomic_inc(&c[2]);           // 0..31 in some order
  atomic_dec(&c[3]);                   // 0 - 32
  atomic_add(&tickets[t], 1);          // every ticket taken once
  atom_add(&c[4], 3);                  // cl_khr_global_int32_base_atomics spelling: 96
}
