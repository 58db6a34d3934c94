/* CLBlast's SGEMM through its tuned (indirect) Xgemm kernel, with parameters a tuner picks on
 * GPUs: 4x8 outputs per work-item, so clang keeps the private accumulator array in one
 * <32 x float> register. The result is checked against a plain triple loop; CLBlast releases
 * its cached programs from a static destructor when the program exits. */
#define CL_TARGET_OPENCL_VERSION 120
#include <clblast.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unordered_map>
#include <vector>

static void check(cl_int err, const char *what)
{
    if (err != CL_SUCCESS) {
        std::printf("FAIL %s: %d\n", what, err);
        std::exit(1);
    }
}

static void check(clblast::StatusCode status, const char *what)
{
    check(static_cast<cl_int>(status), what);
}

int main()
{
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    check(clGetPlatformIDs(1, &platform, nullptr), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, nullptr), "clGetDeviceIDs");
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    cl_command_queue queue = clCreateCommandQueue(context, device, 0, &err);
    check(err, "clCreateCommandQueue");

    // Always the indirect kernel (small sizes would take the direct one).
    check(clblast::OverrideParameters(device, "GemmRoutine", clblast::Precision::kSingle,
                                      {{"XGEMM_MIN_INDIRECT_SIZE", 0}}),
          "OverrideParameters(GemmRoutine)");
    const std::unordered_map<std::string, size_t> xgemm = {
        {"GEMMK", 0}, {"KREG", 1}, {"KWG", 32}, {"KWI", 2},  {"MDIMA", 16}, {"MDIMC", 16},
        {"MWG", 64},  {"NDIMB", 8}, {"NDIMC", 8}, {"NWG", 64}, {"SA", 0},     {"SB", 0},
        {"STRM", 0},  {"STRN", 0},  {"VWM", 1},   {"VWN", 4}};
    check(clblast::OverrideParameters(device, "Xgemm", clblast::Precision::kSingle, xgemm),
          "OverrideParameters(Xgemm)");

    const size_t m = 64, n = 64, k = 64;
    std::vector<float> a(m * k), b(k * n), c(m * n);
    for (size_t i = 0; i < a.size(); i++)
        a[i] = static_cast<float>((i * 7) % 13) - 6.0f;
    for (size_t i = 0; i < b.size(); i++)
        b[i] = static_cast<float>((i * 5) % 11) * 0.25f;
    for (size_t i = 0; i < c.size(); i++)
        c[i] = static_cast<float>(i % 3);
    const float alpha = 2.0f, beta = 0.5f;

    auto buffer = [&](std::vector<float> &v) {
        cl_mem mem = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    v.size() * sizeof(float), v.data(), &err);
        check(err, "clCreateBuffer");
        return mem;
    };
    cl_mem a_mem = buffer(a), b_mem = buffer(b), c_mem = buffer(c);
    cl_event done;
    check(clblast::Gemm(clblast::Layout::kRowMajor, clblast::Transpose::kNo,
                        clblast::Transpose::kNo, m, n, k, alpha, a_mem, 0, k, b_mem, 0, n, beta,
                        c_mem, 0, n, &queue, &done),
          "clblast::Gemm");
    check(clWaitForEvents(1, &done), "clWaitForEvents");
    std::vector<float> result(m * n);
    check(clEnqueueReadBuffer(queue, c_mem, CL_TRUE, 0, result.size() * sizeof(float),
                              result.data(), 0, nullptr, nullptr),
          "clEnqueueReadBuffer");

    // Every product and partial sum is a multiple of 1/4 well below 2^22: exact in float.
    for (size_t i = 0; i < m; i++) {
        for (size_t j = 0; j < n; j++) {
            double sum = 0;
            for (size_t p = 0; p < k; p++)
                sum += static_cast<double>(a[i * k + p]) * b[p * n + j];
            double expected = alpha * sum + beta * c[i * n + j];
            if (result[i * n + j] != expected) {
                std::printf("FAIL c[%zu][%zu] = %g, expected %g\n", i, j, result[i * n + j],
                            expected);
                return 1;
            }
        }
    }
    std::printf("sgemm %zux%zux%zu through Xgemm (MWG=NWG=64, 4x8 per work-item): %zu values "
                "match\n",
                m, n, k, result.size());
    clReleaseEvent(done);
    clReleaseMemObject(a_mem);
    clReleaseMemObject(b_mem);
    clReleaseMemObject(c_mem);
    clReleaseCommandQueue(queue);
    clReleaseContext(context);
    std::printf("PASS clblast_sgemm\n");
    return 0;
}
