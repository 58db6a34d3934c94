//! OpenCL C relational functions (§6.15.6): float comparisons and classification, `any`/`all`,
//! `bitselect` and `select`.
//!
//! Scalar tests return `int` 1 or 0; vector tests return -1 or 0 per lane in the signed integer type
//! as wide as the element, which the result's type gives us.

use super::lanes::{check_arg, lane};
use super::{site, Arg, Call, Emit, Misuse, Problem, Resolution};
use crate::bytecode::{CastOp, FloatPred, Op, ScalarTy};
use crate::semantics::{f32_of, f64_of, mask};

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    if call.params.is_empty() {
        return None;
    }
    let name = call.name.as_str();
    let r = match name {
        "isequal" | "isnotequal" | "isgreater" | "isgreaterequal" | "isless" | "islessequal"
        | "islessgreater" | "isordered" | "isunordered" => compare(call, emit),
        "isfinite" | "isinf" | "isnan" | "isnormal" | "signbit" => classify(call, emit),
        "any" | "all" => any_all(call, emit),
        "bitselect" => bitselect(call, emit),
        "select" => select(call, emit),
        _ => return None,
    };
    Some(r)
}

/// The result of a test: its lanes, and the value a true lane takes (1 for scalars, all ones else).
fn test_result(call: &Call, lanes: u32) -> Result<(Arg, u64), Misuse> {
    let r = call.ret()?;
    let bits = match r.ty.elem {
        ScalarTy::Int(b) => b,
        _ => return Err(call.misuse(Problem::Expected("integer result"))),
    };
    if r.lanes() != lanes {
        return Err(call.misuse(Problem::ResultLanes {
            found: r.lanes(),
            expected: lanes,
        }));
    }
    Ok((r, if lanes == 1 { 1 } else { mask(bits) }))
}

/// The float element type of argument 0.
fn float_arg(call: &Call) -> Result<Arg, Misuse> {
    let a = call.arg(0)?;
    if a.ty.elem.float().is_none() {
        return Err(call.misuse(Problem::Expected("float argument")));
    }
    check_arg(call, 0, a.ty.elem, a.lanes(), false)
}

/// Two-operand comparisons are `FCmp` ops, followed for vectors by a sign extension of the 0/1 lanes.
fn compare(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let a = float_arg(call)?;
    let b = check_arg(call, 1, a.ty.elem, a.lanes(), false)?;
    let (r, _) = test_result(call, a.lanes())?;
    let pred = match call.name.as_str() {
        "isequal" => FloatPred::Oeq,
        // The one that holds when an operand is NaN.
        "isnotequal" => FloatPred::Une,
        "isgreater" => FloatPred::Ogt,
        "isgreaterequal" => FloatPred::Oge,
        "isless" => FloatPred::Olt,
        "islessequal" => FloatPred::Ole,
        "islessgreater" => FloatPred::One,
        "isordered" => FloatPred::Ord,
        _ => FloatPred::Uno,
    };
    emit_fcmp(emit, pred, a, b, r);
    Ok(())
}

fn emit_fcmp(emit: &mut dyn Emit, pred: FloatPred, a: Arg, b: Arg, r: Arg) {
    let ty = a.ty.elem.float().expect("checked float argument");
    let lanes = r.ty.lanes;
    emit.op(Op::FCmp {
        pred,
        ty,
        d: r.slot,
        a: a.slot,
        b: b.slot,
        lanes,
    });
    if lanes > 1 {
        let to = r.ty.elem.int_bits();
        emit.op(Op::Cast {
            op: CastOp::SExt { from: 1, to },
            d: r.slot,
            s: r.slot,
            lanes,
        });
    }
}

/// A classification of one lane, as a test of its slot.
type Test = fn(u64) -> bool;

