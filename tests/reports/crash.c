/* Writes past the end of its buffer (MemCheck reports it), then aborts before exit: what was
 * reported must still be in the diagnostics file. */
#include "common.h"

#include <stdlib.h>

static const char *source = "kernel void past_the_end(global int *a)\n"
                            "{\n"
                            "  a[get_global_id(0) + 4] = 1;\n"
                            "}\n";

int main(void)
{
  if (run_kernel(source, "past_the_end") != 0)
    return 1;
  printf("aborting\n");
  fflush(stdout);
  abort();
}
