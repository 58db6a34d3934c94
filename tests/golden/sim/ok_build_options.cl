// '# ARGS:' on the first line passes --build-options; SCALE comes from there.
// (--build-options sets OCLGRIND_BUILD_OPTIONS and so replaces any value from the environment:
// both harness runs build with -DSCALE=3 and default optimisation.)
kernel void k(global int *out) {
  out[get_global_id(0)] = SCALE * (int)get_global_id(0) + 100;
}
