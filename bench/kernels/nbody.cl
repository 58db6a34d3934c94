// One time step of an all-pairs gravitational n-body simulation (float4 only:
// xyz = position/velocity, pos.w = mass, vel.w is carried through unchanged).
// Bodies are streamed through local memory one work-group-sized tile at a time;
// n must be a multiple of the work-group size.
__kernel void nbody(__global const float4 *pos, __global const float4 *vel,
                    __global float4 *newPos, __global float4 *newVel,
                    uint n, float dt, float eps2, __local float4 *tile)
{
  size_t gid = get_global_id(0);
  size_t lid = get_local_id(0);
  size_t lsize = get_local_size(0);

  float4 p = pos[gid];
  float4 acc = (float4)(0.0f);

  for (size_t t = 0; t < n; t += lsize)
  {
    tile[lid] = pos[t + lid];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t j = 0; j < lsize; j++)
    {
      float4 q = tile[j];
      float4 d = q - p;
      d.w = 0.0f; // keep the masses out of the distance
      // eps2 softening also makes the self-interaction (d == 0) harmless.
      float invDist = rsqrt(dot(d, d) + eps2);
      float s = q.w * invDist * invDist * invDist;
      acc = mad((float4)(s), d, acc);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  // acc.w == 0, so the velocity's w and (via step.w == 0) the mass survive.
  float4 v = mad((float4)(dt), acc, vel[gid]);
  float4 step = dt * v;
  step.w = 0.0f;
  newPos[gid] = p + step;
  newVel[gid] = v;
}
