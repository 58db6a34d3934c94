// Global atomics nobody hears of wait in the worker to be combined (`exec::combine`) while a
// group runs ahead on lanes with no shadows. `total` and `count[0]` share an entry of the
// worker's table, so some updates are applied early. Work-item 0 then reads a local word
// nobody wrote: the group starts over with shadows, and what it applied must be undone and
// what still waited dropped, or the counts come out too high. Expected, by hand: one report a
// group (work-item 0 stores tmp[1]), count[k] = 2 (two groups), total = 8 * 3.
kernel void combined_atomic_undo(global int *out, global int *count, global int *total)
{
  local int tmp[4];
  int l = get_local_id(0);
  atomic_inc(&count[l]);
  atomic_add(total, 3);
  if (l != 1)
    tmp[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[(l + 1) % 4];
}
