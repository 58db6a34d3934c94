/* A clean kernel, then exit status 4: under --error-exitcode the status stays 4. */
#include "common.h"

static const char *source = "kernel void fill(global int *a)\n"
                            "{\n"
                            "  a[get_global_id(0)] = 1;\n"
                            "}\n";

int main(void)
{
  if (run_kernel(source, "fill") != 0)
    return 1;
  return 4;
}
