// NOTE: Debian's Oclgrind 21.10 prints garbage instead of the message text here
// (it throws err.c_str() of a destroyed std::string); the expectation is the intended text
// "Unrecognised header token 'bogus'".
kernel void k(global int *out, int n, local int *tmp, constant int *c) {
  tmp[get_local_id(0)] = n;
  out[get_global_id(0)] = tmp[get_local_id(0)] + c[0];
}
