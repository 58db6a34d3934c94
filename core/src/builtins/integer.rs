//! OpenCL C integer functions (§6.12.3) for every integer element type, scalar and vector.
//!
//! Signedness comes from the mangled parameter kinds, since register slots do not carry it.
//! The hot ones become ops when no argument needs broadcasting; the rest run per lane in a site.

use super::lanes::{check_arg, int_kind, int_n, int_value};
use super::{Call, Emit, Problem, Resolution};
use crate::bytecode::{IntBinOp, IntUnOp, Op, ScalarTy};
use crate::semantics::{int_bin, mask, sext};

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    match call.name.as_str() {
        "min" | "max" | "clamp" => {
            // The float overloads share these names; common.rs handles them.
            let float_arg = call
                .args
                .first()
                .is_some_and(|a| a.ty.elem.float().is_some());
            if call.param(0).is_float() || float_arg {
                return None;
            }
        }
        "abs" | "abs_diff" | "add_sat" | "sub_sat" | "hadd" | "rhadd" | "clz" | "ctz"
        | "popcount" | "rotate" | "mul_hi" | "mad_hi" | "mad_sat" | "mad24" | "mul24"
        | "upsample" => {}
        _ => return None,
    }
    Some(lower(call, emit))
}

fn lower(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let (bits, signed) = int_kind(call, 0)?;
    if !matches!(bits, 8 | 16 | 32 | 64) {
        return Err(call.misuse(Problem::IntWidth(bits)));
    }
    let r = call.ret()?;
    let lanes = r.lanes();
    let name = call.name.as_str();
    let arity = match name {
        "abs" | "clz" | "ctz" | "popcount" => 1,
        "clamp" | "mad_hi" | "mad_sat" | "mad24" => 3,
        _ => 2,
    };
    if call.args.len() != arity {
        return Err(call.misuse(Problem::Arity(arity)));
    }
    // Only min, max and clamp have overloads that take scalars for the later operands.
    let broadcast = matches!(name, "min" | "max" | "clamp");
    for i in 0..arity {
        check_arg(call, i, ScalarTy::Int(bits), lanes, broadcast && i > 0)?;
    }
    let rbits = if name == "upsample" {
        bits.saturating_mul(2)
    } else {
        bits
    };
    if r.ty.elem != ScalarTy::Int(rbits) || bits > 32 && name == "upsample" {
        return Err(call.misuse(Problem::ResultType(r.ty)));
    }
    // Ops work lane-for-lane, so a broadcast scalar operand needs a site.
    let uniform = call.args.iter().all(|a| a.lanes() == lanes);
    let (d, l) = (r.slot, lanes as u16);
    let bin = |emit: &mut dyn Emit, op: IntBinOp| -> Resolution {
        let (a, b) = (call.arg(0)?.slot, call.arg(1)?.slot);
        emit.op(Op::IntBin {
            op,
            d,
            a,
            b,
            bits,
            lanes: l,
        });
        Ok(())
    };
    let un = |emit: &mut dyn Emit, op: IntUnOp| -> Resolution {
        let s = call.arg(0)?.slot;
        emit.op(Op::IntUn {
            op,
            d,
            s,
            bits,
            lanes: l,
        });
        Ok(())
    };
    let pick = |s: IntBinOp, u: IntBinOp| if signed { s } else { u };
    match name {
        "min" if uniform => bin(emit, pick(IntBinOp::SMin, IntBinOp::UMin)),
        "max" if uniform => bin(emit, pick(IntBinOp::SMax, IntBinOp::UMax)),
        "add_sat" => bin(emit, pick(IntBinOp::SAddSat, IntBinOp::UAddSat)),
        "sub_sat" => bin(emit, pick(IntBinOp::SSubSat, IntBinOp::USubSat)),
        "clamp" if uniform => {
            let (x, lo, hi) = (call.arg(0)?.slot, call.arg(1)?.slot, call.arg(2)?.slot);
            let (max, min) = (
                pick(IntBinOp::SMax, IntBinOp::UMax),
                pick(IntBinOp::SMin, IntBinOp::UMin),
            );
            emit.op(Op::IntBin {
                op: max,
                d,
                a: x,
                b: lo,
                bits,
                lanes: l,
            });
            emit.op(Op::IntBin {
                op: min,
                d,
                a: d,
                b: hi,
                bits,
                lanes: l,
            });
            Ok(())
        }
        "abs" if signed => un(emit, IntUnOp::Abs),
        "abs" => {
            let s = call.arg(0)?.slot;
            emit.op(Op::MovN { d, s, n: lanes });
            Ok(())
        }
        "popcount" => un(emit, IntUnOp::CtPop),
        "clz" => un(emit, IntUnOp::Ctlz),
        "ctz" => un(emit, IntUnOp::Cttz),
        "rotate" => {
            let (v, n) = (call.arg(0)?.slot, call.arg(1)?.slot);
            emit.op(Op::Funnel {
                left: true,
                d,
                a: v,
                b: v,
                c: n,
                bits,
                lanes: l,
            });
            Ok(())
        }
        "min" => int_n::<2>(call, emit, min2),
        "max" => int_n::<2>(call, emit, max2),
        "clamp" => int_n::<3>(call, emit, clamp3),
        "abs_diff" => int_n::<2>(call, emit, abs_diff2),
        "hadd" => int_n::<2>(call, emit, |[a, b], bits, s| {
            ((int_value(a, bits, s) + int_value(b, bits, s)) >> 1) as u64
        }),
        "rhadd" => int_n::<2>(call, emit, |[a, b], bits, s| {
            ((int_value(a, bits, s) + int_value(b, bits, s) + 1) >> 1) as u64
        }),
        "mul_hi" => int_n::<2>(call, emit, |[a, b], bits, s| mul_hi(a, b, bits, s)),
        "mad_hi" => int_n::<3>(call, emit, |[a, b, c], bits, s| {
            mul_hi(a, b, bits, s).wrapping_add(c)
        }),
        "mad_sat" => int_n::<3>(call, emit, mad_sat3),
        // Only 24-bit operands are defined; out of range the result is implementation-defined, and
        // Oclgrind multiplies the full values, so we do too.
        "mul24" => int_n::<2>(call, emit, |[a, b], _, _| a.wrapping_mul(b)),
        "mad24" => int_n::<3>(call, emit, |[a, b, c], _, _| {
            a.wrapping_mul(b).wrapping_add(c)
        }),
        "upsample" => int_n::<2>(call, emit, |[hi, lo], bits, _| (hi << bits) | lo),
        _ => Err(call.misuse(Problem::NotInteger)),
    }
}

