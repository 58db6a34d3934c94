#!/usr/bin/env python3
"""The cost of a checker (the data-race detector; with --checker uninitialized the
Uninitialized checker, with --checker inst-counts the InstructionCounter, with --checker
plugin the C example plugin examples/plugins/access_sizes.c, a dynamic plugin that hears of
every memory access, with --checker perf-lints our performance lints) on the .sim benchmarks of bench/kernels and bench/checker.

Each kernel runs four ways, side by side: our oclgrind-kernel plain and with the checker's
flag, Debian's (21.10) plain and with it, one worker thread each. The table gives the CPU
times and the ratio of each tool's checked run to its plain run (the checker's price), peak
memory, our shadow state per byte of the kernel's buffers (the checked run's extra peak
memory over the plain run's, divided by the bytes of the .sim's buffers), and the reports
each tool made (the kernels are race-free and initialise what they read: both should say 0). bench/checker adds two large
kernels (16 MiB buffers) where shadow memory shows above the process's own: a streaming copy
(the detector's best case) and a scattered store (its worst). Exits 1 if a run failed.
"""
import argparse
import math
import re
import sys
from pathlib import Path

import run as common

CHECKERS = {
    # flag, and what each of its reports starts with
    "races": ("--data-races", " data race at "),
    "uninitialized": ("--uninitialized", "Uninitialized "),
    # Counts print on stdout: no reports to count, and any error message would be wrong.
    "inst-counts": ("--inst-counts", "Invalid "),
    # Built into a scratch directory first; Debian's Oclgrind cannot load it (another ABI).
    "plugin": ("--plugins", "Invalid "),
    # Our performance lints (Debian's has none): the lines past a threshold.
    "perf-lints": ("--perf-lints", "Performance: uncoalesced"),
}


def build_plugin() -> str:
    """The C example plugin as a shared library in a scratch directory."""
    import subprocess
    import tempfile
    root = common.BENCH.parent
    lib = Path(tempfile.mkdtemp()) / "libaccess_sizes.so"
    subprocess.run(["gcc", "-shared", "-fPIC", "-O2", "-I", str(root / "plugin-abi/include"),
                    str(root / "examples/plugins/access_sizes.c"), "-o", str(lib)], check=True)
    return str(lib)


def buffer_bytes(sim: Path) -> int:
    """The bytes of the buffers a .sim file declares (`<size=N ...>`)."""
    return sum(int(n) for n in re.findall(r"<size=(\d+)", sim.read_text()))


def reports(r: common.Run, marker: str) -> int:
    return r.stderr.decode(errors="replace").count(marker)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ours", default=str(common.BENCH.parent / "target/release/oclgrind-kernel"))
    p.add_argument("--theirs", default="/usr/bin/oclgrind-kernel")
    p.add_argument("--repeat", type=int, default=3, help="runs of ours per measurement (best kept)")
    p.add_argument("--theirs-repeat", type=int, default=1, help="runs of Debian's (slow)")
    p.add_argument("--only", default="", help="only kernels whose name contains this")
    p.add_argument("--skip-theirs", action="store_true")
    p.add_argument("--checker", choices=sorted(CHECKERS), default="races")
    args = p.parse_args()
    flag, marker = CHECKERS[args.checker]
    checker_args = (flag,)
    if args.checker == "plugin":
        checker_args = (flag, build_plugin())
        args.skip_theirs = True
    if args.checker == "perf-lints":
        args.skip_theirs = True
    checker = common.BENCH / "checker"
    sims = sorted(common.KERNELS.glob("*.sim")) + sorted(checker.glob("*.sim"))
    sims = [s for s in sims if args.only in s.stem]
    if not sims:
        print(f"no .sim files matching {args.only!r}", file=sys.stderr)
        return 1
    rows, failures = [], []
    ours_ratios, theirs_ratios, shadow = [], [], []
    for sim in sims:
        m = lambda exe, n, who, extra: common.measure(exe, sim, 1, n, who, extra=extra,
                                                      diagnostics=True)
        plain = m(args.ours, args.repeat, "ours", ())
        checked = m(args.ours, args.repeat, f"ours {flag}", checker_args)
        if args.skip_theirs:
            their_plain = their_checked = None
        else:
            their_plain = m(args.theirs, args.theirs_repeat, "Debian's", ())
            their_checked = m(args.theirs, args.theirs_repeat, f"Debian's {flag}", checker_args)
        runs = [("ours", plain), (f"ours {flag}", checked),
                ("Debian", their_plain), (f"Debian {flag}", their_checked)]
        for who, r in runs:
            if r is not None and r.error:
                failures.append(f"{sim.stem} ({who}): {r.error}")
        ok = lambda r: r is not None and not r.error
        ratio = lambda a, b: b.cpu / a.cpu if ok(a) and ok(b) and a.cpu > 0 else math.nan
        ours_ratio, theirs_ratio = ratio(plain, checked), ratio(their_plain, their_checked)
        per_byte = math.nan
        if ok(plain) and ok(checked):
            extra = max(checked.rss_mb - plain.rss_mb, 0.0) * 2**20
            per_byte = extra / buffer_bytes(sim)
            shadow.append(per_byte)
        ours_ratios.append(ours_ratio)
        theirs_ratios.append(theirs_ratio)
        cell = lambda r, v, d=2: "skipped" if r is None else common.cell(r, v, d)
        found = lambda r: "—" if not ok(r) else str(reports(r, marker))
        rows.append([sim.stem, cell(plain, plain.cpu), cell(checked, checked.cpu),
                     common.fmt(ours_ratio),
                     cell(their_plain, their_plain and their_plain.cpu),
                     cell(their_checked, their_checked and their_checked.cpu),
                     common.fmt(theirs_ratio),
                     cell(plain, plain.rss_mb, 0), cell(checked, checked.rss_mb, 0),
                     cell(their_checked, their_checked and their_checked.rss_mb, 0),
                     common.fmt(per_byte), f"{found(checked)} / {found(their_checked)}"])
    rows.append(["**geomean** (all)", "", "", common.fmt(common.geomean(ours_ratios)), "", "",
                 common.fmt(common.geomean(theirs_ratios)), "", "", "",
                 common.fmt(max(shadow, default=math.nan)) + " (max)", ""])
    print(f"CPU time (user+sys) with --num-threads 1; ours best of {args.repeat}, "
          f"Debian's best of {args.theirs_repeat}\n")
    c = args.checker
    common.print_table(["kernel", "ours s", f"ours {c} s", "ours ratio", "Debian s",
                        f"Debian {c} s", "Debian ratio", "ours MB", f"ours {c} MB",
                        f"Debian {c} MB", "shadow B/byte", "reports ours / Debian"], rows)
    for f in failures:
        print(f"- FAILED {f}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
