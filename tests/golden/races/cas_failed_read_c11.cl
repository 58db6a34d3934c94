// races/cas_failed_read with OpenCL C 2.0's atomic_compare_exchange_strong: work-item 0 zeroes
// the word plainly, then every work-item tries to swap it from its id to 42. The failed swaps
// read the word atomically and write nothing: read-write races with the store, no write-write.
kernel void cas_failed_read_c11(global atomic_int *word, global int *seen)
{
  int i = get_global_id(0);
  if (i == 0)
    *(global int *)word = 0;
  int expected = i;
  atomic_compare_exchange_strong(word, &expected, 42);
  seen[i] = expected;
}
