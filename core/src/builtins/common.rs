//! OpenCL C common functions (§6.15.4) on `half`, `float` and `double`: clamp, degrees, max, min, mix,
//! radians, step, smoothstep, sign. The integer `min`, `max` and `clamp` belong to the integer family,
//! so integer-typed calls are left to it.

use std::f64::consts::PI;

use super::lanes::{check_arg, float1, float2, float3, float_result};
use super::{Call, Emit, Resolution};
use crate::bytecode::{FloatBinOp, Op};

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    if !matches!(
        call.name.as_str(),
        "clamp" | "degrees" | "max" | "min" | "mix" | "radians" | "step" | "smoothstep" | "sign"
    ) || !call.param(0).is_float()
    {
        return None;
    }
    Some(lower(call, emit))
}

fn lower(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let (ty, r) = float_result(call)?;
    let n = r.lanes();
    let lanes = r.ty.lanes;
    let arity = match call.name.as_str() {
        "degrees" | "radians" | "sign" => 1,
        "max" | "min" | "step" => 2,
        _ => 3,
    };
    let mut args = Vec::with_capacity(arity);
    for i in 0..arity {
        args.push(check_arg(call, i, r.ty.elem, n, true)?);
    }
    // With no scalar to broadcast, the hot ones are ops.
    let vector_only = args.iter().all(|a| a.lanes() == n);
    match call.name.as_str() {
        "max" | "min" if vector_only => {
            let op = if call.name == "max" {
                FloatBinOp::MaxNum
            } else {
                FloatBinOp::MinNum
            };
            emit.op(Op::FloatBin {
                op,
                ty,
                d: r.slot,
                a: args[0].slot,
                b: args[1].slot,
                lanes,
            });
            Ok(())
        }
        "clamp" if vector_only => {
            let (x, lo, hi) = (args[0].slot, args[1].slot, args[2].slot);
            emit.op(Op::FloatBin {
                op: FloatBinOp::MaxNum,
                ty,
                d: r.slot,
                a: x,
                b: lo,
                lanes,
            });
            emit.op(Op::FloatBin {
                op: FloatBinOp::MinNum,
                ty,
                d: r.slot,
                a: r.slot,
                b: hi,
                lanes,
            });
            Ok(())
        }
        "mix" if vector_only => {
            // x + (y - x) * a, with the same two roundings.
            let (x, y, a) = (args[0].slot, args[1].slot, args[2].slot);
            let diff = emit.temp(n);
            emit.op(Op::FloatBin {
                op: FloatBinOp::Sub,
                ty,
                d: diff,
                a: y,
                b: x,
                lanes,
            });
            emit.op(Op::Fma {
                ty,
                fused: false,
                d: r.slot,
                a: diff,
                b: a,
                c: x,
                lanes,
            });
            Ok(())
        }
        // Fmin / fmax semantics: a NaN operand yields the other one (the spec leaves it undefined).
        "max" => float2(call, emit, f32::max, f64::max),
        "min" => float2(call, emit, f32::min, f64::min),
        "clamp" => float3(
            call,
            emit,
            |x, lo, hi| x.max(lo).min(hi),
            |x, lo, hi| x.max(lo).min(hi),
        ),
        "mix" => float3(
            call,
            emit,
            |x, y, a| x + (y - x) * a,
            |x, y, a| x + (y - x) * a,
        ),
        "degrees" => float1(
            call,
            emit,
            |x| x * (180.0 / PI) as f32,
            |x| x * (180.0 / PI),
        ),
        "radians" => float1(
            call,
            emit,
            |x| x * (PI / 180.0) as f32,
            |x| x * (PI / 180.0),
        ),
        "step" => float2(
            call,
            emit,
            |edge, x| if x < edge { 0.0 } else { 1.0 },
            |edge, x| {
                if x < edge {
                    0.0
                } else {
                    1.0
                }
            },
        ),
        "smoothstep" => float3(call, emit, smoothstep32, smoothstep64),
        "sign" => float1(call, emit, sign32, sign64),
        _ => unreachable!("resolve accepts only the names above"),
    }
}

