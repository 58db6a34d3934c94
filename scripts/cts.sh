#!/usr/bin/env bash
# The Khronos OpenCL CTS tier (tests/cts/README.md): the fast suites, or with --all the
# longer list too (hours: c11_atomics and integer_ops are slow under a simulator), under
# target/debug/oclgrind (target/release/oclgrind with --release), with the expected
# failures of tests/cts/xfail; no SVM atomics (the device's SVM is coarse-grain only).
# Skips when no CTS build is found (CTS_DIR, else ../shared/cts), with status 77, the usual
# "skipped" status, so that a caller can tell a skipped tier from a passed one.
set -euo pipefail
cd "$(dirname "$0")/.."

FAST="computeinfo api compiler geometrics relationals commonfns generic_address_space SVM
subgroups workgroups"
ALL="$FAST integer_ops basic buffers events profiling mem_host_flags printf atomics vectors
c11_atomics=-w non_uniform_work_group math_brute_force half=-w"

suites=$FAST
profile=debug
for arg in "$@"; do
    case "$arg" in
        --all) suites=$ALL ;;
        # The build a user runs: about twice as fast as the debug one under the CTS.
        --release) profile=release ;;
        *) echo "cts: unknown option $arg (--all, --release)" >&2; exit 2 ;;
    esac
done
cts="${CTS_DIR:-../shared/cts}"
if [[ ! -x "$cts/run_cts.sh" ]]; then
    echo "cts: no CTS build at $cts (set CTS_DIR): skipped"
    exit 77
fi
launcher="$PWD/target/$profile/oclgrind"
if [[ ! -x "$launcher" ]]; then
    if [[ $profile == release ]]; then
        cargo build --release -j2
    else
        cargo build --workspace -j2
    fi
fi
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# shellcheck disable=SC2086 # the suite lists are words
"$cts/run_cts.sh" -b "$cts" -l "$launcher" -s -T 300 -t 1800 -o "$out" \
    -x "$PWD/tests/cts/xfail" -e "c11_atomics:svm_*" $suites
