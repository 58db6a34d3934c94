kernel void odd(global int *out)
{
  size_t l = get_local_id(0);
  if (l % 2)
    out[get_global_id(0)] = l;
}

kernel void by_group(global int *out)
{
  if (get_group_id(0) % 2)
    out[get_global_id(0)] = 1;
}

kernel void guard(global int *out)
{
  if (get_global_id(0) < 250)
    out[get_global_id(0)] = 1;
}