fn min2([a, b]: [u64; 2], bits: u8, signed: bool) -> u64 {
    int_bin(
        if signed {
            IntBinOp::SMin
        } else {
            IntBinOp::UMin
        },
        a,
        b,
        bits,
    )
}

fn max2([a, b]: [u64; 2], bits: u8, signed: bool) -> u64 {
    int_bin(
        if signed {
            IntBinOp::SMax
        } else {
            IntBinOp::UMax
        },
        a,
        b,
        bits,
    )
}

/// `min(max(x, lo), hi)`, as the specification defines it (undefined when `lo > hi`).
fn clamp3([x, lo, hi]: [u64; 3], bits: u8, signed: bool) -> u64 {
    min2([max2([x, lo], bits, signed), hi], bits, signed)
}

fn abs_diff2([a, b]: [u64; 2], bits: u8, signed: bool) -> u64 {
    (int_value(a, bits, signed) - int_value(b, bits, signed)).unsigned_abs() as u64
}

/// High half of the double-width product; u128 because an unsigned 64-bit product overflows i128.
fn mul_hi(a: u64, b: u64, bits: u8, signed: bool) -> u64 {
    if signed {
        ((sext(a, bits) as i128 * sext(b, bits) as i128) >> bits) as u64
    } else {
        ((a as u128 * b as u128) >> bits) as u64
    }
}

