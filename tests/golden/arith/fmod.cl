// fmod (the result has the sign of x) for float and double, incl. a divisor larger than x.
// remainder() rounds the quotient to nearest even instead.
kernel void k(global const float *x, global const float *y, global float *f, global double *d,
              global float *r) {
  int i = get_global_id(0);
  f[i] = fmod(x[i], y[i]);
  d[i] = fmod((double)x[i], (double)y[i]);
  r[i] = remainder(x[i], y[i]);
}
