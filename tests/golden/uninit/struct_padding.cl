// NOTE: Debian reports the float3 member's store (clang stores it as 4 lanes, the last one
// undefined) as an uninitialised write. Structs with padding (after `c`, after `i`, the
// fourth lane of `v`) built member by member and copied whole to global memory are silent:
// padding is never set, and a float3's fourth lane is padding.
typedef struct { char c; int i; float3 v; } Padded;

kernel void struct_padding(global Padded *out, global const float *in)
{
  int g = get_global_id(0);
  Padded p;
  p.c = 'a';
  p.i = g;
  p.v = (float3)(in[g], 1.0f, 2.0f);
  out[g] = p;
}
