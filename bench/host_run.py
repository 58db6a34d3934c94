#!/usr/bin/env python3
"""Compare whole OpenCL host programs under our `oclgrind` and Debian's (21.10).

The programs in bench/host are C ports of the .sim benchmarks (same kernels, same inputs) plus
`api`, which measures API overhead around a tiny kernel. Each runs with both launchers, side by
side, and natively on PoCL (--pocl-icd; --skip-pocl leaves it out); the table gives the kernel's
CPU time (reported by the program: process CPU time from enqueue to clFinish, all threads), the
whole process's CPU time and peak memory, and whether the tools computed the same results.
Exits 1 if any run failed.
"""
import argparse
import math
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from run import PEAK, fmt, geomean, print_table

BENCH = Path(__file__).resolve().parent
HOST = BENCH / "host"
KERNELS = BENCH / "kernels"
PROGRAMS = ["bitonic", "histogram", "mandelbrot", "matmul", "nbody", "reduce", "stencil", "vecadd"]


@dataclass
class Run:
    cpu: float = math.nan        # user + sys of the whole process (clang children included)
    wall: float = math.nan
    rss_mb: float = math.nan
    values: dict = field(default_factory=dict)   # "name value" lines of the program's stdout
    results: list = field(default_factory=list)  # checksum lines
    error: str | None = None


def build(out: Path) -> dict:
    out.mkdir(parents=True, exist_ok=True)
    exes = {}
    for name in PROGRAMS + ["api"]:
        exe = out / name
        subprocess.run(["gcc", "-O2", "-std=c11", "-D_DEFAULT_SOURCE", "-Wall", "-Werror",
                        str(HOST / f"{name}.c"), "-o", str(exe), "-lOpenCL"], check=True)
        exes[name] = exe
    return exes


def run_once(launcher: str, exe: Path, threads: int) -> Run:
    """`launcher` "pocl:ICD" runs the program natively on PoCL, through the ICD file ICD."""
    if launcher.startswith("pocl:"):
        cmd = [str(exe)]
        env = dict(os.environ, OCL_ICD_VENDORS=launcher[len("pocl:"):])
    else:
        cmd, env = [launcher, "--num-threads", str(threads), str(exe)], None
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as peak:
        start = time.perf_counter()
        if PEAK:
            cmd = [PEAK, "-f", "%M", "-o", peak.name, *cmd]
        try:
            proc = subprocess.Popen(cmd, cwd=KERNELS, stdin=subprocess.DEVNULL, stdout=out,
                                    stderr=err, env=env)
        except OSError as e:
            return Run(error=f"cannot run {launcher}: {e.strerror}")
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read().decode(), err.read().decode(errors="replace")
        rss_kib = usage.ru_maxrss
        if PEAK:
            rss_kib = int((peak.read().strip().splitlines() or ["0"])[-1] or 0)
    run = Run(cpu=usage.ru_utime + usage.ru_stime, wall=wall, rss_mb=rss_kib / 1024)
    for line in stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[0] == "checksum":
            run.results.append(line)
        elif len(parts) == 2:
            try:
                run.values[parts[0]] = float(parts[1])
            except ValueError:
                pass
    if code != 0:
        run.error = f"exit status {code}: {(stderr.splitlines() or [''])[0]}"
    elif stderr.strip():
        run.error = f"stderr: {stderr.splitlines()[0]}"
    return run


def measure(launcher: str, exe: Path, threads: int, repeat: int, who: str) -> Run:
    """Best of `repeat`: minimum of every time, maximum peak memory."""
    print(f"running {exe.name} with {who}...", file=sys.stderr, flush=True)
    best = run_once(launcher, exe, threads)
    for _ in range(repeat - 1):
        if best.error:
            break
        r = run_once(launcher, exe, threads)
        if r.error:
            return r
        best.cpu, best.wall = min(best.cpu, r.cpu), min(best.wall, r.wall)
        best.rss_mb = max(best.rss_mb, r.rss_mb)
        for k, v in r.values.items():
            best.values[k] = min(best.values.get(k, v), v)
    return best


