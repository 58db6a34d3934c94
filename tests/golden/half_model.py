#!/usr/bin/env python3
"""The expected outputs of the `half` goldens (cl_khr_fp16), from a model that shares no code
with the simulator: exact rational arithmetic (`fractions`), rounded to half by comparing with
the neighbouring halves (ties to even, or the directed mode asked for).

    python3 tests/golden/half_model.py          # checks every .ref (and half_layer.sim)
    python3 tests/golden/half_model.py --write  # rewrites them

Transcendental results (`sin`, `exp`, ...) are the model's rounding of Python's double result,
each asserted to lie more than 1/1000 of a half ulp from a tie, so any result within a float
ulp or two of the true value rounds the same. numpy's float16, where installed, cross-checks
the model on random sums and products first.
"""
import math
import random
import sys
from fractions import Fraction as F
from pathlib import Path

HERE = Path(__file__).resolve().parent
INF = float("inf")
MAX = 0x7BFF


def value(bits):
    """The exact value of a half (infinities as floats; no NaNs here)."""
    sign = -1 if bits & 0x8000 else 1
    e, m = (bits >> 10) & 0x1F, bits & 0x3FF
    if e == 31:
        assert m == 0, "NaN has no value"
        return sign * INF
    if e == 0:
        return sign * F(m, 2**24)
    return sign * F(1024 + m, 1024) * F(2) ** (e - 15)


def rnd(x, mode="rte"):
    """An exact value rounded to half bits in a mode."""
    if isinstance(x, float) and math.isinf(x):
        return 0x7C00 if x > 0 else 0xFC00
    x = F(x)
    sign, a = (0x8000 if x < 0 else 0), abs(x)
    if a > value(MAX):
        below, above = MAX, 0x7C00
    else:
        lo, hi = 0, MAX
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if value(mid) <= a:
                lo = mid
            else:
                hi = mid - 1
        below, above = lo, lo + 1
    if value(below) == a:
        return sign | below
    # Past the largest half, the next step would be 2^16.
    va = value(above) if above != 0x7C00 else F(65536)
    if mode == "rte":
        d1, d2 = a - value(below), va - a
        r = below if d1 < d2 or (d1 == d2 and below % 2 == 0) else above
    elif mode == "rtz":
        r = below
    elif mode == "rtp":
        r = below if x < 0 else above
    else:  # rtn
        r = above if x < 0 else below
    return sign | r


def R(x):
    """Rounds to nearest; infinities stay."""
    return rnd(x)


def T(x):
    """A transcendental result, from a double: rounded to nearest, far from any tie."""
    lo, hi = rnd(F(x), "rtz"), rnd(F(x), "rtp" if x > 0 else "rtn")
    if lo != hi:
        a, b = value(lo), value(hi)
        where = abs((F(x) - a) / (b - a))
        assert abs(where - F(1, 2)) > F(1, 1000), f"{x} is near a tie"
    return rnd(F(x))


def trunc_int(x):
    return math.trunc(x)


def round_int(x, mode):
    if mode == "rtz":
        return math.trunc(x)
    if mode == "rtp":
        return math.ceil(x)
    if mode == "rtn":
        return math.floor(x)
    fl = math.floor(x)
    d = x - fl
    return fl + 1 if d > F(1, 2) or (d == F(1, 2) and fl % 2 == 1) else fl


def dump(name, values, size, fmt):
    lines = [f"EXACT Argument '{name}': {size * len(values)} bytes"]
    lines += [f"EXACT   {name}[{i}] = {fmt(v)}" for i, v in enumerate(values)]
    return lines


def hexes(v):
    return f"0x{v:04x}"


def short6(v):
    return "inf" if v == INF else f"{float(v):.6g}"


def half_ops():
    xs = [0x6800, 0x3C00, 0x0400, 0x7BFF, 0x7C00, 0x2E66]
    ys = [0x3C00, 0x4200, 0x1400, 0x4000, 0x3800, 0x3266]
    ds = [1.0004882812509095, 0.3333333333333333, 1e-9, 1.2e5, -3.5, 65519.99]
    iv = [2049, -2049, 65519, 65520, 16777215, -7]
    o, f, n = [], [], []
    for i in range(6):
        a, b = value(xs[i]), value(ys[i])
        o += [R(a + b), R(a - b), R(a * b), R(a / b), xs[i] ^ 0x8000, R(a * b + a)]
        o += [xs[i] if a < b else ys[i], R(a * F(3, 4)), rnd(F(ds[i])), rnd(F(iv[i]))]
        f.append(a)
        inf_minus_inf = 4 if a == INF else 0
        n += [trunc_int(b), (a < b) + 2 * (a == b) + inf_minus_inf]
        n += [trunc_int(value(R(b * F(3, 2)))), R(b + F(1, 2))]
    return (
        dump("o", o, 2, hexes)
        + dump("f", f, 4, short6)
        + dump("n", n, 4, str)
    )


