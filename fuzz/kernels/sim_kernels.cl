// The kernels the `sim` fuzz target reads .sim files against: between them, every kind of
// parameter a .sim file gives values for (and some it must refuse).
typedef struct { int a; float b[3]; char c; } S;

kernel void k(global float *out, global const int *in, local float *scratch,
              constant uint *table, int n, float f, char c, ulong u)
{
  size_t i = get_global_id(0);
  scratch[get_local_id(0)] = f;
  out[i] = in[i] + table[0] + n + c + u + scratch[0];
}

kernel void v(global double *d, global short *s, global uchar *b, global long *l,
              double x, short y, uchar z, long w, global ushort *us, global uint *ui)
{
  d[0] = x + y + z + w + s[0] + b[0] + l[0] + us[0] + ui[0];
}

kernel void st(global S *out, S in, float4 vec, int2 pair, global void *raw)
{
  out[0] = in;
  out[0].b[0] = vec.x + pair.y;
}

kernel void img(read_only image2d_t image, sampler_t sampler, global float4 *out)
{
  out[0] = read_imagef(image, sampler, (int2)(0, 0));
}

kernel void none(void)
{
}
