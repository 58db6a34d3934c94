#!/usr/bin/env bash
# Every test: formatting, lints, unit tests and the golden .sim tests (which run the built
# oclgrind-kernel, so the workspace is built first).
set -euo pipefail
cd "$(dirname "$0")/.."

cargo fmt --all --check
cargo clippy --workspace --all-targets -j2 -- -D warnings
cargo build --workspace -j2
cargo test --workspace -j2
