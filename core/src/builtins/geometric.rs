//! OpenCL C geometric functions (§6.15.5) on `half`, `float` and `double` scalars and 2-, 3- and
//! 4-lane vectors: cross, dot, distance, length, normalize and their `fast_` forms.
//!
//! `dot`, `cross` and the `fast_` forms are the plain formulas in the argument's precision. `length`,
//! `distance` and `normalize` must not overflow or underflow in their intermediate sum of squares,
//! so they work in double and scale extreme doubles by a power of two (exact) first. `half` is
//! computed as `float` from the widened (exact) lanes, each result rounded once to `half`.

use super::lanes::{check_arg, lane};
use super::{site, Call, Emit, Problem, Resolution};
use crate::bytecode::{FloatTy, Op, ScalarTy, Slot};
use crate::half;
use crate::semantics::{f32_of, f64_of, slot_f16, slot_f32, slot_f64};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Cross,
    Dot,
    Distance,
    Length,
    Normalize,
    FastDistance,
    FastLength,
    FastNormalize,
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let kind = match call.name.as_str() {
        "cross" => Kind::Cross,
        "dot" => Kind::Dot,
        "distance" => Kind::Distance,
        "length" => Kind::Length,
        "normalize" => Kind::Normalize,
        "fast_distance" => Kind::FastDistance,
        "fast_length" => Kind::FastLength,
        "fast_normalize" => Kind::FastNormalize,
        _ => return None,
    };
    if call.params.is_empty() {
        return None;
    }
    Some(lower(call, emit, kind))
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    let a = call.arg(0)?;
    let elem = a.ty.elem;
    if elem.float().is_none() {
        return Err(call.misuse(Problem::Expected("float argument")));
    }
    let n = a.lanes();
    let a = check_arg(call, 0, elem, n, false)?;
    let valid = match kind {
        Kind::Cross => n == 3 || n == 4,
        _ => (1..=4).contains(&n),
    };
    if !valid {
        return Err(call.misuse(Problem::Lanes(n)));
    }
    let binary = matches!(
        kind,
        Kind::Cross | Kind::Dot | Kind::Distance | Kind::FastDistance
    );
    let b = if binary {
        check_arg(call, 1, elem, n, false)?
    } else {
        a
    };
    let r = call.ret()?;
    let rlanes = match kind {
        Kind::Cross | Kind::Normalize | Kind::FastNormalize => n,
        _ => 1,
    };
    if r.ty.elem != elem || r.lanes() != rlanes {
        return Err(call.misuse(Problem::UnexpectedResult));
    }
    if kind == Kind::Dot {
        // The hottest geometric function. `float` dots are summed in double and rounded once,
        // as Oclgrind computes them; `double` dots are a chain of multiply-adds from lane 0
        // (starting from +0, which keeps the sign of zero results); `half` ones are summed in
        // float (`eval16`).
        if elem == ScalarTy::F32 {
            emit.op(Op::DotF32 {
                d: r.slot,
                a: a.slot,
                b: b.slot,
                lanes: n as u16,
            });
            return Ok(());
        }
        if elem == ScalarTy::F64 {
            return dot64(emit, a.slot, b.slot, r.slot, n);
        }
    }
    let eval = match elem {
        ScalarTy::F64 => eval64,
        ScalarTy::F16 => eval16,
        _ => eval32,
    };
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let mut x = [0u64; 4];
        let mut y = [0u64; 4];
        for i in 0..n {
            x[i as usize] = lane(regs, &a, i);
            y[i as usize] = lane(regs, &b, i);
        }
        let (x, y) = (&x[..n as usize], &y[..n as usize]);
        let out = eval(kind, x, y);
        regs[r.slot as usize..(r.slot + rlanes) as usize].copy_from_slice(&out[..rlanes as usize]);
        Ok(())
    }));
    Ok(())
}

/// A `double` dot product: a chain of multiply-adds from lane 0.
fn dot64(emit: &mut dyn Emit, a: Slot, b: Slot, r: Slot, n: u32) -> Resolution {
    let mut acc = emit.constant(0);
    for k in 0..n {
        let d = if k + 1 == n { r } else { emit.temp(1) };
        emit.op(Op::Fma {
            ty: FloatTy::F64,
            fused: false,
            d,
            a: a + k,
            b: b + k,
            c: acc,
            lanes: 1,
        });
        acc = d;
    }
    Ok(())
}

