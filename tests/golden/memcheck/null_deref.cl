// Dereferencing a NULL buffer argument (<null> in the .sim file): NULL is buffer 0, so the
// reported address is just the byte offset. The loaded value is unspecified ('sink' not dumped).
kernel void k(global int *p, global const int *q, global int *sink, global int *done) {
  int i = get_global_id(0);
  if (i == 1) p[i] = 5;                // write to 0x4
  if (i == 2) sink[0] = q[3];          // read from 0xc
  done[i] += 10;
}
