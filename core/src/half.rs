//! IEEE 754 binary16, OpenCL C's `half`: widening it, and rounding to it in every mode.
//!
//! A `half` lives in a register slot and in memory as its 16 bits. Arithmetic widens the
//! operands to `f64` (exactly), computes there and rounds once to `half`: for +, -, *, / and
//! sqrt that is the correctly rounded result, since `f64` carries more than 2·11+2 bits
//! (double rounding through a format that wide cannot go wrong). `fma` needs more care
//! (`fma`, below).

/// An IEEE rounding mode, as OpenCL's `_rte/_rtz/_rtp/_rtn` suffixes name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Round {
    Rte,
    Rtz,
    Rtp,
    Rtn,
}

impl Round {
    /// `_rte` and friends.
    pub fn from_suffix(s: &str) -> Option<Round> {
        match s {
            "_rte" => Some(Round::Rte),
            "_rtz" => Some(Round::Rtz),
            "_rtp" => Some(Round::Rtp),
            "_rtn" => Some(Round::Rtn),
            _ => None,
        }
    }
}

/// The sign bit.
pub const SIGN: u16 = 0x8000;
/// Positive infinity.
pub const INFINITY: u16 = 0x7c00;
/// The largest finite half, 65504.
pub const MAX: u16 = 0x7bff;
/// The quiet NaN operations make.
pub const NAN: u16 = 0x7e00;

/// Whether the bits are a NaN (of either kind).
pub fn is_nan(h: u16) -> bool {
    h & 0x7fff > INFINITY
}

/// Widens a half to float (exact; a NaN keeps its payload, quiet or signalling).
pub fn to_f32(h: u16) -> f32 {
    let sign = ((h as u32) & 0x8000) << 16;
    let exp = ((h >> 10) & 0x1f) as u32;
    let frac = (h & 0x3ff) as u32;
    let mag = match exp {
        // Subnormal: frac * 2^-24, exact in f32.
        0 => (frac as f32 * (1.0 / 16_777_216.0)).to_bits(),
        // Infinity or NaN, keeping the payload.
        31 => 0x7f80_0000 | (frac << 13),
        _ => ((exp + 112) << 23) | (frac << 13),
    };
    f32::from_bits(sign | mag)
}

/// Widens a half to float as IEEE's conversion does: a signalling NaN comes out quiet. What the
/// C library's routines take: they treat a signalling NaN apart (`powf(sNaN, 0)` is NaN, not 1).
pub fn to_f32_quiet(h: u16) -> f32 {
    let f = to_f32(h);
    if f.is_nan() {
        f32::from_bits(f.to_bits() | 0x0040_0000)
    } else {
        f
    }
}

/// Widens a half to double (exact).
#[inline]
pub fn to_f64(h: u16) -> f64 {
    to_f32(h) as f64
}

/// Rounds a double to the nearest half (ties to even): how every operation ends.
#[inline]
pub fn from_f64(x: f64) -> u16 {
    round_f64(x, Round::Rte)
}

/// Rounds a double to a half in the given mode, in one step from the exact value (going
/// through f32 first would round twice).
pub fn round_f64(x: f64, round: Round) -> u16 {
    let bits = x.to_bits();
    let sign = ((bits >> 48) & 0x8000) as u16;
    let neg = sign != 0;
    if x.is_nan() {
        // A quiet NaN keeping the top of the payload.
        return sign | NAN | ((bits >> 42) & 0x3ff) as u16;
    }
    if x.is_infinite() {
        return sign | INFINITY;
    }
    // Modes that round toward zero on this side stop at the largest finite half.
    let overflow = match round {
        Round::Rte => INFINITY,
        Round::Rtz => MAX,
        Round::Rtp if neg => MAX,
        Round::Rtp => INFINITY,
        Round::Rtn if neg => INFINITY,
        Round::Rtn => MAX,
    };
    let exp_field = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    // |x| = m * 2^e2 with m an integer; e is the binary exponent of its leading bit.
    let (m, e2, e) = if exp_field == 0 {
        (frac, -1074, -1075)
    } else {
        (frac | (1u64 << 52), exp_field - 1075, exp_field - 1023)
    };
    if m == 0 {
        return sign;
    }
    if e > 15 {
        return sign | overflow;
    }
    // Halves below 2^-14 share the subnormal quantum 2^-24; above, a quantum is 2^(e-10).
    let e_eff = e.max(-14);
    let shift = ((e_eff - 10) - e2) as u32; // at least 42, since m has 53 bits
    let (q, inexact, vs_half) = if shift >= 64 {
        (0, true, std::cmp::Ordering::Less)
    } else {
        let rem = m & ((1u64 << shift) - 1);
        (m >> shift, rem != 0, rem.cmp(&(1u64 << (shift - 1))))
    };
    let up = match round {
        Round::Rte => vs_half.is_gt() || (vs_half.is_eq() && q & 1 == 1),
        Round::Rtz => false,
        Round::Rtp => inexact && !neg,
        Round::Rtn => inexact && neg,
    };
    // A quotient that carries into 2^11 moves to the next exponent by itself in this encoding.
    let h = (((e_eff + 14) as u64) << 10) + q + up as u64;
    if h >= INFINITY as u64 {
        return sign | overflow;
    }
    sign | h as u16
}

