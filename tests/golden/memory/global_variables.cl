// OpenCL 2.0 program-scope global variables (and a pointer initialised to one of them):
// initialised when the program is built, shared by all work-items.
global int counter = 5;
global float scale[2] = {0.5f, 4.0f};
global int *global ptr = &counter;
kernel void k(global int *o) {
  int i = get_global_id(0);
  if (i == 0) {
    o[4] = counter;                    // 5
    *ptr += 10;
    scale[0] *= 2;
    scale[1] *= 3;
  }
  barrier(CLK_GLOBAL_MEM_FENCE);
  o[i] = counter * 10 + i + (int)(scale[0] * scale[1]);   // 150 + i + 12
}
