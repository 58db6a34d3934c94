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
import sys
from pathlib import Path

import run as common


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("base")
    ap.add_argument("new")
    ap.add_argument("names", nargs="*", help="kernels (default: every .sim of --kernels)")
    ap.add_argument("--flag", default="--data-races")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--kernels", default=str(common.KERNELS))
    args = ap.parse_intermixed_args()
    kernels = Path(args.kernels)
    names = args.names or sorted(p.stem for p in kernels.glob("*.sim"))
    binaries = [str(Path(b).resolve()) for b in (args.base, args.new)]
    runs = [(b, f) for b in binaries for f in ((), (args.flag,))]
    print(f"CPU s, one thread, best of {args.repeat}; ratio: with {args.flag} over plain\n")
    header = ["kernel", "base plain", "base checked", "base ratio", "new plain", "new checked",
              "new ratio", "same output"]
    rows, ratios, failed = [], ([], []), False
    for name in names:
        best = [math.inf] * 4
        outputs = set()
        for _ in range(args.repeat):
            for i, (binary, flags) in enumerate(runs):
                r = common.run_once(binary, kernels / f"{name}.sim", 1, extra=flags)
                if r.error:
                    print(f"FAILED: {binary} {' '.join(flags)} {name}: {r.error}",
                          file=sys.stderr)
                    failed = True
                best[i] = min(best[i], r.cpu)
                outputs.add(r.stdout)
        base, new = best[1] / best[0], best[3] / best[2]
        ratios[0].append(base)
        ratios[1].append(new)
        rows.append([name, *(common.fmt(v) for v in (best[0], best[1], base, best[2], best[3],
                                                     new)),
                     "yes" if len(outputs) == 1 else "NO"])
    rows.append(["**geomean**", "", "", common.fmt(common.geomean(ratios[0])), "", "",
                 common.fmt(common.geomean(ratios[1])), ""])
    common.print_table(header, rows)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
