#!/usr/bin/env bash
# One-step setup: system packages, a release build, then the main job — the bundled OpenCL
# application (examples/app) run unmodified under `oclgrind`, which reports the
# out-of-bounds read in its kernel with the source line.
set -euo pipefail
cd "$(dirname "$0")/.."

./scripts/install-deps.sh
cargo build --release -j2
mkdir -p target/example
gcc -O2 -Wall examples/app/smooth.c -o target/example/smooth -lOpenCL
echo
echo "== oclgrind ./smooth   (in examples/app) =="
cd examples/app
../../target/release/oclgrind ../../target/example/smooth