/// `a * b + c` rounded once. The product of two halves is exact in f64, but the sum need not
/// be, and rounding it to f64 first could land on a tie of the half format that the exact sum
/// is not on. So the sum is rounded to odd (the f64 result, moved one ulp toward the exact
/// value when inexact and even), which keeps enough of the exact value for the second
/// rounding to be correct (f64 has more than 11 + 2 bits).
pub fn fma(a: u16, b: u16, c: u16) -> u16 {
    let p = to_f64(a) * to_f64(b);
    let c = to_f64(c);
    let s = p + c;
    if !s.is_finite() || !p.is_finite() || !c.is_finite() {
        return from_f64(s);
    }
    // Knuth's TwoSum: the exact error of `s` (no overflow: |p| < 2^33, |c| < 2^16).
    let pv = s - c;
    let cv = s - pv;
    let err = (p - pv) + (c - cv);
    let odd = match err {
        0.0 => s,
        _ if s.to_bits() & 1 == 1 => s,
        _ if err > 0.0 => s.next_up(),
        _ => s.next_down(),
    };
    from_f64(odd)
}

/// The next half after `x` in the direction of `y` (C's `nextafter`).
pub fn next_after(x: u16, y: u16) -> u16 {
    if is_nan(x) || is_nan(y) {
        return if is_nan(x) { x } else { y };
    }
    let (fx, fy) = (to_f32(x), to_f32(y));
    if fx == fy {
        return y;
    }
    if x & 0x7fff == 0 {
        // From a zero, the smallest subnormal with the sign of the direction.
        return (y & SIGN) | 1;
    }
    // Away from zero is one more in the magnitude's encoding, toward zero one less.
    if (fy > fx) == (x & SIGN == 0) {
        x + 1
    } else {
        x - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every half, widened and rounded back in every mode, is itself.
    #[test]
    fn round_trip_and_bracket() {
        for h in 0..=u16::MAX {
            let f = to_f32(h);
            if f.is_nan() {
                assert!(is_nan(h));
                continue;
            }
            for round in [Round::Rte, Round::Rtz, Round::Rtp, Round::Rtn] {
                assert_eq!(round_f64(f as f64, round), h, "{h:#x} {round:?}");
            }
        }
        let mut s: u32 = 0x1234_5678;
        for _ in 0..20000 {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            let x = f32::from_bits(s & 0xc7ff_ffff); // magnitudes below 2^16
            if x.is_nan() {
                continue;
            }
            let (dn, up) = (
                to_f32(round_f64(x as f64, Round::Rtn)),
                to_f32(round_f64(x as f64, Round::Rtp)),
            );
            assert!(dn <= x && x <= up, "{x}");
            let ne = to_f32(from_f64(x as f64));
            assert!(ne == dn || ne == up);
            if up.is_infinite() || dn.is_infinite() {
                continue;
            }
            assert!((ne - x).abs() <= (x - dn).abs().min((up - x).abs()), "{x}");
        }
    }

    #[test]
    fn widening() {
        assert_eq!(to_f32(0x3c00), 1.0);
        assert_eq!(to_f32(0xc000), -2.0);
        assert_eq!(to_f32(0x0001), 2f32.powi(-24));
        assert_eq!(to_f32(0x7bff), 65504.0);
        assert_eq!(to_f32(INFINITY), f32::INFINITY);
        assert!(to_f32(NAN).is_nan());
        assert_eq!(to_f32(SIGN).to_bits(), (-0.0f32).to_bits());
        // A signalling NaN keeps its payload, and is quiet where a conversion must make it so.
        assert_eq!(to_f32(0x7cb1).to_bits(), 0x7f96_2000);
        assert_eq!(to_f32_quiet(0x7cb1).to_bits(), 0x7fd6_2000);
        assert_eq!(to_f32_quiet(0xfe01).to_bits(), to_f32(0xfe01).to_bits());
    }

    #[test]
    fn nearest_ties_to_even() {
        // 1 + 2^-11 lies halfway between 1 and 1 + 2^-10: to the even one, 1.
        assert_eq!(from_f64(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(from_f64(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        // 65520 is halfway between 65504 and 2^16, which is out of range: infinity.
        assert_eq!(from_f64(65519.99), MAX);
        assert_eq!(from_f64(65520.0), INFINITY);
        assert_eq!(from_f64(-1e-9), SIGN);
        // Half the smallest subnormal ties to zero; a bit more rounds up.
        assert_eq!(from_f64(2f64.powi(-25)), 0);
        assert_eq!(from_f64(2f64.powi(-25) * 1.0001), 1);
    }

    /// The nearest half to `n * 2^-48` (ties to even), by search over the encodings: a
    /// model of rounding that shares no code with `round_f64`.
    fn nearest(table: &[i128], n: i128) -> u16 {
        let (neg, n) = (n < 0, n.abs());
        // The top of the range: 65504 + half an ulp (16) rounds to infinity.
        let r = if n >= table[MAX as usize] + (16i128 << 48) {
            INFINITY
        } else {
            let below = (table.partition_point(|&v| v <= n) - 1) as u16;
            let above = below + 1;
            let at = |h: u16| table.get(h as usize).copied().unwrap_or(65536i128 << 48);
            let (lo, hi) = (n - at(below), at(above) - n);
            match lo.cmp(&hi) {
                std::cmp::Ordering::Less => below,
                std::cmp::Ordering::Greater => above,
                _ if below & 1 == 0 => below,
                _ => above,
            }
        };
        if neg {
            r | SIGN
        } else {
            r
        }
    }

    #[test]
    fn fma_rounds_once() {
        // 1.5 * (683 / 1024) = 1 + 2^-11, a tie between 1 and 1 + 2^-10: the product rounded
        // first goes to even (1), and adding 2^-24 leaves 1; fused, the sum is past the tie.
        assert_eq!(fma(0x3e00, 0x3956, 0x0001), 0x3c01);
        assert_eq!(fma(0x3e00, 0x3956, 0x0000), 0x3c00);
        let q = |h: u16| (to_f64(h) * 2f64.powi(24)) as i128;
        let table: Vec<i128> = (0..=MAX).map(|h| q(h) << 24).collect();
        let mut s: u32 = 0x9e37_79b9;
        for _ in 0..100_000 {
            s ^= s << 13;
            s ^= s >> 17;
            s ^= s << 5;
            // Finite halves of both signs (even exponent fields, subnormals among them).
            let h = |v: u32| v as u16 & 0xfbff;
            let (a, b, c) = (h(s), h(s >> 16), h(s.rotate_left(7)));
            let exact = q(a) * q(b) + (q(c) << 24);
            assert_eq!(fma(a, b, c), nearest(&table, exact), "{a:#x} {b:#x} {c:#x}");
        }
        assert!(is_nan(fma(INFINITY, 0, 0x3c00)));
        assert_eq!(fma(INFINITY, 0x3c00, 0x3c00), INFINITY);
        assert_eq!(fma(MAX, MAX, SIGN | MAX), INFINITY);
    }

    #[test]
    fn next_after_steps_one_half() {
        assert_eq!(next_after(0x3c00, INFINITY), 0x3c01);
        assert_eq!(next_after(0x3c00, 0), 0x3bff);
        assert_eq!(next_after(0, SIGN | 0x3c00), SIGN | 1);
        assert_eq!(next_after(SIGN | 1, 0x3c00), SIGN);
        assert_eq!(next_after(MAX, INFINITY), INFINITY);
        assert_eq!(next_after(SIGN | 0x3c00, SIGN | INFINITY), SIGN | 0x3c01);
        assert_eq!(next_after(0x3c00, 0x3c00), 0x3c00);
        assert!(is_nan(next_after(NAN, 0)));
    }
}
