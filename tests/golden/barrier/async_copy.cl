// async_work_group_copy global->local and local->global, async_work_group_strided_copy
// (global->local, source stride 2), and wait_group_events (which acts as a barrier for the copies).
kernel void k(global const int *in, global int *out, global int *strided) {
  local int tile[8];
  local int evens[4];
  int l = get_local_id(0), g = get_group_id(0);
  event_t e = async_work_group_copy(tile, in + g * 8, 8, 0);
  e = async_work_group_strided_copy(evens, in + g * 8, 4, 2, e);   // in[g*8 + 2j]
  wait_group_events(1, &e);
  tile[l] *= 2;
  tile[l + 4] += 100;
  evens[l] = -evens[l];
  barrier(CLK_LOCAL_MEM_FENCE);
  event_t f[2];
  f[0] = async_work_group_copy(out + g * 8, tile, 8, 0);
  f[1] = async_work_group_copy(strided + g * 4, evens, 4, 0);
  wait_group_events(2, f);
}