/// Evaluation on slot values for one precision.
macro_rules! eval {
    ($name:ident, $t:ident, $of:ident, $slot:ident) => {
        fn $name(kind: Kind, x: &[u64], y: &[u64]) -> [u64; 4] {
            let n = x.len();
            let mut v: [$t; 4] = [0.0; 4];
            let mut w: [$t; 4] = [0.0; 4];
            for i in 0..n {
                v[i] = $of(x[i]);
                w[i] = $of(y[i]);
            }
            let (v, w) = (&mut v[..n], &w[..n]);
            if matches!(kind, Kind::Distance | Kind::FastDistance) {
                for (a, b) in v.iter_mut().zip(w.iter()) {
                    *a -= *b;
                }
            }
            let dot = |p: &[$t], q: &[$t]| p.iter().zip(q).fold(0.0 as $t, |s, (a, b)| s + a * b);
            let mut out = [0u64; 4];
            match kind {
                Kind::Dot => out[0] = $slot(dot(v, w)),
                Kind::Cross => {
                    out[0] = $slot(v[1] * w[2] - v[2] * w[1]);
                    out[1] = $slot(v[2] * w[0] - v[0] * w[2]);
                    out[2] = $slot(v[0] * w[1] - v[1] * w[0]);
                    out[3] = $slot(0.0);
                }
                Kind::FastLength | Kind::FastDistance => out[0] = $slot(dot(v, v).sqrt()),
                Kind::FastNormalize => {
                    // All zeros come back as they are rather than as NaNs.
                    let s = if v.iter().all(|a| *a == 0.0) {
                        1.0
                    } else {
                        1.0 / dot(v, v).sqrt()
                    };
                    for (o, a) in out.iter_mut().zip(v.iter()) {
                        *o = $slot(*a * s);
                    }
                }
                Kind::Length | Kind::Distance => {
                    let mut d = [0f64; 4];
                    for (d, a) in d.iter_mut().zip(v.iter()) {
                        *d = f64::from(*a);
                    }
                    out[0] = $slot(length(&d[..n]) as $t);
                }
                Kind::Normalize => {
                    let mut d = [0f64; 4];
                    for (d, a) in d.iter_mut().zip(v.iter()) {
                        *d = f64::from(*a);
                    }
                    normalize(&mut d[..n]);
                    for (o, a) in out.iter_mut().zip(d.iter()) {
                        *o = $slot(*a as $t);
                    }
                }
            }
            out
        }
    };
}

eval!(eval32, f32, f32_of, slot_f32);
eval!(eval64, f64, f64_of, slot_f64);

/// `half` lanes as `float` (exactly), evaluated as such, and each result rounded to `half`.
fn eval16(kind: Kind, x: &[u64], y: &[u64]) -> [u64; 4] {
    let widen = |v: &[u64]| {
        let mut w = [0u64; 4];
        for (w, h) in w.iter_mut().zip(v) {
            *w = slot_f32(half::to_f32_quiet(*h as u16));
        }
        w
    };
    let (wx, wy) = (widen(x), widen(y));
    let mut out = eval32(kind, &wx[..x.len()], &wy[..y.len()]);
    for o in out.iter_mut() {
        *o = slot_f16(f32_of(*o) as f64);
    }
    out
}

/// A power of two that brings the largest magnitude `m` near 1, or 1 when squares cannot overflow
/// or underflow. Scaling by it is exact, so it changes no result.
fn scale_for(m: f64) -> f64 {
    if m > 2f64.powi(500) {
        2f64.powi(-600)
    } else if m < 2f64.powi(-500) {
        2f64.powi(600)
    } else {
        1.0
    }
}

fn length(v: &[f64]) -> f64 {
    if v.iter().any(|a| a.is_infinite()) {
        return f64::INFINITY;
    }
    if v.iter().any(|a| a.is_nan()) {
        return f64::NAN;
    }
    let m = v.iter().fold(0f64, |m, a| m.max(a.abs()));
    if m == 0.0 {
        return 0.0;
    }
    let s = scale_for(m);
    v.iter().map(|a| (a * s) * (a * s)).sum::<f64>().sqrt() / s
}

