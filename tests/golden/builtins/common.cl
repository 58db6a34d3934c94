// NOTE: Debian's Oclgrind 21.10 returns -0.0 from sign(+0.0); OpenCL specifies +0.0, so o[8] and
// v[19] are expected to print 0 (Debian prints -0).
// Common builtins: clamp, mix, step, smoothstep, sign, degrees, radians, fmin/fmax with a scalar.
kernel void k(global const float *in, global float *o, global float4 *v) {
  float a = in[0], b = in[1], c = in[2];   // 0.25 -3 8
  int n = 0;
  o[n++] = clamp(b, -1.0f, 1.0f);          // -1
  o[n++] = clamp(a, 0.0f, 1.0f);           // 0.25
  o[n++] = mix(b, c, a);                   // -3 + 11 * 0.25 = -0.25
  o[n++] = step(a, b);                     // 0 (b < a)
  o[n++] = step(b, a);                     // 1
  o[n++] = smoothstep(0.0f, 1.0f, 0.5f + a * 0);  // 0.5
  o[n++] = smoothstep(b, c, c * 2);        // 1
  o[n++] = sign(b);                        // -1
  o[n++] = sign(a - a);                    // +0
  o[n++] = degrees(radians(c * 22.5f));    // 180
  o[n++] = radians(c * 22.5f) * 4;         // 4 pi = 12.5664
  float4 f = (float4)(a, b, c, 0.5f);
  v[0] = clamp(f, -1.0f, 2.0f);            // 0.25 -1 2 0.5  (vector with scalar bounds)
  v[1] = mix(f, (float4)(c), 0.5f);        // 4.125 2.5 8 4.25
  v[2] = step(0.3f, f);                    // 0 0 1 1
  v[3] = fmax(f, 0.0f) + fmin(f, 0.0f) * 2; // 0.25 -6 8 0.5
  v[4] = sign(f - 0.5f);                   // -1 -1 1 0
}
