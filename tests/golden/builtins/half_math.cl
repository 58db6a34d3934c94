#pragma OPENCL EXTENSION cl_khr_fp16 : enable
// Builtins on half (cl_khr_fp16): math (transcendental ones rounded once to the nearest half;
// fma and mad rounding once; nextafter stepping one half ulp; fract staying below 1 as a half;
// out-pointers of half), common, geometric and relational functions, scalar and vector.
// Halves are stored as their bits.
kernel void k(global const half *in, global half *o, global int *io, global short *so) {
  half a = in[0], b = in[1], c = in[2], t = in[3];   // 3 4 -2.75 2^-24
  half x = in[4], y = in[5], z = in[6];              // 1.5 683/1024 0.1
  int n = 0, m = 0;
  o[n++] = sin(a);
  o[n++] = cos(b);
  o[n++] = exp(a);
  o[n++] = log(b);
  o[n++] = log2(z);
  o[n++] = pow(b, x);                  // 4^1.5 = 8
  o[n++] = atan2(a, b);
  o[n++] = tanh(z);
  o[n++] = cbrt(c);
  o[n++] = exp10(x);
  o[n++] = sqrt(a);
  o[n++] = rsqrt(b);
  o[n++] = hypot(a, b);                // 5
  o[n++] = fma(x, y, t);               // 1 + 2^-11 + 2^-24: past the tie, 1 + 2^-10
  o[n++] = mad(x, y, -t);              // just below the tie: 1
  o[n++] = floor(c);
  o[n++] = ceil(c);
  o[n++] = rint(c);
  o[n++] = round(c);
  o[n++] = trunc(c);
  o[n++] = fabs(c);
  o[n++] = fmin(a, c);
  o[n++] = fmax(a, c);
  o[n++] = fmod(b * b, a);             // 16 mod 3
  o[n++] = remainder(b * b, a);        // 16 - 5 * 3
  o[n++] = copysign(a, c);
  o[n++] = fdim(b, c);
  o[n++] = ldexp(x, -25);              // 1.5 * 2^-25 rounds to 2^-24
  o[n++] = nextafter(x, a);            // 1.5 + 2^-10
  o[n++] = nextafter(t, c);            // +0, as C says
  half ip;
  o[n++] = fract(-t, &ip);             // 1 - 2^-24 is 1 as a half: the half below 1
  o[n++] = ip;                         // -1
  int e;
  o[n++] = frexp(c * (half)8, &e);     // -22 = -0.6875 * 2^5
  io[m++] = e;
  io[m++] = ilogb(t);                  // -24
  o[n++] = modf(c, &ip);               // -0.75
  o[n++] = ip;                         // -2
  o[n++] = clamp(b, c, a);             // 3
  o[n++] = mix(c, b, z);               // -2.75 + 6.75 * 0.1
  o[n++] = step(a, b);
  o[n++] = smoothstep(c, b, a);
  o[n++] = sign(c);
  o[n++] = degrees(z);
  o[n++] = radians(b);
  o[n++] = max(t, -t);
  half4 v = (half4)(a, b, c, t);
  half4 w = (half4)(z, x, y, a);
  o[n++] = dot(v, w);
  o[n++] = length(v.xy);               // 5
  o[n++] = distance(v, w);
  vstore2(normalize(v.xy), 0, o + n);  // 0.6 0.8
  n += 2;
  vstore3(cross(v.xyz, w.xyz), 0, o + n);
  n += 3;
  vstore4(fmin(v, z), 0, o + n);
  n += 4;
  vstore4(sqrt(fabs(v)), 0, o + n);
  n += 4;
  io[m++] = isnormal(t) + 2 * isnormal(a) + 4 * isinf(a / t / t) + 8 * signbit(c);
  io[m++] = isnan(sqrt(c)) + 2 * isless(c, a) + 4 * isunordered(a, sqrt(c));
  vstore4(isnormal(v), 0, so);
  vstore4(signbit(v), 1, so);
  o[n++] = bitselect(a, c, as_half((ushort)0x8000));   // a with c's sign
  o[n++] = select(a, b, (short)0);
  o[n++] = select(a, b, (short)1);
}
