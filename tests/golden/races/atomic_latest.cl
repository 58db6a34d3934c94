// Group 0's work-items add to and subtract from a counter atomically, on two branches (a
// lane executor runs one branch's work-items before the other's); group 1 stores to it. The
// race names group 0's last atomic in work-item order, work-item 3, whatever the order the
// atomics ran in.
kernel void atomic_latest(global int *counter)
{
  int l = get_local_id(0);
  if (get_group_id(0) == 0) {
    if (l % 2)
      atomic_add(counter, 1);
    else
      atomic_sub(counter, 1);
  } else if (l == 0) {
    *counter = 5;
  }
}
