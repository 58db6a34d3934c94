// printf with %s (string literals and a __constant string), %c, field widths and precision on
// strings, and a format with no conversions.
constant char greeting[] = "constant string";
kernel void k(global const int *in) {
  int n = in[0];                                 // 3
  printf("plain text only\n");
  printf("s=[%s] [%10s] [%-6s] [%.3s]\n", "abc", "right", "left", greeting);
  printf("%s has %d chars\n", greeting, (int)sizeof(greeting) - 1);
  printf("%c%c|%5c|%-3c|\n", 'h', 'i', '*', 'x' + n);
}