fn smoothstep32(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

fn smoothstep64(e0: f64, e1: f64, x: f64) -> f64 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

// Zeros keep their sign and NaN gives 0, unlike Rust's `signum`.
fn sign32(x: f32) -> f32 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else if x.is_nan() {
        0.0
    } else {
        x
    }
}

fn sign64(x: f64) -> f64 {
    if x > 0.0 {
        1.0
    } else if x < 0.0 {
        -1.0
    } else if x.is_nan() {
        0.0
    } else {
        x
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins::lanes::recording::{is_inline, ops_of};
    use crate::builtins::testing::*;
    use crate::bytecode::{Op, ScalarTy};

    const F: ScalarTy = ScalarTy::F32;
    const D: ScalarTy = ScalarTy::F64;

    #[test]
    fn clamp_vector_and_broadcast() {
        let mut t = TestEnv::new();
        let x = f32s(&[-1.0, 0.5, 2.0, f32::NAN]);
        let r = t.call(
            "_Z5clampDv4_fff",
            &[x.clone(), f32s(&[0.0]), f32s(&[1.0])],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 0.5, 1.0, 0.0]);
        let lo = f32s(&[0.0, 0.6, 0.0, 0.0]);
        let hi = f32s(&[1.0, 1.0, 1.5, 1.0]);
        let r = t.call("_Z5clampDv4_fS_S_", &[x, lo, hi], Some(vec_ty(F, 4)));
        assert_eq!(as_f32(&r), vec![0.0, 0.6, 1.5, 0.0]);
        let r = t.call(
            "_Z5clampddd",
            &[f64s(&[7.0]), f64s(&[1.0]), f64s(&[3.0])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![3.0]);
    }

    #[test]
    fn min_max_nan_and_broadcast() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z3maxDv3_ff",
            &[f32s(&[-1.0, 2.0, f32::NAN]), f32s(&[1.0])],
            Some(vec_ty(F, 3)),
        );
        assert_eq!(as_f32(&r), vec![1.0, 2.0, 1.0]);
        let r = t.call(
            "_Z3minDv2_dS_",
            &[f64s(&[-1.0, f64::NAN]), f64s(&[1.0, 4.0])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![-1.0, 4.0]);
    }

    #[test]
    fn integer_calls_are_left_to_the_integer_family() {
        let mut t = TestEnv::new();
        let call = crate::builtins::Call::new("_Z3minii", vec![], None).unwrap();
        assert!(super::resolve(&call, &mut t).is_none());
        let call = crate::builtins::Call::new("_Z5clampDv4_jjj", vec![], None).unwrap();
        assert!(super::resolve(&call, &mut t).is_none());
    }

    #[test]
    fn mix_step_smoothstep() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z3mixDv4_fS_f",
            &[
                f32s(&[0.0, 1.0, 2.0, -4.0]),
                f32s(&[10.0, 3.0, 2.0, 4.0]),
                f32s(&[0.25]),
            ],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![2.5, 1.5, 2.0, -2.0]);
        let r = t.call(
            "_Z3mixDv3_dS_S_",
            &[
                f64s(&[0.0, 1.0, 2.0]),
                f64s(&[10.0, 3.0, 4.0]),
                f64s(&[0.5, 1.0, 0.0]),
            ],
            Some(vec_ty(D, 3)),
        );
        assert_eq!(as_f64(&r), vec![5.0, 3.0, 2.0]);
        let r = t.call(
            "_Z4stepfDv4_f",
            &[f32s(&[0.5]), f32s(&[0.0, 0.5, 1.0, -1.0])],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 1.0, 1.0, 0.0]);
        let r = t.call(
            "_Z4stepDv2_dS_",
            &[f64s(&[1.0, 2.0]), f64s(&[1.5, 1.5])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![1.0, 0.0]);
        let r = t.call(
            "_Z10smoothstepffDv3_f",
            &[f32s(&[0.0]), f32s(&[2.0]), f32s(&[-1.0, 1.0, 3.0])],
            Some(vec_ty(F, 3)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 0.5, 1.0]);
        let r = t.call(
            "_Z10smoothstepddd",
            &[f64s(&[0.0]), f64s(&[1.0]), f64s(&[0.25])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![0.15625]);
    }

    #[test]
    fn degrees_radians_sign() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z7degreesf",
            &[f32s(&[std::f32::consts::PI])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![180.0]);
        let r = t.call(
            "_Z7radiansDv2_d",
            &[f64s(&[180.0, -90.0])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(
            as_f64(&r),
            vec![std::f64::consts::PI, -std::f64::consts::FRAC_PI_2]
        );
        let r = t.call(
            "_Z4signDv4_f",
            &[f32s(&[3.0, -0.5, -0.0, f32::NAN])],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(
            r,
            vec![
                1.0f32.to_bits() as u64,
                (-1.0f32).to_bits() as u64,
                0x8000_0000,
                0
            ]
        );
        let r = t.call("_Z4signd", &[f64s(&[0.0])], Some(vec_ty(D, 1)));
        assert_eq!(r, vec![0]);
    }

    #[test]
    fn hot_ones_become_ops() {
        let (f4, f) = (vec_ty(F, 4), vec_ty(F, 1));
        assert!(is_inline("_Z3maxDv4_fS_", &[f4, f4], f4));
        assert!(is_inline("_Z3minff", &[f, f], f));
        assert!(is_inline("_Z5clampDv4_fS_S_", &[f4, f4, f4], f4));
        assert!(is_inline("_Z3mixDv4_fS_S_", &[f4, f4, f4], f4));
        assert!(!is_inline("_Z3mixDv4_fS_f", &[f4, f4, f], f4));
        assert!(!is_inline("_Z5clampDv4_fff", &[f4, f, f], f4));
        let ops = ops_of("_Z3mixddd", &[vec_ty(D, 1); 3], vec_ty(D, 1));
        assert!(matches!(
            ops[..],
            [Op::FloatBin { .. }, Op::Fma { fused: false, .. }]
        ));
    }

    #[test]
    fn mismatched_lanes_are_refused() {
        let mut t = TestEnv::new();
        let err = t
            .try_call(
                "_Z3maxDv4_fDv2_f",
                &[f32s(&[0.0; 4]), f32s(&[0.0; 2])],
                Some(vec_ty(F, 4)),
            )
            .unwrap_err();
        assert!(err.contains("lanes"), "{err}");
    }

    #[test]
    fn half_common_functions() {
        let mut t = TestEnv::new();
        let h1 = Some(vec_ty(ScalarTy::F16, 1));
        let x = |b: u16| f16s(&[b]);
        let (one, three, five) = (0x3c00, 0x4200, 0x4500);
        assert_eq!(
            t.call("_Z5clampDhDhDh", &[x(five), x(one), x(three)], h1),
            vec![three as u64]
        );
        // 0 + (4 - 0) * 0.25
        assert_eq!(
            t.call("_Z3mixDhDhDh", &[x(0), x(0x4400), x(0x3400)], h1),
            vec![one as u64]
        );
        // 3.140625 degrees is 179.9446..., nearest half 180.
        assert_eq!(t.call("_Z7degreesDh", &[x(0x4248)], h1), vec![0x59a0]);
        assert_eq!(t.call("_Z4signDh", &[x(0x8000)], h1), vec![0x8000]);
        assert_eq!(t.call("_Z4signDh", &[x(0xc500)], h1), vec![0xbc00]);
        let r = t.call(
            "_Z4stepDhDv2_Dh",
            &[x(three), f16s(&[one, five])],
            Some(vec_ty(ScalarTy::F16, 2)),
        );
        assert_eq!(r, vec![0, one as u64]);
        let r = t.call(
            "_Z3maxDv2_DhS_",
            &[f16s(&[one, 0x7e00]), f16s(&[three, five])],
            Some(vec_ty(ScalarTy::F16, 2)),
        );
        assert_eq!(r, vec![three as u64, five as u64]);
    }
}
