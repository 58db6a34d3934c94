/* Coarse-grain buffer SVM (OpenCL 2.0+): allocation and its errors, kernel arguments with
 * clSetKernelArgSVMPointer (offsets into a buffer too), pointers stored in SVM memory that
 * mean the same to the host and to kernels (a list the host links and a kernel walks, and
 * one a kernel links and the host walks), map/unmap, memcpy in every direction, fill, free
 * through the queue with and without a callback, kernel exec info, a buffer over SVM memory. */
#include "common.h"

#include <stdint.h>

typedef struct node {
    struct node *next; /* a host pointer: the device sees the same address */
    int value;
    int pad;
} node;

static const char *SRC =
    "typedef struct node { __global struct node *next; int value; int pad; } node;\n"
    "__kernel void add(__global int *a, int n) { a[get_global_id(0)] += n; }\n"
    "__kernel void walk(__global node *head, __global int *out) {\n"
    "  int sum = 0, count = 0;\n"
    "  for (__global node *p = head; p; p = p->next) { sum += p->value; count++; }\n"
    "  out[0] = sum; out[1] = count;\n"
    "}\n"
    "__kernel void link(__global node *nodes, int n) {\n"
    "  size_t i = get_global_id(0);\n"
    "  nodes[i].value = (int)i * 10;\n"
    "  nodes[i].next = i + 1 < n ? &nodes[i + 1] : 0;\n"
    "}\n";

static cl_device_id g_device;

static void CL_CALLBACK free_callback(cl_command_queue q, cl_uint n, void **pointers,
                                      void *user_data)
{
    (void)q;
    int *calls = user_data;
    cl_context ctx = NULL;
    clGetCommandQueueInfo(q, CL_QUEUE_CONTEXT, sizeof(ctx), &ctx, NULL);
    for (cl_uint i = 0; i < n; i++)
        clSVMFree(ctx, pointers[i]);
    *calls += (int)n;
}

