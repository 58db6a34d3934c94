// Every kind of variable the debugger prints, in every address space.
typedef struct
{
  int id;
  float weight;
  char tag[4];
} Item;

typedef struct
{
  Item item;
  short2 pos;
  Item *next;
} Node;

typedef union
{
  uint bits;
  float value;
} Word;

constant int table[4] = {10, 20, 30, 40};

kernel void variables(global int *data, global Item *items, local float *scratch,
                      constant int *coeffs, float scale)
{
  int lid = get_local_id(0);
  uint big = 4000000000u;
  char letter = 'A' + lid;
  float half_scale = scale / 2;
  float4 vec = (float4)(1.5f, -2.0f, scale, 0.25f);
  int3 ivec = (int3)(lid, -lid, 7);
  int arr[4] = {lid, lid + 1, lid + 2, lid + 3};
  int grid[2][3] = {{1, 2, 3}, {4, 5, 6}};
  Item local_item = items[lid];
  Node node = {local_item, (short2)(3, -4), &local_item};
  Word word;
  word.value = 1.0f;
  int *parr = &arr[1];
  scratch[lid] = half_scale * lid;
  barrier(CLK_LOCAL_MEM_FENCE);
  local float *pscratch = scratch + 1;
  data[lid] = arr[2] + table[lid] + coeffs[lid] + node.item.id + (int)pscratch[0] + word.bits;
}
