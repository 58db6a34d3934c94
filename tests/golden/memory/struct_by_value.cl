// Structs passed by value as kernel arguments; the .sim header gives an explicit element type
// for the struct bytes (a struct has no default type).
typedef struct { float x, y, z; } vec_t;
typedef struct { int count; int flags; long big; } info_t;
typedef struct { char c; short s; int i; } packed_t;   // c @0, s @2, i @4: 8 bytes
kernel void k(vec_t v, info_t info, packed_t p, global float *fo, global long *lo) {
  int i = get_global_id(0);
  fo[i] = (i == 0 ? v.x : i == 1 ? v.y : v.z) * info.count;
  if (i == 0) {
    lo[0] = info.big;
    lo[1] = info.flags;
    lo[2] = p.c;
    lo[3] = p.s;
    lo[4] = p.i;
  }
}
