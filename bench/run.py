#!/usr/bin/env python3
"""Compare our oclgrind-kernel with Debian's on the .sim benchmarks in bench/kernels.

Prints a Markdown table (CPU time, peak RSS, whether the dumps match) or, with
--scaling [N], the wall-time speed-up of ours from 1 to N worker threads (default 2);
with --flag (e.g. --flag=--data-races) the runs use those options, and the table adds what
they cost at N threads against a plain run at N threads.
--kernels DIR runs the .sim files of another directory (bench/bitcode_sims.py makes copies
whose programs are bitcode, for a machine without clang).
Exits 1 if any run failed (non-zero exit status or anything on stderr).
"""
import argparse
import hashlib
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

BENCH = Path(__file__).resolve().parent
KERNELS = BENCH / "kernels"


@dataclass
class Run:
    cpu: float = math.nan      # user + sys seconds
    wall: float = math.nan
    rss_mb: float = math.nan   # peak resident set size
    stdout: bytes = b""   # a digest of what the run printed: outputs can be hundreds of MB
    stderr: bytes = b""
    error: str | None = None   # set when the run failed
    kernel_wall: float = math.nan  # kernel execution only (OCLGRIND_TIMING lines)


TIMING_PREFIX = "Oclgrind: kernel '"
# GNU time, which reports a command's own peak memory. The rusage of a child exec'd from
# this process does not: Linux starts its high-water mark at this process's (Python's spawn
# shares our memory until the exec), which made the figures of later runs grow.
PEAK = "/usr/bin/time" if os.access("/usr/bin/time", os.X_OK) else None


def run_once(exe: str, sim: Path, threads: int, timing: bool = False,
             extra: tuple[str, ...] = (), diagnostics: bool = False) -> Run:
    """One run; `extra` options go before the .sim. Output on stderr is a failure unless
    `diagnostics` (a checker's messages are expected there)."""
    # stdout/stderr go to files rather than pipes so that we can reap the child
    # ourselves with os.wait4, which gives the rusage of exactly this process (and of the
    # GNU time that reports its peak memory, see PEAK).
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as peak:
        start = time.perf_counter()
        command = [exe, "--num-threads", str(threads), *extra, sim.name]
        if PEAK:
            command = [PEAK, "-f", "%M", "-o", peak.name, *command]
        try:
            env = dict(os.environ, OCLGRIND_TIMING="1") if timing else None
            proc = subprocess.Popen(command, cwd=sim.parent, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=err, env=env)
        except OSError as e:
            return Run(error=f"cannot run {exe}: {e.strerror}")
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)  # already reaped
        out.seek(0)
        err.seek(0)
        # Digest stdout in chunks rather than holding it (outputs can be hundreds of MB).
        digest = hashlib.sha256()
        while chunk := out.read(1 << 20):
            digest.update(chunk)
        stdout, stderr = digest.digest(), err.read()
        rss_kib = usage.ru_maxrss
        if PEAK:
            rss_kib = int((peak.read().strip().splitlines() or ["0"])[-1] or 0)

    run = Run(cpu=usage.ru_utime + usage.ru_stime, wall=wall,
              rss_mb=rss_kib / 1024, stdout=stdout, stderr=stderr)
    lines = stderr.decode(errors="replace").splitlines()
    if timing:
        # "Oclgrind: kernel 'k': N work-groups on T threads in S s"
        times = [float(l.split(" in ")[-1].split()[0]) for l in lines if l.startswith(TIMING_PREFIX)]
        run.kernel_wall = sum(times) if times else math.nan
        lines = [l for l in lines if not l.startswith(TIMING_PREFIX)]
        stderr = "\n".join(lines).encode()
    first_line = (lines or [""])[0]
    if proc.returncode != 0:
        run.error = f"exit status {proc.returncode}: {first_line}"
    elif stderr and not diagnostics:
        run.error = f"stderr: {first_line}"
    return run


