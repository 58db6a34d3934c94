#!/usr/bin/env python3
"""Copies the kernel benchmarks with their programs as bitcode, for a machine without clang.

Each bench/kernels/NAME.sim is run once under our oclgrind-kernel with a clang that keeps the
bitcode it makes (so the bitcode is built with exactly the arguments ours uses), then written
to OUT/NAME.sim naming OUT/NAME.bc instead of the .cl file. With --binary, a stripped copy of
our oclgrind-kernel goes to OUT too.

  python3 bench/bitcode_sims.py OUT [--ours PATH] [--binary] [--only NAME]
                                   [--sims DIR] [--source] [--dump-outputs]

bench/run.py --kernels OUT --ours OUT/oclgrind-kernel then runs them (on the device machine,
say: see bench/README.md).

For `oclgrind-kernel --compare-with` on such a machine (bench/compare_run.py): --sims takes
the .sim files of another directory (a capture's, with its side files); --source keeps the
OpenCL C beside the bitcode and names it in the launch header (`source=`), for the other
platform to build; --dump-outputs marks write-only buffers `dump`, so that they are compared.
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
    ap.add_argument("--sims", default=str(KERNELS), help="directory of the .sim files")
    ap.add_argument("--source", action="store_true", help="keep the OpenCL C (source=)")
    ap.add_argument("--dump-outputs", action="store_true", help="dump write-only buffers")
    args = ap.parse_args()
    sims_dir = Path(args.sims).resolve()
    out = Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    # clang-19 as ours runs it, then the bitcode kept under the name the environment gives.
    wrapper = out / "keep-bitcode-clang"
    wrapper.write_text('#!/bin/sh\nclang-19 "$@" || exit\ncp output.bc "$KEEP_BITCODE"\n')
    wrapper.chmod(wrapper.stat().st_mode | stat.S_IXUSR)
    try:
        for sim in sorted(sims_dir.glob("*.sim")):
            if args.only not in sim.stem:
                continue
            bitcode = out / f"{sim.stem}.bc"
            env = dict(os.environ, OCLGRIND_CLANG=str(wrapper), OCLGRIND_CACHE="0",
                       KEEP_BITCODE=str(bitcode))
            subprocess.run([args.ours, sim.name], cwd=sims_dir, env=env, check=True,
                           stdout=subprocess.DEVNULL)
            lines = sim.read_text().splitlines(keepends=True)
            # The program file is the first line that is not a comment.
            first = next(i for i, l in enumerate(lines) if l.strip() and not l.startswith("#"))
            source = lines[first].split("#")[0].strip()
            lines[first] = f"{bitcode.name}\n"
            if args.source:
                shutil.copy(sims_dir / source, out / source)
                lines = with_launch_token(lines, first, f"source={source}")
            if args.dump_outputs:
                lines = [dump_write_only(l) for l in lines]
            (out / sim.name).write_text("".join(lines))
            for side in sims_dir.glob(f"{sim.stem}.*.bin"):
                shutil.copy(side, out / side.name)
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


def with_launch_token(lines, first, token):
    """The lines with `token` in the launch header, made after the work-group size if none."""
    for i, line in enumerate(lines):
        if line.lstrip().startswith("<launch"):
            end = line.rindex(">")
            lines[i] = f"{line[:end]} {token}{line[end:]}"
            return lines
    # The header goes after the 8th value: program, kernel, 3 sizes, 3 group sizes.
    seen = 0
    for i in range(first, len(lines)):
        seen += len(lines[i].split("#")[0].split())
        if seen >= 8:
            return lines[: i + 1] + [f"<launch {token}>\n"] + lines[i + 1 :]
    raise ValueError("no work-group size")


def dump_write_only(line):
    """An argument header marked `wo` gets `dump` too."""
    head = line.split("#")[0]
    if head.lstrip().startswith("<") and " wo" in head and "dump" not in head:
        end = line.index(">")
        return f"{line[:end]} dump{line[end:]}"
    return line


if __name__ == "__main__":
    sys.exit(main())
