// The kernel of hoisted.cl with a real race on the same local variable: every work-item
// also copies value[0] out, with no barrier after work-item 0 writes it. (At -Oz the read is
// the optimiser's, and is named where its value is stored, a column before the source read.)
// NOTE: Debian reports the same races at -Oz, but names the read as the optimiser's hoisted load ("Debugging information not available."); we name it where the source reads it (line 25).
kernel void hoisted_race(global float *const restrict result, global const float *const restrict in,
                         global float *const restrict staging,
                         global float *const restrict copies)
{
  local float value[1];
  float copy[1];
  for (int pass = 0; pass < 1; ++pass) {
    for (int round = 0; round < 2; ++round) {
      if (get_local_id(0) == 0) {
        staging[0] = in[get_global_id(0)];
        value[0] = staging[0];
      }
    }
    if (get_local_id(0) == 0) {
      copy[0] = value[0];
    }
    if (get_local_id(0) == 0) {
      result[0] = copy[0];
    }
  }
  copies[get_global_id(0)] = value[0];
}
