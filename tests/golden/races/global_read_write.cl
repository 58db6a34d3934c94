// Within one work-group, each work-item reads its neighbour's element of a global buffer
// that the neighbour writes, with no barrier at all.
kernel void global_read_write(global int *data, global int *out)
{
  int i = get_global_id(0);
  data[i] = i;
  out[i] = data[(i + 1) % get_global_size(0)];
}
