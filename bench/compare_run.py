#!/usr/bin/env python3
"""Runs every .sim file of a directory under `oclgrind-kernel --compare-with NAME` and prints
a table: whether the other platform's results were identical, how many elements differed and
by how much, and what our run says may explain it.

  python3 bench/compare_run.py DIR --with NAME [--ours PATH] [--only TEXT] [--nvidia]

DIR comes from bench/bitcode_sims.py (--source --dump-outputs), for a machine without clang.
--nvidia writes a vendors directory naming NVIDIA's driver where the device tool's GPU
machines have it (/usr/local/nvidia/lib64/libnvidia-opencl.so.1) beside PoCL's, and points
the ICD loader at it (OCL_ICD_VENDORS).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

NVIDIA = "/usr/local/nvidia/lib64/libnvidia-opencl.so.1"
DIFFER = re.compile(r"^Argument '(.+)': (\d+) of (\d+) elements differ; first at (\S+): (.*)$")
WITHIN = re.compile(r"all within (\d+) ulps")


def vendors_with_nvidia() -> str:
    d = Path(tempfile.mkdtemp(prefix="vendors-"))
    (d / "nvidia.icd").write_text(NVIDIA + "\n")
    pocl = Path("/etc/OpenCL/vendors/pocl.icd")
    if pocl.exists():
        (d / "pocl.icd").write_text(pocl.read_text())
    return str(d)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir")
    ap.add_argument("--with", dest="platform", required=True)
    ap.add_argument("--ours", default=None)
    ap.add_argument("--only", default="")
    ap.add_argument("--nvidia", action="store_true")
    ap.add_argument("--checkers", action="store_true",
                    help="run ours with --data-races --uninitialized, to explain differences")
    args = ap.parse_args()
    d = Path(args.dir).resolve()
    ours = args.ours or str(d / "oclgrind-kernel")
    env = dict(os.environ)
    if args.nvidia:
        env["OCL_ICD_VENDORS"] = vendors_with_nvidia()
    print(f"| launch | result on {args.platform} | elements differing | first difference "
          f"| max ulps | explanation | s |")
    print("|---|---|---|---|---|---|---|")
    for sim in sorted(d.glob("*.sim")):
        if args.only not in sim.stem:
            continue
        start = time.monotonic()
        checkers = ["--data-races", "--uninitialized"] if args.checkers else []
        command = [ours, *checkers, "--compare-with", args.platform, sim.name]
        run = subprocess.run(command, cwd=d, env=env, capture_output=True, text=True)
        seconds = time.monotonic() - start
        lines = run.stdout.splitlines()
        identical = next((l for l in lines if l.startswith("Identical on ")), None)
        differ = [m for m in map(DIFFER.match, lines) if m]
        why = next((l for l in reversed(lines)
                    if l.startswith(("They may follow", "No report explains"))), "")
        if identical:
            row = ["identical", "0", "", "0", ""]
        elif differ:
            counts = ", ".join(f"{m[1]}: {m[2]} of {m[3]}" for m in differ)
            first = f"{differ[0][4]}: {differ[0][5]}"
            within = WITHIN.search(why)
            hints = re.compile(r" \((run with|all within)[^)]*\)")
            row = ["differs", counts, first, within[1] if within else "> 16 or not floats",
                   hints.sub("", why)]
        else:
            err = (run.stderr.strip().splitlines() or ["no output"])[-1]
            row = [f"error (exit {run.returncode})", "", err, "", ""]
        print(f"| {sim.stem} | " + " | ".join(row) + f" | {seconds:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
