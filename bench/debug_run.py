#!/usr/bin/env python3
"""What the interactive debugger costs, ours against Debian's Oclgrind 21.10.

1. Overhead: each kernel benchmark run with `-i` and `continue` typed at the first stop,
   against the same run without `-i` (same build options: -i builds at -O0 by default, so
   both runs get --build-options -O0 unless --build-options says otherwise).
2. Step latency: how long a `step` takes to be answered (command written to stdin until the
   next source line arrives on stdout) on mandelbrot, a 65536-work-item launch, in a pixel
   inside the set (256 loop iterations to step through, in work-group (9,8)), and how long
   the `workitem` switch to it took.

Prints two Markdown tables. Exits 1 if a run failed.
"""
import argparse
import math
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import run as common

KERNELS = common.KERNELS
# A stop shows the current line as "<line><TAB><source>" (compat §5.1).
SOURCE_LINE = re.compile(rb"^\d+\t")
NO_SOURCE = b"Source line not available."


def cpu_seconds(exe: str, args: list[str], sim: Path, commands: bytes | None) -> tuple[float, str | None]:
    """User+sys CPU seconds of one run, and an error if it failed."""
    with tempfile.TemporaryFile() as inp, tempfile.TemporaryFile() as err:
        inp.write(commands or b"")
        inp.seek(0)
        try:
            proc = subprocess.Popen([exe, *args, sim.name], cwd=KERNELS, stdin=inp,
                                    stdout=subprocess.DEVNULL, stderr=err)
        except OSError as e:
            return math.nan, f"cannot run {exe}: {e.strerror}"
        _, status, usage = os.wait4(proc.pid, 0)
        err.seek(0)
        stderr = err.read().decode(errors="replace").strip()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        return math.nan, f"exit status {code}: {stderr[:200]}"
    if stderr:
        return math.nan, f"stderr: {stderr.splitlines()[0]}"
    return usage.ru_utime + usage.ru_stime, None


def best_cpu(exe, args, sim, commands, repeat, label):
    print(f"running {sim.stem}: {label}...", file=sys.stderr, flush=True)
    best = math.nan
    for _ in range(repeat):
        cpu, error = cpu_seconds(exe, args, sim, commands)
        if error:
            return math.nan, error
        best = cpu if math.isnan(best) else min(best, cpu)
    return best, None


class Lines:
    """Lines from a child's stdout, with a deadline on each."""

    def __init__(self, stream):
        self.fd = stream.fileno()
        self.buffer = b""

    def next(self, timeout: float) -> bytes:
        deadline = time.monotonic() + timeout
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.fd], [], [], left)[0]:
                raise TimeoutError("no output")
            chunk = os.read(self.fd, 65536)
            if not chunk:
                raise EOFError("the debugger exited")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return line

    def until_stop(self, timeout: float) -> None:
        """Reads up to the end of a stop: its source line, or the instruction shown when
        there is none."""
        line = self.next(timeout)
        while not SOURCE_LINE.match(line):
            if line == NO_SOURCE:
                self.next(timeout)
                return
            line = self.next(timeout)


# Pixel (150, 128) is c = -0.5 + 0i, inside the Mandelbrot set.
SWITCH = b"workitem 150 128\n"


def step_latency(exe: str, args: list[str], sim: Path, steps: int):
    """Seconds from writing each `step` to reading the line it stopped on, the seconds the
    switch to the stepped work-item took, and an error if the session failed."""
    proc = subprocess.Popen([exe, "-i", *args, sim.name], cwd=KERNELS, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    lines = Lines(proc.stdout)

    def command(text: bytes) -> float:
        start = time.perf_counter()
        proc.stdin.write(text)
        proc.stdin.flush()
        lines.until_stop(60)
        return time.perf_counter() - start

    times, switch = [], math.nan
    try:
        lines.until_stop(300)  # the first line of the launch
        switch = command(SWITCH)
        for _ in range(steps):
            times.append(command(b"step\n"))
        return times, switch, None
    except (TimeoutError, EOFError) as e:
        return times, switch, str(e)
    finally:
        proc.kill()
        proc.wait()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ours", default=str(common.BENCH.parent / "target/release/oclgrind-kernel"))
    p.add_argument("--theirs", default="/usr/bin/oclgrind-kernel")
    p.add_argument("--threads", type=int, default=1,
                   help="--num-threads for our runs (Debian's debugger always uses 1)")
    p.add_argument("--build-options", default="-O0", help="for every run (default: -O0)")
    p.add_argument("--repeat", type=int, default=1, help="runs per measurement, best is kept")
    p.add_argument("--steps", type=int, default=50, help="steps timed per debugger")
    p.add_argument("--only", default="", help="only kernels whose name contains this")
    p.add_argument("--skip-theirs", action="store_true")
    args = p.parse_args()

    build = ["--build-options", args.build_options]
    tools = [("ours", args.ours, ["--num-threads", str(args.threads)] + build)]
    if not args.skip_theirs:
        tools.append(("Debian", args.theirs, ["--num-threads", "1"] + build))
    failures = []
    rows, ratios = [], {who: [] for who, _, _ in tools}
    for sim in sorted(KERNELS.glob("*.sim")):
        if args.only not in sim.stem:
            continue
        row = [sim.stem]
        for who, exe, opts in tools:
            plain, e1 = best_cpu(exe, opts, sim, None, args.repeat, f"{who} without -i")
            debug, e2 = best_cpu(exe, ["-i"] + opts, sim, b"continue\n", args.repeat, f"{who} -i")
            for e in (e1, e2):
                if e:
                    failures.append(f"{sim.stem} ({who}): {e}")
            ratio = debug / plain if plain > 0 else math.nan
            if not math.isnan(ratio):
                ratios[who].append(ratio)
            row += [common.fmt(plain), common.fmt(debug), common.fmt(ratio)]
        rows.append(row)
    geo = ["**geomean ratio**"]
    for who, _, _ in tools:
        geo += ["", "", common.fmt(common.geomean(ratios[who]))]
    rows.append(geo)
    header = ["kernel"]
    for who, _, _ in tools:
        header += [f"{who} CPU s", f"{who} -i CPU s", f"{who} -i / plain"]
    print(f"### `-i` with `continue` at the first stop vs the same run without `-i` "
          f"(--build-options {args.build_options}, best of {args.repeat})\n")
    common.print_table(header, rows)

    sim = KERNELS / "mandelbrot.sim"
    rows = []
    for who, exe, opts in tools:
        print(f"stepping mandelbrot with {who}...", file=sys.stderr, flush=True)
        times, switch, error = step_latency(exe, opts, sim, args.steps)
        if error:
            failures.append(f"step latency ({who}): {error}")
        if times:
            ms = [t * 1000 for t in times]
            rows.append([who, str(len(ms)), common.fmt(statistics.median(ms), 3),
                         common.fmt(sorted(ms)[int(0.9 * (len(ms) - 1))], 3),
                         common.fmt(max(ms), 3), common.fmt(switch * 1000, 3)])
    print("\n### `step` latency on mandelbrot (256×256 = 65536 work-items), milliseconds\n")
    common.print_table(["debugger", "steps", "median", "p90", "max", "`workitem 150 128`"], rows)

    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
