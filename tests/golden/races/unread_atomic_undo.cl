// The lane executor makes a warp's atomics whose old value nothing reads at once when no
// plugin hears of them (`bins` is only accessed atomically: they cannot race). The group then
// races on `data` and starts over in order: its atomics must be undone first, so each bin
// counts its two work-items once. Expected: Debian's oclgrind-kernel 21.10's races (IR lines
// matched by opcode), work-item 7's two in address order (tests/golden/README.md); bins[k] =
// 2 by hand, as Debian's.
kernel void unread_atomic_undo(global int *bins, global int *data)
{
  int i = get_global_id(0);
  atomic_inc(&bins[i % 4]);
  data[i] = i;
  data[8 + i] = data[(i + 1) % 8];
}