int main(void)
{
    cl_platform_id platform;
    pick_device(&platform, &g_device);
    cl_device_svm_capabilities caps = 0;
    CHECK(clGetDeviceInfo(g_device, CL_DEVICE_SVM_CAPABILITIES, sizeof(caps), &caps, NULL));
    if (!(caps & CL_DEVICE_SVM_COARSE_GRAIN_BUFFER)) {
        printf("SKIP svm: no coarse-grain buffer SVM\n");
        return 0;
    }
    cl_context ctx = make_context(g_device);
    cl_command_queue q = make_queue(ctx, g_device, 0);
    cl_program prog = build_program(ctx, g_device, SRC, "-cl-std=CL2.0");
    cl_int err;
    cl_kernel add = clCreateKernel(prog, "add", &err);
    CHECK_CODE(err, "clCreateKernel add");

    /* Allocation: alignment honoured, refusals give NULL. */
    enum { N = 64 };
    int *a = clSVMAlloc(ctx, CL_MEM_READ_WRITE, N * sizeof(int), 0);
    ASSERT(a != NULL, "clSVMAlloc returned NULL");
    ASSERT((uintptr_t)a % 128 == 0, "default alignment: %p", (void *)a);
    void *aligned = clSVMAlloc(ctx, 0, 100, 64);
    ASSERT(aligned && (uintptr_t)aligned % 64 == 0, "64-byte alignment: %p", aligned);
    clSVMFree(ctx, aligned);
    ASSERT(clSVMAlloc(ctx, 0, 0, 0) == NULL, "size 0 was allocated");
    ASSERT(clSVMAlloc(ctx, 0, 16, 3) == NULL, "alignment 3 was allocated");
    ASSERT(clSVMAlloc(ctx, CL_MEM_READ_ONLY | CL_MEM_WRITE_ONLY, 16, 0) == NULL,
           "contradictory access flags were allocated");
    if (!(caps & CL_DEVICE_SVM_FINE_GRAIN_BUFFER))
        ASSERT(clSVMAlloc(ctx, CL_MEM_SVM_FINE_GRAIN_BUFFER, 16, 0) == NULL,
               "fine-grain SVM allocated without the capability");

    /* Host writes through a map, a kernel adds, the host reads through a map. */
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, a, N * sizeof(int), 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        a[i] = i;
    CHECK(clEnqueueSVMUnmap(q, a, 0, NULL, NULL));
    int seven = 7;
    CHECK(clSetKernelArgSVMPointer(add, 0, a));
    CHECK(clSetKernelArg(add, 1, sizeof(int), &seven));
    size_t global = N;
    CHECK(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, NULL, 0, NULL, NULL));
    /* An offset pointer: the last 16 elements get 100 more. */
    int hundred = 100;
    CHECK(clSetKernelArgSVMPointer(add, 0, a + N - 16));
    CHECK(clSetKernelArg(add, 1, sizeof(int), &hundred));
    global = 16;
    CHECK(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, a, N * sizeof(int), 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        ASSERT(a[i] == i + 7 + (i >= N - 16 ? 100 : 0), "a[%d] = %d", i, a[i]);
    CHECK(clEnqueueSVMUnmap(q, a, 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_ARG_VALUE, clSetKernelArgSVMPointer(add, 1, a));
    EXPECT_ERR(CL_INVALID_ARG_INDEX, clSetKernelArgSVMPointer(add, 2, a));

    /* A list linked by the host, walked by a kernel. */
    enum { NODES = 10 };
    node *nodes = clSVMAlloc(ctx, CL_MEM_READ_WRITE, NODES * sizeof(node), 0);
    int *out = clSVMAlloc(ctx, CL_MEM_READ_WRITE, 2 * sizeof(int), 0);
    ASSERT(nodes && out, "clSVMAlloc of the list returned NULL");
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_WRITE, nodes, NODES * sizeof(node), 0, NULL, NULL));
    /* Linked backwards, so that following the pointers is not walking the array. */
    for (int i = 0; i < NODES; i++) {
        nodes[i].value = i + 1;
        nodes[i].next = i > 0 ? &nodes[i - 1] : NULL;
    }
    CHECK(clEnqueueSVMUnmap(q, nodes, 0, NULL, NULL));
    cl_kernel walk = clCreateKernel(prog, "walk", &err);
    CHECK_CODE(err, "clCreateKernel walk");
    CHECK(clSetKernelArgSVMPointer(walk, 0, &nodes[NODES - 1]));
    CHECK(clSetKernelArgSVMPointer(walk, 1, out));
    void *used[] = {nodes};
    CHECK(clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_PTRS, sizeof(used), used));
    cl_bool fine_system = CL_TRUE;
    if (!(caps & CL_DEVICE_SVM_FINE_GRAIN_SYSTEM))
        EXPECT_ERR_LENIENT(CL_INVALID_OPERATION, CL_SUCCESS,
                   clSetKernelExecInfo(walk, CL_KERNEL_EXEC_INFO_SVM_FINE_GRAIN_SYSTEM,
                                       sizeof(fine_system), &fine_system));
    EXPECT_ERR_LENIENT(CL_INVALID_VALUE, CL_SUCCESS,
                       clSetKernelExecInfo(walk, 0x1234, sizeof(used), used));
    global = 1;
    CHECK(clEnqueueNDRangeKernel(q, walk, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, out, 2 * sizeof(int), 0, NULL, NULL));
    ASSERT(out[0] == NODES * (NODES + 1) / 2 && out[1] == NODES, "walk: sum %d, count %d",
           out[0], out[1]);
    CHECK(clEnqueueSVMUnmap(q, out, 0, NULL, NULL));

    /* A list linked by a kernel, walked by the host. */
    cl_kernel link = clCreateKernel(prog, "link", &err);
    CHECK_CODE(err, "clCreateKernel link");
    int count = NODES;
    CHECK(clSetKernelArgSVMPointer(link, 0, nodes));
    CHECK(clSetKernelArg(link, 1, sizeof(int), &count));
    global = NODES;
    CHECK(clEnqueueNDRangeKernel(q, link, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, nodes, NODES * sizeof(node), 0, NULL, NULL));
    int walked = 0;
    for (node *p = nodes; p; p = p->next) {
        ASSERT(walked < NODES && p == &nodes[walked] && p->value == walked * 10,
               "node %d at %p (expected %p), value %d", walked, (void *)p,
               (void *)&nodes[walked], p->value);
        walked++;
    }
    ASSERT(walked == NODES, "the host walked %d nodes", walked);
    CHECK(clEnqueueSVMUnmap(q, nodes, 0, NULL, NULL));

    /* The same through a buffer made over the SVM memory: the pointers the kernel stores
     * are still the host's. */
    cl_mem over_nodes = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, NODES * sizeof(node), nodes,
                                       &err);
    CHECK_CODE(err, "clCreateBuffer over the nodes");
    cl_mem too_big = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, (NODES + 1) * sizeof(node), nodes,
                                    &err);
    EXPECT_CODE(CL_INVALID_BUFFER_SIZE, err, "clCreateBuffer past the end of SVM memory");
    ASSERT(too_big == NULL, "a buffer past the end of SVM memory was made");
    CHECK(clEnqueueSVMMemFill(q, nodes, &(char){0}, 1, NODES * sizeof(node), 0, NULL, NULL));
    CHECK(clSetKernelArg(link, 0, sizeof(cl_mem), &over_nodes));
    CHECK(clEnqueueNDRangeKernel(q, link, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, nodes, NODES * sizeof(node), 0, NULL, NULL));
    walked = 0;
    for (node *p = nodes; p; p = p->next) {
        ASSERT(walked < NODES && p == &nodes[walked] && p->value == walked * 10,
               "through the buffer: node %d at %p (expected %p)", walked, (void *)p,
               (void *)&nodes[walked]);
        walked++;
    }
    ASSERT(walked == NODES, "the host walked %d nodes linked through the buffer", walked);
    CHECK(clEnqueueSVMUnmap(q, nodes, 0, NULL, NULL));
    CHECK(clReleaseMemObject(over_nodes));

    /* Copies: SVM to SVM, host to SVM, SVM to host; overlap refused. */
    int *b = clSVMAlloc(ctx, CL_MEM_READ_WRITE, N * sizeof(int), 0);
    ASSERT(b != NULL, "clSVMAlloc b");
    CHECK(clEnqueueSVMMemcpy(q, CL_TRUE, b, a, N * sizeof(int), 0, NULL, NULL));
    int host[N];
    for (int i = 0; i < N; i++)
        host[i] = -i;
    CHECK(clEnqueueSVMMemcpy(q, CL_TRUE, b, host, 8 * sizeof(int), 0, NULL, NULL));
    int back[N];
    CHECK(clEnqueueSVMMemcpy(q, CL_TRUE, back, b, N * sizeof(int), 0, NULL, NULL));
    for (int i = 0; i < N; i++) {
        int want = i < 8 ? -i : i + 7 + (i >= N - 16 ? 100 : 0);
        ASSERT(back[i] == want, "copied back[%d] = %d, expected %d", i, back[i], want);
    }
    EXPECT_ERR(CL_MEM_COPY_OVERLAP,
               clEnqueueSVMMemcpy(q, CL_TRUE, b + 1, b, 8 * sizeof(int), 0, NULL, NULL));
    EXPECT_ERR(CL_INVALID_VALUE,
               clEnqueueSVMMemcpy(q, CL_TRUE, NULL, a, 4, 0, NULL, NULL));

    /* Fill with a two-int pattern. */
    int pattern[2] = {5, -5};
    CHECK(clEnqueueSVMMemFill(q, b, pattern, sizeof(pattern), N * sizeof(int), 0, NULL, NULL));
    CHECK(clEnqueueSVMMemcpy(q, CL_TRUE, back, b, N * sizeof(int), 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        ASSERT(back[i] == pattern[i % 2], "filled back[%d] = %d", i, back[i]);
    EXPECT_ERR(CL_INVALID_VALUE,
               clEnqueueSVMMemFill(q, b, pattern, 3, N * sizeof(int), 0, NULL, NULL));

    /* A buffer over SVM memory says so, and kernels see the same bytes through it. */
    cl_mem over = clCreateBuffer(ctx, CL_MEM_USE_HOST_PTR, N * sizeof(int), b, &err);
    CHECK_CODE(err, "clCreateBuffer over SVM");
    cl_bool uses_svm = CL_FALSE;
    CHECK(clGetMemObjectInfo(over, CL_MEM_USES_SVM_POINTER, sizeof(uses_svm), &uses_svm, NULL));
    ASSERT(uses_svm == CL_TRUE, "CL_MEM_USES_SVM_POINTER is false for a buffer over SVM");
    CHECK(clSetKernelArg(add, 0, sizeof(cl_mem), &over));
    CHECK(clSetKernelArg(add, 1, sizeof(int), &seven));
    global = N;
    CHECK(clEnqueueNDRangeKernel(q, add, 1, NULL, &global, NULL, 0, NULL, NULL));
    CHECK(clFinish(q));
    CHECK(clEnqueueSVMMap(q, CL_TRUE, CL_MAP_READ, b, N * sizeof(int), 0, NULL, NULL));
    for (int i = 0; i < N; i++)
        ASSERT(b[i] == pattern[i % 2] + 7, "b[%d] = %d through the buffer", i, b[i]);
    CHECK(clEnqueueSVMUnmap(q, b, 0, NULL, NULL));
    CHECK(clReleaseMemObject(over));

    /* Frees through the queue: with a callback, which gets the pointers; without. */
    int calls = 0;
    void *freed[] = {a, b};
    CHECK(clEnqueueSVMFree(q, 2, freed, free_callback, &calls, 0, NULL, NULL));
    CHECK(clFinish(q));
    ASSERT(calls == 2, "the free callback got %d pointers", calls);
    void *rest[] = {nodes, out};
    CHECK(clEnqueueSVMFree(q, 2, rest, NULL, NULL, 0, NULL, NULL));
    CHECK(clFinish(q));
    EXPECT_ERR(CL_INVALID_VALUE, clEnqueueSVMFree(q, 0, rest, NULL, NULL, 0, NULL, NULL));
    clSVMFree(ctx, NULL);

    clReleaseKernel(add);
    clReleaseKernel(walk);
    clReleaseKernel(link);
    clReleaseProgram(prog);
    clReleaseCommandQueue(q);
    clReleaseContext(ctx);
    PASS("svm");
}
