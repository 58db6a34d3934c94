// NOTE: Debian's Oclgrind 21.10 rejects this file with "Unexpected token '#' (expected EOF)":
// its end-of-file check reads the raw stream without stripping comments. Comments are allowed
// anywhere, so a comment after the last argument must be accepted.
kernel void k(global int *out, int n) {
  out[0] = n;
}
