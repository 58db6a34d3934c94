// Sub-groups (OpenCL C 3.0's __opencl_c_subgroups) in two work-groups of six whose values are
// 1..6 by local id. With --sub-group-size 4 each group has a sub-group of four (local ids
// 0-3) and one of two (4-5); with the default size (32) one of six. Expected values derived
// by hand from the specification: info holds size, id, local id and 100 * count + max size;
// reductions and scans over the sub-group in local id order (an exclusive scan starting
// at 0); broadcast of sub-group local id 1, plus 1000 for all(v > 2) and 10000 for any(v == 6).
// (The sizes by hand; the values from these rules by a short script, not by the simulator.)
__kernel void sg(__global uint *info, __global int *sums, __global int *scan,
                 __global int *bcast)
{
  size_t l = get_local_linear_id();
  size_t g = get_global_id(0);
  info[g * 4 + 0] = get_sub_group_size();
  info[g * 4 + 1] = get_sub_group_id();
  info[g * 4 + 2] = get_sub_group_local_id();
  info[g * 4 + 3] = get_num_sub_groups() * 100 + get_max_sub_group_size();
  int v = (int)l + 1;
  sums[g] = sub_group_reduce_add(v);
  scan[g] = sub_group_scan_exclusive_add(v);
  sub_group_barrier(CLK_LOCAL_MEM_FENCE);
  bcast[g] = sub_group_broadcast(v, 1) + 1000 * sub_group_all(v > 2)
             + 10000 * sub_group_any(v == 6);
}
