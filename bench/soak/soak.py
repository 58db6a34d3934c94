#!/usr/bin/env python3
"""Soak benchmark (not a test): bench/soak/soak.c under a simulator for a long while, its
resident size sampled every INTERVAL seconds, printed as a Markdown table with the growth
after warm-up. Every build compiles (each source is new; the build cache is off so that the
user's cache is not filled), so a leak per build, per context or per launch shows as a slope.

    python3 bench/soak/soak.py                       # ours (the newer of release and debug), 8 threads, 600 s
    python3 bench/soak/soak.py --seconds 120 --threads 4
    python3 bench/soak/soak.py --debian --seconds 300   # the same program under Debian's oclgrind

Flat means: after the warm-up (the first WARMUP seconds: the compiler loads, the allocator
settles) the resident size grows by less than --flat-mb in all. Exit status 1 otherwise.
"""

import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def launcher():
    """The newest build of the launcher that has its runtime library beside it."""
    built = []
    for profile in ("release", "debug"):
        d = os.path.join(ROOT, "target", profile)
        lib = os.path.join(d, "liboclgrind_rt.so")
        if os.path.exists(os.path.join(d, "oclgrind")) and os.path.exists(lib):
            built.append((os.path.getmtime(lib), os.path.join(d, "oclgrind")))
    if not built:
        sys.exit("soak: build the workspace first (cargo build --workspace --release)")
    return max(built)[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--threads", type=int, default=8)
    ap.add_argument("--seconds", type=int, default=600)
    ap.add_argument("--interval", type=int, default=10)
    ap.add_argument("--warmup", type=int, default=60)
    ap.add_argument("--flat-mb", type=float, default=16.0)
    ap.add_argument("--debian", action="store_true", help="run under /usr/bin/oclgrind")
    args = ap.parse_args()

    scratch = tempfile.mkdtemp(prefix="oclgrind-soak-")
    exe = os.path.join(scratch, "soak")
    subprocess.run(["gcc", "-O2", "-pthread", os.path.join(ROOT, "bench/soak/soak.c"), "-o", exe,
                    "-lOpenCL"], check=True)
    runner = "/usr/bin/oclgrind" if args.debian else launcher()
    env = dict(os.environ, OCLGRIND_CACHE="0")
    cmd = [runner, exe, str(args.threads), str(args.seconds), str(args.interval)]
    print(f"soak: {' '.join(cmd)}", flush=True)
    samples, failures = [], None
    with subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True, env=env) as p:
        for line in p.stdout:
            words = line.split()
            if words[:1] == ["sample"]:
                t, kb, builds, launches = map(int, words[1:])
                samples.append((t, kb, builds, launches))
                print(f"  {t:4d} s  {kb / 1024:7.1f} MB  {builds:6d} builds", flush=True)
            elif words[:1] == ["failures"]:
                failures = int(words[1])
    print()
    print(f"| time (s) | resident (MB) | builds | launches |")
    print(f"|---:|---:|---:|---:|")
    for t, kb, builds, launches in samples:
        print(f"| {t} | {kb / 1024:.1f} | {builds} | {launches} |")
    after = [s for s in samples if s[0] >= args.warmup]
    if len(after) < 2:
        sys.exit("soak: too short to judge (raise --seconds)")
    growth = (after[-1][1] - after[0][1]) / 1024
    peak = max(s[1] for s in after) / 1024
    rate = (after[-1][2] - after[0][2]) / max(1, after[-1][0] - after[0][0])
    flat = growth < args.flat_mb
    print()
    print(f"after {args.warmup} s of warm-up: {after[0][1] / 1024:.1f} -> {after[-1][1] / 1024:.1f} MB "
          f"(growth {growth:+.1f} MB, peak {peak:.1f} MB) over {after[-1][2] - after[0][2]} builds "
          f"({rate:.1f} a second); failed rounds: {failures}; "
          f"{'flat' if flat else 'GROWING'}")
    sys.exit(0 if flat and failures == 0 else 1)


if __name__ == "__main__":
    main()
