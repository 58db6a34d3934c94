__kernel void ls(__global int *o)
{
  int l = get_local_id(0);
  int v = l * 10;
  if (l % 2)
    v += 1;
  int s = sub_group_reduce_add(v);
  o[l] = s + v;
}
// `lockstep on` (sub-groups of four: work-items 0-3 and 4-7): each step of work-item 0 first
// makes the same step in each other work-item of its sub-group, each from where it is (the
// odd ones take line 6, the even ones skip it); work-item 4, of the other sub-group, stays
// unstarted. Off again, the step over sub_group_reduce_add lets the others run on to it, so
// the sub-group meets: s = 0 + 11 + 20 + 31 = 62, and work-item 2 waits past the call, still
// on line 7. Expected output derived by hand from those rules; the line-mode layout is
// Oclgrind's (compat §5), the lockstep messages this tool's own.
// sub_group_wait (the same kernel): with a breakpoint on line 6, work-item 0 runs to the
// sub-group function and waits there ("at sub-group function") when work-item 1 stops;
// switching to work-item 0 lets the others run on (breakpoints aside) until the sub-group
// meets, so it shows line 7 with the call done, and a step takes it to line 8.
