/* ViennaCL's OpenCL kernels against the same computations on the host: a vector update
 * (x += a*y), an inner product, dense matrix-vector and matrix-matrix products, and a
 * conjugate-gradient solve
 * of a sparse (CSR) 1D Poisson system. ViennaCL releases its contexts from static destructors
 * when the program exits. */
#define CL_TARGET_OPENCL_VERSION 120
#define VIENNACL_WITH_OPENCL

#include <viennacl/compressed_matrix.hpp>
#include <viennacl/linalg/cg.hpp>
#include <viennacl/linalg/inner_prod.hpp>
#include <viennacl/linalg/prod.hpp>
#include <viennacl/matrix.hpp>
#include <viennacl/ocl/backend.hpp>
#include <viennacl/vector.hpp>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <vector>

static void expect(bool ok, const char *what, double got, double want)
{
    if (!ok) {
        std::printf("FAIL %s: %.9g, expected %.9g\n", what, got, want);
        std::exit(1);
    }
}

int main()
{
    std::printf("device: %s\n", viennacl::ocl::current_device().name().c_str());
    const std::size_t n = 64;
    std::vector<float> x(n), y(n);
    for (std::size_t i = 0; i < n; i++) {
        x[i] = static_cast<float>(i % 7) - 3.0f;
        y[i] = static_cast<float>(i % 5) * 0.5f;
    }
    viennacl::vector<float> vx(n), vy(n);
    viennacl::copy(x, vx);
    viennacl::copy(y, vy);

    // x += 2 y: small multiples of 1/2, exact in float.
    vx += 2.0f * vy;
    std::vector<float> updated(n);
    viennacl::copy(vx, updated);
    for (std::size_t i = 0; i < n; i++)
        expect(updated[i] == x[i] + 2.0f * y[i], "axpy", updated[i], x[i] + 2.0f * y[i]);
    std::printf("axpy: %zu values match\n", n);

    double dot = 0;
    for (std::size_t i = 0; i < n; i++)
        dot += static_cast<double>(updated[i]) * y[i];
    float vdot = viennacl::linalg::inner_prod(vx, vy);
    expect(vdot == dot, "inner_prod", vdot, dot);
    std::printf("inner_prod: %g\n", vdot);

    // A dense 48x64 matrix times y.
    const std::size_t rows = 48;
    std::vector<std::vector<float>> a(rows, std::vector<float>(n));
    for (std::size_t i = 0; i < rows; i++)
        for (std::size_t j = 0; j < n; j++)
            a[i][j] = static_cast<float>((i * 3 + j * 5) % 9) - 4.0f;
    viennacl::matrix<float> va(rows, n);
    viennacl::copy(a, va);
    viennacl::vector<float> vr = viennacl::linalg::prod(va, vy);
    std::vector<float> r(rows);
    viennacl::copy(vr, r);
    for (std::size_t i = 0; i < rows; i++) {
        double want = 0;
        for (std::size_t j = 0; j < n; j++)
            want += static_cast<double>(a[i][j]) * y[j];
        expect(r[i] == want, "gemv", r[i], want);
    }
    std::printf("gemv %zux%zu: %zu values match\n", rows, n, rows);

    // A times its transpose (48x64 by 64x48): ViennaCL's generated GEMM kernel, whose
    // generator looks its parameters up by device type (a device of every type at once, as
    // Oclgrind reports, fails with "Generator: Key not found in map").
    viennacl::matrix<float> vat = viennacl::trans(va);
    viennacl::matrix<float> vg = viennacl::linalg::prod(va, vat);
    std::vector<std::vector<float>> g(rows, std::vector<float>(rows));
    viennacl::copy(vg, g);
    for (std::size_t i = 0; i < rows; i++)
        for (std::size_t k = 0; k < rows; k++) {
            double want = 0;
            for (std::size_t j = 0; j < n; j++)
                want += static_cast<double>(a[i][j]) * a[k][j];
            expect(g[i][k] == want, "gemm", g[i][k], want);
        }
    std::printf("gemm %zux%zu by %zux%zu: %zu values match\n", rows, n, n, rows, rows * rows);

    // CG on the 1D Poisson matrix tridiag(-1, 2, -1); the right-hand side is A times a known
    // solution, which the solver must find again.
    std::vector<std::map<unsigned int, double>> poisson(n);
    for (std::size_t i = 0; i < n; i++) {
        poisson[i][i] = 2.0;
        if (i > 0)
            poisson[i][i - 1] = -1.0;
        if (i + 1 < n)
            poisson[i][i + 1] = -1.0;
    }
    std::vector<double> solution(n), rhs(n);
    for (std::size_t i = 0; i < n; i++)
        solution[i] = std::sin(0.1 * static_cast<double>(i)) + 1.0;
    for (std::size_t i = 0; i < n; i++) {
        rhs[i] = 2.0 * solution[i];
        if (i > 0)
            rhs[i] -= solution[i - 1];
        if (i + 1 < n)
            rhs[i] -= solution[i + 1];
    }
    viennacl::compressed_matrix<double> vp(n, n);
    viennacl::copy(poisson, vp);
    viennacl::vector<double> vrhs(n);
    viennacl::copy(rhs, vrhs);
    viennacl::linalg::cg_tag tag(1e-10, 200);
    viennacl::vector<double> vsol = viennacl::linalg::solve(vp, vrhs, tag);
    std::vector<double> found(n);
    viennacl::copy(vsol, found);
    double worst = 0;
    for (std::size_t i = 0; i < n; i++)
        worst = std::fmax(worst, std::fabs(found[i] - solution[i]));
    expect(worst < 1e-6, "cg solution error", worst, 0);
    // In exact arithmetic CG needs at most n iterations.
    expect(tag.iters() <= n, "cg iterations", tag.iters(), n);
    std::printf("cg on a %zux%zu sparse system: converged in %lu iterations\n", n, n,
                static_cast<unsigned long>(tag.iters()));
    std::printf("PASS viennacl_solvers\n");
    return 0;
}
