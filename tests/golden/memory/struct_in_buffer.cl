// Structs in global buffers: field offsets follow the natural alignment rules
// (char @0, int @4, short @8, size 12; float2 @0, int @8, size 16), read and written in place.
// Padding bytes are never written by the field stores, so they keep their initial values.
typedef struct { char c; int i; short s; } rec_t;
typedef struct { float2 pos; int id; } item_t;
kernel void k(global rec_t *recs, global item_t *items, global int *o, global float *fo) {
  int i = get_global_id(0);
  global rec_t *r = &recs[i];
  o[4 * i] = r->c;
  o[4 * i + 1] = r->i;
  o[4 * i + 2] = r->s;
  o[4 * i + 3] = (int)sizeof(rec_t) * 100 + (int)sizeof(item_t);
  r->i = r->i + r->c;                  // update one field in place
  items[i].pos.y += items[i].pos.x;
  items[i].id *= -1;
  barrier(CLK_GLOBAL_MEM_FENCE);
  fo[2 * i] = items[i].pos.y;
  o[8 + i] = items[i].id;
}
