// The cl_khr_subgroup_* functions in one group of eight, in sub-groups of four (local ids
// 0-3 and 4-7; s is the sub-group local id). Each block of eight outputs is one function;
// expected values derived by hand from the extensions' specifications:
//  0: odd s: non_uniform_reduce_add(l) over the odd ones: 1+3 = 4, 5+7 = 12; even s:
//     non_uniform_scan_inclusive_mul(l + 1) over the even ones: 1, 1*3; 5, 5*7
//  8: sub_group_elect() once all are active again: 1 for s == 0
// 16: sub_group_ballot(l % 3 == 0).x: l = 0, 3 (bits 0, 3) = 9; l = 6 (bit 2) = 4
// 24: sub_group_shuffle_xor(10 * l, 1): the neighbour's value
// 32: sub_group_clustered_reduce_max(l, 2): the larger of each pair
// 40: sub_group_rotate(l, 1): s + 1 wrapping in the sub-group
// 48: sub_group_shuffle_down(l, 1) + 100: from s + 1; s = 3 reads past the sub-group's end
//     (undefined; this tool gives 0)
// 56: for s >= 2, sub_group_broadcast_first(l + 100): the value of s == 2; others -1
// 64: sub_group_broadcast((short2)(l, -l), 3).y (extended types): -3, -7
// 72: sub_group_reduce_max((char)(l - 4)) (extended types): -1, 3
// 80: a loop of s + 1 turns adding non_uniform_reduce_add(1): turn i has the 4 - i work-items
//     with s >= i active, so s = 0..3 get 4, 4+3, 4+3+2, 4+3+2+1
__kernel void nu(__global int *o)
{
  int l = get_local_id(0);
  uint s = get_sub_group_local_id();
  int r;
  if (s & 1)
    r = sub_group_non_uniform_reduce_add(l);
  else
    r = sub_group_non_uniform_scan_inclusive_mul(l + 1);
  o[l] = r;
  o[8 + l] = sub_group_elect();
  o[16 + l] = sub_group_ballot(l % 3 == 0).x;
  o[24 + l] = sub_group_shuffle_xor(10 * l, 1);
  o[32 + l] = sub_group_clustered_reduce_max(l, 2);
  o[40 + l] = sub_group_rotate(l, 1);
  o[48 + l] = sub_group_shuffle_down(l, 1) + 100;
  r = -1;
  if (s >= 2)
    r = sub_group_broadcast_first(l + 100);
  o[56 + l] = r;
  o[64 + l] = sub_group_broadcast((short2)(l, -l), 3).y;
  o[72 + l] = sub_group_reduce_max((char)(l - 4));
  r = 0;
  for (uint i = 0; i <= s; i++)
    r += sub_group_non_uniform_reduce_add(1);
  o[80 + l] = r;
}
