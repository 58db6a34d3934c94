/* Kernel printf interleaved with host output.
 *
 *   ./printf           prints exactly the contents of printf.ref
 *   ./printf --check   runs itself with stdout captured, compares it with
 *                      the expected text and prints PASS/FAIL
 */
#include "common.h"
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *src =
    "kernel void talk(int which) {\n"
    "  if (get_global_id(0) != 0) return;\n"
    "  printf(\"kernel %d: int %d uint %u hex %x char %c\\n\", which, -42, 42u, 255, 'Z');\n"
    "  printf(\"kernel %d: float %f %.2f %e\\n\", which, 1.5f, 3.14159f, 1024.0f);\n"
    "  printf(\"kernel %d: string %s, percent %%\\n\", which, \"literal\");\n"
    "  printf(\"kernel %d: vector %v4hld\\n\", which, (int4)(1, 2, -3, 4));\n"
    "  printf(\"kernel %d: vector %v2hlf\\n\", which, (float2)(0.5f, -2.25f));\n"
    "  printf(\"kernel %d: long %ld\\n\", which, 1234567890123L);\n"
    "  printf(\"kernel %d: width [%5d] [%-4d] [%05.1f]\\n\", which, 42, 7, 2.5f);\n"
    "}\n";

/* must match printf.ref */
static const char *expected =
    "host: start\n"
    "kernel 1: int -42 uint 42 hex ff char Z\n"
    "kernel 1: float 1.500000 3.14 1.024000e+03\n"
    "kernel 1: string literal, percent %\n"
    "kernel 1: vector 1,2,-3,4\n"
    "kernel 1: vector 0.500000,-2.250000\n"
    "kernel 1: long 1234567890123\n"
    "kernel 1: width [   42] [7   ] [002.5]\n"
    "host: between\n"
    "kernel 2: int -42 uint 42 hex ff char Z\n"
    "kernel 2: float 1.500000 3.14 1.024000e+03\n"
    "kernel 2: string literal, percent %\n"
    "kernel 2: vector 1,2,-3,4\n"
    "kernel 2: vector 0.500000,-2.250000\n"
    "kernel 2: long 1234567890123\n"
    "kernel 2: width [   42] [7   ] [002.5]\n"
    "PASS printf\n";

static int self_check(const char *self)
{
    int fds[2];
    if (pipe(fds) != 0) FAILF("pipe failed");
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) FAILF("fork failed");
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execl(self, self, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap + 1);
    ssize_t r;
    while ((r = read(fds[0], buf + len, cap - len)) > 0) {
        len += (size_t)r;
        if (len == cap) buf = realloc(buf, (cap *= 2) + 1);
    }
    buf[len] = '\0';
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || strcmp(buf, expected) != 0) {
        printf("FAIL printf: exit status %d, stdout was:\n%s", status, buf);
        printf("---- expected:\n%s", expected);
        return 1;
    }
    printf("PASS printf\n");
    return 0;
}

int main(int argc, char **argv)
{
    if (argc > 1 && !strcmp(argv[1], "--check")) return self_check(argv[0]);

    cl_platform_id platform;
    cl_device_id dev;
    pick_device(&platform, &dev);
    cl_context ctx = make_context(dev);
    cl_command_queue q = make_queue(ctx, dev, 0);
    cl_program prog = build_program(ctx, dev, src, "");
    cl_kernel k = make_kernel(prog, "talk");
    size_t g = 4;

    printf("host: start\n");
    fflush(stdout);
    int which = 1;
    CHECK(clSetKernelArg(k, 0, sizeof(int), &which));
    CHECK(clEnqueueNDRangeKernel(q, k, 1, NULL, &g, NULL, 0, NULL, NULL));
    CHECK(clFinish(q));
    printf("host: between\n");
    fflush(stdout);
    which = 2;
    CHECK(clSetKernelArg(k, 0, sizeof(int), &which));
    CHECK(clEnqueueTask(q, k, 0, NULL, NULL));
    CHECK(clFinish(q));

    CHECK(clReleaseKernel(k));
    CHECK(clReleaseProgram(prog));
    CHECK(clReleaseCommandQueue(q));
    CHECK(clReleaseContext(ctx));
    PASS("printf");
}
