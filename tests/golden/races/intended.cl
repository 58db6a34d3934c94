// Some programs race on purpose: every work-item that finds a match sets `found`, and any
// of them may win (a benign race a user suppresses by name); the race on `tile`, a local
// variable shared with no barrier, is a bug. Run as it is, and with each suppressed.
kernel void intended(global const int *in, global int *found, global int *out)
{
  volatile local int tile; // (volatile: the optimiser keeps every access)
  if (in[get_global_id(0)] > 2)
    found[0] = get_global_id(0);
  tile = get_local_id(0);
  out[get_global_id(0)] = tile;
}
