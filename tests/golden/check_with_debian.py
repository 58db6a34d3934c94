#!/usr/bin/env python3
"""Check the golden references against Debian's Oclgrind (oclgrind-kernel 21.10).

Not part of the test harness: a maintenance aid for whoever edits the corpus. For every
<family>/<name>.sim it runs `oclgrind-kernel --num-threads 1 [ARGS] <name>.sim` twice (default
build options, then OCLGRIND_BUILD_OPTIONS=-cl-opt-disable) with stdout and stderr merged, and
matches the output against <name>.ref with the rules described in README.md.

Tests whose .cl carries a "NOTE: Debian" comment deliberately expect something else than Debian
prints; they are reported as "differs (expected)" when they fail, and flagged when they pass.

Usage: check_with_debian.py [-v] [family/name-prefix ...]
"""
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# Options of ours that Debian's oclgrind-kernel does not have.
OURS_ONLY = ('--race-ignore', '--race-suppressions')


def match(out_text, ref_text, rc):
    """Return a list of problems (empty when the output matches the reference)."""
    out = out_text.split('\n')
    if out and out[-1] == '':
        out = out[:-1]
    exp_rc = 0
    refs = []
    for line in ref_text.split('\n'):
        if line.strip() == '':
            continue
        if line.startswith('EXIT '):
            exp_rc = int(line[5:])
            continue
        if line[6:].startswith('\tOrigin: ') or line[6:].startswith('\tNote: '):
            continue  # our own lines: Oclgrind prints none
        refs.append(line)
    errs = []
    if rc != exp_rc:
        errs.append(f'exit status {rc}, expected {exp_rc}')
    i = 0
    for r in refs:
        typ, text = r.split()[0], r[6:]
        while i < len(out) and out[i] == '':
            i += 1
        if i >= len(out):
            errs.append(f'Unexpected end of output when matching {r!r}')
            return errs
        line = out[i]
        if typ == 'EXACT':
            if line != text:
                errs.append(f'line {i + 1}: got {line!r}, want EXACT {text!r}')
                return errs
            i += 1
        elif typ in ('MATCH', 'ERROR'):
            if text not in line:
                errs.append(f'line {i + 1}: got {line!r}, want {typ} {text!r}')
                return errs
            i += 1
            if typ == 'ERROR':
                while i < len(out) and out[i] != '':
                    i += 1
        else:
            errs.append(f'Invalid match type in reference file: {r!r}')
            return errs
    for j in range(i, len(out)):
        if out[j] != '':
            errs.append(f'Unexpected output after all matches completed (line {j + 1}): {out[j]!r}')
            break
    return errs


def run(simdir, name, noopt):
    with open(os.path.join(simdir, name + '.sim')) as f:
        first = f.readline().rstrip('\n')
    args = first[len('# ARGS: '):].split(' ') if first.startswith('# ARGS: ') else []
    env = dict(os.environ)
    env.pop('OCLGRIND_BUILD_OPTIONS', None)
    if noopt:
        env['OCLGRIND_BUILD_OPTIONS'] = '-cl-opt-disable'
    p = subprocess.run(['oclgrind-kernel', '--num-threads', '1'] + args + [name + '.sim'],
                       cwd=simdir, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       timeout=120)
    return p.stdout.decode('utf-8', 'replace'), p.returncode


def kernel_file(sim):
    """The kernel source a .sim names (its first line that is not a comment)."""
    with open(sim) as f:
        for line in f:
            if line.strip() and not line.startswith('#'):
                return line.strip()
    return ''


def main():
    verbose = '-v' in sys.argv[1:]
    prefixes = [a for a in sys.argv[1:] if a != '-v']
    tests = []
    for fam in sorted(os.listdir(HERE)):
        d = os.path.join(HERE, fam)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith('.sim'):
                t = f'{fam}/{f[:-4]}'
                if not prefixes or any(t.startswith(p) for p in prefixes):
                    tests.append((fam, f[:-4]))
    bad = 0
    for fam, name in tests:
        d = os.path.join(HERE, fam)
        with open(os.path.join(d, name + '.ref')) as f:
            ref = f.read()
        sim = os.path.join(d, name + '.sim')
        if any(o in open(sim).readline() for o in OURS_ONLY):
            print(f'{fam}/{name}: skipped (an option Debian does not have)')
            continue
        cl = os.path.join(d, kernel_file(sim))
        noted = os.path.exists(cl) and 'NOTE: Debian' in open(cl).read()
        problems = []
        for noopt in (False, True):
            out, rc = run(d, name, noopt)
            for e in match(out, ref, rc):
                problems.append(('[noopt] ' if noopt else '[opt] ') + e)
        status = 'ok'
        if problems and noted:
            status = 'differs (expected)'
        elif problems:
            status = 'FAIL'
            bad += 1
        elif noted:
            status = 'passes although NOTE says Debian differs'
        if status != 'ok' or verbose:
            print(f'{fam}/{name}: {status}')
            if status == 'FAIL' or verbose:
                for p in problems:
                    print('    ' + p)
    print(f'{len(tests)} tests, {bad} unexpected failures')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
