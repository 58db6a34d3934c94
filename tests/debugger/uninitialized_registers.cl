// At -O2 the accumulator never set lives in a register (a phi of undef): `print` and
// `info locals` still mark it uninitialised.
kernel void uninitialized_registers(global float *out, global const float *in, int n)
{
  float acc;
  for (int i = 0; i < n; i++) {
    acc += in[i];
    out[i] = acc;
  }
}
