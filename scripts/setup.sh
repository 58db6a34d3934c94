#!/usr/bin/env bash
# One-step setup: system packages, a release build, then the main job — oclgrind-kernel
# finding the out-of-bounds write in the bundled transpose example.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cargo build --release -j2
echo
echo "== oclgrind-kernel examples/kernels/transpose.sim =="
cd examples/kernels
../../target/release/oclgrind-kernel transpose.sim
