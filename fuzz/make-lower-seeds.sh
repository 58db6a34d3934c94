#!/usr/bin/env bash
# Remakes the seed corpus of the `lower` fuzz target (fuzz/corpus/lower), textual IR: random
# valid IR from llvm-stress-19 with its function made a SPIR kernel, and kernels of the golden
# tests compiled by clang-19 much as the simulator compiles them (-O0 and -Oz, with debug
# information).
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz/corpus/lower
rm -rf "$out"
mkdir -p "$out"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

layout='target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"'
for seed in 1 2 3 4 5 6 7 8 9 10 11 12; do
    size=$((8 + seed * 4))
    {
        echo "$layout"
        echo 'target triple = "spir64-unknown-unknown"'
        llvm-stress-19 -seed=$seed -size=$size -o - | sed -e 's/^define void @/define spir_kernel void @/'
    } >"$out/stress_$seed.ll"
done

kernels=(
    fuzz/kernels/sim_kernels.cl
    tests/golden/arith/loops.cl
    tests/golden/arith/switch_sparse.cl
    tests/golden/atomics/c11.cl
    tests/golden/barrier/async_copy.cl
    tests/golden/builtins/sub_groups.cl
    tests/golden/memory/global_variables.cl
    tests/golden/printf/vectors.cl
    tests/golden/vector/shuffle.cl
    tests/golden/uninit/builtin_lanes.cl
    tests/golden/races/groups.cl
    tests/golden/arith/half_ops.cl
)
for cl in "${kernels[@]}"; do
    name=$(basename "$cl" .cl)
    for opt in O0 Oz; do
        clang-19 -x cl -cl-std=CL3.0 -target spir64-unknown-unknown -emit-llvm -c -g \
            -fno-discard-value-names -cl-kernel-arg-info -fno-builtin -"$opt" \
            -Xclang -cl-ext=+cl_khr_fp64,+cl_khr_fp16,+__opencl_c_fp64,+__opencl_c_generic_address_space,+__opencl_c_subgroups,+cl_khr_subgroups,+__opencl_c_program_scope_global_variables,+__opencl_c_atomic_order_acq_rel,+__opencl_c_images \
            "$cl" -o "$tmp/kernel.bc"
        llvm-dis-19 "$tmp/kernel.bc" -o "$out/${name}_$opt.ll"
    done
done
ls -l "$out" | awk '{s += $5} END {print NR - 1 " seeds, " s " bytes"}'
