// Atomics whose old value the kernel ignores, combined for a whole warp at once when every
// lane's address is in one buffer: here work-item 7's is past the end of `bins`, so the warp
// goes lane by lane and the invalid access is reported; the others still count. Expected:
// Debian's oclgrind-kernel 21.10's output (its IR line matched by the call).
kernel void unread_atomic_oob(global int *bins)
{
  atomic_inc(&bins[get_global_id(0)]);
}
