#!/usr/bin/env python3
"""Copies the kernel benchmarks with their programs as bitcode, for a machine without clang.

Each bench/kernels/NAME.sim is run once under our oclgrind-kernel with a clang that keeps the
bitcode it makes (so the bitcode is built with exactly the arguments ours uses), then written
to OUT/NAME.sim naming OUT/NAME.bc instead of the .cl file. With --binary, a stripped copy of
our oclgrind-kernel goes to OUT too.

  python3 bench/bitcode_sims.py OUT [--ours PATH] [--binary] [--only NAME]

bench/run.py --kernels OUT --ours OUT/oclgrind-kernel then runs them (on the device machine,
say: see bench/README.md).
"""
import argparse
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from run import BENCH, KERNELS


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--ours", default=str(BENCH.parent / "target/release/oclgrind-kernel"))
    ap.add_argument("--binary", action="store_true", help="copy a stripped oclgrind-kernel too")
    ap.add_argument("--only", default="")
    args = ap.parse_args()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    # clang-19 as ours runs it, then the bitcode kept under the name the environment gives.
    wrapper = out / "keep-bitcode-clang"
    wrapper.write_text('#!/bin/sh\nclang-19 "$@" || exit\ncp output.bc "$KEEP_BITCODE"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    try:
        for sim in sorted(KERNELS.glob("*.sim")):
            if args.only not in sim.stem:
                continue
            bitcode = out / f"{sim.stem}.bc"
            env = dict(os.environ, OCLGRIND_CLANG=str(wrapper), OCLGRIND_CACHE="0",
                       KEEP_BITCODE=str(bitcode))
            subprocess.run([args.ours, sim.name], cwd=KERNELS, env=env, check=True,
                           stdout=subprocess.DEVNULL)
            lines = sim.read_text().splitlines(keepends=True)
            # The program file is the first line that is not a comment.
            first = next(i for i, l in enumerate(lines) if l.strip() and not l.startswith("#"))
            lines[first] = f"{bitcode.name}\n"
            (out / sim.name).write_text("".join(lines))
            print(f"{sim.stem}: {bitcode}", file=sys.stderr)
    except subprocess.CalledProcessError as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        wrapper.unlink()
    if args.binary:
        shutil.copy(args.ours, out / "oclgrind-kernel")
        subprocess.run(["strip", str(out / "oclgrind-kernel")], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
