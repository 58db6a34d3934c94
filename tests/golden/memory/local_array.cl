// Kernel-scope __local variables shared by the work-items of a group: each group reverses its
// slice of the input and adds the group id; local memory is separate per group.
kernel void k(global const int *in, global int *o) {
  local int tmp[4];
  local int total;
  int l = get_local_id(0), g = get_group_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  o[get_global_id(0)] = tmp[3 - l] + 100 * g;
  if (l == 0) total = tmp[0] + tmp[1] + tmp[2] + tmp[3];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 3) o[12 + g] = total;
}