def measure(exe: str, sim: Path, threads: int, repeat: int, who: str, timing: bool = False,
            extra: tuple[str, ...] = (), diagnostics: bool = False) -> Run:
    """Best of `repeat` runs: minimum CPU and wall times, maximum peak RSS."""
    print(f"running {sim.stem} with {who} ({threads} thread(s))...", file=sys.stderr, flush=True)
    best = run_once(exe, sim, threads, timing, extra, diagnostics)
    for _ in range(repeat - 1):
        if best.error:
            break
        r = run_once(exe, sim, threads, timing, extra, diagnostics)
        if r.error:
            return r
        best.cpu, best.wall = min(best.cpu, r.cpu), min(best.wall, r.wall)
        best.kernel_wall = min(best.kernel_wall, r.kernel_wall)
        best.rss_mb = max(best.rss_mb, r.rss_mb)
    return best


def geomean(values) -> float:
    values = [v for v in values if v > 0 and not math.isnan(v)]
    return math.exp(sum(map(math.log, values)) / len(values)) if values else math.nan


def fmt(v: float, digits: int = 2) -> str:
    return "—" if math.isnan(v) else f"{v:.{digits}f}"


def cell(run: Run | None, value: float, digits: int = 2) -> str:
    if run is None:
        return "skipped"
    return "FAILED" if run.error else fmt(value, digits)


def print_table(header: list[str], rows: list[list[str]]) -> None:
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    line = lambda r: "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for r in rows:
        print(line(r))


def same_output(a: Run | None, b: Run | None) -> str:
    if a is None or b is None or a.error or b.error:
        return "n/a"
    return "yes" if a.stdout == b.stdout else "no"


def compare(sims, args) -> list[str]:
    rows, failures = [], []
    ours_cpu, theirs_cpu, ratios, ours_mb, theirs_mb = [], [], [], [], []
    for sim in sims:
        ours = None if args.skip_ours else measure(args.ours, sim, args.threads, args.repeat, "ours")
        theirs = None if args.skip_theirs else measure(args.theirs, sim, args.threads, args.theirs_repeat or args.repeat, "Debian's")
        ratio = math.nan
        for who, r in (("ours", ours), ("Debian", theirs)):
            if r and r.error:
                failures.append(f"{sim.stem} ({who}): {r.error}")
        if ours and not ours.error:
            ours_cpu.append(ours.cpu)
            ours_mb.append(ours.rss_mb)
        if theirs and not theirs.error:
            theirs_cpu.append(theirs.cpu)
            theirs_mb.append(theirs.rss_mb)
        if ours and theirs and not ours.error and not theirs.error:
            ratio = theirs.cpu / ours.cpu if ours.cpu > 0 else math.nan
            ratios.append(ratio)
        rows.append([sim.stem, cell(ours, ours and ours.cpu), cell(theirs, theirs and theirs.cpu),
                     fmt(ratio), cell(ours, ours and ours.rss_mb, 0),
                     cell(theirs, theirs and theirs.rss_mb, 0), same_output(ours, theirs)])
    rows.append(["**geomean**", fmt(geomean(ours_cpu)), fmt(geomean(theirs_cpu)),
                 fmt(geomean(ratios)), fmt(geomean(ours_mb), 0), fmt(geomean(theirs_mb), 0), ""])
    theirs_runs = args.theirs_repeat or args.repeat
    print(f"CPU time (user+sys) with --num-threads {args.threads}, best of {args.repeat}"
          + (f" (Debian's: of {theirs_runs})" if theirs_runs != args.repeat else "") + "\n")
    print_table(["kernel", "ours CPU s", "Debian CPU s", "ratio (Debian/ours)",
                 "ours peak MB", "Debian peak MB", "output match"], rows)
    return failures