def half_convert():
    import struct

    def f32(x):
        return struct.unpack("f", struct.pack("f", x))[0]

    fs = [f32(x) for x in [0.1, -0.1, 1e6, -1e6, 3e-8, 65519]]
    ds = [1.0004882812509095, -1.00048828125, 1e-300, -1e300, 0.3333333333333333, 2049.5]
    iv = [2049, -2049, 4097, 65520, -70000, 7]
    hs = [0xC100, 0x4100, 0x5CB0, 0xBA00, 0x7BFF, 0x0001]
    o, n, u, w = [], [], [], []
    for i in range(6):
        for src in [F(fs[i]), F(ds[i]), F(iv[i])]:
            o += [rnd(src, m) for m in ["rte", "rtz", "rtp", "rtn"]]
        h = value(hs[i])
        n += [round_int(h, m) for m in ["rtz", "rte", "rtp", "rtn"]]
        n.append(max(-32768, min(32767, round_int(h, "rtn"))))
        u += [max(0, min(255, round_int(h, "rtz"))), max(0, min(255, round_int(h, "rte")))]
        w.append(h)
    return dump("o", o, 2, hexes) + dump("n", n, 4, str) + dump("u", u, 1, str) + dump(
        "w", w, 4, short6
    )


def half_vectors():
    inb = [0x3C00, 0x4200, 0x2E66, 0x7BFF, 0x4200, 0x3800, 0x3266, 0x4000]
    inb += [0x0001, 0xBC00, 0x6800, 0x7C00]
    a, b, e = inb[0:4], inb[4:8], inb[4:12]
    A, B, E = ([value(x) for x in v] for v in (a, b, e))
    o = [0] * 47
    for i in range(4):
        o[i] = R(A[i] + B[i])
        o[4 + i] = R(A[i] * B[i] - A[i])
        o[8 + i] = R(A[i] / B[i])
        o[12 + i] = b[3 - i]
    for i, m in enumerate([7, 0, 5, 2]):
        o[16 + i] = (a + b)[m]
    for i in range(8):
        o[24 + i] = R(E[7 - i] + 1)
    o[32:36] = [a[0], a[1], e[6], a[3]]
    o[36] = a[0] + 1
    o[37], o[38] = 0xC000, 0x3C00
    t = [value(x) for x in inb[1:4]]
    o[39], o[40], o[41] = R(t[0] * 2), R(t[1] * -2), R(t[2] * F(1, 2))
    o[42] = R(E[7] + A[0])
    for i in range(4):
        x = value(R(A[i] * 4))
        o[43 + i] = R(2**31 - 1 if x > 2**31 - 1 else int(x))
    lt = [0xFFFF if A[i] < B[i] else 0 for i in range(4)]
    c = lt + [0xFFFF] * 4 + [0xFFFF if E[4 + i] > E[i] else 0 for i in range(4)]
    c += [b[i] if lt[i] else a[i] for i in range(4)]
    finite = [abs(x) != INF for x in E]
    n = [int(any(lt)), int(all(finite[:4])), int(all(finite[4:]))]
    return dump("o", o, 2, hexes) + dump("c", c, 2, hexes) + dump("n", n, 4, str)


