// NOTE: Debian prints "OCLGRIND FATAL ERROR (./src/core/WorkItem.cpp:1681)" with
// "Undefined external function: mystery" when it creates the kernel. A kernel the simulator
// cannot run fails the build instead, with a log entry in clang's layout naming the line; the
// reference was written by hand from that layout.
int mystery(int x);

kernel void k(global int *out) {
  out[0] = mystery(out[1]);
}
