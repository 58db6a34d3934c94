#!/usr/bin/env bash
# Builds the fuzz targets (fuzz/) with AFL++'s instrumentation (cargo-afl, stable toolchain)
# and fuzzes each from its seed corpus (fuzz/corpus/TARGET) for SECONDS (default 15). Fails,
# naming each crashing or hanging input and the command that reproduces it, if any is found.
#
#   scripts/fuzz.sh [SECONDS]
#
# FUZZ_TARGETS="sim lower" picks targets; AFL_OPT_LEVEL (default 0: the build takes 1.5 to 3
# minutes on 2 cores instead of 5 to 7, which matters more than speed in a short run) sets
# the optimisation of the instrumented build. Findings and AFL++'s logs are under fuzz/out/.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-15}
read -r -a targets <<<"${FUZZ_TARGETS:-sim build_options debugger_command debugger_expr protocol lower}"

if ! cargo afl --version >/dev/null 2>&1; then
    echo "fuzz.sh: cargo-afl is not installed (scripts/install-deps.sh installs it)" >&2
    exit 1
fi

start=$(date +%s)
host=$(rustc -vV | sed -n 's/^host: //p')
# The instrumentation flags go to the targets' code only, not to build scripts and proc
# macros (which --target keeps on the host's plain flags); many codegen units build faster.
export AFL_OPT_LEVEL=${AFL_OPT_LEVEL:-0}
RUSTFLAGS="-C codegen-units=16" cargo afl build --manifest-path fuzz/Cargo.toml --release \
    --locked --target "$host" --bins -j2
bin=fuzz/target/$host/release
built=$(date +%s)
echo "fuzz.sh: built the fuzz targets in $((built - start)) s"

# No system changes (an unprivileged container): AFL++ skips its checks of the CPU governor
# and the core-dump handler, binds to no core, and prints no screen.
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
export AFL_NO_UI=1 AFL_QUIET=1
# An input is a hang when it runs over 3 s (a loaded machine must not make one by itself).
export AFL_HANG_TMOUT=${AFL_HANG_TMOUT:-3000}

failed=0
printf '%-18s %8s %10s %9s %7s %8s %6s\n' target seconds execs execs/s corpus crashes hangs
for t in "${targets[@]}"; do
    out=fuzz/out/$t
    rm -rf "$out"
    mkdir -p "$out"
    if ! cargo afl fuzz -V "$seconds" -m 4096 -i "fuzz/corpus/$t" -o "$out" -- "$bin/$t" \
        >"$out/afl.log" 2>&1; then
        echo "fuzz.sh: afl-fuzz failed on target $t; the end of $out/afl.log:" >&2
        tail -n 20 "$out/afl.log" | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' >&2
        failed=1
        continue
    fi
    stats=$out/default/fuzzer_stats
    field() { sed -n "s/^$1 *: *//p" "$stats"; }
    crashes=$(field saved_crashes)
    hangs=$(field saved_hangs)
    printf '%-18s %8s %10s %9s %7s %8s %6s\n' "$t" "$(field run_time)" "$(field execs_done)" \
        "$(field execs_per_sec)" "$(field corpus_count)" "$crashes" "$hangs"
    if [ "$crashes" != 0 ] || [ "$hangs" != 0 ]; then
        failed=1
        for f in "$out"/default/crashes/id* "$out"/default/hangs/id*; do
            [ -e "$f" ] || continue
            echo "  finding: $f"
            echo "    reproduce: $bin/$t < '$f'"
        done
    fi
done
echo "fuzz.sh: $((${#targets[@]})) targets, ${seconds} s each, $(($(date +%s) - start)) s in all"
if [ "$failed" != 0 ]; then
    echo "fuzz.sh: FAILED: the findings above crash or hang a parser (fuzz/README.md says" \
        "how to turn one into a regression test)" >&2
    exit 1
fi
echo "fuzz.sh: no crashes or hangs"