def scaling(sims, args) -> list[str]:
    """Whole-process wall time includes the single-threaded start-up (clang, buffer set-up), so
    the kernel's own wall time (reported with OCLGRIND_TIMING=1) is shown beside it. With
    checker flags, a plain run at N threads gives the checker's cost there (kernel time)."""
    rows, failures, speedups, kernel_speedups, costs = [], [], [], [], []
    n, flags = args.scaling, tuple(args.flag)
    for sim in sims:
        one = measure(args.ours, sim, 1, args.repeat, "ours", timing=True, extra=flags,
                      diagnostics=bool(flags))
        two = measure(args.ours, sim, n, args.repeat, "ours", timing=True, extra=flags,
                      diagnostics=bool(flags))
        plain = measure(args.ours, sim, n, args.repeat, "ours, plain", timing=True) \
            if flags else None
        speedup = kernel_speedup = cost = math.nan
        for n_, r in ((1, one), (n, two), (f"{n}, plain", plain)):
            if r and r.error:
                failures.append(f"{sim.stem} ({n_} thread(s)): {r.error}")
        if not one.error and not two.error and two.wall > 0:
            speedup = one.wall / two.wall
            speedups.append(speedup)
            if two.kernel_wall > 0:
                kernel_speedup = one.kernel_wall / two.kernel_wall
                kernel_speedups.append(kernel_speedup)
        if plain and not plain.error and not two.error and plain.kernel_wall > 0:
            cost = two.kernel_wall / plain.kernel_wall
            costs.append(cost)
        row = [sim.stem, cell(one, one.wall), cell(two, two.wall), fmt(speedup),
               cell(one, one.kernel_wall, 3), cell(two, two.kernel_wall, 3),
               fmt(kernel_speedup), same_output(one, two)]
        if flags:
            row[-1:-1] = [cell(plain, plain.kernel_wall, 3), fmt(cost)]
        rows.append(row)
    total = ["**geomean**", "", "", fmt(geomean(speedups)), "", "",
             fmt(geomean(kernel_speedups)), ""]
    header = ["kernel", "process 1T s", f"process {n}T s", "speed-up",
              "kernel 1T s", f"kernel {n}T s", "kernel speed-up", "same output"]
    if flags:
        total[-1:-1] = ["", fmt(geomean(costs))]
        header[-1:-1] = [f"plain kernel {n}T s", f"cost at {n}T"]
    rows.append(total)
    with_flags = f" with {' '.join(flags)}" if flags else ""
    print(f"Wall time of ours{with_flags} with 1 and {n} worker threads, best of {args.repeat}\n")
    print_table(header, rows)
    return failures


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ours", default=str(BENCH.parent / "target/release/oclgrind-kernel"),
                   help="our oclgrind-kernel (default: target/release/oclgrind-kernel)")
    p.add_argument("--theirs", default="/usr/bin/oclgrind-kernel",
                   help="reference oclgrind-kernel (default: %(default)s)")
    p.add_argument("--threads", type=int, default=1, help="--num-threads for both (default: 1)")
    p.add_argument("--repeat", type=int, default=1, help="runs per measurement, best is kept")
    p.add_argument("--theirs-repeat", type=int, default=None,
                   help="runs of Debian's per kernel (default: --repeat; each takes 30-80 s)")
    p.add_argument("--only", default="", help="only kernels whose name contains this")
    p.add_argument("--scaling", type=int, nargs="?", const=2, default=0, metavar="N",
                   help="report ours' wall-time speed-up from 1 to N threads (default 2) instead")
    p.add_argument("--flag", action="append", default=[], metavar="OPTION",
                   help="an option for ours in --scaling runs (repeatable), e.g. --flag=--data-races")
    p.add_argument("--kernels", default=str(KERNELS),
                   help="directory of the .sim files (default: bench/kernels)")
    p.add_argument("--skip-ours", action="store_true")
    p.add_argument("--skip-theirs", action="store_true")
    args = p.parse_args()
    if args.threads < 1 or args.repeat < 1:
        p.error("--threads and --repeat must be at least 1")
    if args.scaling == 1 or args.scaling < 0:
        p.error("--scaling compares one thread with N > 1")
    if args.flag and not args.scaling:
        p.error("--flag applies to --scaling runs")
    if args.scaling and args.skip_ours:
        p.error("--scaling measures ours; it cannot be combined with --skip-ours")
    # The runs happen in bench/kernels, so relative tool paths must be resolved now.
    for attr in ("ours", "theirs"):
        path = getattr(args, attr)
        if os.sep in path:
            setattr(args, attr, os.path.abspath(path))

    if not args.skip_ours and shutil.which(args.ours) is None:
        print(f"note: {args.ours} not found; build it (cargo build --release) "
              "or pass --skip-ours", file=sys.stderr)

    kernels = Path(args.kernels).resolve()
    sims = sorted(s for s in kernels.glob("*.sim") if args.only in s.stem)
    if not sims:
        print(f"no .sim files matching {args.only!r} in {kernels}", file=sys.stderr)
        return 1
    failures = scaling(sims, args) if args.scaling else compare(sims, args)
    if failures:
        print()
        for f in failures:
            print(f"- FAILED {f}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