def half_math():
    inp = [0x4200, 0x4400, 0xC180, 0x0001, 0x3E00, 0x3956, 0x2E66]
    a, b, c, t, x, y, z = (value(h) for h in inp)
    fa, fb, fc, fx, fz = (float(v) for v in (a, b, c, x, z))
    o = [T(math.sin(fa)), T(math.cos(fb)), T(math.exp(fa)), T(math.log(fb))]
    o += [T(math.log2(fz)), R(8), T(math.atan2(fa, fb)), T(math.tanh(fz))]
    o += [T(-(2.75 ** (1 / 3))), T(10**fx), T(math.sqrt(fa)), R(F(1, 2)), R(5)]
    o += [R(x * y + t), R(x * y - t)]
    o += [R(math.floor(c)), R(math.ceil(c)), R(-3), R(-3), R(-2), R(-c), R(c), R(a)]
    # fmod(16, 3), remainder(16, 3), copysign, fdim, ldexp(1.5, -25), nextafter twice
    # (toward zero from the smallest subnormal is +0).
    o += [R(1), R(1), R(-a), R(b - c), R(x * F(1, 2**25)), inp[4] + 1, 0x0000]
    o += [0x3BFF, R(-1), R(F(-11, 16)), R(F(-3, 4)), R(-2)]
    o += [R(a)]
    o += [R(c + value(R(b - c)) * z), R(1)]
    s = (fa - fc) / (fb - fc)
    o += [T(s * s * (3 - 2 * s)), R(-1), T(fz * 180 / math.pi), T(fb * math.pi / 180), R(t)]
    v, w = [a, b, c, t], [z, x, y, a]
    o += [T(float(sum(p * q for p, q in zip(v, w)))), R(5)]
    o += [T(math.sqrt(float(sum((p - q) ** 2 for p, q in zip(v, w)))))]
    o += [T(0.6), T(0.8)]
    o += [R(v[1] * w[2] - v[2] * w[1]), R(v[2] * w[0] - v[0] * w[2]), R(v[0] * w[1] - v[1] * w[0])]
    o += [R(min(p, z)) for p in v]
    o += [T(math.sqrt(abs(float(p)))) for p in v]
    o += [inp[0] | 0x8000, inp[0], inp[1]]
    io = [5, -24, 2 + 4 + 8, 1 + 2 + 4]
    normal = [0xFFFF if (h & 0x7C00) not in (0, 0x7C00) else 0 for h in inp[:4]]
    so = normal + [0xFFFF if h & 0x8000 else 0 for h in inp[:4]]
    return dump("o", o, 2, hexes) + dump("io", io, 4, str) + dump("so", so, 2, hexes)


def half_layer():
    """The layer's inputs (the .sim) and outputs: every fma, add and divide rounded once, in
    the kernel's order, and the reductions in its tree order."""
    rng = random.Random(39)
    n_in, n_out = 16, 8
    w = [rnd(F(rng.uniform(-1, 1))) for _ in range(n_out * n_in)]
    x = [rnd(F(rng.uniform(-2, 2))) for _ in range(n_in)]
    bias = [rnd(F(rng.uniform(-0.5, 0.5))) for _ in range(n_out)]
    h = []
    for i in range(n_out):
        acc = 0
        for k in range(n_in):
            acc = R(value(w[i * n_in + k]) * value(x[k]) + value(acc))
        s = R(value(acc) + value(bias[i]))
        h.append(s if value(s) > 0 else 0)

    def tree(vals, combine):
        vals, s = list(vals), n_out // 2
        while s > 0:
            for i in range(s):
                vals[i] = combine(vals[i], vals[i + s])
            s //= 2
        return vals[0]

    m = tree(h, lambda p, q: p if value(p) >= value(q) else q)
    e = [T(math.exp(float(value(R(value(hi) - value(m)))))) for hi in h]
    total = tree(e, lambda p, q: R(value(p) + value(q)))
    y = [R(value(ei) / value(total)) for ei in e]
    words = lambda v: " ".join(f"{h:04x}" for h in v)
    sim = ["half_layer.cl", "layer", "8 1 1", "8 1 1"]
    sim += [f"<size=256 ushort hex> {words(w)}", f"<size=32 ushort hex> {words(x)}"]
    sim += [f"<size=16 ushort hex> {words(bias)}", "<size=16 ushort hex fill=0 dump>"]
    sim += ["<size=16 ushort>", "<size=16 ushort hex fill=0 dump>"]
    return dump("y", y, 2, hexes) + dump("hid", h, 2, hexes), sim


def cross_check():
    try:
        import numpy as np
    except ImportError:
        return
    rng = random.Random(1)
    for _ in range(5000):
        p, q = (rng.randrange(0, 0x7C00) | rng.choice([0, 0x8000]) for _ in range(2))
        a, b = (np.frombuffer(np.uint16(h).tobytes(), dtype=np.float16)[0] for h in (p, q))
        for op in (lambda u, v: u + v, lambda u, v: u * v):
            with np.errstate(all="ignore"):
                want = int(np.float16(op(a, b)).view(np.uint16))
            got = rnd(op(value(p), value(q)))
            assert want == got or (want & 0x7FFF == 0 and got & 0x7FFF == 0), (p, q)


def main():
    write = "--write" in sys.argv
    cross_check()
    layer_ref, layer_sim = half_layer()
    files = {
        "arith/half_ops.ref": half_ops(),
        "arith/half_convert.ref": half_convert(),
        "vector/half_vectors.ref": half_vectors(),
        "builtins/half_math.ref": half_math(),
        "arith/half_layer.ref": layer_ref,
        "arith/half_layer.sim": layer_sim,
    }
    bad = 0
    for name, lines in files.items():
        text = "\n".join(lines) + "\n"
        path = HERE / name
        if write:
            path.write_text(text)
        elif path.read_text() != text:
            print(f"{name}: differs from the model")
            bad += 1
    print("written" if write else f"{len(files) - bad} of {len(files)} agree with the model")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
