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
# The DAP server (`--dap`) through Microsoft's DebugClient, on .sim files and host programs.
if [ ! -d tests/dap/node_modules/@vscode/debugadapter-testsupport ]; then
    (cd tests/dap && npm ci --no-audit --no-fund --silent)
fi
(cd tests/dap && OCLGRIND_BIN="$PWD/../../target/debug" node --test tests/)
skipped=()
# Coverage-guided fuzzing of every parser, 15 s a target (scripts/install-deps.sh installs the
# tools; without them the last lines say so rather than passing in silence).
if cargo afl --version >/dev/null 2>&1; then
    ./scripts/fuzz.sh
else
    skipped+=("fuzzing: cargo-afl is not installed (scripts/install-deps.sh installs it)")
fi
status=0
if [[ "${1:-}" == "--cts" ]]; then
    ./scripts/cts.sh --all || status=$?
else
    ./scripts/cts.sh || status=$?
fi
case $status in
    0) ;;
    77) skipped+=("the Khronos CTS tier: no CTS build (scripts/cts.sh, tests/cts/README.md)") ;;
    *) exit "$status" ;;
esac

# The last lines say what did not run, so that a green run cannot hide it.
echo
echo "All tests passed."
for what in "${skipped[@]}"; do
    echo "SKIPPED: $what"
done
