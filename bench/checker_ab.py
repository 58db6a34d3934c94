#!/usr/bin/env python3
"""A checker's cost in two builds of oclgrind-kernel, side by side: each kernel plain and
with FLAG under BASE and NEW, one worker thread, the four runs alternating, best of N (CPU
time, user+sys). For a noisy machine (the device machine's single-thread times move by up to
30% between processes), where only runs made together compare.
  python3 bench/checker_ab.py BASE NEW [--flag --data-races] [--repeat 5] [--kernels DIR] [NAME...]
With DIR a copy from bench/bitcode_sims.py, it runs where there is no clang.
"""
import argparse
import math
import resource
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def cpu_run(binary: str, flags: list, sim: Path):
    """CPU seconds of one run, its stdout, and whether it failed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run([binary, "--num-threads", "1", *flags, sim.name], cwd=sim.parent,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    if p.returncode or p.stderr:
        print(f"FAILED: {binary} {' '.join(flags)} {sim.name}: {p.stderr[:300]!r}",
              file=sys.stderr)
    return cpu, p.stdout, bool(p.returncode or p.stderr)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("names", nargs="*", help="kernels (default: every .sim of --kernels)")
    ap.add_argument("--flag", default="--data-races")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--kernels", default=str(BENCH / "kernels"))
    args = ap.parse_intermixed_args()
    kernels = Path(args.kernels)
    names = args.names or sorted(p.stem for p in kernels.glob("*.sim"))
    binaries = [str(Path(b).resolve()) for b in (args.base, args.new)]
    runs = [(b, f) for b in binaries for f in ([], [args.flag])]
    print(f"CPU s, one thread, best of {args.repeat}; ratio: with {args.flag} over plain\n")
    print("| kernel | base plain | base checked | base ratio | new plain | new checked "
          "| new ratio | same output |")
    print("|---|---|---|---|---|---|---|---|")
    ratios = ([], [])
    failed = False
    for name in names:
        best = [math.inf] * 4
        outputs = set()
        for _ in range(args.repeat):
            for i, (binary, flags) in enumerate(runs):
                cpu, out, bad = cpu_run(binary, flags, kernels / f"{name}.sim")
                best[i] = min(best[i], cpu)
                outputs.add(out)
                failed |= bad
        base, new = best[1] / best[0], best[3] / best[2]
        ratios[0].append(base)
        ratios[1].append(new)
        same = "yes" if len(outputs) == 1 else "NO"
        print(f"| {name} | {best[0]:.2f} | {best[1]:.2f} | {base:.2f} | {best[2]:.2f} "
              f"| {best[3]:.2f} | {new:.2f} | {same} |", flush=True)
    geomean = [math.exp(sum(map(math.log, r)) / len(r)) for r in ratios]
    print(f"| **geomean** | | | {geomean[0]:.2f} | | | {geomean[1]:.2f} | |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
