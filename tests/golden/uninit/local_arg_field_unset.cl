// NOTE: Debian reports the stores of `key` to local memory and misses the copy.
// A record staged in a __local argument with its `flags` field never set, then copied whole
// to global memory: the copy writes the 4 uninitialised bytes of each record (offset 8), as
// it does from a __local array declared in the kernel (struct_field_unset). A __local
// argument starts uninitialised, and the copy's type (Record, no padding) says every byte of
// it is a value.
typedef struct { int key; float weight; int flags; } Record;

kernel void local_arg_field_unset(global Record *out, global const float *in,
                                  local Record *stage)
{
  int j = get_global_id(0);
  int l = get_local_id(0);
  stage[l].key = j;
  stage[l].weight = in[j];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[j] = stage[l];
}
