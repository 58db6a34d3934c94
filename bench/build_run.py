#!/usr/bin/env python3
"""Program builds under our `oclgrind`, Debian's Oclgrind 21.10 and PoCL, side by side.

bench/host/builds.c builds N small, distinct programs (default 200) and times each
clBuildProgram. Ours runs three times per round: with an empty build cache (every build
compiles, clang in-process), with clang as a process (OCLGRIND_CLANG=clang-19, the cache off),
and again with the cache the first run filled (every build is an unchanged program). PoCL
runs with its kernel cache off (POCL_KERNEL_CACHE=0), as a first build. The table gives
medians over --repeat rounds of the first build's time, the median build's, and the total.
A second table runs the program with one build, ten times, and gives the whole process's wall
and CPU time (Debian's Oclgrind loads clang's libraries as it starts, ours at the program's
first OpenCL call, so the first build alone does not compare like with like).

  python3 bench/build_run.py [--repeat 3] [--programs 200]

Exits 1 if a run fails.
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from run import fmt, print_table

ROOT = Path(__file__).resolve().parent.parent


def process_times(cmd: list[str], env: dict) -> tuple[float, float]:
    """Wall and CPU (user + sys) milliseconds of one whole run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = (time.perf_counter() - start) * 1e3
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed: {proc.stderr.read().decode()}")
    return wall, (usage.ru_utime + usage.ru_stime) * 1e3


def run(cmd: list[str], env: dict) -> dict:
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=1800)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited with {proc.returncode}:\n{proc.stderr}")
    return {k: float(v) for k, v in (l.split() for l in proc.stdout.splitlines())}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--programs", type=int, default=200)
    ap.add_argument("--ours", default=str(ROOT / "target/release/oclgrind"))
    ap.add_argument("--theirs", default="/usr/bin/oclgrind")
    ap.add_argument("--pocl-icd", default="/etc/OpenCL/vendors/pocl.icd")
    args = ap.parse_args()

    env = {k: v for k, v in os.environ.items() if not k.startswith("OCLGRIND_")}
    scratch = Path(tempfile.mkdtemp(prefix="build-bench-"))
    exe = scratch / "builds"
    subprocess.run(["gcc", "-O2", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Werror",
                    str(ROOT / "bench/host/builds.c"), "-o", str(exe), "-lOpenCL"], check=True)
    cache = scratch / "cache"
    n = str(args.programs)
    kinds = ["ours, empty cache", "ours, clang process", "ours, unchanged programs", "Debian",
             "PoCL"]
    samples = {k: [] for k in kinds}
    try:
        for _ in range(args.repeat):
            shutil.rmtree(cache, ignore_errors=True)
            ours = dict(env, OCLGRIND_CACHE_DIR=str(cache))
            samples[kinds[0]].append(run([args.ours, str(exe), n], ours))
            process = dict(env, OCLGRIND_CACHE="0", OCLGRIND_CLANG="clang-19")
            samples[kinds[1]].append(run([args.ours, str(exe), n], process))
            samples[kinds[2]].append(run([args.ours, str(exe), n], ours))
            samples[kinds[3]].append(run([args.theirs, str(exe), n], env))
            pocl = dict(env, OCL_ICD_VENDORS=args.pocl_icd, POCL_KERNEL_CACHE="0")
            samples[kinds[4]].append(run([str(exe), n], pocl))
        single = {"ours": [], "Debian": []}
        for _ in range(10):
            cold = dict(env, OCLGRIND_CACHE="0")
            single["ours"].append(process_times([args.ours, str(exe), "1"], cold))
            single["Debian"].append(process_times([args.theirs, str(exe), "1"], env))
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as e:
        print(f"FAILED: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(scratch, ignore_errors=True)

    med = lambda kind, key: statistics.median(s[key] for s in samples[kind])
    debian = lambda key: med("Debian", key)
    print(f"{args.programs} programs built one after another (bench/host/builds.c), "
          f"milliseconds, median of {args.repeat}\n")
    rows = [[kind, fmt(med(kind, "first_ms")), fmt(med(kind, "median_ms")),
             fmt(med(kind, "total_ms")), fmt(med(kind, "total_ms") / debian("total_ms"))]
            for kind in kinds]
    print_table(["", "first build", "median build", "all builds", "all / Debian's"], rows)
    print("\nOne program built, whole process (bench/host/builds.c 1), milliseconds, "
          "median of 10\n")
    rows = [[who, fmt(statistics.median(w for w, _ in runs)),
             fmt(statistics.median(c for _, c in runs))] for who, runs in single.items()]
    print_table(["", "wall", "CPU"], rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
