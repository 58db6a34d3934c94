#!/usr/bin/env python3
"""Memory of the debugger's terminal interface: peak RSS (VmHWM) of the process that draws it,
with the interface and with line mode (--no-tui), each driven in a tmux terminal of 120x40.

  python3 bench/tui_memory.py            # release binaries (cargo build --release first)

Cases:
  * `oclgrind -i ./smooth` (the example app): the launcher is the TUI process; the application
    and the simulator run in a child, measured apart. Line mode has no such split (the
    application's process is the debugger's), so its row is the application's process.
  * `oclgrind-kernel -i mandelbrot.sim` (65,536 work-items): interface and simulator in one
    process, with the interface and without.

Each case stops at the first line, continues once (`c`), and reads the peak at the next stop.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "target", "release")


def tmux(server, *args):
    return subprocess.run(["tmux", "-L", server, *args], capture_output=True, text=True).stdout


def wait_for(server, text, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        screen = tmux(server, "capture-pane", "-p")
        if text in screen:
            return screen
        time.sleep(0.05)
    sys.exit(f"tui_memory: {text!r} never showed:\n{screen}")


def peak_mb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def run_case(command, cwd, first, keys, second):
    """Starts `command` in a fresh tmux, waits for `first`, types `keys` (each a literal
    string, "Enter" an Enter), waits for `second`; returns the peak RSS of the process and of
    its first child, in MB."""
    server = f"oclgrind-mem-{os.getpid()}-{time.monotonic_ns()}"
    work = tempfile.mkdtemp()
    pidfile = os.path.join(work, "pid")
    shell = f"sh -c 'echo $$ > {pidfile}; exec {command}'; sleep 60"
    try:
        tmux(server, "new-session", "-d", "-x", "120", "-y", "40", "-c", cwd, shell)
        wait_for(server, first)
        for key in keys:
            if key == "Enter":
                tmux(server, "send-keys", "Enter")
            else:
                tmux(server, "send-keys", "-l", key)
            time.sleep(0.2)
        wait_for(server, second)
        time.sleep(0.3)
        with open(pidfile) as f:
            pid = int(f.read())
        kids = children(pid)
        return peak_mb(pid), (peak_mb(kids[0]) if kids else None)
    finally:
        tmux(server, "kill-server")
        shutil.rmtree(work, ignore_errors=True)


def main():
    for tool in ("tmux", "gcc"):
        if not shutil.which(tool):
            sys.exit(f"tui_memory: {tool} is needed")
    example = os.path.join(ROOT, "examples", "app")
    exe = os.path.join(ROOT, "target", "example", "smooth")
    os.makedirs(os.path.dirname(exe), exist_ok=True)
    subprocess.run(["gcc", "-O2", os.path.join(example, "smooth.c"), "-o", exe, "-lOpenCL"],
                   check=True)
    launcher = os.path.join(BIN, "oclgrind")
    kernel = os.path.join(BIN, "oclgrind-kernel")
    kernels = os.path.join(ROOT, "bench", "kernels")
    rows = []
    tui, app = run_case(f"{launcher} -i {exe}", example,
                        "│ step │ stopped", ["c"], "│ error │ stopped")
    rows.append(("oclgrind -i ./smooth", "interface (launcher)", tui))
    rows.append(("oclgrind -i ./smooth", "application + simulator (child)", app))
    line, _ = run_case(f"{launcher} -i --no-tui {exe}", example,
                       "(oclgrind)", ["c", "Enter"], "Invalid read of size 4")
    rows.append(("oclgrind -i --no-tui ./smooth", "application + simulator + line mode", line))
    # To a breakpoint after the first pixel's loop.
    tui, _ = run_case(f"{kernel} -i mandelbrot.sim", kernels, "│ step │ stopped",
                      [":", "break 19", "Enter", "c"], "│ breakpoint 1 │ stopped")
    rows.append(("oclgrind-kernel -i mandelbrot.sim", "interface + simulator", tui))
    line, _ = run_case(f"{kernel} -i --no-tui mandelbrot.sim", kernels, "(oclgrind)",
                       ["break 19", "Enter", "c", "Enter"], "Breakpoint 1 hit")
    rows.append(("oclgrind-kernel -i --no-tui mandelbrot.sim", "simulator + line mode", line))
    print("| command | process | peak RSS MB |")
    print("|---|---|---|")
    for command, what, mb in rows:
        print(f"| `{command}` | {what} | {mb:.1f} |")


if __name__ == "__main__":
    main()
