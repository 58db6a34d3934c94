// OpenCL 2.0: program-scope variables (with an address in an initializer) and generic pointers
// into private, local and global memory, with to_private/to_global.
global int counter = 5;
global int table[4] = {1, 2, 3, 4};
global int *gp = &table[2];
constant char msg[] = "hi";

int twice(int *p) { return *p * 2; }

kernel void k(global int *out) {
  local int l;
  int priv = 7;
  if (get_global_id(0) == 0) l = 3;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[0] = counter + *gp;
  out[1] = twice(&priv);
  out[2] = twice(&l);
  out[3] = twice(&table[3]);
  out[4] = msg[1];
  int *g = &priv;
  out[5] = to_private(g) != 0;
  out[6] = to_global(g) == 0;
}
