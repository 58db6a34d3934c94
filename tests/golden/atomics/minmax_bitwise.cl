// atomic_min/max (signed and unsigned overloads) and atomic_and/or/xor from many work-items.
// Final values are independent of the order of the operations.
kernel void k(global const int *in, global int *s, global uint *u) {
  int i = get_global_id(0);
  int v = in[i];
  atomic_min(&s[0], v);                // -7
  atomic_max(&s[1], v);                // 12
  atomic_min(&u[0], (uint)v);          // smallest as unsigned: 0
  atomic_max(&u[1], (uint)v);          // largest as unsigned: (uint)-1
  atomic_or(&u[2], 1u << i);           // all 16 bits
  atomic_and(&u[3], ~(1u << (2 * i))); // clears the even bits
  atomic_xor(&u[4], (uint)v);          // xor of all inputs
  atomic_xor(&s[2], 1 << (i & 3));     // each bit flipped 4 times: 0
}
