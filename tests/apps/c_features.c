/* ARGS:
 * ICD:
 * The OpenCL C 3.0 feature macros a kernel sees are those the device lists in
 * CL_DEVICE_OPENCL_C_FEATURES, no more and no fewer: for each optional feature, a program
 * built with -cl-std=CL3.0 checks the macro with #error; and the device queries that say the
 * same as a feature (collectives, sub-groups, atomic orders and scopes) agree with the list. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <stdio.h>
#include <string.h>

static const char *const FEATURES[] = {
    "__opencl_c_3d_image_writes", "__opencl_c_atomic_order_acq_rel",
    "__opencl_c_atomic_order_seq_cst", "__opencl_c_atomic_scope_device",
    "__opencl_c_atomic_scope_all_devices", "__opencl_c_device_enqueue",
    "__opencl_c_generic_address_space", "__opencl_c_fp16", "__opencl_c_fp64", "__opencl_c_images",
    "__opencl_c_int64", "__opencl_c_pipes", "__opencl_c_program_scope_global_variables",
    "__opencl_c_read_write_images", "__opencl_c_subgroups",
    "__opencl_c_work_group_collective_functions",
};

int main(void) {
    cl_platform_id platform;
    cl_device_id dev;
    cl_int err;
    if (clGetPlatformIDs(1, &platform, NULL) != CL_SUCCESS ||
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &dev, NULL) != CL_SUCCESS)
        return 1;
    cl_name_version listed[64];
    size_t size = 0;
    if (clGetDeviceInfo(dev, CL_DEVICE_OPENCL_C_FEATURES, sizeof(listed), listed, &size))
        return 1;
    size_t n = size / sizeof(listed[0]);
    cl_context ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &err);
    int mismatches = 0;
    for (size_t f = 0; f < sizeof(FEATURES) / sizeof(FEATURES[0]); f++) {
        int has = 0;
        for (size_t i = 0; i < n; i++)
            has |= strcmp(listed[i].name, FEATURES[f]) == 0;
        char src[256];
        snprintf(src, sizeof(src), "#if%sdef %s\n#error mismatch\n#endif\nkernel void k(void) {}\n",
                 has ? "n" : "", FEATURES[f]);
        const char *text = src;
        cl_program p = clCreateProgramWithSource(ctx, 1, &text, NULL, &err);
        if (clBuildProgram(p, 1, &dev, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
            printf("%s is %s but its macro is %s\n", FEATURES[f], has ? "listed" : "not listed",
                   has ? "not defined" : "defined");
            mismatches++;
        }
        clReleaseProgram(p);
    }
    /* The device queries that say the same as some features. */
    int listed_wg = 0, listed_seq = 0, listed_dev = 0, listed_generic = 0, listed_sub = 0;
    for (size_t i = 0; i < n; i++) {
        listed_generic |= !strcmp(listed[i].name, "__opencl_c_generic_address_space");
        listed_wg |= !strcmp(listed[i].name, "__opencl_c_work_group_collective_functions");
        listed_seq |= !strcmp(listed[i].name, "__opencl_c_atomic_order_seq_cst");
        listed_dev |= !strcmp(listed[i].name, "__opencl_c_atomic_scope_device");
        listed_sub |= !strcmp(listed[i].name, "__opencl_c_subgroups");
    }
    cl_uint sub_groups = 0;
    clGetDeviceInfo(dev, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(sub_groups), &sub_groups, NULL);
    if (!sub_groups != !listed_sub) {
        printf("CL_DEVICE_MAX_NUM_SUB_GROUPS disagrees\n");
        mismatches++;
    }
    cl_bool wg = CL_FALSE;
    clGetDeviceInfo(dev, CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT, sizeof(wg), &wg, NULL);
    if (!wg != !listed_wg) {
        printf("CL_DEVICE_WORK_GROUP_COLLECTIVE_FUNCTIONS_SUPPORT disagrees\n");
        mismatches++;
    }
    cl_bool generic = CL_FALSE;
    clGetDeviceInfo(dev, CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT, sizeof(generic), &generic, NULL);
    if (!generic != !listed_generic) {
        printf("CL_DEVICE_GENERIC_ADDRESS_SPACE_SUPPORT disagrees\n");
        mismatches++;
    }
    cl_device_atomic_capabilities caps = 0;
    clGetDeviceInfo(dev, CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES, sizeof(caps), &caps, NULL);
    if (!(caps & CL_DEVICE_ATOMIC_ORDER_SEQ_CST) != !listed_seq ||
        !(caps & CL_DEVICE_ATOMIC_SCOPE_DEVICE) != !listed_dev) {
        printf("CL_DEVICE_ATOMIC_MEMORY_CAPABILITIES disagrees\n");
        mismatches++;
    }
    printf("%d mismatches; %zu features listed\n", mismatches, n);
    clReleaseContext(ctx);
    return 0;
}
