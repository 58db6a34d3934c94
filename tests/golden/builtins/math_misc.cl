// hypot, copysign, and builtins with out-pointers (fract, modf, frexp, remquo) writing to
// private, global and local memory; ldexp, ilogb, nextafter, fdim, maxmag/minmag.
kernel void k(global const float *in, global float *o, global int *io, global float *gout) {
  local float lf[2];
  float a = in[0], b = in[1], c = in[2];   // 3 4 -2.75
  int n = 0, m = 0;
  o[n++] = hypot(a, b);                    // 5
  o[n++] = copysign(a, c);                 // -3
  o[n++] = copysign(c, a);                 // 2.75
  float ip;
  o[n++] = fract(c, &ip);                  // 0.25 (c - floor(c))
  o[n++] = ip;                             // -3
  o[n++] = modf(c, &gout[0]);              // -0.75, integral part -2 to global
  int e;
  o[n++] = frexp(c * 8, &e);               // -22 = -0.6875 * 2^5
  io[m++] = e;                             // 5
  o[n++] = ldexp(a, -3);                   // 0.375
  io[m++] = ilogb(c * 100);                // 8
  o[n++] = nextafter(a, b) - a;            // 2.38419e-07
  o[n++] = fdim(a, b);                     // 0
  o[n++] = fdim(b, c);                     // 6.75
  o[n++] = maxmag(a, c);                   // 3
  o[n++] = minmag(a, c);                   // -2.75
  int q;
  o[n++] = remquo(b * 4, a, &q);           // 16 = 5*3 + 1 -> 1, quotient 5
  io[m++] = q & 7;                         // 5
  o[n++] = fract(-c * 2, &lf[0]);          // 5.5 -> 0.5
  barrier(CLK_LOCAL_MEM_FENCE);
  o[n++] = lf[0];                          // 5
}
