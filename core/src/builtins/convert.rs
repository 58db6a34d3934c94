//! Explicit conversions `convert_<type>[_sat][_rte|_rtz|_rtp|_rtn]` (OpenCL C §6.2.3) between
//! every integer and floating-point scalar and vector type.
//!
//! Conversions with the default rounding (and exact ones) become `Cast` ops; the rest run in a
//! site. Directed rounding is done exactly, without touching the host's floating-point mode: the
//! round-to-nearest result is compared with the exact value and stepped by one ulp if it lies on
//! the wrong side.

use std::cmp::Ordering;

use super::lanes::int_value;
use super::num::Num;
use super::{site, Call, Emit, Problem, Resolution};
use crate::bytecode::{CastOp, FloatTy, Op};
use crate::half::{self, Round};
use crate::semantics::{f16_of, f32_of, f64_of, mask, slot_f32, slot_f64};

/// What a `convert_*` name asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Conversion {
    dst: Num,
    sat: bool,
    /// The rounding mode, with the default already applied.
    round: Round,
}

/// Parses `convert_<type><n>[_sat][_rtX]`.
fn parse(name: &str) -> Option<Conversion> {
    let rest = name.strip_prefix("convert_")?;
    let ty_end = rest
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(rest.len());
    let (ty, mut rest) = rest.split_at(ty_end);
    rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let sat = match rest.strip_prefix("_sat") {
        Some(r) => {
            rest = r;
            true
        }
        None => false,
    };
    let round = match rest {
        "" => None,
        r => Some(Round::from_suffix(r)?),
    };
    let dst = Num::from_name(ty)?;
    // Conversions to floating point round to nearest by default, to integers toward zero.
    let round = round.unwrap_or(if dst.is_float() {
        Round::Rte
    } else {
        Round::Rtz
    });
    Some(Conversion { dst, sat, round })
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let conv = parse(&call.name)?;
    Some(lower(call, emit, conv))
}

fn lower(call: &Call, emit: &mut dyn Emit, conv: Conversion) -> Resolution {
    let a = call.arg(0)?;
    let r = call.ret()?;
    let src = Num::from_mangled(call.param(0))
        .ok_or_else(|| call.misuse(Problem::SourceType(call.param(0).clone())))?;
    if a.lanes() != r.lanes() {
        return Err(call.misuse(Problem::ConversionLanes));
    }
    if a.ty.elem != src.slot_type() || r.ty.elem != conv.dst.slot_type() {
        return Err(call.misuse(Problem::ConversionTypes {
            argument: a.ty,
            result: r.ty,
        }));
    }
    let (d, s, n) = (r.slot, a.slot, r.lanes());
    let lanes = n as u16;
    if let Some(op) = cast_op(src, conv) {
        match op {
            Some(op) => emit.op(Op::Cast { op, d, s, lanes }),
            None => emit.op(Op::MovN { d, s, n }),
        }
        return Ok(());
    }
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            regs[(d + i) as usize] = convert(regs[(s + i) as usize], src, conv);
        }
        Ok(())
    }));
    Ok(())
}

/// The op doing a conversion, when one does it exactly: `Some(None)` is a plain copy.
fn cast_op(src: Num, conv: Conversion) -> Option<Option<CastOp>> {
    let Conversion { dst, sat, round } = conv;
    Some(match (src, dst) {
        (a, b) if a == b => None,
        (Num::Int { bits: from, signed }, Num::Int { bits: to, .. }) => {
            if sat {
                return None;
            }
            if to > from && signed {
                Some(CastOp::SExt { from, to })
            } else {
                Some(CastOp::Trunc { to })
            }
        }
        (Num::Int { bits: from, signed }, _) => {
            let to = float_ty(dst)?;
            // Integers this narrow convert exactly, in any mode.
            let exact_bits = match to {
                FloatTy::F16 => 11,
                FloatTy::F32 => 24,
                FloatTy::F64 => 53,
            };
            if round != Round::Rte && from > exact_bits {
                return None;
            }
            Some(if signed {
                CastOp::SiToFp { from, to }
            } else {
                CastOp::UiToFp { from, to }
            })
        }
        (_, Num::Int { bits: to, signed }) => {
            if round != Round::Rtz {
                return None;
            }
            let from = float_ty(src)?;
            Some(if signed {
                CastOp::FpToSi { from, to }
            } else {
                CastOp::FpToUi { from, to }
            })
        }
        _ => {
            let (from, to) = (float_ty(src)?, float_ty(dst)?);
            if wider(to, from) {
                Some(CastOp::FpExt { from, to })
            } else if round == Round::Rte {
                Some(CastOp::FpTrunc { from, to })
            } else {
                return None;
            }
        }
    })
}

