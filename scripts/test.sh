#!/usr/bin/env bash
# Every test: formatting, lints, unit tests and the golden .sim tests (which run the built
# oclgrind-kernel, so the workspace is built first), a short fuzzing run of every parser
# (scripts/fuzz.sh), then the fast suites of the Khronos CTS when a build of it is there
# (scripts/cts.sh); --cts runs its longer list.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets -j2 -- -D warnings
cargo build --workspace -j2
cargo test --workspace -j2
# Coverage-guided fuzzing of every parser, 15 s a target (scripts/install-deps.sh installs the
# tools; without them this says so in the last lines rather than passing in silence).
fuzz_skipped=""
if cargo afl --version >/dev/null 2>&1; then
    ./scripts/fuzz.sh
else
    fuzz_skipped="fuzzing skipped: cargo-afl is not installed (scripts/install-deps.sh installs it)"
    echo "$fuzz_skipped"
fi
if [[ "${1:-}" == "--cts" ]]; then
    ./scripts/cts.sh --all
else
    ./scripts/cts.sh
fi
if [[ -n "$fuzz_skipped" ]]; then
    echo "$fuzz_skipped"
fi
