// exp/log/pow/trig builtins. Inputs are chosen so that any result within a few ulp prints the
// same with 6 significant digits (exact results where possible; the others were checked to
// print identically for any float within 4 ulp of the true value).
kernel void k(global const float *in, global float *o) {
  float one = in[0], two = in[1], ten = in[2], hf = in[3];   // 1 2 10 0.5
  int n = 0;
  o[n++] = exp(one);            // 2.71828
  o[n++] = exp(one - one);      // 1
  o[n++] = log(one);            // 0
  o[n++] = log(two);            // 0.693147
  o[n++] = exp2(ten);           // 1024
  o[n++] = log2(ten * 0.8f);    // 3
  o[n++] = log10(ten * ten);    // 2
  o[n++] = pow(two, ten);       // 1024
  o[n++] = pow(ten, -two);      // 0.01
  o[n++] = pown(hf, 3);         // 0.125
  o[n++] = rootn(ten * 0.8f, 3);// 2
  o[n++] = cbrt(ten * 2.7f);    // 3
  o[n++] = sin(one);            // 0.841471
  o[n++] = cos(two);            // -0.416147
  o[n++] = tan(one);            // 1.55741
  o[n++] = atan2(one, one) * 4; // 3.14159
  o[n++] = sinpi(hf);           // 1
  o[n++] = cospi(two);          // 1
  o[n++] = asin(one) * 2;       // 3.14159
  o[n++] = rsqrt(ten * 0.4f);   // 0.5
  o[n++] = sinh(one);           // 1.1752
  o[n++] = atan(one);           // 0.785398
}