/// The classifications other than `isnan`, for each precision; `half` on its bits (widened,
/// a subnormal half would be a normal float).
fn class_test(name: &str, elem: ScalarTy) -> Test {
    match (name, elem) {
        ("isfinite", ScalarTy::F16) => |v| v & 0x7c00 != 0x7c00,
        ("isinf", ScalarTy::F16) => |v| v & 0x7fff == 0x7c00,
        ("isnormal", ScalarTy::F16) => |v| matches!(v & 0x7c00, 0x0400..=0x7800),
        (_, ScalarTy::F16) => |v| v & 0x8000 != 0,
        ("isfinite", ScalarTy::F64) => |v| f64_of(v).is_finite(),
        ("isinf", ScalarTy::F64) => |v| f64_of(v).is_infinite(),
        ("isnormal", ScalarTy::F64) => |v| f64_of(v).is_normal(),
        (_, ScalarTy::F64) => |v| f64_of(v).is_sign_negative(),
        ("isfinite", _) => |v| f32_of(v).is_finite(),
        ("isinf", _) => |v| f32_of(v).is_infinite(),
        ("isnormal", _) => |v| f32_of(v).is_normal(),
        _ => |v| f32_of(v).is_sign_negative(),
    }
}

fn classify(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let a = float_arg(call)?;
    let (r, yes) = test_result(call, a.lanes())?;
    if call.name == "isnan" {
        emit_fcmp(emit, FloatPred::Uno, a, a, r);
        return Ok(());
    }
    let test = class_test(&call.name, a.ty.elem);
    let n = r.lanes();
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let t = test(lane(regs, &a, i));
            regs[(r.slot + i) as usize] = if t { yes } else { 0 };
        }
        Ok(())
    }));
    Ok(())
}

/// `any` / `all`: the sign bit of each lane of an integer scalar or vector.
fn any_all(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let a = call.arg(0)?;
    let bits = match a.ty.elem {
        ScalarTy::Int(b) => b,
        _ => return Err(call.misuse(Problem::Expected("integer argument"))),
    };
    let r = call.ret()?;
    if r.lanes() != 1 || !matches!(r.ty.elem, ScalarTy::Int(_)) {
        return Err(call.misuse(Problem::Expected("int result")));
    }
    let all = call.name == "all";
    let n = a.lanes();
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let mut set = (0..n).map(|i| (regs[(a.slot + i) as usize] >> (bits - 1)) & 1 != 0);
        let v = if all { set.all(|s| s) } else { set.any(|s| s) };
        regs[r.slot as usize] = v as u64;
        Ok(())
    }));
    Ok(())
}

/// Operands of `select` / `bitselect` and the result.
struct Operands {
    a: Arg,
    b: Arg,
    c: Arg,
    r: Arg,
}

/// Checks that `select`'s or `bitselect`'s first two operands and the result share one type.
fn same_type(call: &Call) -> Result<Operands, Misuse> {
    let r = call.ret()?;
    let a = check_arg(call, 0, r.ty.elem, r.lanes(), false)?;
    let b = check_arg(call, 1, r.ty.elem, r.lanes(), false)?;
    let c = call.arg(2)?;
    if c.lanes() != r.lanes() {
        return Err(call.misuse(Problem::ConditionLanes {
            found: c.lanes(),
            expected: r.lanes(),
        }));
    }
    Ok(Operands { a, b, c, r })
}

/// Each result bit comes from `b` where `c` has a one, from `a` elsewhere; floats are bit patterns.
fn bitselect(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let Operands { a, b, c, r } = same_type(call)?;
    if c.ty.elem != r.ty.elem {
        return Err(call.misuse(Problem::Expected("operands of one type")));
    }
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..r.lanes() {
            let (x, y, m) = (lane(regs, &a, i), lane(regs, &b, i), lane(regs, &c, i));
            regs[(r.slot + i) as usize] = (x & !m) | (y & m);
        }
        Ok(())
    }));
    Ok(())
}

