// A large element-wise copy: long regular runs (the race detector's best case).
kernel void stream(global const int *in, global int *out)
{
  size_t i = get_global_id(0);
  out[i] = in[i] * 2;
}
