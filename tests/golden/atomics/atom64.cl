// 64-bit atomics (cl_khr_int64_base_atomics / cl_khr_int64_extended_atomics): atom_add, atom_sub,
// atom_inc, atom_dec, atom_xchg, atom_cmpxchg, atom_min, atom_max, atom_and, atom_or, atom_xor,
// on values that do not fit in 32 bits.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#pragma OPENCL EXTENSION cl_khr_int64_extended_atomics : enable
kernel void k(global long *c, global ulong *u, global long *old) {
  int i = get_global_id(0);
  long big = 0x100000000L * (i + 1);   // (i + 1) << 32
  atom_add(&c[0], big);                // 36 << 32
  atom_sub(&c[1], big);                // -(36 << 32)
  atom_inc(&c[2]);                     // 0xffffffff + 8 = 0x100000007
  atom_dec(&c[3]);                     // 8 - 8 = 0
  atom_min(&c[4], -big);               // -(8 << 32)
  atom_max(&c[5], big);                // 8 << 32
  atom_min(&u[0], (ulong)-big);        // smallest unsigned: 2^64 - (8 << 32)
  atom_or(&u[1], 1UL << (32 + i));
  atom_and(&u[2], ~(1UL << (40 + i)));
  atom_xor(&u[3], (ulong)big);
  old[i] = atom_xchg(&old[8 + i], big) + atom_cmpxchg(&old[16 + i], (long)i << 40, -1L);
}
