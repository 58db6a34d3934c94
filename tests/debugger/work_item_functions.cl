// The work-item functions evaluated at the prompt and in a breakpoint condition, for the
// stopped work-item of a 2D launch in 2x2 groups (sub-groups of 4: one per group). Expected,
// by hand: work-item (3,1,0) is local (1,1,0) of group (1,0,0); its linear ids are 1*4+3 = 7
// and 1*2+1 = 3; a .sim launch has 3 dimensions; unused dimensions give ids 0 and sizes 1.
kernel void work_item_functions(global int *out)
{
  int x = get_global_id(0);
  int y = get_global_id(1);
  out[y * get_global_size(0) + x] = x + 10 * y;
}
