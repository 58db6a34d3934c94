// NOTE: Debian fails to create the kernel at -Oz and -O2 ("Unsupported constant int size:
// 5 bytes") and at -O0 reports invalid private accesses in digit_sum, whose recursive calls
// share one array. The reference was derived by hand: 1! to 4!, the parity of 7 to 10, the
// digit sums of 98765 to 98768 and the sums 1 + ... + n for n = 10000 to 10003.
// Recursive calls, which OpenCL C forbids but clang compiles (and Oclgrind runs): direct,
// mutual, each call with its own private array, and deep enough (10000 calls) to grow the
// work-item's registers past their starting size.
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
int is_odd(int n);
int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
int digit_sum(int n)
{
  int keep[2];
  keep[0] = n % 10;
  keep[1] = n / 10;
  int rest = keep[1] ? digit_sum(keep[1]) : 0;
  return keep[0] + rest;
}
int sum_to(int n) { return n == 0 ? 0 : n + sum_to(n - 1); }

kernel void recursion(global int *out)
{
  int i = get_global_id(0);
  out[i * 4 + 0] = fact(i + 1);
  out[i * 4 + 1] = is_even(i + 7);
  out[i * 4 + 2] = digit_sum(98765 + i);
  out[i * 4 + 3] = sum_to(10000 + i);
}