def kernels_table(exes, args) -> list:
    rows, failures = [], []
    cols = {k: [] for k in ("ok", "tk", "ratio", "oc", "tc", "om", "tm", "pk", "pocl")}
    for name in PROGRAMS:
        ours = measure(args.ours, exes[name], args.threads, args.repeat, "ours")
        theirs = measure(args.theirs, exes[name], args.threads, args.repeat, "Debian's")
        pocl = (Run(error="skipped") if args.skip_pocl else
                measure(f"pocl:{args.pocl_icd}", exes[name], args.threads, args.repeat, "PoCL"))
        runs = [("ours", ours), ("Debian", theirs)] + ([] if args.skip_pocl else [("PoCL", pocl)])
        for who, r in runs:
            if r.error:
                failures.append(f"{name} ({who}): {r.error}")
        ok = not ours.error and not theirs.error
        ok_k, th_k = ours.values.get("kernel_cpu_s", math.nan), theirs.values.get("kernel_cpu_s", math.nan)
        ratio = th_k / ok_k if ok and ok_k > 0 else math.nan
        if ok:
            for key, v in (("ok", ok_k), ("tk", th_k), ("ratio", ratio), ("oc", ours.cpu),
                           ("tc", theirs.cpu), ("om", ours.rss_mb), ("tm", theirs.rss_mb)):
                cols[key].append(v)
        po_k = pocl.values.get("kernel_cpu_s", math.nan) if not pocl.error else math.nan
        vs_pocl = ok_k / po_k if not ours.error and po_k > 0 else math.nan
        if not math.isnan(vs_pocl):
            cols["pk"].append(po_k)
            cols["pocl"].append(vs_pocl)
        same = "n/a" if not ok else ("yes" if ours.results == theirs.results and ours.results else "no")
        if same == "yes" and not pocl.error and pocl.results != ours.results:
            same = "not PoCL's"
        rows.append([name, fmt(ok_k, 3), fmt(th_k, 3), fmt(ratio, 1), fmt(po_k, 4), fmt(vs_pocl, 1),
                     fmt(ours.cpu), fmt(theirs.cpu), fmt(ours.rss_mb, 0), fmt(theirs.rss_mb, 0), same])
    g = {k: geomean(v) for k, v in cols.items()}
    rows.append(["**geomean**", fmt(g["ok"], 3), fmt(g["tk"], 3), fmt(g["ratio"], 1),
                 fmt(g["pk"], 4), fmt(g["pocl"], 1), fmt(g["oc"]), fmt(g["tc"]), fmt(g["om"], 0),
                 fmt(g["tm"], 0), ""])
    print(f"Host programs, --num-threads {args.threads}, best of {args.repeat}\n")
    print_table(["program", "ours kernel CPU s", "Debian kernel CPU s", "Debian / ours",
                 "PoCL kernel CPU s", "ours / PoCL", "ours process CPU s", "Debian process CPU s",
                 "ours peak MB", "Debian peak MB", "same results"], rows)
    return failures


def api_table(exes, args) -> list:
    ours = measure(args.ours, exes["api"], args.threads, args.repeat, "ours")
    theirs = measure(args.theirs, exes["api"], args.threads, args.repeat, "Debian's")
    failures = [f"api ({who}): {r.error}" for who, r in (("ours", ours), ("Debian", theirs)) if r.error]
    phases = [("setup_ms", "platform, context, queue"),
              ("build_ms", "create + build program, create kernel"),
              ("enqueue_ms", "1000 launches back to back + clFinish"),
              ("roundtrip_ms", "200 × (launch + clFinish)")]
    rows = []
    for key, what in phases:
        o, t = ours.values.get(key, math.nan), theirs.values.get(key, math.nan)
        rows.append([what, fmt(o), fmt(t), fmt(t / o if o > 0 else math.nan, 1)])
    rows.append(["whole process, wall", fmt(ours.wall * 1e3), fmt(theirs.wall * 1e3),
                 fmt(theirs.wall / ours.wall if ours.wall > 0 else math.nan, 1)])
    rows.append(["whole process, CPU", fmt(ours.cpu * 1e3), fmt(theirs.cpu * 1e3),
                 fmt(theirs.cpu / ours.cpu if ours.cpu > 0 else math.nan, 1)])
    print(f"\nAPI overhead (bench/host/api.c), milliseconds, best of {args.repeat}\n")
    print_table(["phase", "ours ms", "Debian ms", "ratio (Debian/ours)"], rows)
    return failures


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ours", default=str(BENCH.parent / "target/release/oclgrind"),
                   help="our launcher (default: target/release/oclgrind)")
    p.add_argument("--theirs", default="/usr/bin/oclgrind", help="reference launcher (default: %(default)s)")
    p.add_argument("--threads", type=int, default=1, help="--num-threads for both (default: 1)")
    p.add_argument("--repeat", type=int, default=1, help="runs per measurement, best is kept")
    p.add_argument("--pocl-icd", default="/etc/OpenCL/vendors/pocl.icd",
                   help="PoCL's ICD file, for the native column (default: %(default)s)")
    p.add_argument("--skip-pocl", action="store_true")
    args = p.parse_args()
    if args.threads < 1 or args.repeat < 1:
        p.error("--threads and --repeat must be at least 1")
    args.ours, args.theirs = os.path.abspath(args.ours), os.path.abspath(args.theirs)
    exes = build(BENCH.parent / "target" / "bench-host")
    failures = kernels_table(exes, args) + api_table(exes, args)
    if failures:
        print()
        for f in failures:
            print(f"- FAILED {f}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
