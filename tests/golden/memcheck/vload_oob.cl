// vload4 reads, and vstore3 writes, past the end of their buffers for work-item 1: one
// message each, of the whole vector's size, naming the builtin's call. Expected: checked
// against Debian's oclgrind-kernel 21.10 (the same messages and dump).
kernel void vload_oob(global const float *in, global float *out)
{
  int i = get_global_id(0);
  float4 v = vload4(i, in);
  vstore3(v.xyz, i, out);
}
