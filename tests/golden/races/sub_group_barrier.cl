// A sub-group barrier orders the accesses of its own sub-group only (group of eight,
// sub-groups of four). Each work-item reads its partner's (l ^ 1, same sub-group) value after
// one sub-group barrier and overwrites its own after another: ordered, no race. Work-item 0
// then reads tmp[4], which sub-group 1 stored with only sub-group barriers in between: a race
// with work-item 4's first store (the cell keeps a work-item's first store of an interval, as
// Oclgrind does). Expected output derived by hand; the sub-group rule is this tool's own.
kernel void sgb(global int *out, local int *tmp)
{
  int l = get_local_id(0);
  tmp[l] = l;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  int mine = tmp[l ^ 1];
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  tmp[l] = mine * 10;
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  int other = l == 0 ? tmp[4] : 0;
  work_group_barrier(CLK_LOCAL_MEM_FENCE);
  out[l] = tmp[l] + other;
}