/// The float type of a floating-point `Num`.
fn float_ty(n: Num) -> Option<FloatTy> {
    match n {
        Num::F16 => Some(FloatTy::F16),
        Num::F32 => Some(FloatTy::F32),
        Num::F64 => Some(FloatTy::F64),
        Num::Int { .. } => None,
    }
}

/// Whether every value of `b` is one of `a` (exact widening).
fn wider(a: FloatTy, b: FloatTy) -> bool {
    let rank = |t| match t {
        FloatTy::F16 => 0,
        FloatTy::F32 => 1,
        FloatTy::F64 => 2,
    };
    rank(a) > rank(b)
}

/// One lane of a conversion.
fn convert(v: u64, src: Num, conv: Conversion) -> u64 {
    let Conversion { dst, sat, round } = conv;
    match (src, dst) {
        (
            Num::Int { bits, signed },
            Num::Int {
                bits: to,
                signed: to_signed,
            },
        ) => {
            let x = int_value(v, bits, signed);
            let x = if sat {
                x.clamp(int_min(to, to_signed), int_max(to, to_signed))
            } else {
                x
            };
            x as u64 & mask(to)
        }
        (Num::Int { bits, signed }, Num::F32) => {
            slot_f32(int_to_f32(int_value(v, bits, signed), round))
        }
        (Num::Int { bits, signed }, Num::F64) => {
            slot_f64(int_to_f64(int_value(v, bits, signed), round))
        }
        // Integers past 2^53 round in f64 first, but they are all far past the largest half,
        // which every mode rounds the same way from either.
        (Num::Int { bits, signed }, Num::F16) => {
            half::round_f64(int_value(v, bits, signed) as f64, round) as u64
        }
        (_, Num::Int { bits, signed }) => float_to_int(float_value(src, v), bits, signed, round),
        (_, Num::F64) => slot_f64(float_value(src, v)),
        (_, Num::F32) => slot_f32(f64_to_f32(float_value(src, v), round)),
        (_, Num::F16) => half::round_f64(float_value(src, v), round) as u64,
    }
}

/// A floating-point lane widened to f64 (exactly).
fn float_value(n: Num, v: u64) -> f64 {
    match n {
        Num::F16 => f16_of(v),
        Num::F32 => f32_of(v) as f64,
        _ => f64_of(v),
    }
}

fn int_min(bits: u8, signed: bool) -> i128 {
    if signed {
        -(1i128 << (bits - 1))
    } else {
        0
    }
}

fn int_max(bits: u8, signed: bool) -> i128 {
    if signed {
        (1i128 << (bits - 1)) - 1
    } else {
        (1i128 << bits) - 1
    }
}

/// Moves a round-to-nearest result `r` one ulp when it lies on the wrong side of the exact
/// value for a directed mode; `ord` is how `r` compares with the exact value.
fn directed<T: Copy>(
    r: T,
    ord: Ordering,
    exact_negative: bool,
    round: Round,
    up: fn(T) -> T,
    down: fn(T) -> T,
) -> T {
    match (round, ord) {
        (Round::Rtp, Ordering::Less) => up(r),
        (Round::Rtn, Ordering::Greater) => down(r),
        (Round::Rtz, Ordering::Greater) if !exact_negative => down(r),
        (Round::Rtz, Ordering::Less) if exact_negative => up(r),
        _ => r,
    }
}

