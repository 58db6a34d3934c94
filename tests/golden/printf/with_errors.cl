// printf output and diagnostics are interleaved in execution order (printf goes to stdout,
// diagnostics to stderr; both are flushed as they are produced). Dumps come after the run.
kernel void k(global int *o) {
  int i = get_global_id(0);
  printf("item %d before\n", i);
  o[i * 3] = i;                        // work-item 1 writes out of bounds
  printf("item %d after\n", i);
}
