// Loads and stores in every address space, a barrier, an atomic and a builtin call.
kernel void spaces(global int *out, constant int *c, local int *l)
{
  int i = get_global_id(0);
  int priv[4];
  for (int j = 0; j < 4; j++)
    priv[j] = c[j] + i;
  l[get_local_id(0)] = priv[i % 4];
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_add(out, l[0]);
  out[1 + i] = l[(get_local_id(0) + 1) % 2];
}
