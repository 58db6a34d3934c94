// Buffers created read-only ('ro') or write-only ('wo'): writing the first and reading the second
// are reported (the accesses themselves still happen).
kernel void k(global int *ro_buf, global int *wo_buf, global int *done) {
  int i = get_global_id(0);
  int v = ro_buf[i];                   // fine
  wo_buf[i] = v * 2;                   // fine
  barrier(CLK_GLOBAL_MEM_FENCE);
  if (i == 1) ro_buf[i] = -1;          // write to a read-only buffer
  if (i == 2) done[i] = wo_buf[0];     // read from a write-only buffer: 2
  else done[i] = 100 + i;
}
