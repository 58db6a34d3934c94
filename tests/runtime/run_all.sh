#!/bin/sh
# Build and run every runtime test program, one at a time.
#
#   tests/runtime/run_all.sh [build-dir]
#
# The OpenCL implementation under test is whatever the environment selects
# (OCL_ICD_VENDORS for the ICD loader, LD_PRELOAD for a preload library);
# TEST_STRICT / TEST_ALLOW_FAKE_HANDLES are passed through (see README.md).
set -u
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${TMPDIR:-/tmp}/runtime-tests}
mkdir -p "$out"
CC=${CC:-gcc}
CFLAGS=${CFLAGS:-"-std=c11 -Wall -Werror -O1 -D_DEFAULT_SOURCE"}
CXX=${CXX:-g++}
CXXFLAGS=${CXXFLAGS:-"-std=c++17 -Wall -Werror -O1"}
tests="platform_device context queue buffer image sampler program kernel ndrange events threads lifetime printf spirv svm errors teardown"
fail=0

# The SPIR-V module for spirv.c (skipped by spirv.c when the device has no IL).
spv="$out/spirv_kernel.spv"
if command -v clang-15 >/dev/null 2>&1 && command -v llvm-spirv-15 >/dev/null 2>&1; then
    clang-15 -x cl -cl-std=CL1.2 -target spir64-unknown-unknown -emit-llvm -c \
        "$here/spirv_kernel.cl" -o "$out/spirv_kernel.bc" &&
        llvm-spirv-15 "$out/spirv_kernel.bc" -o "$spv"
fi

for t in $tests; do
    if [ -f "$here/$t.cpp" ]; then
        # shellcheck disable=SC2086
        $CXX $CXXFLAGS "$here/$t.cpp" -o "$out/$t" -lOpenCL -lpthread
    else
        # shellcheck disable=SC2086
        $CC $CFLAGS "$here/$t.c" -o "$out/$t" -lOpenCL -lpthread
    fi
    if [ $? -ne 0 ]; then
        echo "FAIL $t: does not compile"
        fail=1
        continue
    fi
    case $t in
    printf)
        "$out/printf" >"$out/printf.out"
        rc=$?
        if [ $rc -eq 0 ] && cmp -s "$out/printf.out" "$here/printf.ref"; then
            echo "PASS printf"
        else
            echo "FAIL printf: exit $rc, stdout differs from printf.ref:"
            diff "$here/printf.ref" "$out/printf.out"
            fail=1
        fi
        continue
        ;;
    spirv) "$out/spirv" "$spv" ;;
    *) "$out/$t" ;;
    esac
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL $t: exit status $rc"
        fail=1
    fi
done
exit $fail
