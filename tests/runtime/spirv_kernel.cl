/* OpenCL C 1.2 kernels compiled to SPIR-V for spirv.c (see README.md). */

static float twice(float v) { return v + v; }

kernel void saxpy(global float *y, global const float *x, float a)
{
    size_t i = get_global_id(0);
    y[i] = a * x[i] + twice(y[i]);
}

/* per-group sums of in[], using local memory and barriers */
kernel void group_sum(global const int *in, global int *out, local int *scratch)
{
    size_t l = get_local_id(0), n = get_local_size(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = n / 2; s > 0; s /= 2) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = scratch[0];
}
