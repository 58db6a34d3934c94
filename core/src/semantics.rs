//! What each op computes, as pure functions of slot values.
//!
//! Kept apart from the work-item state so that other executors (and the builtins) reuse the exact
//! same semantics. Integers arrive zero-extended to `bits` and leave masked to `bits`; floats are
//! computed in their own precision (f32 in f32); `half` is computed in f64 and rounded once
//! (`crate::half` says why that is correctly rounded).

use crate::bytecode::{
    CastOp, FloatBinOp, FloatPred, FloatTy, FloatUnOp, IntBinOp, IntPred, IntUnOp, OverflowOp,
    RmwOp, ScalarTy, VType,
};
use crate::half;

#[inline(always)]
pub fn mask(bits: u8) -> u64 {
    u64::MAX >> (64 - bits as u32)
}

/// Sign-extends the low `bits` of `v`.
#[inline(always)]
pub fn sext(v: u64, bits: u8) -> i64 {
    let shift = 64 - bits as u32;
    ((v << shift) as i64) >> shift
}

#[inline(always)]
pub fn f32_of(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

#[inline(always)]
pub fn f64_of(v: u64) -> f64 {
    f64::from_bits(v)
}

/// A `half` slot, widened (exactly).
#[inline(always)]
pub fn f16_of(v: u64) -> f64 {
    half::to_f64(v as u16)
}

/// A value rounded to the nearest `half`, as a slot.
#[inline(always)]
pub fn slot_f16(f: f64) -> u64 {
    half::from_f64(f) as u64
}

#[inline(always)]
pub fn slot_f32(f: f32) -> u64 {
    f.to_bits() as u64
}

#[inline(always)]
pub fn slot_f64(f: f64) -> u64 {
    f.to_bits()
}

/// An address plus a scaled, sign-extended index (one step of a `getelementptr`).
#[inline(always)]
pub fn index_address(base: u64, idx: u64, idx_bits: u8, scale: i64) -> u64 {
    base.wrapping_add(sext(idx, idx_bits).wrapping_mul(scale) as u64)
}

/// Shift amount as LLVM defines it for in-range shifts; out-of-range amounts (poison in LLVM)
/// wrap modulo the width, as OpenCL C defines shifts.
#[inline(always)]
fn shift_amount(b: u64, bits: u8) -> u32 {
    (b % bits as u64) as u32
}

#[inline(always)]
pub fn shl(a: u64, b: u64, bits: u8) -> u64 {
    (a << shift_amount(b, bits)) & mask(bits)
}

#[inline(always)]
pub fn lshr(a: u64, b: u64, bits: u8) -> u64 {
    a >> shift_amount(b, bits)
}

#[inline(always)]
pub fn ashr(a: u64, b: u64, bits: u8) -> u64 {
    ((sext(a, bits) >> shift_amount(b, bits)) as u64) & mask(bits)
}

#[inline]
pub fn int_bin(op: IntBinOp, a: u64, b: u64, bits: u8) -> u64 {
    let m = mask(bits);
    let (sa, sb) = (sext(a, bits), sext(b, bits));
    let (smin, smax) = (sext(1u64 << (bits - 1), bits), sext(m >> 1, bits));
    let r = match op {
        IntBinOp::Add => a.wrapping_add(b),
        IntBinOp::Sub => a.wrapping_sub(b),
        IntBinOp::Mul => a.wrapping_mul(b),
        // Division by zero is undefined in OpenCL C; yield 0 rather than fault (as Oclgrind).
        IntBinOp::UDiv => a.checked_div(b).unwrap_or(0),
        IntBinOp::URem => a.checked_rem(b).unwrap_or(0),
        IntBinOp::SDiv => {
            if b == 0 || (sa == smin && sb == -1) {
                0
            } else {
                (sa / sb) as u64
            }
        }
        IntBinOp::SRem => {
            if b == 0 || (sa == smin && sb == -1) {
                0
            } else {
                (sa % sb) as u64
            }
        }
        IntBinOp::Shl => return shl(a, b, bits),
        IntBinOp::LShr => return lshr(a, b, bits),
        IntBinOp::AShr => return ashr(a, b, bits),
        IntBinOp::And => a & b,
        IntBinOp::Or => a | b,
        IntBinOp::Xor => a ^ b,
        IntBinOp::SMax => sa.max(sb) as u64,
        IntBinOp::SMin => sa.min(sb) as u64,
        IntBinOp::UMax => a.max(b),
        IntBinOp::UMin => a.min(b),
        IntBinOp::UAddSat => a.checked_add(b).filter(|r| *r <= m).unwrap_or(m),
        IntBinOp::USubSat => a.saturating_sub(b),
        IntBinOp::SAddSat => (sa as i128 + sb as i128).clamp(smin as i128, smax as i128) as u64,
        IntBinOp::SSubSat => (sa as i128 - sb as i128).clamp(smin as i128, smax as i128) as u64,
    };
    r & m
}

#[inline]
pub fn int_un(op: IntUnOp, a: u64, bits: u8) -> u64 {
    let m = mask(bits);
    let r = match op {
        IntUnOp::Abs => sext(a, bits).unsigned_abs(),
        IntUnOp::CtPop => a.count_ones() as u64,
        IntUnOp::Ctlz => (a.leading_zeros() - (64 - bits as u32)) as u64,
        IntUnOp::Cttz => (a.trailing_zeros().min(bits as u32)) as u64,
        IntUnOp::BSwap => a.swap_bytes() >> (64 - bits as u32),
        IntUnOp::BitReverse => a.reverse_bits() >> (64 - bits as u32),
    };
    r & m
}

/// `llvm.fshl` / `llvm.fshr`: shift the concatenation `a:b` by `c` modulo the width.
#[inline]
pub fn funnel(left: bool, a: u64, b: u64, c: u64, bits: u8) -> u64 {
    let n = bits as u32;
    let s = (c % n as u64) as u32;
    if s == 0 {
        return if left { a } else { b };
    }
    let r = if left {
        (a << s) | (b >> (n - s))
    } else {
        (a << (n - s)) | (b >> s)
    };
    r & mask(bits)
}

/// Result and overflow flag of an `llvm.*.with.overflow` intrinsic.
#[inline]
pub fn overflow(op: OverflowOp, a: u64, b: u64, bits: u8) -> (u64, bool) {
    let m = mask(bits);
    let (sa, sb) = (sext(a, bits) as i128, sext(b, bits) as i128);
    let (smin, smax) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
    let (ua, ub) = (a as u128, b as u128);
    let (r, o) = match op {
        OverflowOp::SAdd => {
            let r = sa + sb;
            (r as u64, r < smin || r > smax)
        }
        OverflowOp::SSub => {
            let r = sa - sb;
            (r as u64, r < smin || r > smax)
        }
        OverflowOp::SMul => {
            let r = sa * sb;
            (r as u64, r < smin || r > smax)
        }
        OverflowOp::UAdd => {
            let r = ua + ub;
            (r as u64, r > m as u128)
        }
        OverflowOp::USub => (a.wrapping_sub(b), b > a),
        OverflowOp::UMul => {
            let r = ua * ub;
            (r as u64, r > m as u128)
        }
    };
    (r & m, o)
}

#[inline]
pub fn icmp(pred: IntPred, a: u64, b: u64, bits: u8) -> bool {
    match pred {
        IntPred::Eq => a == b,
        IntPred::Ne => a != b,
        IntPred::Ugt => a > b,
        IntPred::Uge => a >= b,
        IntPred::Ult => a < b,
        IntPred::Ule => a <= b,
        IntPred::Sgt => sext(a, bits) > sext(b, bits),
        IntPred::Sge => sext(a, bits) >= sext(b, bits),
        IntPred::Slt => sext(a, bits) < sext(b, bits),
        IntPred::Sle => sext(a, bits) <= sext(b, bits),
    }
}

/// Float comparison; f32 operands are compared exactly after widening to f64.
#[inline(always)]
pub fn fcmp(pred: FloatPred, a: f64, b: f64) -> bool {
    let unordered = a.is_nan() || b.is_nan();
    match pred {
        FloatPred::False => false,
        FloatPred::True => true,
        FloatPred::Oeq => a == b,
        FloatPred::Ogt => a > b,
        FloatPred::Oge => a >= b,
        FloatPred::Olt => a < b,
        FloatPred::Ole => a <= b,
        FloatPred::One => !unordered && a != b,
        FloatPred::Ord => !unordered,
        FloatPred::Uno => unordered,
        FloatPred::Ueq => unordered || a == b,
        FloatPred::Ugt => unordered || a > b,
        FloatPred::Uge => unordered || a >= b,
        FloatPred::Ult => unordered || a < b,
        FloatPred::Ule => unordered || a <= b,
        FloatPred::Une => unordered || a != b,
    }
}

/// Reads a float slot of any precision, widened.
#[inline]
pub fn float_of(ty: FloatTy, v: u64) -> f64 {
    match ty {
        FloatTy::F16 => f16_of(v),
        FloatTy::F32 => f32_of(v) as f64,
        FloatTy::F64 => f64_of(v),
    }
}

macro_rules! float_ops {
    ($bin:ident, $un:ident, $fma:ident, $t:ty) => {
        pub fn $bin(op: FloatBinOp, a: $t, b: $t) -> $t {
            match op {
                FloatBinOp::Add => a + b,
                FloatBinOp::Sub => a - b,
                FloatBinOp::Mul => a * b,
                FloatBinOp::Div => a / b,
                FloatBinOp::Rem => a % b,
                FloatBinOp::MinNum => a.min(b),
                FloatBinOp::MaxNum => a.max(b),
                FloatBinOp::Minimum => {
                    if a.is_nan() || b.is_nan() {
                        <$t>::NAN
                    } else if a == b {
                        if a.is_sign_negative() {
                            a
                        } else {
                            b
                        }
                    } else {
                        a.min(b)
                    }
                }
                FloatBinOp::Maximum => {
                    if a.is_nan() || b.is_nan() {
                        <$t>::NAN
                    } else if a == b {
                        if a.is_sign_positive() {
                            a
                        } else {
                            b
                        }
                    } else {
                        a.max(b)
                    }
                }
                FloatBinOp::CopySign => a.copysign(b),
            }
        }

        pub fn $un(op: FloatUnOp, a: $t) -> $t {
            match op {
                FloatUnOp::Neg => -a,
                FloatUnOp::Abs => a.abs(),
                FloatUnOp::Sqrt => a.sqrt(),
                // In double and rounded once, as Oclgrind computes it.
                FloatUnOp::Rsqrt => (1.0 / (a as f64).sqrt()) as $t,
                FloatUnOp::Floor => a.floor(),
                FloatUnOp::Ceil => a.ceil(),
                FloatUnOp::Trunc => a.trunc(),
                FloatUnOp::Rint | FloatUnOp::RoundEven => a.round_ties_even(),
                FloatUnOp::Round => a.round(),
            }
        }

        /// Unfused `a * b + c` is computed in double precision and rounded once more, as
        /// Oclgrind computes it: results match Oclgrind's, and for `float` they are almost
        /// always the fused result real devices give.
        pub fn $fma(fused: bool, a: $t, b: $t, c: $t) -> $t {
            if fused {
                a.mul_add(b, c)
            } else {
                (a as f64 * b as f64 + c as f64) as $t
            }
        }
    };
}

float_ops!(float_bin32, float_un32, fma32, f32);
float_ops!(float_bin64, float_un64, fma64, f64);

/// `half` arithmetic: in f64, rounded once; sign operations work on the bits, as for the
/// other precisions (a NaN keeps its payload).
fn float_bin16(op: FloatBinOp, a: u64, b: u64) -> u64 {
    match op {
        FloatBinOp::CopySign => (a & 0x7fff) | (b & 0x8000),
        _ => slot_f16(float_bin64(op, f16_of(a), f16_of(b))),
    }
}

fn float_un16(op: FloatUnOp, a: u64) -> u64 {
    match op {
        FloatUnOp::Neg => a ^ 0x8000,
        FloatUnOp::Abs => a & 0x7fff,
        _ => slot_f16(float_un64(op, f16_of(a))),
    }
}

#[inline]
pub fn float_bin(op: FloatBinOp, ty: FloatTy, a: u64, b: u64) -> u64 {
    match ty {
        FloatTy::F16 => float_bin16(op, a, b),
        FloatTy::F32 => slot_f32(float_bin32(op, f32_of(a), f32_of(b))),
        FloatTy::F64 => slot_f64(float_bin64(op, f64_of(a), f64_of(b))),
    }
}

#[inline(always)]
pub fn float_un(op: FloatUnOp, ty: FloatTy, a: u64) -> u64 {
    match ty {
        FloatTy::F16 => float_un16(op, a),
        FloatTy::F32 => slot_f32(float_un32(op, f32_of(a))),
        FloatTy::F64 => slot_f64(float_un64(op, f64_of(a))),
    }
}

#[inline]
pub fn fma(ty: FloatTy, fused: bool, a: u64, b: u64, c: u64) -> u64 {
    match ty {
        // Fused either way: rounding once is what `fmuladd` allows too.
        FloatTy::F16 => half::fma(a as u16, b as u16, c as u16) as u64,
        FloatTy::F32 => slot_f32(fma32(fused, f32_of(a), f32_of(b), f32_of(c))),
        FloatTy::F64 => slot_f64(fma64(fused, f64_of(a), f64_of(b), f64_of(c))),
    }
}

/// Float to integer: truncates toward zero, saturating out-of-range values, NaN gives 0.
fn float_to_int(f: f64, to: u8, signed: bool) -> u64 {
    if signed {
        let lo = -(2f64.powi(to as i32 - 1));
        let hi = 2f64.powi(to as i32 - 1) - 1.0;
        ((f.trunc().clamp(lo, hi) as i64) as u64) & mask(to)
    } else {
        let hi = 2f64.powi(to as i32) - 1.0;
        (f.trunc().clamp(0.0, hi) as u64) & mask(to)
    }
}

/// A signed integer to a float of precision `to`, rounded to nearest.
#[inline]
fn signed_to_float(i: i64, to: FloatTy) -> u64 {
    match to {
        // Integers past 2^53 round in f64 first, but every one of them is far past 65520, where
        // halves round to infinity anyway.
        FloatTy::F16 => slot_f16(i as f64),
        FloatTy::F32 => slot_f32(i as f32),
        FloatTy::F64 => slot_f64(i as f64),
    }
}

/// An unsigned integer to a float of precision `to`, rounded to nearest.
#[inline]
fn unsigned_to_float(u: u64, to: FloatTy) -> u64 {
    match to {
        FloatTy::F16 => slot_f16(u as f64),
        FloatTy::F32 => slot_f32(u as f32),
        FloatTy::F64 => slot_f64(u as f64),
    }
}

/// Changes a float's precision: exact when widening, rounding to nearest when narrowing.
#[inline]
pub fn float_convert(from: FloatTy, to: FloatTy, v: u64) -> u64 {
    let x = float_of(from, v);
    match to {
        FloatTy::F16 => slot_f16(x),
        FloatTy::F32 => slot_f32(x as f32),
        FloatTy::F64 => slot_f64(x),
    }
}

#[inline]
pub fn cast(op: CastOp, v: u64) -> u64 {
    match op {
        CastOp::Trunc { to } => v & mask(to),
        CastOp::SExt { from, to } => (sext(v, from) as u64) & mask(to),
        CastOp::FpTrunc { from, to } | CastOp::FpExt { from, to } => float_convert(from, to, v),
        // Every float of any precision widens to f64 exactly, so one path serves all.
        CastOp::FpToSi { from, to } => float_to_int(float_of(from, v), to, true),
        CastOp::FpToUi { from, to } => float_to_int(float_of(from, v), to, false),
        CastOp::SiToFp { from, to } => signed_to_float(sext(v, from), to),
        CastOp::UiToFp { from, to } => unsigned_to_float(v & mask(from), to),
    }
}

/// New memory value of an atomic read-modify-write.
#[inline]
pub fn rmw(op: RmwOp, ty: ScalarTy, old: u64, v: u64) -> u64 {
    let bits = match ty {
        ScalarTy::Int(b) => b,
        ScalarTy::F16 => 16,
        ScalarTy::F32 => 32,
        _ => 64,
    };
    let m = mask(bits);
    let fl = |f: fn(f64, f64) -> f64| -> u64 {
        match ty {
            ScalarTy::F16 => slot_f16(f(f16_of(old), f16_of(v))),
            ScalarTy::F32 => slot_f32(f(f32_of(old) as f64, f32_of(v) as f64) as f32),
            _ => slot_f64(f(f64_of(old), f64_of(v))),
        }
    };
    match op {
        RmwOp::Xchg => v,
        RmwOp::Add => old.wrapping_add(v) & m,
        RmwOp::Sub => old.wrapping_sub(v) & m,
        RmwOp::And => old & v,
        RmwOp::Nand => !(old & v) & m,
        RmwOp::Or => old | v,
        RmwOp::Xor => old ^ v,
        RmwOp::Max => sext(old, bits).max(sext(v, bits)) as u64 & m,
        RmwOp::Min => sext(old, bits).min(sext(v, bits)) as u64 & m,
        RmwOp::UMax => old.max(v),
        RmwOp::UMin => old.min(v),
        RmwOp::FAdd => fl(|a, b| a + b),
        RmwOp::FSub => fl(|a, b| a - b),
        RmwOp::FMax => fl(f64::max),
        RmwOp::FMin => fl(f64::min),
        RmwOp::UIncWrap => {
            if old >= v {
                0
            } else {
                (old + 1) & m
            }
        }
        RmwOp::UDecWrap => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
    }
}

/// Width in bits of one lane as it is laid out in a bitcast.
fn lane_bits(t: ScalarTy) -> u32 {
    t.bits() as u32
}

/// Reinterprets `src` (lanes of `from`) as a flat little-endian bit string and re-splits it
/// into `out` (lanes of `to`). Vectors may have any number of lanes.
pub fn bitcast_lanes(src: &[u64], from: VType, out: &mut [u64], to: VType) {
    let (fb, tb) = (lane_bits(from.elem), lane_bits(to.elem));
    for (i, o) in out.iter_mut().enumerate().take(to.lanes as usize) {
        // Gather the `tb` bits at bit `i * tb` from the source lanes that hold them.
        let mut v = 0u64;
        let mut done = 0;
        while done < tb {
            let at = i as u64 * tb as u64 + done as u64;
            let (lane, offset) = ((at / fb as u64) as usize, (at % fb as u64) as u32);
            let n = (fb - offset).min(tb - done);
            let bits = (src.get(lane).copied().unwrap_or(0) & mask(fb as u8)) >> offset;
            v |= (bits & mask(n as u8)) << done;
            done += n;
        }
        *o = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcasts_between_lane_layouts() {
        let vt = |elem, lanes| VType { elem, lanes };
        let cast = |src: &[u64], from: VType, to: VType| {
            let mut out = vec![0; to.lanes as usize];
            bitcast_lanes(src, from, &mut out, to);
            out
        };
        let (i8x4, i32x1) = (vt(ScalarTy::Int(8), 4), vt(ScalarTy::Int(32), 1));
        assert_eq!(cast(&[0x78, 0x56, 0x34, 0x12], i8x4, i32x1), [0x12345678]);
        assert_eq!(cast(&[0x12345678], i32x1, i8x4), [0x78, 0x56, 0x34, 0x12]);
        let (i1x8, i8) = (vt(ScalarTy::Int(1), 8), vt(ScalarTy::Int(8), 1));
        assert_eq!(cast(&[1, 0, 1, 0, 0, 0, 0, 1], i1x8, i8), [0x85]);
        let (i64x1, f32x2) = (vt(ScalarTy::Int(64), 1), vt(ScalarTy::F32, 2));
        assert_eq!(
            cast(&[0x4000_0000_3f80_0000], i64x1, f32x2),
            [0x3f80_0000, 0x4000_0000]
        );
        // Wider than any OpenCL C type: a 64-lane mask, and 32 floats as 16 doubles.
        let mask: Vec<u64> = (0..64).map(|i| (i % 3 == 0) as u64).collect();
        let bits = (0..64).filter(|i| i % 3 == 0).fold(0u64, |a, i| a | 1 << i);
        let (i1x64, i64) = (vt(ScalarTy::Int(1), 64), vt(ScalarTy::Int(64), 1));
        assert_eq!(cast(&mask, i1x64, i64), [bits]);
        assert_eq!(cast(&[bits], i64, i1x64), mask);
        let floats: Vec<u64> = (0..32).map(|i| 0x3f80_0000 + i).collect();
        let doubles = cast(&floats, vt(ScalarTy::F32, 32), vt(ScalarTy::F64, 16));
        assert_eq!(doubles[15], (0x3f80_001f << 32) | 0x3f80_001e);
        assert_eq!(
            cast(&doubles, vt(ScalarTy::F64, 16), vt(ScalarTy::F32, 32)),
            floats
        );
    }

    #[test]
    fn integer_ops_wrap_and_sign_extend() {
        assert_eq!(int_bin(IntBinOp::Add, 0xff, 1, 8), 0);
        assert_eq!(int_bin(IntBinOp::SDiv, 0xf9, 2, 8), 0xfd); // -7 / 2 = -3
        assert_eq!(int_bin(IntBinOp::SRem, 0xf9, 2, 8), 0xff); // -7 % 2 = -1
        assert_eq!(int_bin(IntBinOp::UDiv, 7, 0, 32), 0);
        assert_eq!(int_bin(IntBinOp::SDiv, 0x8000_0000, 0xffff_ffff, 32), 0);
        assert_eq!(ashr(0x8000_0000, 31, 32), 0xffff_ffff);
        assert_eq!(shl(1, 33, 32), 2); // amounts wrap modulo the width
        assert_eq!(int_bin(IntBinOp::SAddSat, 0x7f, 1, 8), 0x7f);
        assert_eq!(int_bin(IntBinOp::SSubSat, 0x80, 1, 8), 0x80);
        assert_eq!(int_bin(IntBinOp::UAddSat, 0xff, 1, 8), 0xff);
        assert_eq!(int_bin(IntBinOp::SMin, 0xffff_ffff, 3, 32), 0xffff_ffff);
        assert_eq!(int_bin(IntBinOp::UMin, 0xffff_ffff, 3, 32), 3);
        assert_eq!(int_bin(IntBinOp::Add, u64::MAX, 2, 64), 1);
    }

    #[test]
    fn bit_counting() {
        assert_eq!(int_un(IntUnOp::Ctlz, 1, 32), 31);
        assert_eq!(int_un(IntUnOp::Ctlz, 0, 16), 16);
        assert_eq!(int_un(IntUnOp::Cttz, 0, 8), 8);
        assert_eq!(int_un(IntUnOp::CtPop, 0xf0f0, 16), 8);
        assert_eq!(int_un(IntUnOp::BSwap, 0x1234, 16), 0x3412);
        assert_eq!(int_un(IntUnOp::BitReverse, 1, 8), 0x80);
        assert_eq!(int_un(IntUnOp::Abs, 0xffff_fffe, 32), 2);
        assert_eq!(int_un(IntUnOp::Abs, 0x8000_0000, 32), 0x8000_0000);
    }

    #[test]
    fn funnel_shifts_and_overflow() {
        assert_eq!(funnel(true, 0x12, 0x34, 4, 8), 0x23);
        assert_eq!(funnel(false, 0x12, 0x34, 4, 8), 0x23);
        assert_eq!(funnel(true, 0xab, 0, 8, 8), 0xab);
        assert_eq!(
            overflow(OverflowOp::SAdd, 0x7fff_ffff, 1, 32),
            (0x8000_0000, true)
        );
        assert_eq!(overflow(OverflowOp::UAdd, 0xffff_ffff, 1, 32), (0, true));
        assert_eq!(overflow(OverflowOp::USub, 1, 2, 32), (0xffff_ffff, true));
        assert_eq!(overflow(OverflowOp::UMul, 0x10000, 0x10000, 32), (0, true));
        assert_eq!(
            overflow(OverflowOp::SMul, 3, 0xffff_fffe, 32),
            (0xffff_fffa, false)
        );
    }

    #[test]
    fn comparisons() {
        assert!(icmp(IntPred::Slt, 0xff, 0, 8));
        assert!(!icmp(IntPred::Ult, 0xff, 0, 8));
        assert!(fcmp(FloatPred::Une, f64::NAN, 1.0));
        assert!(!fcmp(FloatPred::One, f64::NAN, 1.0));
        assert!(fcmp(FloatPred::Ord, 1.0, 2.0));
    }

    #[test]
    fn floats_use_their_own_precision() {
        // 16777216 + 1 is not representable in f32.
        let a = slot_f32(16777216.0);
        let b = slot_f32(1.0);
        assert_eq!(
            f32_of(float_bin(FloatBinOp::Add, FloatTy::F32, a, b)),
            16777216.0
        );
        assert_eq!(
            f32_of(float_un(FloatUnOp::Rint, FloatTy::F32, slot_f32(2.5))),
            2.0
        );
        assert_eq!(
            f32_of(float_un(FloatUnOp::Round, FloatTy::F32, slot_f32(2.5))),
            3.0
        );
        let m = float_bin(
            FloatBinOp::Minimum,
            FloatTy::F64,
            slot_f64(-0.0),
            slot_f64(0.0),
        );
        assert!(f64_of(m).is_sign_negative());
    }

    #[test]
    fn casts() {
        assert_eq!(cast(CastOp::SExt { from: 8, to: 32 }, 0x80), 0xffff_ff80);
        assert_eq!(cast(CastOp::Trunc { to: 8 }, 0x1234), 0x34);
        assert_eq!(
            cast(
                CastOp::FpToSi {
                    from: FloatTy::F32,
                    to: 32
                },
                slot_f32(-3.7)
            ),
            0xffff_fffd
        );
        assert_eq!(
            cast(
                CastOp::FpToUi {
                    from: FloatTy::F32,
                    to: 8
                },
                slot_f32(300.0)
            ),
            0xff
        );
        assert_eq!(
            cast(
                CastOp::FpToSi {
                    from: FloatTy::F64,
                    to: 32
                },
                slot_f64(f64::NAN)
            ),
            0
        );
        assert_eq!(
            f32_of(cast(
                CastOp::UiToFp {
                    from: 32,
                    to: FloatTy::F32
                },
                0xffff_ffff
            )),
            4294967296.0
        );
        assert_eq!(
            f64_of(cast(
                CastOp::SiToFp {
                    from: 16,
                    to: FloatTy::F64
                },
                0xffff
            )),
            -1.0
        );
    }

    #[test]
    fn atomics() {
        let i32t = ScalarTy::Int(32);
        assert_eq!(rmw(RmwOp::Max, i32t, 0xffff_ffff, 1), 1);
        assert_eq!(rmw(RmwOp::UMax, i32t, 0xffff_ffff, 1), 0xffff_ffff);
        assert_eq!(rmw(RmwOp::UIncWrap, i32t, 5, 5), 0);
        assert_eq!(rmw(RmwOp::UDecWrap, i32t, 0, 9), 9);
        assert_eq!(
            f32_of(rmw(
                RmwOp::FAdd,
                ScalarTy::F32,
                slot_f32(1.5),
                slot_f32(2.0)
            )),
            3.5
        );
    }

    /// `half` ops round once from the exact result; sign operations work on the bits.
    #[test]
    fn half_arithmetic() {
        let h = FloatTy::F16;
        let (one, two, three) = (0x3c00, 0x4000, 0x4200);
        // 2048 + 1 is a tie between 2048 and 2050: to even.
        assert_eq!(float_bin(FloatBinOp::Add, h, 0x6800, one), 0x6800);
        assert_eq!(float_bin(FloatBinOp::Add, h, 0x6801, one), 0x6802);
        assert_eq!(float_bin(FloatBinOp::Div, h, one, three), 0x3555);
        assert_eq!(float_bin(FloatBinOp::Mul, h, 0x7bff, two), 0x7c00);
        assert_eq!(float_bin(FloatBinOp::Rem, h, 0x4500, two), one); // 5 % 2
        assert_eq!(float_bin(FloatBinOp::Minimum, h, 0x8000, 0), 0x8000);
        assert_eq!(float_bin(FloatBinOp::CopySign, h, 0x7e05, 0x8000), 0xfe05);
        // Subnormal results: 2^-14 * 2^-10 is the smallest subnormal, its half a tie (to 0).
        assert_eq!(float_bin(FloatBinOp::Mul, h, 0x0400, 0x1400), 0x0001);
        assert_eq!(float_bin(FloatBinOp::Mul, h, 0x0001, 0x3800), 0x0000);
        assert_eq!(float_un(FloatUnOp::Neg, h, 0x7e05), 0xfe05);
        assert_eq!(float_un(FloatUnOp::Abs, h, 0x8001), 0x0001);
        assert_eq!(float_un(FloatUnOp::Sqrt, h, two), 0x3da8);
        assert_eq!(float_un(FloatUnOp::Rint, h, 0x4100), two); // 2.5
        assert_eq!(float_un(FloatUnOp::Round, h, 0x4100), three);
        assert!(fcmp(FloatPred::Olt, float_of(h, one), float_of(h, two)));
        assert!(fcmp(FloatPred::Uno, float_of(h, 0x7e00), 0.0));
        // Fused, `llvm.fmuladd` too: 1.5 * (683/1024) + 2^-24 is just past a tie.
        assert_eq!(fma(h, false, 0x3e00, 0x3956, 0x0001), 0x3c01);
        assert_eq!(
            f16_of(rmw(RmwOp::FAdd, ScalarTy::F16, one, two)),
            3.0,
            "an atomic add on a half"
        );
    }

    #[test]
    fn half_casts() {
        let (h, f, d) = (FloatTy::F16, FloatTy::F32, FloatTy::F64);
        let trunc = |from, v| cast(CastOp::FpTrunc { from, to: h }, v);
        // Past the tie 1 + 2^-11 by 2^-40: one rounding from double gives 1 + 2^-10.
        assert_eq!(
            trunc(d, slot_f64(1.0 + 2f64.powi(-11) + 2f64.powi(-40))),
            0x3c01
        );
        assert_eq!(trunc(f, slot_f32(0.1)), 0x2e66);
        assert_eq!(trunc(f, slot_f32(65520.0)), 0x7c00);
        assert_eq!(trunc(f, slot_f32(-1e-10)), 0x8000);
        let ext = |to, v| cast(CastOp::FpExt { from: h, to }, v);
        assert_eq!(f32_of(ext(f, 0x0001)), 2f32.powi(-24));
        assert_eq!(f64_of(ext(d, 0xfbff)), -65504.0);
        assert_eq!(ext(f, 0x7e05), 0x7fc0_a000, "NaN payloads move up");
        let si = |from, v| cast(CastOp::SiToFp { from, to: h }, v);
        assert_eq!(si(32, 65519), 0x7bff);
        assert_eq!(si(32, 65520), 0x7c00);
        assert_eq!(si(16, 0xf7ff), 0xe800, "-2049 is a tie: to even, -2048");
        let ui = |v| cast(CastOp::UiToFp { from: 64, to: h }, v);
        assert_eq!(ui(u64::MAX), 0x7c00);
        let to_int = |v| cast(CastOp::FpToSi { from: h, to: 32 }, v);
        assert_eq!(to_int(0xc100), (-2i32) as u32 as u64);
        assert_eq!(to_int(0x7c00), 0x7fff_ffff);
        assert_eq!(cast(CastOp::FpToUi { from: h, to: 8 }, 0x5cb0), 0xff);
    }
}
