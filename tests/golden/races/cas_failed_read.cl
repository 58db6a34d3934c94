// One work-item zeroes a word plainly, then every work-item tries to swap it from its own
// id to 42: only work-item 0's swap succeeds. The others' swaps fail, and a failed swap reads
// the word atomically and writes nothing, so each races with the plain store as a read
// (Oclgrind #155), never as a write.
kernel void cas_failed_read(global int *word, global int *seen)
{
  int i = get_global_id(0);
  if (i == 0)
    *word = 0;
  seen[i] = atomic_cmpxchg(word, i, 42);
}
