// NOTE: a recursion that never ends stops its work-item with a fatal error in Oclgrind's
// layout, naming the kernel's line instead of the simulator's source; the run goes on and
// dumps the output, never written. Debian's oclgrind-kernel prints nothing and ends with
// status 0. Reference written by hand.
int forever(int n) { return forever(n + 1) + 1; }

kernel void recursion_overflow(global int *out)
{
  out[get_global_id(0)] = forever(get_global_id(0));
}
