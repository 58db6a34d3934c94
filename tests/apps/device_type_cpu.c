/* ARGS: --device-type cpu
 * ICD: OCLGRIND_DEVICE_TYPE=cpu
 * device_type.c's program, with the device made a CPU. */
#include "device_type.c"
