#!/usr/bin/env python3
"""Keystroke-to-screen latency of the debugger's command line: how long after a key reaches
the terminal the interface has finished drawing its answer, with an empty command line and
with 400 and 4,000 characters already typed.

  python3 bench/tui_keys.py [--keys 100] [--debug | --binary PATH]   # release binaries by default

`oclgrind-kernel -i --num-threads 1 tests/debugger/breakpoints.sim` runs in a pseudo-terminal
of 120x40 that this script holds (no tmux, no screen scraping in between). At the first stop
it opens the command line (`:`), pastes the line (bracketed paste), and then types keys one
at a time: a letter, then Backspace, so the line keeps its length. For each key it takes the
time from writing the key to the pseudo-terminal to the last byte of the frame the interface
draws in answer (a frame is the bytes that arrive before 40 ms of quiet); a letter's frame
must contain the letter. `burst` types 400 letters in one go, as a fast typist or a paste
without bracketed paste would, and takes the time until the last one is drawn.
"""
import argparse
import fcntl
import os
import select
import statistics
import struct
import subprocess
import sys
import termios
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
QUIET = 0.040


class Terminal:
    """A program in a pseudo-terminal of its own; everything it writes is read with the time
    it arrived."""

    def __init__(self, argv, cwd, cols=120, rows=40):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))

        def controlling_terminal():
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        env = dict(os.environ, TERM="xterm-256color")
        self.process = subprocess.Popen(
            argv, cwd=cwd, stdin=slave, stdout=slave, stderr=slave, env=env,
            preexec_fn=controlling_terminal, close_fds=True)
        os.close(slave)
        self.fd = master
        self.seen = b""

    def read_until_quiet(self, quiet=QUIET, first=5.0):
        """Reads until nothing has come for `quiet` seconds (waiting up to `first` seconds for
        the first byte); returns the bytes and the time the last of them arrived (None if
        nothing came)."""
        got, last = b"", None
        while True:
            ready, _, _ = select.select([self.fd], [], [], quiet if got else first)
            if not ready:
                break
            try:
                chunk = os.read(self.fd, 1 << 16)
            except OSError:
                break
            if not chunk:
                break
            got += chunk
            last = time.monotonic()
        self.seen = (self.seen + got)[-200_000:]
        return got, last

    def wait_for(self, text, limit=120.0):
        deadline = time.monotonic() + limit
        while text.encode() not in self.seen:
            if time.monotonic() > deadline:
                sys.exit(f"tui_keys: {text!r} never showed")
            self.read_until_quiet(quiet=0.2, first=1.0)

    def write(self, data):
        """Writes a key or two; returns when."""
        os.write(self.fd, data)
        return time.monotonic()

    def paste(self, data):
        """Writes a long text, reading what comes meanwhile (a program blocked on writing to
        a full terminal would never read the rest of it)."""
        while data:
            readable, writable, _ = select.select([self.fd], [self.fd], [])
            if readable:
                self.seen = (self.seen + os.read(self.fd, 1 << 16))[-200_000:]
            if writable:
                data = data[os.write(self.fd, data[:1024]):]

    def close(self):
        self.process.kill()
        self.process.wait()
        os.close(self.fd)


def key_latency(term, key, must_show=None):
    """Milliseconds from writing `key` to the end of the frame drawn for it."""
    sent = term.write(key)
    frame, last = term.read_until_quiet()
    if last is None:
        sys.exit(f"tui_keys: nothing was drawn for {key!r}")
    if must_show is not None and must_show not in frame:
        sys.exit(f"tui_keys: the frame for {key!r} does not show it")
    return (last - sent) * 1000


def measure(binary, length, keys):
    term = Terminal([binary, "-i", "--num-threads", "1", "breakpoints.sim"],
                    os.path.join(ROOT, "tests", "debugger"))
    try:
        term.wait_for("get_global_id")
        term.read_until_quiet(quiet=0.5)
        term.write(b":")
        term.read_until_quiet(quiet=0.3)
        if length:
            term.paste(b"\x1b[200~" + b"print " + b"x" * (length - 6) + b"\x1b[201~")
            term.read_until_quiet(quiet=0.5)
        times = []
        letters = b"abcdefghijklmnopqrstuvwyz"
        for i in range(keys):
            letter = letters[i % len(letters):][:1]
            times.append(key_latency(term, letter, must_show=letter))
            times.append(key_latency(term, b"\x7f"))
        # A burst: 400 letters written at once (keys, not a bracketed paste), then the time
        # until the last is drawn.
        sent = time.monotonic()
        term.paste(b"k" * 399)
        term.write(b"Q")
        # Frames until a second of quiet; the last key, Q, must be in one of them (an
        # interface that cuts the line off instead of scrolling it gets a `*`).
        frames, last = b"", None
        while True:
            frame, at = term.read_until_quiet(quiet=1.0, first=1.0 if frames else 120)
            if at is None:
                break
            frames, last = frames + frame, at
        if last is None:
            sys.exit("tui_keys: nothing was drawn for the burst")
        burst = f"{(last - sent) * 1000:.0f}" + ("" if b"Q" in frames else "*")
        return times, burst
    finally:
        term.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=100, help="letters (and Backspaces) per case")
    parser.add_argument("--debug", action="store_true", help="the debug build's binaries")
    parser.add_argument("--binary", help="another oclgrind-kernel (an older build, say)")
    args = parser.parse_args()
    binary = args.binary or os.path.join(
        ROOT, "target", "debug" if args.debug else "release", "oclgrind-kernel")
    if not os.path.exists(binary):
        sys.exit(f"tui_keys: {binary} is missing (cargo build --release)")
    print("| command line | keys | median ms | 95th percentile ms | max ms | 400 keys at once: ms to the last drawn |")
    print("|---|---|---|---|---|---|")
    for length in (0, 400, 4000):
        times, burst = measure(binary, length, args.keys)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(f"| {length} characters | {len(times)} | {statistics.median(times):.2f} | "
              f"{p95:.2f} | {times[-1]:.2f} | {burst} |")


if __name__ == "__main__":
    main()
