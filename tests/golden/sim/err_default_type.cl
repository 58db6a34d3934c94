// A struct pointer has no default element type in the .sim format.
typedef struct { int a; int b; } pair;
kernel void k(global int *out, global pair *p) {
  out[0] = p->a + p->b;
}