/// Normalizes in place with the spec's rules: zeros stay, a NaN spreads to every lane, and infinite
/// lanes count as ±1 while finite ones become (signed) zeros.
fn normalize(v: &mut [f64]) {
    if v.iter().any(|a| a.is_nan()) {
        v.fill(f64::NAN);
        return;
    }
    if v.iter().any(|a| a.is_infinite()) {
        for a in v.iter_mut() {
            *a = if a.is_infinite() {
                1f64.copysign(*a)
            } else {
                0.0 * *a
            };
        }
    }
    let m = v.iter().fold(0f64, |m, a| m.max(a.abs()));
    if m == 0.0 {
        return;
    }
    let s = scale_for(m);
    let len = v.iter().map(|a| (a * s) * (a * s)).sum::<f64>().sqrt();
    // Scaled down, a component far smaller than the largest would vanish in `a * s` although
    // its share of the length is a subnormal: divide it by the true length instead (finite
    // unless the vector's length is not).
    let true_len = len / s;
    let by_true_length = s < 1.0 && true_len.is_finite();
    for a in v.iter_mut() {
        *a = if by_true_length {
            *a / true_len
        } else {
            *a * s / len
        };
    }
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;
    use crate::bytecode::ScalarTy;

    const F: ScalarTy = ScalarTy::F32;
    const D: ScalarTy = ScalarTy::F64;

    #[test]
    fn dot_and_cross() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z3dotDv4_fS_",
            &[f32s(&[1.0, 2.0, 3.0, 4.0]), f32s(&[5.0, 6.0, 7.0, 8.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![70.0]);
        // float dots are summed in double: the 1 survives between the large terms.
        let r = t.call(
            "_Z3dotDv4_fS_",
            &[f32s(&[1e8, 1.0, -1e8, 0.0]), f32s(&[1.0, 1.0, 1.0, 1.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![1.0]);
        let r = t.call(
            "_Z3dotdd",
            &[f64s(&[3.0]), f64s(&[-2.0])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![-6.0]);
        let r = t.call(
            "_Z5crossDv3_fS_",
            &[f32s(&[1.0, 0.0, 0.0]), f32s(&[0.0, 1.0, 0.0])],
            Some(vec_ty(F, 3)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 0.0, 1.0]);
        let r = t.call(
            "_Z5crossDv4_dS_",
            &[f64s(&[1.0, 2.0, 3.0, 9.0]), f64s(&[4.0, 5.0, 6.0, 9.0])],
            Some(vec_ty(D, 4)),
        );
        assert_eq!(as_f64(&r), vec![-3.0, 6.0, -3.0, 0.0]);
    }

    #[test]
    fn length_and_distance_do_not_overflow() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z6lengthDv3_f",
            &[f32s(&[2.0, 3.0, 6.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![7.0]);
        let r = t.call("_Z6lengthDv2_f", &[f32s(&[3e30, 4e30])], Some(vec_ty(F, 1)));
        assert_eq!(as_f32(&r), vec![5e30]);
        let r = t.call(
            "_Z6lengthDv2_d",
            &[f64s(&[3e300, 4e300])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![5e300]);
        let r = t.call(
            "_Z6lengthDv2_d",
            &[f64s(&[3e-310, 4e-310])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![5e-310]);
        let r = t.call("_Z6lengthf", &[f32s(&[-2.5])], Some(vec_ty(F, 1)));
        assert_eq!(as_f32(&r), vec![2.5]);
        let r = t.call(
            "_Z6lengthDv2_f",
            &[f32s(&[f32::NAN, f32::NEG_INFINITY])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![f32::INFINITY]);
        let r = t.call(
            "_Z8distanceDv4_fS_",
            &[f32s(&[1.0, 1.0, 1.0, 1.0]), f32s(&[2.0, 2.0, 2.0, 2.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![2.0]);
        let r = t.call(
            "_Z13fast_distanceDv2_fS_",
            &[f32s(&[0.0, 0.0]), f32s(&[3.0, 4.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![5.0]);
        let r = t.call(
            "_Z11fast_lengthDv3_f",
            &[f32s(&[2.0, 3.0, 6.0])],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![7.0]);
    }

    #[test]
    fn normalize_special_cases() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z9normalizeDv2_f",
            &[f32s(&[3.0, -4.0])],
            Some(vec_ty(F, 2)),
        );
        assert_eq!(as_f32(&r), vec![0.6, -0.8]);
        let r = t.call(
            "_Z9normalizeDv3_d",
            &[f64s(&[0.0, -0.0, 0.0])],
            Some(vec_ty(D, 3)),
        );
        assert_eq!(r, vec![0, (-0.0f64).to_bits(), 0]);
        let r = t.call(
            "_Z9normalizeDv4_f",
            &[f32s(&[1.0, f32::NAN, 0.0, 0.0])],
            Some(vec_ty(F, 4)),
        );
        assert!(as_f32(&r).iter().all(|x| x.is_nan()));
        let r = t.call(
            "_Z9normalizeDv4_f",
            &[f32s(&[f32::INFINITY, 5.0, f32::NEG_INFINITY, -2.0])],
            Some(vec_ty(F, 4)),
        );
        let h = std::f32::consts::FRAC_1_SQRT_2;
        assert_eq!(as_f32(&r), vec![h, 0.0, -h, -0.0]);
        assert_eq!(r[3], 0x8000_0000);
        let r = t.call(
            "_Z9normalizeDv2_d",
            &[f64s(&[1e-320, 0.0])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![1.0, 0.0]);
        // A huge component beside a tiny one, whose share is a subnormal (a sample of the
        // Khronos CTS, geom_normalize, with its expected values: within 3 ulp of them).
        let bits = [
            0x37d0_cbf1_7ae0_1644u64,
            0xa1cb_2781_eaa2_dc0e,
            0xe2fb_9160_7045_47aa,
            0x52ad_e433_3249_dc38,
        ];
        let input: Vec<f64> = bits.iter().map(|&b| f64::from_bits(b)).collect();
        let r = t.call("_Z9normalizeDv4_d", &[f64s(&input)], Some(vec_ty(D, 4)));
        let expected = [
            0x14c3_7f40_23a8_e2f2u64,
            0x8000_0000_7e14_70b0,
            0xbff0_0000_0000_0000,
            0x2fa1_593a_14a5_14e2,
        ];
        for (got, want) in r.iter().zip(expected) {
            let ulps = (*got as i64 - want as i64).unsigned_abs();
            assert!(ulps <= 3, "{got:#x} is {ulps} ulp from {want:#x}");
        }
        let r = t.call("_Z9normalizef", &[f32s(&[-7.0])], Some(vec_ty(F, 1)));
        assert_eq!(as_f32(&r), vec![-1.0]);
        let r = t.call(
            "_Z14fast_normalizeDv3_f",
            &[f32s(&[0.0, 3.0, 4.0])],
            Some(vec_ty(F, 3)),
        );
        assert!(as_f32(&r)
            .iter()
            .zip([0.0, 0.6, 0.8])
            .all(|(a, b)| (a - b).abs() < 1e-6));
        let r = t.call(
            "_Z14fast_normalizeDv2_f",
            &[f32s(&[0.0, 0.0])],
            Some(vec_ty(F, 2)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 0.0]);
    }

    #[test]
    fn bad_shapes_are_refused() {
        let mut t = TestEnv::new();
        let err = t
            .try_call(
                "_Z5crossDv2_fS_",
                &[f32s(&[0.0; 2]), f32s(&[0.0; 2])],
                Some(vec_ty(F, 2)),
            )
            .unwrap_err();
        assert!(err.contains("lanes"), "{err}");
        let err = t
            .try_call(
                "_Z3dotDv4_fDv3_f",
                &[f32s(&[0.0; 4]), f32s(&[0.0; 3])],
                Some(vec_ty(F, 1)),
            )
            .unwrap_err();
        assert!(err.contains("lanes"), "{err}");
    }

    /// `half` lanes are computed as floats and each result rounded once to half (expected
    /// values: the nearest halves to the exact results).
    #[test]
    fn half_vectors() {
        let mut t = TestEnv::new();
        let h = ScalarTy::F16;
        let (one, two, three, four) = (0x3c00, 0x4000, 0x4200, 0x4400);
        let r = t.call(
            "_Z3dotDv2_DhS_",
            &[f16s(&[one, two]), f16s(&[three, four])],
            Some(vec_ty(h, 1)),
        );
        assert_eq!(r, vec![0x4980], "1*3 + 2*4 = 11");
        let r = t.call(
            "_Z6lengthDv2_Dh",
            &[f16s(&[three, four])],
            Some(vec_ty(h, 1)),
        );
        assert_eq!(r, vec![0x4500]);
        let r = t.call(
            "_Z9normalizeDv2_Dh",
            &[f16s(&[three, four])],
            Some(vec_ty(h, 2)),
        );
        assert_eq!(r, vec![0x38cd, 0x3a66], "(0.6, 0.8)");
        let r = t.call(
            "_Z5crossDv3_DhS_",
            &[f16s(&[one, 0, 0]), f16s(&[0, one, 0])],
            Some(vec_ty(h, 3)),
        );
        assert_eq!(r, vec![0, 0, one as u64]);
        // 300^2 + 300^2 overflows half but not float: the length is 424.26, the dot infinite.
        let big = f16s(&[0x5cb0, 0x5cb0]);
        let r = t.call(
            "_Z6lengthDv2_Dh",
            std::slice::from_ref(&big),
            Some(vec_ty(h, 1)),
        );
        assert_eq!(r, vec![0x5ea1]);
        let r = t.call("_Z3dotDv2_DhS_", &[big.clone(), big], Some(vec_ty(h, 1)));
        assert_eq!(r, vec![0x7c00]);
    }
}
