// Nothing here is uninitialised until a load is refused, so the checker's shadows wait
// (exec::launch, deferred shadows): groups 0 and 1 run without them. In group 2, work-items
// 10 and 11 read past the end of `in`; the group starts over with shadows, which follow the
// unspecified values read (0) to the stores, after its first run's stores were undone (the
// dump shows each element added to once). Group 3 reads past the end with every work-item.
// Expected: derived by hand, by the rules of invalid_read; out[g] = 1 + (g + 7) for g < 10.
kernel void deferred_shadows(global int *out, global const int *in)
{
  int g = get_global_id(0);
  out[g] += in[g + 6];
}