/// Integers up to 64 bits, signed or not, convert exactly to i128 and back from any integral
/// float of magnitude at most 2^64, so the comparison below is exact.
fn int_to_f32(x: i128, round: Round) -> f32 {
    let r = x as f32;
    directed(
        r,
        (r as i128).cmp(&x),
        x < 0,
        round,
        f32::next_up,
        f32::next_down,
    )
}

fn int_to_f64(x: i128, round: Round) -> f64 {
    let r = x as f64;
    directed(
        r,
        (r as i128).cmp(&x),
        x < 0,
        round,
        f64::next_up,
        f64::next_down,
    )
}

fn f64_to_f32(x: f64, round: Round) -> f32 {
    let r = x as f32;
    match (r as f64).partial_cmp(&x) {
        Some(ord) => directed(r, ord, x < 0.0, round, f32::next_up, f32::next_down),
        None => r,
    }
}

/// Rounds in the requested mode, then saturates: out-of-range values are undefined without
/// `_sat`, and saturating keeps that case from wrapping into plausible-looking numbers.
fn float_to_int(f: f64, bits: u8, signed: bool, round: Round) -> u64 {
    let f = match round {
        Round::Rte => f.round_ties_even(),
        Round::Rtz => f.trunc(),
        Round::Rtp => f.ceil(),
        Round::Rtn => f.floor(),
    };
    // `as` saturates at the 64-bit limits and maps NaN to 0, as `_sat` requires.
    if signed {
        let v = (f as i64).clamp(int_min(bits, true) as i64, int_max(bits, true) as i64);
        v as u64 & mask(bits)
    } else {
        (f as u64).min(mask(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::testing::*;
    use crate::bytecode::{ScalarTy, VType};

    fn f32_ty() -> VType {
        VType::scalar(ScalarTy::F32)
    }

    fn f64_ty() -> VType {
        VType::scalar(ScalarTy::F64)
    }

    fn to_f32(sym: &str, a: TestArg) -> f32 {
        as_f32(&TestEnv::new().call(sym, &[a], Some(f32_ty())))[0]
    }

    fn to_f64(sym: &str, a: TestArg) -> f64 {
        as_f64(&TestEnv::new().call(sym, &[a], Some(f64_ty())))[0]
    }

    fn to_int(sym: &str, a: TestArg, bits: u8) -> u64 {
        TestEnv::new().call(sym, &[a], Some(int_ty(bits)))[0]
    }

    #[test]
    fn names() {
        let c = parse("convert_uchar4_sat_rtp").unwrap();
        assert_eq!(
            c,
            Conversion {
                dst: Num::Int {
                    bits: 8,
                    signed: false
                },
                sat: true,
                round: Round::Rtp
            }
        );
        let c = parse("convert_float16").unwrap();
        assert_eq!(
            c,
            Conversion {
                dst: Num::F32,
                sat: false,
                round: Round::Rte
            }
        );
        let c = parse("convert_long_sat").unwrap();
        assert_eq!(c.round, Round::Rtz);
        let c = parse("convert_half2_rtn").unwrap();
        assert_eq!((c.dst, c.round), (Num::F16, Round::Rtn));
        assert!(parse("convert_int_rtq").is_none());
        assert!(parse("converter").is_none());
    }

    #[test]
    fn default_rounding_becomes_casts() {
        use crate::builtins::lanes::recording::is_inline;
        let (f, d) = (f32_ty(), f64_ty());
        let f4 = vec_ty(ScalarTy::F32, 4);
        assert!(is_inline("_Z11convert_intf", &[f], int_ty(32)));
        assert!(is_inline("_Z15convert_int_satd", &[d], int_ty(32)));
        assert!(is_inline(
            "_Z12convert_int4Dv4_f",
            &[f4],
            vec_ty(ScalarTy::Int(32), 4)
        ));
        assert!(is_inline("_Z13convert_floatm", &[int_ty(64)], f));
        assert!(is_inline("_Z17convert_float_rtzs", &[int_ty(16)], f));
        assert!(is_inline("_Z13convert_floatd", &[d], f));
        assert!(is_inline("_Z14convert_doublef", &[f], d));
        assert!(is_inline("_Z13convert_uchari", &[int_ty(32)], int_ty(8)));
        assert!(is_inline("_Z12convert_longc", &[int_ty(8)], int_ty(64)));
        assert!(!is_inline("_Z15convert_int_rtef", &[f], int_ty(32)));
        assert!(!is_inline(
            "_Z17convert_uchar_sati",
            &[int_ty(32)],
            int_ty(8)
        ));
        assert!(!is_inline("_Z17convert_float_rtzi", &[int_ty(32)], f));
        assert!(!is_inline("_Z17convert_float_rtpd", &[d], f));
    }

    #[test]
    fn mismatched_types_are_refused() {
        let mut t = TestEnv::new();
        assert!(t
            .try_call("_Z11convert_intf", &[int(32, 1)], Some(int_ty(32)))
            .is_err());
        assert!(t
            .try_call("_Z11convert_intf", &[f32s(&[1.0])], Some(int_ty(16)))
            .is_err());
        let two = f32s(&[1.0, 2.0]);
        assert!(t
            .try_call(
                "_Z12convert_int4Dv4_f",
                &[two],
                Some(vec_ty(ScalarTy::Int(32), 4))
            )
            .is_err());
        assert!(t
            .try_call("_Z12convert_halff", &[f32s(&[1.0])], Some(int_ty(16)))
            .is_err());
    }

    #[test]
    fn integer_to_integer_wraps_or_saturates() {
        assert_eq!(to_int("_Z13convert_uchars", int(16, 0x1234), 8), 0x34);
        assert_eq!(to_int("_Z11convert_intc", int(8, 0xff), 32), 0xffff_ffff);
        assert_eq!(to_int("_Z12convert_uintc", int(8, 0xff), 32), 0xffff_ffff);
        assert_eq!(to_int("_Z11convert_inth", int(8, 0xff), 32), 0xff);
        assert_eq!(
            to_int("_Z13convert_ulongi", int(32, 0x8000_0000), 64),
            0xffff_ffff_8000_0000
        );
        assert_eq!(
            to_int("_Z12convert_longj", int(32, 0x8000_0000), 64),
            0x8000_0000
        );
        assert_eq!(
            to_int("_Z11convert_intj", int(32, 0xffff_ffff), 32),
            0xffff_ffff
        );
        assert_eq!(to_int("_Z17convert_uchar_sati", int(32, 0xffff_fffb), 8), 0);
        assert_eq!(to_int("_Z17convert_uchar_sati", int(32, 300), 8), 255);
        assert_eq!(
            to_int("_Z16convert_char_satj", int(32, 0xffff_ffff), 8),
            0x7f
        );
        assert_eq!(
            to_int("_Z16convert_char_sati", int(32, 0xffff_ff00), 8),
            0x80
        );
        assert_eq!(to_int("_Z16convert_uint_sati", int(32, 0xffff_ffff), 32), 0);
        assert_eq!(
            to_int("_Z15convert_int_satj", int(32, 0xffff_ffff), 32),
            0x7fff_ffff
        );
        assert_eq!(
            to_int("_Z16convert_long_satm", int(64, u64::MAX), 64),
            i64::MAX as u64
        );
        assert_eq!(to_int("_Z17convert_ulong_satl", int(64, u64::MAX), 64), 0);
        assert_eq!(to_int("_Z17convert_ulong_satc", int(8, 5), 64), 5);
        assert_eq!(
            to_int("_Z21convert_short_sat_rtei", int(32, 40000), 16),
            0x7fff
        );
        assert_eq!(
            to_int("_Z22convert_ushort_sat_rtzs", int(16, 0x8000), 16),
            0
        );
        assert_eq!(
            to_int("_Z15convert_int_rtpl", int(64, 0x1_0000_0005), 32),
            5
        );
    }

    #[test]
    fn float_to_integer_rounding() {
        let f = |x: f32| f32s(&[x]);
        assert_eq!(
            to_int("_Z11convert_intf", f(-2.9), 32),
            (-2i32) as u32 as u64
        );
        assert_eq!(to_int("_Z15convert_int_rtef", f(2.5), 32), 2);
        assert_eq!(to_int("_Z15convert_int_rtef", f(3.5), 32), 4);
        assert_eq!(
            to_int("_Z15convert_int_rtef", f(-2.5), 32),
            (-2i32) as u32 as u64
        );
        assert_eq!(to_int("_Z15convert_int_rtpf", f(2.1), 32), 3);
        assert_eq!(
            to_int("_Z15convert_int_rtpf", f(-2.9), 32),
            (-2i32) as u32 as u64
        );
        assert_eq!(
            to_int("_Z15convert_int_rtnf", f(-2.1), 32),
            (-3i32) as u32 as u64
        );
        assert_eq!(
            to_int("_Z15convert_int_rtzf", f(-2.9), 32),
            (-2i32) as u32 as u64
        );
        assert_eq!(to_int("_Z15convert_int_rtpd", f64s(&[1e-300]), 32), 1);
        assert_eq!(
            to_int("_Z16convert_uint_rtnd", f64s(&[4294967295.5]), 32),
            0xffff_ffff
        );
    }

    #[test]
    fn float_to_integer_saturation() {
        let f = |x: f32| f32s(&[x]);
        assert_eq!(to_int("_Z17convert_uchar_satf", f(300.0), 8), 255);
        assert_eq!(to_int("_Z17convert_uchar_satf", f(-5.0), 8), 0);
        assert_eq!(to_int("_Z17convert_uchar_satf", f(f32::NAN), 8), 0);
        assert_eq!(to_int("_Z16convert_char_satf", f(-200.0), 8), 0x80);
        assert_eq!(to_int("_Z20convert_char_sat_rtpf", f(-128.5), 8), 0x80);
        assert_eq!(to_int("_Z20convert_char_sat_rtpf", f(126.5), 8), 127);
        assert_eq!(to_int("_Z15convert_int_satf", f(3e9), 32), 0x7fff_ffff);
        assert_eq!(
            to_int("_Z15convert_int_satf", f(f32::NEG_INFINITY), 32),
            0x8000_0000
        );
        assert_eq!(to_int("_Z16convert_uint_satf", f(-1.0), 32), 0);
        assert_eq!(
            to_int("_Z16convert_long_satf", f(1e30), 64),
            i64::MAX as u64
        );
        assert_eq!(
            to_int("_Z16convert_long_satd", f64s(&[-1e30]), 64),
            i64::MIN as u64
        );
        assert_eq!(to_int("_Z17convert_ulong_satf", f(1e30), 64), u64::MAX);
        assert_eq!(to_int("_Z21convert_ulong_sat_rtef", f(f32::NAN), 64), 0);
        // Undefined without _sat: saturate rather than wrap or panic.
        assert_eq!(to_int("_Z11convert_intf", f(1e10), 32), 0x7fff_ffff);
        assert_eq!(to_int("_Z13convert_ucharf", f(f32::NAN), 8), 0);
        assert_eq!(to_int("_Z17convert_short_rtnf", f(-1e10), 16), 0x8000);
    }

    #[test]
    fn integer_to_float_rounding() {
        let i32max = int(32, 0x7fff_ffff);
        assert_eq!(to_f32("_Z13convert_floati", i32max.clone()), 2147483648.0);
        assert_eq!(
            to_f32("_Z17convert_float_rtzi", i32max.clone()),
            2147483520.0
        );
        assert_eq!(
            to_f32("_Z17convert_float_rtni", i32max.clone()),
            2147483520.0
        );
        assert_eq!(to_f32("_Z17convert_float_rtpi", i32max), 2147483648.0);
        let neg = int(32, (-2147483647i32) as u32 as u64);
        assert_eq!(to_f32("_Z17convert_float_rtni", neg.clone()), -2147483648.0);
        assert_eq!(to_f32("_Z17convert_float_rtzi", neg.clone()), -2147483520.0);
        assert_eq!(to_f32("_Z17convert_float_rtpi", neg), -2147483520.0);
        let umax = int(64, u64::MAX);
        assert_eq!(
            to_f32("_Z13convert_floatm", umax.clone()),
            18446744073709551616.0
        );
        assert_eq!(
            to_f32("_Z17convert_float_rtzm", umax.clone()).to_bits(),
            0x5f7f_ffff
        );
        assert_eq!(
            to_f32("_Z17convert_float_rtpm", umax.clone()),
            18446744073709551616.0
        );
        assert_eq!(
            to_f64("_Z18convert_double_rtzm", umax),
            18446744073709549568.0
        );
        let odd = int(64, (1u64 << 53) + 1);
        assert_eq!(
            to_f64("_Z14convert_doublel", odd.clone()),
            9007199254740992.0
        );
        assert_eq!(
            to_f64("_Z18convert_double_rtpl", odd.clone()),
            9007199254740994.0
        );
        assert_eq!(to_f64("_Z18convert_double_rtnl", odd), 9007199254740992.0);
        let tie = int(32, (1 << 24) + 1);
        assert_eq!(to_f32("_Z17convert_float_rtei", tie.clone()), 16777216.0);
        assert_eq!(to_f32("_Z17convert_float_rtpi", tie.clone()), 16777218.0);
        assert_eq!(to_f32("_Z17convert_float_rtzj", tie), 16777216.0);
        assert_eq!(to_f32("_Z17convert_float_rtns", int(16, 0xffff)), -1.0);
        assert_eq!(to_f32("_Z13convert_floath", int(8, 0xff)), 255.0);
        assert_eq!(to_f64("_Z14convert_doublei", int(32, 0xffff_ffff)), -1.0);
        assert_eq!(
            to_f64("_Z18convert_double_rtzj", int(32, 0xffff_ffff)),
            4294967295.0
        );
    }

    #[test]
    fn double_to_float_rounding() {
        let d = |x: f64| f64s(&[x]);
        assert_eq!(to_f32("_Z13convert_floatd", d(1e300)), f32::INFINITY);
        assert_eq!(to_f32("_Z17convert_float_rtzd", d(1e300)), f32::MAX);
        assert_eq!(to_f32("_Z17convert_float_rtnd", d(1e300)), f32::MAX);
        assert_eq!(to_f32("_Z17convert_float_rtpd", d(1e300)), f32::INFINITY);
        assert_eq!(to_f32("_Z17convert_float_rtpd", d(-1e300)), -f32::MAX);
        assert_eq!(
            to_f32("_Z17convert_float_rtnd", d(-1e300)),
            f32::NEG_INFINITY
        );
        assert_eq!(
            to_f32("_Z17convert_float_rtzd", d(f64::INFINITY)),
            f32::INFINITY
        );
        assert_eq!(
            to_f32("_Z17convert_float_rtpd", d(1e-50)),
            f32::from_bits(1)
        );
        assert_eq!(to_f32("_Z17convert_float_rtnd", d(1e-50)), 0.0);
        assert_eq!(
            to_f32("_Z17convert_float_rtnd", d(-1e-50)),
            -f32::from_bits(1)
        );
        assert!(to_f32("_Z17convert_float_rtzd", d(-1e-50)).is_sign_negative());
        assert!(to_f32("_Z17convert_float_rtpd", d(f64::NAN)).is_nan());
        // 0.1 rounds up to nearest in f32, so toward zero and down take the float below.
        let near = 0.1f32;
        assert!(near as f64 > 0.1);
        assert_eq!(to_f32("_Z17convert_float_rtzd", d(0.1)), near.next_down());
        assert_eq!(to_f32("_Z17convert_float_rtnd", d(0.1)), near.next_down());
        assert_eq!(to_f32("_Z17convert_float_rtpd", d(0.1)), near);
        assert_eq!(to_f32("_Z17convert_float_rtzd", d(-0.1)), -near.next_down());
        assert_eq!(to_f32("_Z17convert_float_rtpd", d(1.0)), 1.0);
        // A subnormal result below the f32 range.
        let tiny = f32::from_bits(3) as f64 + f32::from_bits(1) as f64 / 4.0;
        assert_eq!(to_f32("_Z17convert_float_rtpd", d(tiny)).to_bits(), 4);
        assert_eq!(to_f32("_Z13convert_floatd", d(tiny)).to_bits(), 3);
        assert_eq!(to_f64("_Z14convert_doublef", f32s(&[0.1])), 0.1f32 as f64);
        assert_eq!(to_f64("_Z18convert_double_rtzd", d(0.1)), 0.1);
    }

    /// Checks every directed mode against the definition: the result brackets the exact value.
    #[test]
    fn directed_modes_bracket_the_exact_value() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let exact = x as i64 as i128;
            let (dn, up, z) = (
                int_to_f32(exact, Round::Rtn),
                int_to_f32(exact, Round::Rtp),
                int_to_f32(exact, Round::Rtz),
            );
            assert!((dn as i128) <= exact && exact <= up as i128);
            assert!(dn == up || dn.next_up() == up);
            assert_eq!(z, if exact < 0 { up } else { dn });
            let d = f64::from_bits(x & 0xbfff_ffff_ffff_ffff) * 1e-10;
            let (dn, up) = (f64_to_f32(d, Round::Rtn), f64_to_f32(d, Round::Rtp));
            assert!((dn as f64) <= d && d <= up as f64, "{d}");
            assert!(dn == up || dn.next_up() == up);
        }
    }

    fn to_f16(sym: &str, a: TestArg) -> u64 {
        TestEnv::new().call(sym, &[a], Some(VType::scalar(ScalarTy::F16)))[0]
    }

    #[test]
    fn half_conversions_round_in_every_mode() {
        use crate::builtins::lanes::recording::is_inline;
        let h = VType::scalar(ScalarTy::F16);
        let f = |x: f32| f32s(&[x]);
        // 0.1 lies between the halves 0x2e66 (nearer) and 0x2e67.
        assert_eq!(to_f16("_Z12convert_halff", f(0.1)), 0x2e66);
        assert_eq!(to_f16("_Z16convert_half_rtpf", f(0.1)), 0x2e67);
        assert_eq!(to_f16("_Z16convert_half_rtzf", f(-0.1)), 0xae66);
        assert_eq!(to_f16("_Z16convert_half_rtnf", f(-0.1)), 0xae67);
        assert_eq!(to_f16("_Z12convert_halff", f(1e6)), 0x7c00);
        assert_eq!(to_f16("_Z16convert_half_rtzf", f(1e6)), 0x7bff);
        // 1 + 2^-11 + 2^-40 is past the tie 1 + 2^-11, which rounding to float first would
        // land on (and then go to even, 1).
        let d = f64s(&[1.0 + 2f64.powi(-11) + 2f64.powi(-40)]);
        assert_eq!(to_f16("_Z12convert_halfd", d), 0x3c01);
        // 2049 is a tie between 2048 and 2050.
        assert_eq!(to_f16("_Z12convert_halfi", int(32, 2049)), 0x6800);
        assert_eq!(to_f16("_Z16convert_half_rtpi", int(32, 2049)), 0x6801);
        let big = int(64, 1 << 60);
        assert_eq!(to_f16("_Z12convert_halfl", big.clone()), 0x7c00);
        assert_eq!(to_f16("_Z16convert_half_rtzl", big), 0x7bff);
        let neg = int(64, (-(1i64 << 60)) as u64);
        assert_eq!(to_f16("_Z16convert_half_rtnl", neg.clone()), 0xfc00);
        assert_eq!(to_f16("_Z16convert_half_rtpl", neg), 0xfbff);
        assert_eq!(to_f16("_Z12convert_halfh", int(8, 255)), 0x5bf8);
        // From half: -2.5 (0xc100), 300 (0x5cb0), infinity.
        let x = |b: u16| f16s(&[b]);
        assert_eq!(
            to_int("_Z11convert_intDh", x(0xc100), 32),
            (-2i32) as u32 as u64
        );
        assert_eq!(
            to_int("_Z15convert_int_rtnDh", x(0xc100), 32),
            (-3i32) as u32 as u64
        );
        assert_eq!(to_int("_Z17convert_uchar_satDh", x(0x5cb0), 8), 255);
        assert_eq!(to_int("_Z15convert_int_satDh", x(0x7c00), 32), 0x7fff_ffff);
        assert_eq!(to_f32("_Z13convert_floatDh", x(0x0001)), 2f32.powi(-24));
        assert_eq!(to_f64("_Z14convert_doubleDh", x(0xfbff)), -65504.0);
        assert_eq!(to_f16("_Z16convert_half_rtzDh", x(0x3555)), 0x3555);
        // Which become ops: those that round to nearest, and exact ones.
        let (fl, d) = (f32_ty(), f64_ty());
        assert!(is_inline("_Z12convert_halff", &[fl], h));
        assert!(is_inline("_Z12convert_halfd", &[d], h));
        assert!(is_inline("_Z13convert_floatDh", &[h], fl));
        assert!(is_inline("_Z18convert_double_rtnDh", &[h], d));
        assert!(is_inline("_Z16convert_half_rtzc", &[int_ty(8)], h));
        assert!(is_inline("_Z11convert_intDh", &[h], int_ty(32)));
        assert!(!is_inline("_Z16convert_half_rtzf", &[fl], h));
        assert!(!is_inline("_Z16convert_half_rtzs", &[int_ty(16)], h));
        assert!(!is_inline("_Z15convert_int_rteDh", &[h], int_ty(32)));
    }

    #[test]
    fn vectors_use_ops_or_sites() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z12convert_int4Dv4_f",
            &[f32s(&[1.5, -1.5, 1e20, f32::NAN])],
            Some(vec_ty(ScalarTy::Int(32), 4)),
        );
        assert_eq!(r, vec![1, 0xffff_ffff, 0x7fff_ffff, 0]);
        let r = t.call(
            "_Z21convert_uint3_sat_rteDv3_f",
            &[f32s(&[2.5, -3.0, 7.5])],
            Some(vec_ty(ScalarTy::Int(32), 3)),
        );
        assert_eq!(r, vec![2, 0, 8]);
        let lanes: Vec<u64> = (0..16)
            .map(|i: u64| (i as i64 - 8) as u64 & 0xffff_ffff)
            .collect();
        let r = t.call(
            "_Z15convert_float16Dv16_i",
            &[ints(32, &lanes)],
            Some(vec_ty(ScalarTy::F32, 16)),
        );
        assert_eq!(
            as_f32(&r),
            (0..16).map(|i| (i - 8) as f32).collect::<Vec<_>>()
        );
        let r = t.call(
            "_Z14convert_short8Dv8_c",
            &[ints(8, &[0x80, 1, 2, 3, 4, 5, 6, 0xff])],
            Some(vec_ty(ScalarTy::Int(16), 8)),
        );
        assert_eq!(r, vec![0xff80, 1, 2, 3, 4, 5, 6, 0xffff]);
        let r = t.call(
            "_Z18convert_uchar2_satDv2_s",
            &[ints(16, &[0x8000, 0x100])],
            Some(vec_ty(ScalarTy::Int(8), 2)),
        );
        assert_eq!(r, vec![0, 0xff]);
        let r = t.call(
            "_Z18convert_float2_rtzDv2_d",
            &[f64s(&[0.1, -0.1])],
            Some(vec_ty(ScalarTy::F32, 2)),
        );
        assert_eq!(as_f32(&r), vec![0.1f32.next_down(), -0.1f32.next_down()]);
        let r = t.call(
            "_Z15convert_double3Dv3_f",
            &[f32s(&[0.5, -2.0, 3.25])],
            Some(vec_ty(ScalarTy::F64, 3)),
        );
        assert_eq!(as_f64(&r), vec![0.5, -2.0, 3.25]);
        let r = t.call(
            "_Z12convert_int2Dv2_i",
            &[ints(32, &[7, 8])],
            Some(vec_ty(ScalarTy::Int(32), 2)),
        );
        assert_eq!(r, vec![7, 8]);
    }
}
