// A struct copied in and out (memcpy calls) and a pointer to a private variable handed to a
// helper.
typedef struct { int a; float b; int c[4]; } S;

void set(int *p, int v) { *p = v; }

kernel void structs(global S *s, global int *out)
{
  int i = get_global_id(0);
  S t = s[0];
  t.a += i;
  s[1 + i] = t;
  int x;
  set(&x, i);
  out[i] = x;
}
