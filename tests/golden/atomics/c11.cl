// OpenCL C 3.0 atomics in C11 style (mostly relaxed order and work-group scope, what every
// 3.0 device has) on global and local memory, by the 8 work-items of two groups of 4. Expected values
// derived by hand:
//   counts[0]: 8 fetch_add of 1 from 10 -> 18; counts[1]: fetch_sub of 2 each from 100 -> 84
//   counts[2]: fetch_max of the global ids 0..7 -> 7; counts[3]: fetch_min as uint of
//     0xfffffff0 + gid from 0xffffffff -> 0xfffffff0 (= -16 as int)
//   counts[4]: fetch_or of 1 << gid -> 255; counts[5]: CAS loop adding gid + 1 -> 36
//   counts[6]: the forms without _explicit (sequentially consistent, device scope) adding
//     gid -> 28
//   groups[g]: the local counter after its group's 4 adds (each 1 << lid) -> 15, read back by
//     an atomic load after the barrier; flags[g]: how many of a group saw the flag clear in
//     test_and_set -> 1
kernel void k(global atomic_int *counts, global int *groups, global int *flags) {
  local atomic_int sum;
  local atomic_flag flag;
  int gid = get_global_id(0), lid = get_local_id(0), g = get_group_id(0);
  if (lid == 0) {
    atomic_init(&sum, 0);
    atomic_flag_clear_explicit(&flag, memory_order_relaxed, memory_scope_work_group);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_fetch_add_explicit(&counts[0], 1, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_sub_explicit(&counts[1], 2, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_max_explicit(&counts[2], gid, memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_min_explicit((global atomic_uint *)&counts[3], 0xfffffff0u + gid,
                            memory_order_relaxed, memory_scope_work_group);
  atomic_fetch_or_explicit(&counts[4], 1 << gid, memory_order_relaxed, memory_scope_work_group);
  int seen = atomic_load_explicit(&counts[5], memory_order_relaxed, memory_scope_work_group);
  while (!atomic_compare_exchange_weak_explicit(&counts[5], &seen, seen + gid + 1,
                                                memory_order_relaxed, memory_order_relaxed,
                                                memory_scope_work_group))
    ;
  atomic_fetch_add(&counts[6], gid);
  atomic_fetch_add_explicit(&sum, 1 << lid, memory_order_relaxed, memory_scope_work_group);
  if (!atomic_flag_test_and_set_explicit(&flag, memory_order_relaxed, memory_scope_work_group))
    atomic_fetch_add_explicit((global atomic_int *)&flags[g], 1, memory_order_relaxed,
                              memory_scope_work_group);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid == 0)
    groups[g] = atomic_load_explicit(&sum, memory_order_relaxed, memory_scope_work_group);
}
