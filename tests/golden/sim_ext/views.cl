// Two arguments over one store: `all` is the whole store (the same buffer), `part` its
// bytes 32..47 (a buffer of its own over them, as a sub-buffer is).
kernel void k(global uint *all, global uint *part, global uint *same) {
  uint i = get_global_id(0);
  part[i] = part[i] + 100;   // all[8 + i] too
  if (i == 0)
    same[15] = all[15] + 1000; // the write lands in all[15]
}
