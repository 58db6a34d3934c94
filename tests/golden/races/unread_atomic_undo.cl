// The lane executor runs a warp's atomics whose old value nothing reads without telling any
// plugin of them (`bins` and `total` are only accessed atomically: they cannot race), and
// the worker combines them (`exec::combine`). The group then races on `data` and starts over
// in order: each bin must count its two work-items once. `total` and `bins[0]` share an entry
// of the worker's table, so some updates are applied early, and must be undone; those still
// waiting must be dropped (`data` comes first: the range of the pending updates leaves it out,
// so its accesses do not apply them). Expected:
// Debian's oclgrind-kernel 21.10's races (IR lines matched by opcode), work-item 7's two in
// address order (tests/golden/README.md); bins[k] = 2 and total = 8 * 3 by hand, as Debian's.
kernel void unread_atomic_undo(global int *data, global int *bins, global int *total)
{
  int i = get_global_id(0);
  atomic_inc(&bins[i % 4]);
  atomic_add(total, 3);
  data[i] = i;
  data[8 + i] = data[(i + 1) % 8];
}
