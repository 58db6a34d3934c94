// Eight work-groups of one work-item, each doubling its element: a load and a store each.
kernel void scale(global int *data)
{
  int i = get_global_id(0);
  data[i] = 2 * data[i];
}