/// `select(a, b, c)`: `c ? b : a` for scalars, the sign bit of each lane of `c` for vectors.
fn select(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let Operands { a, b, c, r } = same_type(call)?;
    let cbits = match c.ty.elem {
        ScalarTy::Int(bits) => bits,
        _ => return Err(call.misuse(Problem::Expected("integer condition"))),
    };
    let n = r.lanes();
    // A scalar condition is tested whole; a vector one by its sign bit.
    let test = if n == 1 {
        mask(cbits)
    } else {
        1u64 << (cbits - 1)
    };
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let pick = if regs[(c.slot + i) as usize] & test != 0 {
                b
            } else {
                a
            };
            regs[(r.slot + i) as usize] = regs[(pick.slot + i) as usize];
        }
        Ok(())
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::lanes::recording::{is_inline, ops_of};
    use crate::builtins::testing::*;
    use crate::bytecode::{Op, ScalarTy};

    const F: ScalarTy = ScalarTy::F32;
    const D: ScalarTy = ScalarTy::F64;
    const T: u64 = 0xffff_ffff;

    #[test]
    fn scalar_and_vector_comparisons() {
        let mut t = TestEnv::new();
        let nan = f32::NAN;
        let r = t.call(
            "_Z7isequalff",
            &[f32s(&[1.0]), f32s(&[1.0])],
            Some(int_ty(32)),
        );
        assert_eq!(r, vec![1]);
        let x = f32s(&[1.0, 2.0, nan, 3.0]);
        let y = f32s(&[1.0, 1.0, 1.0, 4.0]);
        let cases = [
            ("_Z7isequalDv4_fS_", [T, 0, 0, 0]),
            ("_Z10isnotequalDv4_fS_", [0, T, T, T]),
            ("_Z9isgreaterDv4_fS_", [0, T, 0, 0]),
            ("_Z14isgreaterequalDv4_fS_", [T, T, 0, 0]),
            ("_Z6islessDv4_fS_", [0, 0, 0, T]),
            ("_Z11islessequalDv4_fS_", [T, 0, 0, T]),
            ("_Z13islessgreaterDv4_fS_", [0, T, 0, T]),
            ("_Z9isorderedDv4_fS_", [T, T, 0, T]),
            ("_Z11isunorderedDv4_fS_", [0, 0, T, 0]),
        ];
        for (sym, want) in cases {
            let r = t.call(
                sym,
                &[x.clone(), y.clone()],
                Some(vec_ty(ScalarTy::Int(32), 4)),
            );
            assert_eq!(r, want, "{sym}");
        }
        let r = t.call(
            "_Z10isnotequaldd",
            &[f64s(&[f64::NAN]), f64s(&[f64::NAN])],
            Some(int_ty(32)),
        );
        assert_eq!(r, vec![1]);
        let r = t.call(
            "_Z9isgreaterDv3_dS_",
            &[f64s(&[2.0, 1.0, f64::NAN]), f64s(&[1.0, 2.0, 0.0])],
            Some(vec_ty(ScalarTy::Int(64), 3)),
        );
        assert_eq!(r, vec![u64::MAX, 0, 0]);
    }

    #[test]
    fn classification() {
        let mut t = TestEnv::new();
        let x = f32s(&[
            1.0,
            f32::INFINITY,
            f32::NAN,
            1e-40,
            -0.0,
            0.0,
            -f32::INFINITY,
            f32::MIN_POSITIVE,
        ]);
        let i8 = vec_ty(ScalarTy::Int(32), 8);
        assert_eq!(
            t.call("_Z5isnanDv8_f", std::slice::from_ref(&x), Some(i8)),
            vec![0, 0, T, 0, 0, 0, 0, 0]
        );
        assert_eq!(
            t.call("_Z8isfiniteDv8_f", std::slice::from_ref(&x), Some(i8)),
            vec![T, 0, 0, T, T, T, 0, T]
        );
        assert_eq!(
            t.call("_Z5isinfDv8_f", std::slice::from_ref(&x), Some(i8)),
            vec![0, T, 0, 0, 0, 0, T, 0]
        );
        assert_eq!(
            t.call("_Z8isnormalDv8_f", std::slice::from_ref(&x), Some(i8)),
            vec![T, 0, 0, 0, 0, 0, 0, T]
        );
        assert_eq!(
            t.call("_Z7signbitDv8_f", &[x], Some(i8)),
            vec![0, 0, 0, 0, T, 0, T, 0]
        );
        assert_eq!(
            t.call("_Z5isnanf", &[f32s(&[f32::NAN])], Some(int_ty(32))),
            vec![1]
        );
        assert_eq!(
            t.call("_Z7signbitd", &[f64s(&[-0.0])], Some(int_ty(32))),
            vec![1]
        );
        assert_eq!(
            t.call("_Z8isnormald", &[f64s(&[1e-310])], Some(int_ty(32))),
            vec![0]
        );
        let r = t.call(
            "_Z5isinfDv2_d",
            &[f64s(&[f64::NEG_INFINITY, 1.0])],
            Some(vec_ty(ScalarTy::Int(64), 2)),
        );
        assert_eq!(r, vec![u64::MAX, 0]);
    }

    #[test]
    fn comparisons_are_ops() {
        let (f4, i4) = (vec_ty(F, 4), vec_ty(ScalarTy::Int(32), 4));
        assert!(is_inline("_Z6islessDv4_fS_", &[f4, f4], i4));
        assert!(is_inline("_Z5isnanDv4_f", &[f4], i4));
        let ops = ops_of("_Z7isequaldd", &[vec_ty(D, 1); 2], int_ty(32));
        assert!(matches!(ops[..], [Op::FCmp { lanes: 1, .. }]));
    }

    #[test]
    fn any_all_test_sign_bits() {
        let mut t = TestEnv::new();
        assert_eq!(
            t.call(
                "_Z3anyDv4_i",
                &[ints(32, &[1, 2, 0x8000_0000, 0])],
                Some(int_ty(32))
            ),
            vec![1]
        );
        assert_eq!(
            t.call(
                "_Z3anyDv4_i",
                &[ints(32, &[1, 2, 0x7fff_ffff, 0])],
                Some(int_ty(32))
            ),
            vec![0]
        );
        assert_eq!(
            t.call("_Z3allDv2_c", &[ints(8, &[0x80, 0xff])], Some(int_ty(32))),
            vec![1]
        );
        assert_eq!(
            t.call(
                "_Z3allDv3_s",
                &[ints(16, &[0x8000, 0xffff, 1])],
                Some(int_ty(32))
            ),
            vec![0]
        );
        assert_eq!(
            t.call("_Z3alll", &[int(64, 1 << 63)], Some(int_ty(32))),
            vec![1]
        );
        assert_eq!(t.call("_Z3anyi", &[int(32, 5)], Some(int_ty(32))), vec![0]);
    }

    #[test]
    fn bitselect_on_ints_and_floats() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z9bitselectDv2_jS_S_",
            &[
                ints(32, &[0xffff_0000, 0x1234_5678]),
                ints(32, &[0x0000_ffff, 0x8765_4321]),
                ints(32, &[0x00ff_00ff, 0]),
            ],
            Some(vec_ty(ScalarTy::Int(32), 2)),
        );
        assert_eq!(r, vec![0xff00_00ff, 0x1234_5678]);
        // Take the sign from b and everything else from a.
        let sign = f32::from_bits(0x8000_0000);
        let r = t.call(
            "_Z9bitselectfff",
            &[f32s(&[2.0]), f32s(&[-1.0]), f32s(&[sign])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![-2.0]);
        let r = t.call(
            "_Z9bitselectDv3_dS_S_",
            &[
                f64s(&[1.0; 3]),
                f64s(&[-3.0; 3]),
                f64s(&[0.0, -0.0, f64::from_bits(u64::MAX)]),
            ],
            Some(vec_ty(D, 3)),
        );
        assert_eq!(as_f64(&r), vec![1.0, -1.0, -3.0]);
    }

    #[test]
    fn select_scalar_and_vector_conditions() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z6selectffi",
            &[f32s(&[1.0]), f32s(&[2.0]), int(32, 4)],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![2.0]);
        let r = t.call(
            "_Z6selectffj",
            &[f32s(&[1.0]), f32s(&[2.0]), int(32, 0)],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![1.0]);
        // Vector conditions use the sign bit only: 1 selects a, -1 selects b.
        let c = ints(32, &[1, T, 0x8000_0000, 0]);
        let r = t.call(
            "_Z6selectDv4_fS_Dv4_i",
            &[
                f32s(&[1.0, 2.0, 3.0, 4.0]),
                f32s(&[-1.0, -2.0, -3.0, f32::NAN]),
                c,
            ],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![1.0, -2.0, -3.0, 4.0]);
        let r = t.call(
            "_Z6selectDv3_cS_Dv3_h",
            &[
                ints(8, &[1, 2, 3]),
                ints(8, &[4, 5, 6]),
                ints(8, &[0x7f, 0x80, 0xff]),
            ],
            Some(vec_ty(ScalarTy::Int(8), 3)),
        );
        assert_eq!(r, vec![1, 5, 6]);
        let r = t.call(
            "_Z6selectDv2_dS_Dv2_l",
            &[
                f64s(&[1.0, 2.0]),
                f64s(&[3.0, 4.0]),
                ints(64, &[u64::MAX, 1]),
            ],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![3.0, 2.0]);
        let r = t.call(
            "_Z6selectmmm",
            &[int(64, 7), int(64, 9), int(64, 1 << 40)],
            Some(int_ty(64)),
        );
        assert_eq!(r, vec![9]);
        let r = t.call(
            "_Z6selectsst",
            &[int(16, 7), int(16, 9), int(16, 0)],
            Some(int_ty(16)),
        );
        assert_eq!(r, vec![7]);
    }

    #[test]
    fn bad_shapes_are_refused() {
        let mut t = TestEnv::new();
        let err = t
            .try_call(
                "_Z6selectDv4_fS_Dv2_i",
                &[f32s(&[0.0; 4]), f32s(&[0.0; 4]), ints(32, &[0; 2])],
                Some(vec_ty(F, 4)),
            )
            .unwrap_err();
        assert!(err.contains("lanes"), "{err}");
        let err = t
            .try_call("_Z7isequalii", &[int(32, 0), int(32, 0)], Some(int_ty(32)))
            .unwrap_err();
        assert!(err.contains("float"), "{err}");
    }

    #[test]
    fn half_tests_and_selects() {
        let mut t = TestEnv::new();
        let h = ScalarTy::F16;
        // A subnormal half is not normal, although the float it widens to is.
        let v = f16s(&[0x0001, 0x0400, 0x7c00, 0x8000]);
        let s4 = Some(vec_ty(ScalarTy::Int(16), 4));
        let yes = 0xffff;
        assert_eq!(
            t.call("_Z8isnormalDv4_Dh", std::slice::from_ref(&v), s4),
            vec![0, yes, 0, 0]
        );
        assert_eq!(
            t.call("_Z5isinfDv4_Dh", std::slice::from_ref(&v), s4),
            vec![0, 0, yes, 0]
        );
        assert_eq!(
            t.call("_Z8isfiniteDv4_Dh", std::slice::from_ref(&v), s4),
            vec![yes, yes, 0, yes]
        );
        assert_eq!(t.call("_Z7signbitDv4_Dh", &[v], s4), vec![0, 0, 0, yes]);
        // Scalars give an int 1.
        let one = Some(int_ty(32));
        assert_eq!(t.call("_Z5isnanDh", &[f16s(&[0x7e00])], one), vec![1]);
        assert_eq!(t.call("_Z8isnormalDh", &[f16s(&[0x3c00])], one), vec![1]);
        let (a, b) = (f16s(&[0x3c00, 0x7e00]), f16s(&[0x4000, 0x4000]));
        let s2 = Some(vec_ty(ScalarTy::Int(16), 2));
        assert_eq!(
            t.call("_Z6islessDv2_DhS_", &[a.clone(), b.clone()], s2),
            vec![yes, 0]
        );
        assert_eq!(
            t.call("_Z10isnotequalDv2_DhS_", &[a.clone(), b.clone()], s2),
            vec![yes, yes]
        );
        // select picks by the sign bit of each short lane.
        let r = t.call(
            "_Z6selectDv2_DhS_Dv2_s",
            &[a, b, ints(16, &[0x8000, 0x7fff])],
            Some(vec_ty(h, 2)),
        );
        assert_eq!(r, vec![0x4000, 0x7e00]);
        let r = t.call(
            "_Z9bitselectDhDhDh",
            &[f16s(&[0x3c00]), f16s(&[0xc000]), f16s(&[0x8000])],
            Some(vec_ty(h, 1)),
        );
        assert_eq!(
            r,
            vec![0xbc00],
            "the sign from the second, the rest from the first"
        );
    }
}
