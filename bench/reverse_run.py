#!/usr/bin/env python3
"""What going back in time costs (issue 43): a debugger session on bench/extra/reverse.sim (a
loop with a call, then a barrier per reduction round, 4 groups of 64 work-items).

1. Latency: `step` 12,500 times, then `reverse-step` 10,000 times (command written to stdin
   until the source line it stopped at is read), checking that the lines going back are the
   lines going forward, reversed (less the caller's lines a step shows after a return).
2. A long way back: `continue` to the end of group 0 (all its work-items past the barriers),
   then `reverse-continue` to the start of its history, then `continue` forward through it all
   to the end of the launch (replayed, then live); and the history's size per instruction
   (`info record`).
3. What recording costs: each kernel of bench/kernels under `-i` with `continue`, with the
   history (default) and with `--history-size 0`, next to the plain run (all with --num-threads
   1 and --build-options -O0, as bench/debug_run.py).

Prints Markdown tables. Exits 1 if a session failed, the lines did not match, or the median
reverse step took 20 ms or more.
"""
import argparse
import math
import re
import statistics
import subprocess
import sys
import time

import run as common
from debug_run import Lines, best_cpu

BENCH = common.BENCH
SIM = BENCH / "extra" / "reverse.sim"
RECORD = re.compile(rb"Log contains (\d+) instructions in (\d+) bytes")


