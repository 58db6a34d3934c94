// Atomics whose old value the kernel ignores may be combined per worker thread until their
// work-group ends (exec::combine): nothing a work-item reads may tell. 8 groups of 8.
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
kernel void unread(global int *bins, global long *wide, global uint *flags,
                   global int *after, global int *seen) {
  int g = get_global_id(0);
  int group = get_group_id(0);
  // Many work-items, few addresses.
  atomic_inc(&bins[g % 4]);
  atomic_add(&bins[4], 3);
  atomic_sub(&bins[5], 2);
  atomic_max(&bins[6], g);
  atomic_min(&bins[7], -g);
  atom_add(&wide[0], 0x100000000L);
  atomic_or(&flags[0], 1u << (g % 32));
  atomic_xor(&flags[1], 1u << (g % 8));
  // A work-item reads its own update back, with a plain load.
  atomic_add(&after[g], 5);
  seen[g] = after[g];
  // The group's count, read with an atomic after a barrier: every member's update.
  atomic_inc(&after[64 + group]);
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (get_local_id(0) == 0)
    seen[64 + group] = atomic_add(&after[64 + group], 0);
}