fn mad_sat3([a, b, c]: [u64; 3], bits: u8, signed: bool) -> u64 {
    if signed {
        let lo = -(1i128 << (bits - 1));
        let hi = (1i128 << (bits - 1)) - 1;
        let v = sext(a, bits) as i128 * sext(b, bits) as i128 + sext(c, bits) as i128;
        v.clamp(lo, hi) as u64
    } else {
        let v = (a as u128 * b as u128).saturating_add(c as u128);
        v.min(mask(bits) as u128) as u64
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;
    use crate::bytecode::ScalarTy;

    fn i(bits: u8) -> crate::bytecode::VType {
        int_ty(bits)
    }

    fn v(bits: u8, n: u16) -> crate::bytecode::VType {
        vec_ty(ScalarTy::Int(bits), n)
    }

    /// Scalar call of one argument.
    fn c1(sym: &str, bits: u8, a: u64) -> u64 {
        TestEnv::new().call(sym, &[int(bits, a)], Some(i(bits)))[0]
    }

    fn c2(sym: &str, bits: u8, a: u64, b: u64) -> u64 {
        TestEnv::new().call(sym, &[int(bits, a), int(bits, b)], Some(i(bits)))[0]
    }

    fn c3(sym: &str, bits: u8, a: u64, b: u64, c: u64) -> u64 {
        TestEnv::new().call(
            sym,
            &[int(bits, a), int(bits, b), int(bits, c)],
            Some(i(bits)),
        )[0]
    }

    #[test]
    fn min_max_signedness_and_widths() {
        assert_eq!(c2("_Z3minii", 32, 0xffff_fffb, 7), 0xffff_fffb);
        assert_eq!(c2("_Z3minjj", 32, 0xffff_fffb, 7), 7);
        assert_eq!(c2("_Z3maxcc", 8, 0x80, 0x7f), 0x7f);
        assert_eq!(c2("_Z3maxhh", 8, 0x80, 0x7f), 0x80);
        assert_eq!(c2("_Z3minss", 16, 0x8000, 1), 0x8000);
        assert_eq!(c2("_Z3mintt", 16, 0x8000, 1), 1);
        assert_eq!(c2("_Z3maxll", 64, u64::MAX, 0), 0);
        assert_eq!(c2("_Z3maxmm", 64, u64::MAX, 0), u64::MAX);
    }

    #[test]
    fn vectors_and_broadcast() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z3maxDv4_iS_",
            &[
                ints(32, &[1, 0xffff_ffff, 5, 9]),
                ints(32, &[2, 3, 4, 0xffff_fff0]),
            ],
            Some(v(32, 4)),
        );
        assert_eq!(r, vec![2, 3, 5, 9]);
        let r = t.call(
            "_Z3minDv4_ii",
            &[ints(32, &[1, 0xffff_ffff, 5, 9]), int(32, 4)],
            Some(v(32, 4)),
        );
        assert_eq!(r, vec![1, 0xffff_ffff, 4, 4]);
        let r = t.call(
            "_Z3minDv3_jj",
            &[ints(32, &[1, 0xffff_ffff, 5]), int(32, 4)],
            Some(v(32, 3)),
        );
        assert_eq!(r, vec![1, 4, 4]);
        let r = t.call(
            "_Z5clampDv4_iii",
            &[ints(32, &[0xffff_fff0, 3, 50, 10]), int(32, 0), int(32, 10)],
            Some(v(32, 4)),
        );
        assert_eq!(r, vec![0, 3, 10, 10]);
        let r = t.call(
            "_Z5clampDv3_hS_S_",
            &[
                ints(8, &[0xf0, 3, 50]),
                ints(8, &[0x10, 0, 0]),
                ints(8, &[0x20, 2, 0xff]),
            ],
            Some(v(8, 3)),
        );
        assert_eq!(r, vec![0x20, 2, 50]);
        let r = t.call(
            "_Z5clampDv2_ccc",
            &[ints(8, &[0xf0, 0x7f]), int(8, 0xfe), int(8, 5)],
            Some(v(8, 2)),
        );
        assert_eq!(r, vec![0xfe, 5]);
        let lanes: Vec<u64> = (0..16).collect();
        let r = t.call(
            "_Z3maxDv16_ll",
            &[ints(64, &lanes), int(64, 7)],
            Some(v(64, 16)),
        );
        assert_eq!(r, (0..16).map(|x: u64| x.max(7)).collect::<Vec<_>>());
        let r = t.call(
            "_Z3minDv8_ss",
            &[ints(16, &[0x8000; 8]), int(16, 0)],
            Some(v(16, 8)),
        );
        assert_eq!(r, vec![0x8000; 8]);
    }

    #[test]
    fn float_min_is_left_to_common() {
        let mut t = TestEnv::new();
        let call = crate::builtins::Call::new(
            "_Z3minff",
            vec![
                crate::builtins::Arg {
                    slot: 0,
                    ty: crate::bytecode::VType::scalar(ScalarTy::F32),
                    constant: None,
                },
                crate::builtins::Arg {
                    slot: 1,
                    ty: crate::bytecode::VType::scalar(ScalarTy::F32),
                    constant: None,
                },
            ],
            None,
        )
        .unwrap();
        assert!(super::resolve(&call, &mut t).is_none());
    }

    #[test]
    fn hot_builtins_become_ops() {
        use crate::builtins::lanes::recording::is_inline;
        let (i4, u8x3) = (v(32, 4), v(8, 3));
        assert!(is_inline("_Z3minii", &[i(32), i(32)], i(32)));
        assert!(is_inline("_Z3maxDv4_iS_", &[i4, i4], i4));
        assert!(is_inline("_Z5clampDv3_hS_S_", &[u8x3, u8x3, u8x3], u8x3));
        assert!(is_inline("_Z7add_satDv4_iS_", &[i4, i4], i4));
        assert!(is_inline("_Z7sub_sathh", &[i(8), i(8)], i(8)));
        assert!(is_inline("_Z3absDv4_i", &[i4], i4));
        assert!(is_inline("_Z3absj", &[i(32)], i(32)));
        assert!(is_inline("_Z8popcountm", &[i(64)], i(64)));
        assert!(is_inline("_Z3clzs", &[i(16)], i(16)));
        assert!(is_inline("_Z6rotateDv4_jS_", &[i4, i4], i4));
        // A broadcast scalar needs the lane helper.
        assert!(!is_inline("_Z5clampDv4_iii", &[i4, i(32), i(32)], i4));
        assert!(!is_inline("_Z6mul_hiii", &[i(32), i(32)], i(32)));
    }

    #[test]
    fn mismatched_shapes_are_refused() {
        let mut t = TestEnv::new();
        let i4 = ints(32, &[1, 2, 3, 4]);
        // Only min/max/clamp broadcast scalars.
        assert!(t
            .try_call(
                "_Z7add_satDv4_ii",
                &[i4.clone(), int(32, 1)],
                Some(v(32, 4))
            )
            .is_err());
        assert!(t
            .try_call(
                "_Z3minDv4_iS_",
                &[i4.clone(), ints(32, &[1, 2])],
                Some(v(32, 4))
            )
            .is_err());
        assert!(t
            .try_call(
                "_Z3maxDv4_iS_",
                &[i4.clone(), ints(16, &[1, 2, 3, 4])],
                Some(v(32, 4))
            )
            .is_err());
        assert!(t
            .try_call("_Z5clampDv4_iii", &[i4.clone(), int(32, 1)], Some(v(32, 4)))
            .is_err());
        assert!(t.try_call("_Z3absDv4_i", &[i4], Some(v(32, 2))).is_err());
    }

    #[test]
    fn abs_and_abs_diff() {
        assert_eq!(c1("_Z3absc", 8, 0x80), 0x80);
        assert_eq!(c1("_Z3absc", 8, 0xff), 1);
        assert_eq!(c1("_Z3absh", 8, 0xff), 0xff);
        assert_eq!(c1("_Z3absi", 32, 0xffff_fffe), 2);
        assert_eq!(c1("_Z3absj", 32, 0xffff_fffe), 0xffff_fffe);
        assert_eq!(c1("_Z3absl", 64, 1u64 << 63), 1u64 << 63);
        assert_eq!(c1("_Z3abss", 16, 0xfff6), 10);
        let r = TestEnv::new().call(
            "_Z3absDv3_s",
            &[ints(16, &[0xffff, 2, 0x8000])],
            Some(v(16, 3)),
        );
        assert_eq!(r, vec![1, 2, 0x8000]);
        let r = TestEnv::new().call(
            "_Z3absDv4_h",
            &[ints(8, &[0xff, 2, 0x80, 0])],
            Some(v(8, 4)),
        );
        assert_eq!(r, vec![0xff, 2, 0x80, 0]);
        assert_eq!(c2("_Z8abs_diffcc", 8, 0x80, 0x7f), 0xff);
        assert_eq!(c2("_Z8abs_diffhh", 8, 0x80, 0x7f), 1);
        assert_eq!(
            c2("_Z8abs_diffll", 64, 1u64 << 63, (1u64 << 63) - 1),
            u64::MAX
        );
        assert_eq!(c2("_Z8abs_diffmm", 64, 0, u64::MAX), u64::MAX);
        assert_eq!(c2("_Z8abs_diffii", 32, 3, 0xffff_fffd), 6);
    }

    #[test]
    fn saturating_add_sub() {
        assert_eq!(c2("_Z7add_satcc", 8, 0x7f, 1), 0x7f);
        assert_eq!(c2("_Z7add_satcc", 8, 0x80, 0xff), 0x80);
        assert_eq!(c2("_Z7add_sathh", 8, 0xff, 1), 0xff);
        assert_eq!(c2("_Z7add_satss", 16, 0x7fff, 0x7fff), 0x7fff);
        assert_eq!(c2("_Z7add_sattt", 16, 0xfff0, 0x20), 0xffff);
        assert_eq!(
            c2("_Z7add_satii", 32, 0x8000_0000, 0x8000_0000),
            0x8000_0000
        );
        assert_eq!(c2("_Z7add_satjj", 32, 0xffff_fff0, 0x20), 0xffff_ffff);
        assert_eq!(c2("_Z7add_satll", 64, i64::MAX as u64, 5), i64::MAX as u64);
        assert_eq!(c2("_Z7add_satmm", 64, u64::MAX, 5), u64::MAX);
        assert_eq!(c2("_Z7sub_satcc", 8, 0x80, 1), 0x80);
        assert_eq!(c2("_Z7sub_satcc", 8, 0x7f, 0xff), 0x7f);
        assert_eq!(c2("_Z7sub_sathh", 8, 1, 2), 0);
        assert_eq!(c2("_Z7sub_satjj", 32, 1, 2), 0);
        assert_eq!(c2("_Z7sub_satll", 64, 1u64 << 63, 1), 1u64 << 63);
        assert_eq!(c2("_Z7sub_satmm", 64, 5, 3), 2);
        let r = TestEnv::new().call(
            "_Z7add_satDv3_cS_",
            &[ints(8, &[0x70, 0x90, 1]), ints(8, &[0x70, 0x90, 2])],
            Some(v(8, 3)),
        );
        assert_eq!(r, vec![0x7f, 0x80, 3]);
    }

    #[test]
    fn halving_adds() {
        assert_eq!(c2("_Z4haddjj", 32, 0xffff_ffff, 0xffff_ffff), 0xffff_ffff);
        assert_eq!(c2("_Z4haddmm", 64, u64::MAX, u64::MAX - 2), u64::MAX - 1);
        assert_eq!(c2("_Z4haddii", 32, 0xffff_ffff, 0), 0xffff_ffff); // floor(-1/2) = -1
        assert_eq!(c2("_Z4haddcc", 8, 0x7f, 0x7f), 0x7f);
        assert_eq!(
            c2("_Z4haddll", 64, i64::MIN as u64, i64::MIN as u64),
            i64::MIN as u64
        );
        assert_eq!(c2("_Z5rhaddcc", 8, 0xff, 0), 0); // (-1 + 0 + 1) >> 1
        assert_eq!(c2("_Z5rhaddhh", 8, 0xff, 0xff), 0xff);
        assert_eq!(c2("_Z5rhaddtt", 16, 1, 2), 2);
        assert_eq!(c2("_Z5rhaddmm", 64, u64::MAX, 0), 1u64 << 63);
        assert_eq!(
            c2("_Z5rhaddll", 64, i64::MAX as u64, i64::MAX as u64),
            i64::MAX as u64
        );
    }

    #[test]
    fn bit_counts() {
        assert_eq!(c1("_Z3clzc", 8, 0), 8);
        assert_eq!(c1("_Z3clzc", 8, 0x80), 0);
        assert_eq!(c1("_Z3clzs", 16, 1), 15);
        assert_eq!(c1("_Z3clzj", 32, 0x100), 23);
        assert_eq!(c1("_Z3clzm", 64, 1), 63);
        assert_eq!(c1("_Z3ctzi", 32, 0), 32);
        assert_eq!(c1("_Z3ctzh", 8, 0x80), 7);
        assert_eq!(c1("_Z3ctzl", 64, 1u64 << 40), 40);
        assert_eq!(c1("_Z8popcountc", 8, 0xff), 8);
        assert_eq!(c1("_Z8popcountl", 64, u64::MAX), 64);
        assert_eq!(c1("_Z8popcountt", 16, 0xf0f0), 8);
        let r = TestEnv::new().call(
            "_Z3clzDv3_j",
            &[ints(32, &[0, 1, 0x8000_0000])],
            Some(v(32, 3)),
        );
        assert_eq!(r, vec![32, 31, 0]);
        let r = TestEnv::new().call("_Z8popcountDv2_h", &[ints(8, &[0x11, 0x7])], Some(v(8, 2)));
        assert_eq!(r, vec![2, 3]);
    }

    #[test]
    fn rotate_all_widths() {
        assert_eq!(c2("_Z6rotatehh", 8, 0x81, 1), 0x03);
        assert_eq!(c2("_Z6rotatecc", 8, 0x81, 0xff), 0xc0); // by -1: right by one
        assert_eq!(c2("_Z6rotatess", 16, 0x1234, 20), 0x2341);
        assert_eq!(c2("_Z6rotatejj", 32, 0x8000_0001, 32), 0x8000_0001);
        assert_eq!(c2("_Z6rotatemm", 64, 1u64 << 63, 65), 1);
        let r = TestEnv::new().call(
            "_Z6rotateDv4_jS_",
            &[ints(32, &[1, 1, 1, 1]), ints(32, &[0, 1, 31, 33])],
            Some(v(32, 4)),
        );
        assert_eq!(r, vec![1, 2, 0x8000_0000, 2]);
    }

    #[test]
    fn high_products() {
        assert_eq!(c2("_Z6mul_hiii", 32, 0xffff_ffff, 0xffff_ffff), 0); // -1 * -1
        assert_eq!(c2("_Z6mul_hiii", 32, 0xffff_ffff, 2), 0xffff_ffff);
        assert_eq!(c2("_Z6mul_hijj", 32, 0xffff_ffff, 0xffff_ffff), 0xffff_fffe);
        assert_eq!(c2("_Z6mul_himm", 64, u64::MAX, u64::MAX), u64::MAX - 1);
        assert_eq!(
            c2("_Z6mul_hill", 64, i64::MIN as u64, i64::MIN as u64),
            1u64 << 62
        );
        assert_eq!(c2("_Z6mul_hicc", 8, 0x80, 0x80), 0x40);
        assert_eq!(c2("_Z6mul_hitt", 16, 0xffff, 0xffff), 0xfffe);
        assert_eq!(c3("_Z6mad_hijjj", 32, 0xffff_ffff, 0xffff_ffff, 3), 0x1);
        assert_eq!(c3("_Z6mad_hiiii", 32, 0xffff_ffff, 2, 1), 0);
    }

    #[test]
    fn mad_sat_saturates() {
        assert_eq!(c3("_Z7mad_satccc", 8, 0x10, 0x10, 0), 0x7f);
        assert_eq!(c3("_Z7mad_satccc", 8, 0x10, 0xf0, 0), 0x80);
        assert_eq!(c3("_Z7mad_satccc", 8, 0x10, 0x10, 0x80), 0x7f); // 256 - 128 = 128 -> 127
        assert_eq!(c3("_Z7mad_sathhh", 8, 0x10, 0x10, 0), 0xff);
        assert_eq!(c3("_Z7mad_satttt", 16, 2, 3, 4), 10);
        assert_eq!(
            c3("_Z7mad_satiii", 32, 0x10000, 0x10000, 0xffff_ffff),
            0x7fff_ffff
        );
        assert_eq!(c3("_Z7mad_satjjj", 32, 0x10000, 0x10000, 0), 0xffff_ffff);
        assert_eq!(
            c3("_Z7mad_satlll", 64, i64::MAX as u64, 2, (-5i64) as u64),
            i64::MAX as u64
        );
        assert_eq!(
            c3("_Z7mad_satlll", 64, i64::MAX as u64, u64::MAX, 0),
            (i64::MIN + 1) as u64
        );
        assert_eq!(
            c3("_Z7mad_satlll", 64, i64::MIN as u64, 2, 0),
            i64::MIN as u64
        );
        assert_eq!(
            c3("_Z7mad_satmmm", 64, u64::MAX, u64::MAX, u64::MAX),
            u64::MAX
        );
        assert_eq!(c3("_Z7mad_satmmm", 64, 3, 4, 5), 17);
    }

    #[test]
    fn mul24_and_mad24() {
        assert_eq!(c2("_Z5mul24ii", 32, 0xffff_fffd, 4), 0xffff_fff4);
        assert_eq!(c2("_Z5mul24jj", 32, 0x1000, 0x1000), 0x100_0000);
        assert_eq!(c3("_Z5mad24iii", 32, 0xffff_fffd, 4, 12), 0);
        assert_eq!(c3("_Z5mad24jjj", 32, 3, 4, 5), 17);
    }

    #[test]
    fn upsample_widens() {
        let mut t = TestEnv::new();
        assert_eq!(
            t.call("_Z8upsamplech", &[int(8, 0xff), int(8, 0x01)], Some(i(16)))[0],
            0xff01
        );
        assert_eq!(
            t.call("_Z8upsamplehh", &[int(8, 0x12), int(8, 0x34)], Some(i(16)))[0],
            0x1234
        );
        assert_eq!(
            t.call(
                "_Z8upsamplest",
                &[int(16, 0x8000), int(16, 0xffff)],
                Some(i(32))
            )[0],
            0x8000_ffff
        );
        assert_eq!(
            t.call(
                "_Z8upsampleij",
                &[int(32, 0xffff_ffff), int(32, 2)],
                Some(i(64))
            )[0],
            0xffff_ffff_0000_0002
        );
        let r = t.call(
            "_Z8upsampleDv3_jS_",
            &[ints(32, &[1, 2, 3]), ints(32, &[4, 5, 6])],
            Some(v(64, 3)),
        );
        assert_eq!(r, vec![0x1_0000_0004, 0x2_0000_0005, 0x3_0000_0006]);
        assert!(t
            .try_call("_Z8upsamplell", &[int(64, 1), int(64, 1)], Some(i(64)))
            .is_err());
    }
}
