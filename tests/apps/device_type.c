/* ARGS:
 * ICD:
 * The device reports one type, a GPU unless --device-type says otherwise, and clGetDeviceIDs
 * finds it by that type, as the default device, and among all; not by the other types. (The
 * Khronos CTS and ViennaCL reject a device that reports several types; Oclgrind 21.10 reports
 * CPU | GPU | ACCELERATOR | DEFAULT.) */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>

int main(void) {
    cl_platform_id platform;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS)
        return 1;
    cl_device_id device;
    if (clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL) != CL_SUCCESS)
        return 1;
    cl_device_type type = 0;
    clGetDeviceInfo(device, CL_DEVICE_TYPE, sizeof(type), &type, NULL);
    printf("CL_DEVICE_TYPE = 0x%llx\n", (unsigned long long)type);
    static const struct { cl_device_type t; const char *name; } types[] = {
        {CL_DEVICE_TYPE_DEFAULT, "DEFAULT"}, {CL_DEVICE_TYPE_CPU, "CPU"},
        {CL_DEVICE_TYPE_GPU, "GPU"}, {CL_DEVICE_TYPE_ACCELERATOR, "ACCELERATOR"},
        {CL_DEVICE_TYPE_ALL, "ALL"},
    };
    for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
        cl_uint n = 0;
        cl_int err = clGetDeviceIDs(platform, types[i].t, 0, NULL, &n);
        printf("%s: %s\n", types[i].name,
               err == CL_SUCCESS ? "found" : err == CL_DEVICE_NOT_FOUND ? "not found" : "error");
    }
    cl_int err;
    cl_context cpu = clCreateContextFromType(NULL, CL_DEVICE_TYPE_CPU, NULL, NULL, &err);
    printf("context of CPUs: %s\n", err == CL_SUCCESS ? "made" : err == CL_DEVICE_NOT_FOUND ?
           "CL_DEVICE_NOT_FOUND" : "other error");
    if (cpu)
        clReleaseContext(cpu);
    return 0;
}
