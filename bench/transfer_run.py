#!/usr/bin/env python3
"""Host-transfer bandwidth under our `oclgrind`, Debian's Oclgrind 21.10 and PoCL, side by side.

Two tables, each from --repeat interleaved runs of every tool (medians):

* `clpeak --transfer-bandwidth` (Debian's clpeak package): clpeak's large transfers, with the
  ratios of ours to Debian's and to the machine's memory-copy speed, which is clpeak's own
  "memcpy from mapped ptr" line (a plain memcpy in the host program) from the same runs of ours;
* bench/host/transfer.c: blocking writes and reads of 1 KiB (the cost of a call), 256 KiB and
  1 MiB (cache-resident: the copy is fast, the call's overhead shows) and 64 MiB, with the
  program's own memcpy of the same size as the copy speed.

Exits 1 if a run fails.
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from run import fmt, print_table

ROOT = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^\s*(\S.*?)\s*:\s*([0-9.]+|inf)\s*$")
# Transfers that move data (maps of a buffer in host memory are free, and clpeak's figure for
# them is the inverse of a few microseconds).
MOVING = [
    "enqueueWriteBuffer",
    "enqueueReadBuffer",
    "enqueueWriteBuffer non-blocking",
    "enqueueReadBuffer non-blocking",
    "memcpy from mapped ptr",
    "memcpy to mapped ptr",
]
MEMCPY = "memcpy from mapped ptr"
SIZES_KIB = [1, 256, 1024, 65536]


def run_clpeak(cmd: list[str], env: dict) -> dict:
    proc = subprocess.run(cmd + ["--transfer-bandwidth"], env=env, capture_output=True,
                          text=True, timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}:\n{proc.stderr}")
    figures = {}
    in_section = False
    for line in proc.stdout.splitlines():
        if "Transfer bandwidth" in line:
            in_section = True
            continue
        m = LINE.match(line)
        if in_section and m:
            figures[m.group(1)] = float(m.group(2))
    missing = [k for k in MOVING if k not in figures]
    if missing:
        raise RuntimeError(f"{' '.join(cmd)}: no figure for {missing}:\n{proc.stdout}")
    return figures


def run_transfer(cmd: list[str], env: dict, exe: Path, kib: int) -> dict:
    proc = subprocess.run(cmd + [str(exe), str(kib)], env=env, capture_output=True, text=True,
                          timeout=600)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} {exe} {kib} exited with {proc.returncode}:\n"
                           f"{proc.stderr}")
    return {k: float(v) for k, v in (l.split() for l in proc.stdout.splitlines())}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ours", default=str(ROOT / "target/release/oclgrind"))
    ap.add_argument("--theirs", default="/usr/bin/oclgrind")
    ap.add_argument("--pocl-icd", default="/etc/OpenCL/vendors/pocl.icd")
    args = ap.parse_args()

    env = {k: v for k, v in os.environ.items() if not k.startswith("OCLGRIND_")}
    tools = {
        "ours": ([args.ours, "clpeak"], env),
        "Debian": ([args.theirs, "clpeak"], env),
        "PoCL": (["clpeak"], dict(env, OCL_ICD_VENDORS=args.pocl_icd)),
    }
    build = Path(tempfile.mkdtemp(prefix="transfer-bench-"))
    exe = build / "transfer"
    subprocess.run(["gcc", "-O2", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Werror",
                    str(ROOT / "bench/host/transfer.c"), "-o", str(exe), "-lOpenCL"], check=True)
    samples = {name: [] for name in tools}
    sized = {(name, kib): [] for name in tools for kib in SIZES_KIB}
    try:
        for _ in range(args.repeat):
            for name, (cmd, tool_env) in tools.items():
                # The launchers take the program and its arguments; PoCL runs it directly.
                launcher = cmd[:-1]
                samples[name].append(run_clpeak(cmd, tool_env))
                for kib in SIZES_KIB:
                    sized[(name, kib)].append(run_transfer(launcher, tool_env, exe, kib))
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1

    median = lambda name, key: statistics.median(s[key] for s in samples[name])
    memcpy = median("ours", MEMCPY)
    print(f"clpeak --transfer-bandwidth, GB/s, median of {args.repeat} (memory-copy speed "
          f"of this machine, from the same runs: {memcpy:.2f} GB/s)\n")
    rows = []
    for key in MOVING:
        ours, theirs, pocl = (median(n, key) for n in ("ours", "Debian", "PoCL"))
        rows.append([key, fmt(ours), fmt(theirs), fmt(pocl), fmt(ours / theirs),
                     fmt(ours / memcpy)])
    print_table(["transfer", "ours", "Debian", "PoCL", "ours/Debian", "ours/memcpy"], rows)

    at = lambda name, kib, key: statistics.median(s[key] for s in sized[(name, kib)])
    print(f"\nbench/host/transfer.c, blocking transfers, GB/s (µs per call for 1 KiB), "
          f"median of {args.repeat}\n")
    rows = []
    for kib in SIZES_KIB:
        memcpy = at("ours", kib, "memcpy_gbs")
        for key, label in (("write_gbs", "write"), ("read_gbs", "read")):
            if kib == 1:
                key, label = "call_us", "µs per call"
            ours, theirs, pocl = (at(n, kib, key) for n in ("ours", "Debian", "PoCL"))
            rows.append([f"{kib} KiB {label}", fmt(ours), fmt(theirs), fmt(pocl),
                         fmt(ours / theirs), "—" if kib == 1 else fmt(ours / memcpy)])
            if kib == 1:
                break
    print_table(["transfer", "ours", "Debian", "PoCL", "ours/Debian", "ours/memcpy"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
