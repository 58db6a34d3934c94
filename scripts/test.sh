#!/usr/bin/env bash
# Every test: formatting, lints, unit tests and the golden .sim tests (which run the built
# oclgrind-kernel, so the workspace is built first), then the fast suites of the Khronos CTS
# when a build of it is there (scripts/cts.sh); --cts runs its longer list.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets -j2 -- -D warnings
cargo build --workspace -j2
cargo test --workspace -j2
if [[ "${1:-}" == "--cts" ]]; then
    ./scripts/cts.sh --all
else
    ./scripts/cts.sh
fi
