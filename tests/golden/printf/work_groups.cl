// printf from several work-groups and work-items: output appears in work-group order, and
// within a group in work-item order between barriers (each work-item runs until it reaches a
// barrier or finishes).
kernel void k(global int *o) {
  int g = get_group_id(0), l = get_local_id(0);
  printf("group %d item %d: before\n", g, l);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 1) printf("group %d item %d: after\n", g, l);
  o[get_global_id(0)] = g * 10 + l;
}