class Session:
    """A debugger (`-i`, line mode) driven one command at a time."""

    def __init__(self, exe: str, args: list[str]):
        self.proc = subprocess.Popen([exe, "-i", *args, SIM.name], cwd=SIM.parent,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.lines = Lines(self.proc.stdout)

    def stop(self, timeout: float) -> bytes:
        """Reads up to a stop's source line; returns it."""
        while True:
            line = self.lines.next(timeout)
            if re.match(rb"^\d+\t", line):
                return line

    def command(self, text: bytes, timeout: float = 60) -> tuple[float, bytes]:
        """Seconds until the stop the command makes, and its source line."""
        start = time.perf_counter()
        self.proc.stdin.write(text)
        self.proc.stdin.flush()
        line = self.stop(timeout)
        return time.perf_counter() - start, line

    def text_until(self, text: bytes, pattern: re.Pattern, timeout: float = 60) -> re.Match:
        self.proc.stdin.write(text)
        self.proc.stdin.flush()
        while True:
            m = pattern.search(self.lines.next(timeout))
            if m:
                return m

    def close(self):
        self.proc.kill()
        self.proc.wait()


def stats_ms(times: list[float]) -> list[str]:
    ms = sorted(t * 1000 for t in times)
    return [str(len(ms)), common.fmt(statistics.median(ms), 3),
            common.fmt(ms[int(0.9 * (len(ms) - 1))], 3), common.fmt(ms[-1], 3)]


def is_subsequence(part: list[bytes], whole: list[bytes]) -> int | None:
    """None if `part` is `whole` with some lines left out, else the first line that is not."""
    it = iter(whole)
    for i, line in enumerate(part):
        if not any(line == w for w in it):
            return i
    return None


def latency(exe: str, steps: int, failures: list[str]) -> list[list[str]]:
    """`steps` reverse steps after a quarter more forward ones (going back skips the stops a
    step makes on the caller's line after a return: gdb's reverse-step goes on into the
    callee's last line)."""
    s = Session(exe, ["--num-threads", "1"])
    rows = []
    try:
        first = s.stop(300)
        forward, ahead = [], [first]
        for _ in range(steps + steps // 4):
            t, line = s.command(b"step\n")
            forward.append(t)
            ahead.append(line)
        backward, back = [], []
        for _ in range(steps):
            t, line = s.command(b"reverse-step\n")
            backward.append(t)
            back.append(line)
        wrong = is_subsequence(back, ahead[-2::-1])
        if wrong is not None:
            failures.append(f"reverse step {wrong + 1} stopped at {back[wrong]!r}, not a line "
                            "the forward steps stopped at before")
        rows.append(["step"] + stats_ms(forward))
        rows.append(["reverse-step"] + stats_ms(backward))
        median = statistics.median(backward) * 1000
        if median >= 20:
            failures.append(f"the median reverse step took {median:.1f} ms")
    except (TimeoutError, EOFError) as e:
        failures.append(f"stepping: {e}")
    finally:
        s.close()
    return rows


def long_way(exe: str, failures: list[str]) -> tuple[list[list[str]], list[list[str]]]:
    s = Session(exe, ["--num-threads", "1"])
    rows, record = [], []
    try:
        s.stop(300)
        s.proc.stdin.write(b"tbreak 26\n")
        s.proc.stdin.flush()
        t, _ = s.command(b"continue\n", 600)
        rows.append(["`continue` to the end of group 0 (recording)", common.fmt(t, 2)])
        info = s.text_until(b"info record\n", RECORD)
        count, size = int(info.group(1)), int(info.group(2))
        record.append([f"{count:,}", f"{size / 2**20:.1f}", common.fmt(size / count, 1)])
        t, _ = s.command(b"reverse-continue\n", 600)
        rows.append([f"`reverse-continue` to the start of the history ({count:,} instructions)",
                     common.fmt(t, 2)])
        s.proc.stdin.write(b"continue\n")
        s.proc.stdin.flush()
        start = time.perf_counter()
        while not s.lines.next(600).startswith(b"Argument 'out'"):
            pass
        rows.append(["`continue` from there to the launch's end (replay, then live)",
                     common.fmt(time.perf_counter() - start, 2)])
    except (TimeoutError, EOFError) as e:
        failures.append(f"the long way: {e}")
    finally:
        s.close()
    return rows, record


def recording_cost(exe: str, repeat: int, only: str, failures: list[str]) -> list[list[str]]:
    opts = ["--num-threads", "1", "--build-options", "-O0"]
    rows, ratios = [], {"on": [], "off": []}
    for sim in sorted(common.KERNELS.glob("*.sim")):
        if only not in sim.stem:
            continue
        plain, e1 = best_cpu(exe, opts, sim, None, repeat, "plain")
        on, e2 = best_cpu(exe, ["-i"] + opts, sim, b"continue\n", repeat, "-i, history")
        off, e3 = best_cpu(exe, ["-i", "--history-size", "0"] + opts, sim, b"continue\n",
                           repeat, "-i, no history")
        for e in (e1, e2, e3):
            if e:
                failures.append(f"{sim.stem}: {e}")
        row = [sim.stem, common.fmt(plain), common.fmt(off), common.fmt(on)]
        for key, value in (("off", off), ("on", on)):
            ratio = value / plain if plain > 0 else math.nan
            if not math.isnan(ratio):
                ratios[key].append(ratio)
            row.append(common.fmt(ratio))
        rows.append(row)
    rows.append(["**geomean**", "", "", "", common.fmt(common.geomean(ratios["off"])),
                 common.fmt(common.geomean(ratios["on"]))])
    return rows


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ours", default=str(BENCH.parent / "target/release/oclgrind-kernel"))
    p.add_argument("--steps", type=int, default=10_000)
    p.add_argument("--repeat", type=int, default=1, help="runs per CPU measurement, best kept")
    p.add_argument("--only", default="", help="recording cost: kernels whose name has this")
    p.add_argument("--skip-cost", action="store_true", help="no recording-cost table")
    args = p.parse_args()
    failures: list[str] = []

    print("stepping...", file=sys.stderr, flush=True)
    rows = latency(args.ours, args.steps, failures)
    print(f"### Step latency on bench/extra/reverse.sim, milliseconds "
          f"({args.steps + args.steps // 4:,} steps, then {args.steps:,} reverse steps)\n")
    common.print_table(["command", "count", "median", "p90", "max"], rows)

    print("the long way back...", file=sys.stderr, flush=True)
    rows, record = long_way(args.ours, failures)
    print("\n### The whole of group 0 (64 work-items × 4000 iterations, 6 barriers), seconds\n")
    common.print_table(["what", "wall s"], rows)
    print("\n### Its history (`info record`; the log keeps at most --history-size, 256 MiB)\n")
    common.print_table(["instructions kept", "MiB", "bytes per instruction"], record)

    if not args.skip_cost:
        rows = recording_cost(args.ours, args.repeat, args.only, failures)
        print("\n### `-i` + `continue` on bench/kernels, CPU seconds (--num-threads 1, -O0)\n")
        common.print_table(["kernel", "plain", "-i, --history-size 0", "-i, history",
                            "no history / plain", "history / plain"], rows)

    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
