// Atomic stores read nothing: a write-only buffer takes them without a report (each writes
// its value; the buffer was filled with 9).
kernel void k(global atomic_int *out) {
  atomic_store(&out[get_global_id(0)], 7);
  atomic_flag_clear((global atomic_flag *)&out[get_global_id(0) + 2]);
}
