// A kernel for the variables-view session (tests/tests/debugger.rs, `variables_view`): a
// struct, an array, a vector and a pointer among its locals, `__local` memory of both kinds,
// a helper in the program and one in an included header.
#include "scale.h"

struct pair {
  int a;
  float b;
};

int twice(int v)
{
  int w = v * 2;
  return w;
}

kernel void variables_view(global int *out, local int *scratch, global float *fout)
{
  local float tile[16];
  int lid = get_local_id(0);
  struct pair s = {lid + 1, 2.5f};
  int arr[20];
  for (int k = 0; k < 20; k++)
    arr[k] = k * k;
  float4 v = (float4)(1.0f, 2.0f, 3.0f, 4.0f);
  global int *p = out + lid;
  int n = 7;
  tile[lid] = lid * 0.5f;
  scratch[lid] = lid + 100;
  barrier(CLK_LOCAL_MEM_FENCE);
  int m = n + 1;
  out[lid] = twice(m) + s.a + arr[3];
  fout[lid] = scale(v.y, tile[3]);
}
