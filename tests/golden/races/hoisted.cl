// Oclgrind issue #210: a local scalar that only work-item 0 writes and reads, each under
// get_local_id(0) == 0, through restrict pointers. At -Oz the optimiser reads it in every
// work-item, outside the condition (the value is only used where the condition holds), so
// the source never reads it in the other work-items: there is no race.
// NOTE: Debian reports 4 read-write races at -Oz (every work-item's hoisted read against work-item 0's store).
kernel void hoisted(global float *const restrict result, global const float *const restrict in,
                    global float *const restrict staging)
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
}
