/* ARGS: --sub-group-size 8
 * ICD: OCLGRIND_SUB_GROUP_SIZE=8
 * Sub-groups through the API (OpenCL 3.0's optional feature) with --sub-group-size 8: the
 * device's feature, cl_khr_subgroups and the independent forward progress it requires, and
 * the maximum count (1024 work-items a group: 128 sub-groups);
 * clGetKernelSubGroupInfo for a 16 x 2 group (sub-groups of 8, 4 of them), the local size
 * for 3 sub-groups (24 x 1), and a query it does not know; a launch of groups of 12 whose
 * work-items report their sub-group and its sum (local ids 0-7 sum to 28, 8-11 to 38).
 * The cl_khr_subgroup_* extensions advertised, and one used from a kernel under its macro:
 * sub_group_ballot(sub-group local id % 3 == 0) sets bits 0, 3 and 6 (73) in the sub-group
 * of eight and bits 0 and 3 (9) in the one of four. cl_khr_subgroups from OpenCL C 2.0:
 * a kernel under its macro gets its sub-group's size times 100 plus a count of its work-items
 * (808, 404), and clGetKernelSubGroupInfoKHR, found by name, counts 4 sub-groups in 16 x 2.
 * Expected output derived by hand from the specification and those sizes. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <stdio.h>
#include <string.h>

static const char *source =
    "kernel void k(global int *out)\n"
    "{\n"
    "  int l = (int)get_local_id(0);\n"
    "  out[get_global_id(0)] = (int)get_sub_group_id() * 1000 + sub_group_reduce_add(l);\n"
    "}\n"
    "#ifdef cl_khr_subgroup_ballot\n"
    "kernel void ballot(global int *out)\n"
    "{\n"
    "  out[get_global_id(0)] = (int)sub_group_ballot(get_sub_group_local_id() % 3 == 0).x;\n"
    "}\n"
    "#endif\n";

static const char *source20 =
    "#ifdef cl_khr_subgroups\n"
    "kernel void khr(global int *out)\n"
    "{\n"
    "  out[get_global_id(0)] = (int)get_sub_group_size() * 100 + sub_group_reduce_add(1);\n"
    "}\n"
    "#endif\n";

typedef cl_int(CL_API_CALL *sub_group_info_fn)(cl_kernel, cl_device_id, cl_uint, size_t,
                                               const void *, size_t, void *, size_t *);

static const char *const extensions[] = {
    "cl_khr_subgroup_extended_types", "cl_khr_subgroup_non_uniform_vote",
    "cl_khr_subgroup_ballot",         "cl_khr_subgroup_non_uniform_arithmetic",
    "cl_khr_subgroup_shuffle",        "cl_khr_subgroup_shuffle_relative",
    "cl_khr_subgroup_clustered_reduce", "cl_khr_subgroup_rotate",
};

/* Runs `k` (one int buffer argument) over one group of 12 and prints what it wrote. */
static void run12(cl_context ctx, cl_command_queue q, cl_kernel k)
{
    cl_mem out = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 12 * sizeof(int), NULL, NULL);
    clSetKernelArg(k, 0, sizeof(out), &out);
    size_t global = 12, group = 12;
    clEnqueueNDRangeKernel(q, k, 1, NULL, &global, &group, 0, NULL, NULL);
    int result[12];
    clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof(result), result, 0, NULL, NULL);
    for (int i = 0; i < 12; i++)
        printf("%d%s", result[i], i == 11 ? "\n" : " ");
    clReleaseMemObject(out);
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    clGetPlatformIDs(1, &platform, NULL);
    clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL);
    char text[4096];
    clGetDeviceInfo(device, CL_DEVICE_EXTENSIONS, sizeof(text), text, NULL);
    printf("cl_khr_subgroups: %s\n", strstr(text, "cl_khr_subgroups") ? "yes" : "no");
    for (size_t i = 0; i < sizeof(extensions) / sizeof(extensions[0]); i++)
        printf("%s: %s\n", extensions[i], strstr(text, extensions[i]) ? "yes" : "no");
    cl_name_version features[64];
    size_t bytes = 0;
    clGetDeviceInfo(device, CL_DEVICE_OPENCL_C_FEATURES, sizeof(features), features, &bytes);
    int subgroups = 0;
    for (size_t i = 0; i < bytes / sizeof(features[0]); i++)
        subgroups |= strcmp(features[i].name, "__opencl_c_subgroups") == 0;
    printf("__opencl_c_subgroups: %s\n", subgroups ? "yes" : "no");
    cl_bool ifp = CL_TRUE;
    clGetDeviceInfo(device, CL_DEVICE_SUB_GROUP_INDEPENDENT_FORWARD_PROGRESS, sizeof(ifp), &ifp,
                    NULL);
    printf("independent forward progress: %s\n", ifp ? "yes" : "no");
    cl_uint max_groups = 0;
    clGetDeviceInfo(device, CL_DEVICE_MAX_NUM_SUB_GROUPS, sizeof(max_groups), &max_groups, NULL);
    printf("CL_DEVICE_MAX_NUM_SUB_GROUPS = %u\n", max_groups);

    cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, NULL);
    cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, NULL, NULL);
    cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, NULL);
    if (clBuildProgram(prog, 1, &device, "-cl-std=CL3.0", NULL, NULL) != CL_SUCCESS) {
        printf("build failed\n");
        return 1;
    }
    cl_kernel k = clCreateKernel(prog, "k", NULL);
    size_t local[2] = {16, 2}, answer = 0;
    clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_SUB_GROUP_SIZE_FOR_NDRANGE, sizeof(local),
                            local, sizeof(answer), &answer, NULL);
    printf("max sub-group size for 16 x 2: %zu\n", answer);
    clGetKernelSubGroupInfo(k, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof(local),
                            local, sizeof(answer), &answer, NULL);
    printf("sub-groups for 16 x 2: %zu\n", answer);
    size_t count = 3, for_count[2] = {0, 0};
    clGetKernelSubGroupInfo(k, device, CL_KERNEL_LOCAL_SIZE_FOR_SUB_GROUP_COUNT, sizeof(count),
                            &count, sizeof(for_count), for_count, NULL);
    printf("local size for 3 sub-groups: %zu x %zu\n", for_count[0], for_count[1]);
    clGetKernelSubGroupInfo(k, device, CL_KERNEL_MAX_NUM_SUB_GROUPS, 0, NULL, sizeof(answer),
                            &answer, NULL);
    printf("max sub-groups: %zu\n", answer);
    cl_int err = clGetKernelSubGroupInfo(k, device, 0x1234, 0, NULL, sizeof(answer), &answer,
                                         NULL);
    printf("unknown query: %s\n", err == CL_INVALID_VALUE ? "CL_INVALID_VALUE" : "other");

    run12(ctx, q, k);
    clReleaseKernel(k);
    cl_kernel ballot = clCreateKernel(prog, "ballot", &err);
    if (err != CL_SUCCESS) {
        printf("no ballot kernel\n");
        return 1;
    }
    run12(ctx, q, ballot);
    clReleaseKernel(ballot);
    clReleaseProgram(prog);

    prog = clCreateProgramWithSource(ctx, 1, &source20, NULL, NULL);
    if (clBuildProgram(prog, 1, &device, "-cl-std=CL2.0", NULL, NULL) != CL_SUCCESS) {
        printf("OpenCL C 2.0 build failed\n");
        return 1;
    }
    cl_kernel khr = clCreateKernel(prog, "khr", &err);
    if (err != CL_SUCCESS) {
        printf("no cl_khr_subgroups kernel\n");
        return 1;
    }
    run12(ctx, q, khr);
    sub_group_info_fn info = (sub_group_info_fn)clGetExtensionFunctionAddressForPlatform(
        platform, "clGetKernelSubGroupInfoKHR");
    answer = 0;
    if (info)
        info(khr, device, CL_KERNEL_SUB_GROUP_COUNT_FOR_NDRANGE, sizeof(local), local,
             sizeof(answer), &answer, NULL);
    printf("clGetKernelSubGroupInfoKHR: %s, sub-groups for 16 x 2: %zu\n",
           info ? "found" : "missing", answer);
    clReleaseKernel(khr);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    return 0;
}
