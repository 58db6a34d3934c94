// NOTE: Clang itself prints "1 error generated." to stderr before oclgrind-kernel prints
// "Build failure:" and the log. The log lines are matched loosely (Clang versions format
// the source excerpt differently, e.g. with line-number gutters).
kernel void k(global int *out) {
  out[0] = undeclared_thing;
}
