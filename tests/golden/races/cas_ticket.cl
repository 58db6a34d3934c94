// Work-items take tickets from a __local counter, one compare-and-swap a round. The one whose
// swap succeeded reads the counter plainly while the others' swaps of that round fail; a
// failed swap only reads, so nothing races (Oclgrind's atomic_cmpxchg_false_race, #155).
kernel void cas_ticket(global int *taken, local int *counter)
{
  int lid = get_local_id(0);
  if (lid == 0)
    *counter = 0;
  barrier(CLK_LOCAL_MEM_FENCE);

  int mine = -1;
  for (int round = 0; round < (int)get_local_size(0); round++)
  {
    barrier(CLK_LOCAL_MEM_FENCE);
    int seen = *counter;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (mine < 0 && atomic_cmpxchg(counter, seen, seen + 1) == seen)
      mine = *counter;
  }
  // Each ticket of the group is taken once, whichever work-item won each round.
  taken[get_group_id(0) * get_local_size(0) + mine - 1] = 1;
}
