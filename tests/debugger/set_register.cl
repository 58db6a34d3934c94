// A kernel built with optimisation for the `set_register` session (tests/tests/debugger.rs):
// at line 6, `x` lives in a register (a debug value), `y` has been optimised out, and what
// is stored is computed from the register `x` names.
kernel void set_register(global int *out, int a)
{
  int i = get_global_id(0);
  int x = i * a + 1;
  int y = x * x;
  out[i] = y + x;
}
