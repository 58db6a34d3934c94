// One work-group of four whose work-items print, fault on a divergent path and print again
// before a barrier, then print once more. Whatever runs the work-items (one at a time to the
// barrier, or together op by op), the output is in work-item order within each barrier
// interval: a0 b0 a1 <fault of 1> b1 ... then c0 c1 c2 c3.
kernel void k(global int *o) {
  int l = get_local_id(0);
  printf("a%d\n", l);
  if (l & 1)
    o[l + 4] = l;                      // work-items 1 and 3 write out of bounds
  printf("b%d\n", l);
  barrier(CLK_GLOBAL_MEM_FENCE);
  printf("c%d\n", l);
}
