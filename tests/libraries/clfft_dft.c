/* clFFT's generated kernels against a direct DFT: a 1D forward transform of 60 points (radices
 * 2, 3 and 5), its inverse back to the input, and a 2D forward transform of 16x8 points, all
 * single precision, complex interleaved, in place. */
#define CL_TARGET_OPENCL_VERSION 120
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <clFFT.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static void check(int status, const char *what)
{
    if (status != 0) {
        printf("FAIL %s: %d\n", what, status);
        exit(1);
    }
}

static cl_context context;
static cl_command_queue queue;

/* Transforms `data` (n complex values, `dim` lengths) in place on the device. */
static void transform(float *data, clfftDim dim, const size_t *lengths, size_t n,
                      clfftDirection direction)
{
    cl_int err;
    cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                   2 * n * sizeof(float), data, &err);
    check(err, "clCreateBuffer");
    clfftPlanHandle plan;
    check(clfftCreateDefaultPlan(&plan, context, dim, lengths), "clfftCreateDefaultPlan");
    check(clfftSetPlanPrecision(plan, CLFFT_SINGLE), "clfftSetPlanPrecision");
    check(clfftSetLayout(plan, CLFFT_COMPLEX_INTERLEAVED, CLFFT_COMPLEX_INTERLEAVED),
          "clfftSetLayout");
    check(clfftSetResultLocation(plan, CLFFT_INPLACE), "clfftSetResultLocation");
    check(clfftBakePlan(plan, 1, &queue, NULL, NULL), "clfftBakePlan");
    check(clfftEnqueueTransform(plan, direction, 1, &queue, 0, NULL, NULL, &buffer, NULL, NULL),
          "clfftEnqueueTransform");
    check(clFinish(queue), "clFinish");
    check(clEnqueueReadBuffer(queue, buffer, CL_TRUE, 0, 2 * n * sizeof(float), data, 0, NULL,
                              NULL),
          "clEnqueueReadBuffer");
    check(clfftDestroyPlan(&plan), "clfftDestroyPlan");
    check(clReleaseMemObject(buffer), "clReleaseMemObject");
}

/* The forward DFT of rows x cols complex values (row-major, x fastest), in double. */
static void direct_dft(const float *in, double *out, size_t cols, size_t rows)
{
    for (size_t v = 0; v < rows; v++) {
        for (size_t u = 0; u < cols; u++) {
            double re = 0, im = 0;
            for (size_t y = 0; y < rows; y++) {
                for (size_t x = 0; x < cols; x++) {
                    double angle = -2 * M_PI * ((double)(u * x) / cols + (double)(v * y) / rows);
                    const float *z = &in[2 * (y * cols + x)];
                    re += z[0] * cos(angle) - z[1] * sin(angle);
                    im += z[0] * sin(angle) + z[1] * cos(angle);
                }
            }
            out[2 * (v * cols + u)] = re;
            out[2 * (v * cols + u) + 1] = im;
        }
    }
}

/* Largest difference between a device result and the reference, relative to the largest
 * reference magnitude. */
static double relative_error(const float *got, const double *want, size_t n)
{
    double worst = 0, scale = 0;
    for (size_t i = 0; i < 2 * n; i++) {
        worst = fmax(worst, fabs(got[i] - want[i]));
        scale = fmax(scale, fabs(want[i]));
    }
    return worst / scale;
}

static void fill(float *data, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        data[2 * i] = (float)((i * 7) % 11) - 5.0f;
        data[2 * i + 1] = (float)((i * 3) % 5) * 0.5f;
    }
}

static void one_dimension(void)
{
    enum { N = 60 };
    size_t length = N;
    float input[2 * N], data[2 * N];
    double expected[2 * N];
    fill(input, N);
    for (size_t i = 0; i < 2 * N; i++)
        data[i] = input[i];
    direct_dft(input, expected, N, 1);
    transform(data, CLFFT_1D, &length, N, CLFFT_FORWARD);
    double forward = relative_error(data, expected, N);
    // The backward transform is scaled by 1/N by default: it gives the input back.
    transform(data, CLFFT_1D, &length, N, CLFFT_BACKWARD);
    double round_trip = 0;
    for (size_t i = 0; i < 2 * N; i++)
        round_trip = fmax(round_trip, fabs(data[i] - input[i]));
    if (forward > 1e-5 || round_trip > 1e-4) {
        printf("FAIL 1D: forward error %g, round trip error %g\n", forward, round_trip);
        exit(1);
    }
    printf("1D, %d points: forward matches the DFT, the inverse gives the input back\n", N);
}

static void two_dimensions(void)
{
    enum { COLS = 16, ROWS = 8, N = COLS * ROWS };
    size_t lengths[2] = {COLS, ROWS};
    float data[2 * N], input[2 * N];
    double expected[2 * N];
    fill(input, N);
    for (size_t i = 0; i < 2 * N; i++)
        data[i] = input[i];
    direct_dft(input, expected, COLS, ROWS);
    transform(data, CLFFT_2D, lengths, N, CLFFT_FORWARD);
    double error = relative_error(data, expected, N);
    if (error > 1e-5) {
        printf("FAIL 2D: forward error %g\n", error);
        exit(1);
    }
    printf("2D, %dx%d points: forward matches the DFT\n", COLS, ROWS);
}

int main(void)
{
    cl_platform_id platform;
    cl_device_id device;
    cl_int err;
    check(clGetPlatformIDs(1, &platform, NULL), "clGetPlatformIDs");
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL), "clGetDeviceIDs");
    context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
    check(err, "clCreateContext");
    queue = clCreateCommandQueue(context, device, 0, &err);
    check(err, "clCreateCommandQueue");
    clfftSetupData setup;
    check(clfftInitSetupData(&setup), "clfftInitSetupData");
    check(clfftSetup(&setup), "clfftSetup");
    one_dimension();
    two_dimensions();
    check(clfftTeardown(), "clfftTeardown");
    check(clReleaseCommandQueue(queue), "clReleaseCommandQueue");
    check(clReleaseContext(context), "clReleaseContext");
    printf("PASS clfft_dft\n");
    return 0;
}
