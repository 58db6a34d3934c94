// NOTE: Debian reports the float3 member's 4-lane stores to local memory.
// Correct code: a record with padding (after `tag`, the unused fourth lane of the float3,
// and the tail, which clang's LLVM type holds as a `[12 x i8]` field) built field by field in
// private memory, staged in __local memory with __builtin_memcpy and copied to global memory
// with a struct assignment. Padding is no value: nothing is reported, whichever __local
// memory stages it (an array of the kernel, or an argument that starts uninitialised).
typedef struct { char tag; float3 pos; int id; } Particle;

Particle particle(float x, int id)
{
  Particle p;
  p.tag = 'p';
  p.pos = (float3)(x, 2.0f, 3.0f);
  p.id = id;
  return p;
}

kernel void staged_in_array(global Particle *out, global const float *in, global float *sums)
{
  local Particle stage[2];
  int j = get_global_id(0);
  int l = get_local_id(0);
  Particle p = particle(in[j], j);
  __builtin_memcpy(&stage[l], &p, sizeof(Particle));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[j] = stage[l];
  sums[j] = stage[l].pos.x + stage[l].id;
}

kernel void staged_in_argument(global Particle *out, global const float *in,
                               global float *sums, local Particle *stage)
{
  int j = get_global_id(0);
  int l = get_local_id(0);
  Particle p;
  p.tag = 'p';
  p.pos = (float3)(in[j], 2.0f, 3.0f);
  p.id = j;
  __builtin_memcpy(&stage[l], &p, sizeof(Particle));
  barrier(CLK_LOCAL_MEM_FENCE);
  out[j] = stage[l];
  sums[j] = stage[l].pos.x + stage[l].id;
}
