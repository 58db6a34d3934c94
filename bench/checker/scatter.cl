// Every work-item writes one element of a large buffer at a scattered index (a permutation
// of the range: i * 7919 mod n, n a power of two), and reads the element next to its own:
// no two groups touch neighbouring bytes in order, so the race detector's table of
// the launch's accesses cannot join them into long runs (its worst case).
kernel void scatter(global const int *in, global int *out)
{
  uint n = get_global_size(0);
  uint i = get_global_id(0);
  uint j = (i * 7919u) & (n - 1);
  out[j] = in[i] + 1;
}
