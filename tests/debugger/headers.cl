#include "scale.h"
kernel void headers(global float *out) {
  int i = get_global_id(0);
  float y = scale(i, 2.0f);
  out[i] = y;
}
