// NOTE: Debian also reports the stores of `packed & 0xff` and `(packed & 0xff) | 0x100`.
// The shadow follows single bits: a uchar4 with only lane x set, seen as an int, has a
// defined low byte. Masking it out, shifting it to the top, and a shuffle that keeps lane x
// stay defined (silent); shifting the unset bytes down does not (one report). (A shuffle
// taking lane y is not tested: -Oz folds the undefined lane to a constant.)
kernel void bit_precise(global int *out, global const uchar *in)
{
  int g = get_global_id(0);
  uchar4 v;
  v.x = in[g];
  int packed = as_int(v);
  out[5 * g] = packed & 0xff;
  out[5 * g + 1] = packed << 24;
  out[5 * g + 2] = (packed & 0xff) | 0x100;
  uchar2 keep = v.xx;
  out[5 * g + 3] = keep.y;
  out[5 * g + 4] = packed >> 8;
}
