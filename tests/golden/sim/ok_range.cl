// range=START:INC:END, including negative increments and floating-point ranges.
kernel void k(global int *a, global float *f, global double *d, global short *s) {
  a[0] += 0;
}
