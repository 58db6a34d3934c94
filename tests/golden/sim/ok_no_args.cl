// A kernel without arguments: the .sim file is just the five header lines.
kernel void entry(void) {
  if (get_global_id(0) == 1)
    printf("no arguments\n");
}
