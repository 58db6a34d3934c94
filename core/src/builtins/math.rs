//! OpenCL C math functions (§6.15.2) for `float`, `double`, `half` and their vectors, including the
//! `half_` and `native_` variants, which we compute at full precision.
//!
//! Each type is computed in its own precision: `float` with single-precision routines (Rust's `f32`
//! methods, or libm's `*f` functions), `double` with double ones. Functions that have no
//! single-precision routine (the `*pi` family, `pown`, `rootn`) are computed in double from the exact
//! widened argument and rounded once, which is well within the spec's error bounds. `half` goes
//! through the single-precision routines (`lanes::Precision`), except where a float result would
//! be wrong once rounded: `fma` and `mad` (`half::fma`), `nextafter`, `nan` and `fract`.
//! The cheapest, hottest functions become ops when no argument needs broadcasting.

use std::f64::consts::PI;

use super::lanes::{check_arg, float1, float2, float_result, lane, store_lanes, Precision};
use super::{site, Arg, Call, Emit, Problem, Resolution};
use crate::bytecode::{FloatBinOp, FloatTy, FloatUnOp, Op, ScalarTy};
use crate::half;
use crate::semantics::{self, f64_of, sext, slot_f32, slot_f64};

/// What a math builtin lowers to.
#[derive(Clone, Copy)]
enum Kind {
    /// One argument, an op.
    UnOp(FloatUnOp),
    Un(fn(f32) -> f32, fn(f64) -> f64),
    /// Two arguments, an op unless a scalar is broadcast.
    BinOp(FloatBinOp),
    Bin(fn(f32, f32) -> f32, fn(f64, f64) -> f64),
    /// `fma` (fused) and `mad` (free to round twice).
    Fma {
        fused: bool,
    },
    /// A float and an `int` (`ldexp`, `pown`, `rootn`).
    WithInt(fn(f32, i32) -> f32, fn(f64, i32) -> f64),
    Ilogb,
    Nan,
    /// `nextafter`, which steps by one ulp of its own precision.
    NextAfter,
    /// A second result written through a pointer.
    Out(OutFn),
}

/// A function with a second result stored through its last argument: `(x, y) -> (result, stored)`,
/// `y` being used by `remquo` only. `stored` is a slot value (float bits, or an `int`).
#[derive(Clone, Copy)]
struct OutFn {
    f32: fn(f32, f32) -> (f32, u64),
    f64: fn(f64, f64) -> (f64, u64),
    /// The stored value is an `int` (`frexp`, `lgamma_r`, `remquo`) rather than the argument's type.
    int: bool,
    /// Number of float arguments before the pointer.
    inputs: usize,
    /// The result stays below 1 in its own precision (`fract`): a `half` rounded from the
    /// float result could reach 1.
    below_one: bool,
}

/// Functions that also exist as `half_*` and `native_*`; `divide` and `recip` exist only so.
const FAST: &[&str] = &[
    "cos", "divide", "exp", "exp2", "exp10", "log", "log2", "log10", "powr", "recip", "rsqrt",
    "sin", "sqrt", "tan",
];

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let base = match call
        .name
        .strip_prefix("half_")
        .or_else(|| call.name.strip_prefix("native_"))
    {
        Some(b) if FAST.contains(&b) => b,
        Some(_) => return None,
        None if matches!(call.name.as_str(), "divide" | "recip") => return None,
        None => call.name.as_str(),
    };
    let kind = kind_of(base)?;
    // An unmangled function of the same name is the program's own, not the builtin.
    if call.params.is_empty() {
        return None;
    }
    Some(lower(call, emit, kind))
}

fn kind_of(name: &str) -> Option<Kind> {
    use FloatUnOp as U;
    use Kind::*;
    Some(match name {
        "fabs" => UnOp(U::Abs),
        "sqrt" => UnOp(U::Sqrt),
        "floor" => UnOp(U::Floor),
        "ceil" => UnOp(U::Ceil),
        "trunc" => UnOp(U::Trunc),
        "rint" => UnOp(U::Rint),
        "round" => UnOp(U::Round),

        "acos" => Un(f32::acos, f64::acos),
        // The C library's: Rust's lose digits near 1 (acosh), overflow for huge values (asinh)
        // and are 5 ulp off near -1 (atanh).
        "acosh" => Un(|x| libm::acoshf(x), |x| libm::acosh(x)),
        "acospi" => Un(|x| ((x as f64).acos() / PI) as f32, |x| x.acos() / PI),
        "asin" => Un(f32::asin, f64::asin),
        "asinh" => Un(|x| libm::asinhf(x), |x| libm::asinh(x)),
        "asinpi" => Un(|x| ((x as f64).asin() / PI) as f32, |x| x.asin() / PI),
        "atan" => Un(f32::atan, f64::atan),
        "atanh" => Un(|x| libm::atanhf(x), |x| libm::atanh(x)),
        "atanpi" => Un(|x| ((x as f64).atan() / PI) as f32, |x| x.atan() / PI),
        "cbrt" => Un(f32::cbrt, f64::cbrt),
        "cos" => Un(f32::cos, f64::cos),
        "cosh" => Un(f32::cosh, f64::cosh),
        "cospi" => Un(|x| cospi(x as f64) as f32, cospi),
        "erfc" => Un(|x| libm::erfcf(x), |x| libm::erfc(x)),
        "erf" => Un(|x| libm::erff(x), |x| libm::erf(x)),
        "exp" => Un(f32::exp, f64::exp),
        "exp2" => Un(f32::exp2, f64::exp2),
        "exp10" => Un(|x| libm::exp10f(x), |x| libm::exp10(x)),
        "expm1" => Un(f32::exp_m1, f64::exp_m1),
        "lgamma" => Un(|x| lgamma_r32(x).0, |x| lgamma_r64(x).0),
        "log" => Un(f32::ln, f64::ln),
        "log2" => Un(f32::log2, f64::log2),
        "log10" => Un(f32::log10, f64::log10),
        "log1p" => Un(f32::ln_1p, f64::ln_1p),
        "logb" => Un(|x| libm::logbf(x), |x| libm::logb(x)),
        "recip" => Un(|x| 1.0 / x, |x| 1.0 / x),
        "rsqrt" => UnOp(U::Rsqrt),
        "sin" => Un(f32::sin, f64::sin),
        "sinh" => Un(f32::sinh, f64::sinh),
        "sinpi" => Un(|x| sinpi(x as f64) as f32, sinpi),
        "tan" => Un(f32::tan, f64::tan),
        "tanh" => Un(f32::tanh, f64::tanh),
        "tanpi" => Un(|x| tanpi(x as f64) as f32, tanpi),
        "tgamma" => Un(|x| libm::tgammaf(x), |x| libm::tgamma(x)),

        "fmin" => BinOp(FloatBinOp::MinNum),
        "fmax" => BinOp(FloatBinOp::MaxNum),
        "copysign" => BinOp(FloatBinOp::CopySign),
        "atan2" => Bin(f32::atan2, f64::atan2),
        "atan2pi" => Bin(
            |y, x| ((y as f64).atan2(x as f64) / PI) as f32,
            |y, x| y.atan2(x) / PI,
        ),
        "divide" => Bin(|x, y| x / y, |x, y| x / y),
        "fdim" => Bin(p32::fdim, p64::fdim),
        "fmod" => Bin(|x, y| x % y, |x, y| x % y),
        "hypot" => Bin(f32::hypot, f64::hypot),
        "maxmag" => Bin(p32::maxmag, p64::maxmag),
        "minmag" => Bin(p32::minmag, p64::minmag),
        "nextafter" => NextAfter,
        "pow" => Bin(f32::powf, f64::powf),
        "powr" => Bin(p32::powr, p64::powr),
        "remainder" => Bin(|x, y| libm::remainderf(x, y), |x, y| libm::remainder(x, y)),

        "fma" => Fma { fused: true },
        "mad" => Fma { fused: false },

        "ldexp" => WithInt(|x, n| libm::ldexpf(x, n), |x, n| libm::ldexp(x, n)),
        "pown" => WithInt(
            |x, n| (x as f64).powf(n as f64) as f32,
            |x, n| x.powf(n as f64),
        ),
        "rootn" => WithInt(|x, n| rootn(x as f64, n) as f32, rootn),
        "ilogb" => Ilogb,
        "nan" => Nan,

        "fract" => Out(OutFn {
            f32: |x, _| {
                let (f, i) = p32::fract(x);
                (f, slot_f32(i))
            },
            f64: |x, _| {
                let (f, i) = p64::fract(x);
                (f, slot_f64(i))
            },
            int: false,
            inputs: 1,
            below_one: true,
        }),
        "modf" => Out(OutFn {
            f32: |x, _| {
                let (f, i) = p32::modf(x);
                (f, slot_f32(i))
            },
            f64: |x, _| {
                let (f, i) = p64::modf(x);
                (f, slot_f64(i))
            },
            int: false,
            inputs: 1,
            below_one: false,
        }),
        "sincos" => Out(OutFn {
            f32: |x, _| (x.sin(), slot_f32(x.cos())),
            f64: |x, _| (x.sin(), slot_f64(x.cos())),
            int: false,
            inputs: 1,
            below_one: false,
        }),
        "frexp" => Out(OutFn {
            f32: |x, _| int_out(frexp32(x)),
            f64: |x, _| int_out(frexp64(x)),
            int: true,
            inputs: 1,
            below_one: false,
        }),
        "lgamma_r" => Out(OutFn {
            f32: |x, _| int_out(lgamma_r32(x)),
            f64: |x, _| int_out(lgamma_r64(x)),
            int: true,
            inputs: 1,
            below_one: false,
        }),
        "remquo" => Out(OutFn {
            f32: |x, y| int_out(remquo32(x, y)),
            f64: |x, y| int_out(remquo64(x, y)),
            int: true,
            inputs: 2,
            below_one: false,
        }),
        _ => return None,
    })
}

/// 1.0 as a `half` slot.
const ONE_F16: u64 = 0x3c00;

fn int_out<T>((v, i): (T, i32)) -> (T, u64) {
    (v, i as u32 as u64)
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    if let Kind::Ilogb = kind {
        return lower_ilogb(call, emit);
    }
    let (ty, r) = float_result(call)?;
    let n = r.lanes();
    let same = |call: &Call, i: usize| check_arg(call, i, r.ty.elem, n, true);
    match kind {
        Kind::UnOp(op) => {
            let a = check_arg(call, 0, r.ty.elem, n, false)?;
            emit.op(Op::FloatUn {
                op,
                ty,
                d: r.slot,
                s: a.slot,
                lanes: r.ty.lanes,
            });
            Ok(())
        }
        Kind::Un(f, g) => {
            check_arg(call, 0, r.ty.elem, n, false)?;
            float1(call, emit, f, g)
        }
        Kind::BinOp(op) => {
            let (a, b) = (same(call, 0)?, same(call, 1)?);
            if a.lanes() == n && b.lanes() == n {
                emit.op(Op::FloatBin {
                    op,
                    ty,
                    d: r.slot,
                    a: a.slot,
                    b: b.slot,
                    lanes: r.ty.lanes,
                });
                return Ok(());
            }
            match op {
                FloatBinOp::MinNum => float2(call, emit, f32::min, f64::min),
                FloatBinOp::MaxNum => float2(call, emit, f32::max, f64::max),
                _ => float2(call, emit, f32::copysign, f64::copysign),
            }
        }
        Kind::Bin(f, g) => {
            same(call, 0)?;
            same(call, 1)?;
            float2(call, emit, f, g)
        }
        Kind::Fma { fused } => {
            let (a, b, c) = (same(call, 0)?, same(call, 1)?, same(call, 2)?);
            if [a, b, c].iter().all(|x| x.lanes() == n) {
                emit.op(Op::Fma {
                    ty,
                    fused,
                    d: r.slot,
                    a: a.slot,
                    b: b.slot,
                    c: c.slot,
                    lanes: r.ty.lanes,
                });
                return Ok(());
            }
            // A scalar broadcast: the op's semantics, lane by lane.
            emit.site(site(call, move |env| {
                let regs = env.regs();
                for i in 0..n {
                    let (x, y, z) = (lane(regs, &a, i), lane(regs, &b, i), lane(regs, &c, i));
                    regs[(r.slot + i) as usize] = semantics::fma(ty, fused, x, y, z);
                }
                Ok(())
            }));
            Ok(())
        }
        Kind::WithInt(f, g) => {
            let x = same(call, 0)?;
            let k = check_arg(call, 1, ScalarTy::Int(32), n, true)?;
            let p = Precision::of(r.ty.elem);
            emit.site(site(call, move |env| {
                let regs = env.regs();
                for i in 0..n {
                    let (v, e) = (lane(regs, &x, i), sext(lane(regs, &k, i), 32) as i32);
                    regs[(r.slot + i) as usize] = match p {
                        Precision::Double => slot_f64(g(f64_of(v), e)),
                        _ => p.slot(f(p.narrow(v), e)),
                    };
                }
                Ok(())
            }));
            Ok(())
        }
        Kind::NextAfter => {
            same(call, 0)?;
            same(call, 1)?;
            if ty != FloatTy::F16 {
                return float2(
                    call,
                    emit,
                    |x, y| libm::nextafterf(x, y),
                    |x, y| libm::nextafter(x, y),
                );
            }
            let (a, b) = (call.arg(0)?, call.arg(1)?);
            emit.site(site(call, move |env| {
                let regs = env.regs();
                for i in 0..n {
                    let (x, y) = (lane(regs, &a, i) as u16, lane(regs, &b, i) as u16);
                    regs[(r.slot + i) as usize] = half::next_after(x, y) as u64;
                }
                Ok(())
            }));
            Ok(())
        }
        Kind::Ilogb => lower_ilogb(call, emit),
        Kind::Nan => lower_nan(call, emit, ty, r),
        Kind::Out(o) => lower_out(call, emit, r, o),
    }
}

/// `nan(ushortn)` / `nan(uintn)` / `nan(ulongn)`: a quiet NaN carrying the code in its
/// significand.
fn lower_nan(call: &Call, emit: &mut dyn Emit, ty: FloatTy, r: Arg) -> Resolution {
    let n = r.lanes();
    let code_ty = match ty {
        FloatTy::F16 => ScalarTy::Int(16),
        FloatTy::F32 => ScalarTy::Int(32),
        FloatTy::F64 => ScalarTy::Int(64),
    };
    let c = check_arg(call, 0, code_ty, n, false)?;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let code = lane(regs, &c, i);
            regs[(r.slot + i) as usize] = match ty {
                FloatTy::F16 => (half::NAN | (code as u16 & 0x01ff)) as u64,
                FloatTy::F32 => 0x7fc0_0000 | (code & 0x003f_ffff),
                FloatTy::F64 => 0x7ff8_0000_0000_0000 | (code & 0x0007_ffff_ffff_ffff),
            };
        }
        Ok(())
    }));
    Ok(())
}

fn lower_out(call: &Call, emit: &mut dyn Emit, r: Arg, o: OutFn) -> Resolution {
    let n = r.lanes();
    if n > 16 {
        return Err(call.misuse(Problem::Lanes(n)));
    }
    let x = check_arg(call, 0, r.ty.elem, n, false)?;
    let y = if o.inputs == 2 {
        check_arg(call, 1, r.ty.elem, n, false)?
    } else {
        x
    };
    let p = call.arg(o.inputs)?;
    let pointer = || call.misuse(Problem::Expected("pointer argument"));
    let space = p.space().ok_or_else(pointer)?;
    if call.param(o.inputs).pointee().is_none() {
        return Err(pointer());
    }
    let size = if o.int { 4 } else { r.ty.elem.size() };
    let prec = Precision::of(r.ty.elem);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let addr = regs[p.slot as usize];
        let mut stored = [0u64; 16];
        for i in 0..n {
            let (a, b) = (lane(regs, &x, i), lane(regs, &y, i));
            let (v, s) = match prec {
                Precision::Double => {
                    let (v, s) = (o.f64)(f64_of(a), f64_of(b));
                    (slot_f64(v), s)
                }
                _ => {
                    let (v, s) = (o.f32)(prec.narrow(a), prec.narrow(b));
                    // A float stored value is a float's bits: round it like the result.
                    let s = if o.int {
                        s
                    } else {
                        prec.slot(f32::from_bits(s as u32))
                    };
                    (prec.slot(v), s)
                }
            };
            let v = if o.below_one && prec == Precision::Half && v == ONE_F16 {
                ONE_F16 - 1
            } else {
                v
            };
            regs[(r.slot + i) as usize] = v;
            stored[i as usize] = s;
        }
        store_lanes(env, space, addr, &stored[..n as usize], size);
        Ok(())
    }));
    Ok(())
}

/// `ilogb` returns `int`s, so its result does not give the precision: the argument does.
fn lower_ilogb(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let r = call.ret()?;
    let a = call.arg(0)?;
    if a.ty.elem.float().is_none() {
        return Err(call.misuse(Problem::Expected("float argument")));
    }
    let a = check_arg(call, 0, a.ty.elem, r.lanes(), false)?;
    if r.ty.elem != ScalarTy::Int(32) {
        return Err(call.misuse(Problem::Expected("int result")));
    }
    let n = r.lanes();
    let p = Precision::of(a.ty.elem);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let x = lane(regs, &a, i);
            let e = match p {
                Precision::Double => ilogb64(f64_of(x)),
                _ => ilogb32(p.narrow(x)),
            };
            regs[(r.slot + i) as usize] = e as u32 as u64;
        }
        Ok(())
    }));
    Ok(())
}

/// libm routines Rust's standard library does not offer (std links libm on every Unix target).
mod libm {
    use std::ffi::c_int;

    unsafe extern "C" {
        pub safe fn acoshf(x: f32) -> f32;
        pub safe fn acosh(x: f64) -> f64;
        pub safe fn asinhf(x: f32) -> f32;
        pub safe fn asinh(x: f64) -> f64;
        pub safe fn atanhf(x: f32) -> f32;
        pub safe fn atanh(x: f64) -> f64;
        pub safe fn erff(x: f32) -> f32;
        pub safe fn erf(x: f64) -> f64;
        pub safe fn erfcf(x: f32) -> f32;
        pub safe fn erfc(x: f64) -> f64;
        pub safe fn exp10f(x: f32) -> f32;
        pub safe fn exp10(x: f64) -> f64;
        pub safe fn tgammaf(x: f32) -> f32;
        pub safe fn tgamma(x: f64) -> f64;
        pub safe fn logbf(x: f32) -> f32;
        pub safe fn logb(x: f64) -> f64;
        pub safe fn ilogbf(x: f32) -> c_int;
        pub safe fn ilogb(x: f64) -> c_int;
        pub safe fn nextafterf(x: f32, y: f32) -> f32;
        pub safe fn nextafter(x: f64, y: f64) -> f64;
        pub safe fn remainderf(x: f32, y: f32) -> f32;
        pub safe fn remainder(x: f64, y: f64) -> f64;
        pub safe fn ldexpf(x: f32, e: c_int) -> f32;
        pub safe fn ldexp(x: f64, e: c_int) -> f64;
        pub fn frexpf(x: f32, e: *mut c_int) -> f32;
        pub fn frexp(x: f64, e: *mut c_int) -> f64;
        // The reentrant forms: plain `lgamma` writes the global `signgam`.
        pub fn lgammaf_r(x: f32, sign: *mut c_int) -> f32;
        pub fn lgamma_r(x: f64, sign: *mut c_int) -> f64;
    }
}

fn frexp32(x: f32) -> (f32, i32) {
    let mut e = 0;
    // SAFETY: `e` is a valid, writable int for the duration of the call.
    let m = unsafe { libm::frexpf(x, &mut e) };
    (m, e)
}

fn frexp64(x: f64) -> (f64, i32) {
    let mut e = 0;
    // SAFETY: as in `frexp32`.
    let m = unsafe { libm::frexp(x, &mut e) };
    (m, e)
}

fn lgamma_r32(x: f32) -> (f32, i32) {
    let mut s = 0;
    // SAFETY: as in `frexp32`.
    let v = unsafe { libm::lgammaf_r(x, &mut s) };
    (v, s)
}

fn lgamma_r64(x: f64) -> (f64, i32) {
    let mut s = 0;
    // SAFETY: as in `frexp32`.
    let v = unsafe { libm::lgamma_r(x, &mut s) };
    (v, s)
}

/// `remquo` of floats: exact in double (the remainder of two floats is a float).
fn remquo32(x: f32, y: f32) -> (f32, i32) {
    let (r, q) = remquo64(x as f64, y as f64);
    (r as f32, q)
}

/// The remainder `x - k*y` for the integer `k` nearest `x/y` (ties to even), and the sign of
/// `x/y` with the seven lowest bits of `k`, as OpenCL asks (C asks for three).
fn remquo64(x: f64, y: f64) -> (f64, i32) {
    if x.is_nan() || y.is_nan() || x.is_infinite() || y == 0.0 {
        return (f64::NAN, 0);
    }
    if y.is_infinite() {
        return (x, 0);
    }
    let (ax, ay) = (x.abs(), y.abs());
    // |x| modulo 128|y| (fmod is exact); where 128|y| overflows, |x| is below it already.
    let span = ay * 128.0;
    let mut m = if span.is_finite() { ax % span } else { ax };
    let mut k = 0i32;
    // The quotient's bits, high to low; each subtraction is exact (m is at most twice the step).
    for bit in (0..7).rev() {
        let step = ay * f64::from(1u32 << bit);
        if m >= step {
            m -= step;
            k |= 1 << bit;
        }
    }
    // m < |y| now: to the nearest multiple, ties to an even quotient.
    let rest = ay - m;
    if m > rest || (m == rest && k & 1 == 1) {
        m -= ay;
        k += 1;
    }
    let r = if x.is_sign_negative() { -m } else { m };
    let q = k & 0x7f;
    let quo = if (x < 0.0) != (y < 0.0) { -q } else { q };
    (r, quo)
}

// OpenCL's header defines FP_ILOGB0 as INT_MIN and FP_ILOGBNAN as INT_MAX; glibc's NaN value differs.
fn ilogb32(x: f32) -> i32 {
    match x {
        _ if x.is_nan() || x.is_infinite() => i32::MAX,
        0.0 => i32::MIN,
        _ => libm::ilogbf(x),
    }
}

fn ilogb64(x: f64) -> i32 {
    match x {
        _ if x.is_nan() || x.is_infinite() => i32::MAX,
        0.0 => i32::MIN,
        _ => libm::ilogb(x),
    }
}

/// Functions written once for both precisions.
macro_rules! per_precision {
    ($m:ident, $t:ident) => {
        mod $m {
            /// Largest value below 1, the bound `fract` clamps to.
            const BELOW_ONE: $t = 1.0 - $t::EPSILON / 2.0;

            pub fn fdim(x: $t, y: $t) -> $t {
                if x.is_nan() || y.is_nan() {
                    $t::NAN
                } else if x > y {
                    x - y
                } else {
                    0.0
                }
            }

            // Ties (and NaNs) fall back to fmax / fmin, as the spec says.
            pub fn maxmag(x: $t, y: $t) -> $t {
                let (ax, ay) = (x.abs(), y.abs());
                if ax > ay {
                    x
                } else if ay > ax {
                    y
                } else {
                    x.max(y)
                }
            }

            pub fn minmag(x: $t, y: $t) -> $t {
                let (ax, ay) = (x.abs(), y.abs());
                if ax < ay {
                    x
                } else if ay < ax {
                    y
                } else {
                    x.min(y)
                }
            }

            /// `pow` restricted to `x >= 0`, with the spec's own special cases where C's `pow` differs.
            pub fn powr(x: $t, y: $t) -> $t {
                if x.is_nan() || y.is_nan() || x < 0.0 {
                    $t::NAN
                } else if x == 0.0 {
                    match y {
                        _ if y == 0.0 => $t::NAN,
                        _ if y < 0.0 => $t::INFINITY,
                        _ => 0.0,
                    }
                } else if x == 1.0 {
                    if y.is_infinite() {
                        $t::NAN
                    } else {
                        1.0
                    }
                } else if x.is_infinite() && y == 0.0 {
                    $t::NAN
                } else {
                    x.powf(y)
                }
            }

            /// `(fractional part, floor)`; the fraction stays below 1 even when rounding would make it 1.
            pub fn fract(x: $t) -> ($t, $t) {
                if x.is_nan() {
                    return (x, x);
                }
                if x.is_infinite() {
                    return ((0.0 as $t).copysign(x), x);
                }
                let fl = x.floor();
                let f = if x == 0.0 { x } else { (x - fl).min(BELOW_ONE) };
                (f, fl)
            }

            /// `(fractional part, integral part)`, both with the sign of `x`.
            pub fn modf(x: $t) -> ($t, $t) {
                if x.is_infinite() {
                    return ((0.0 as $t).copysign(x), x);
                }
                let i = x.trunc();
                ((x - i).copysign(x), i)
            }
        }
    };
}

per_precision!(p32, f32);
per_precision!(p64, f64);

/// sin(πx). The argument is reduced exactly (`%` and the subtractions below are exact) to a quarter
/// period, so integers and half-integers give exact zeros and ones.
fn sinpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let a = x.abs() % 2.0;
    // sin(π(a + 1)) = -sin(πa)
    let (neg, a) = if a >= 1.0 {
        (true, a - 1.0)
    } else {
        (false, a)
    };
    // sin(π(1 - a)) = sin(πa)
    let a = if a > 0.5 { 1.0 - a } else { a };
    let v = if a > 0.25 {
        (PI * (0.5 - a)).cos()
    } else {
        (PI * a).sin()
    };
    if v == 0.0 {
        // +0 for positive integers, -0 for negative ones.
        return 0.0f64.copysign(x);
    }
    if neg != x.is_sign_negative() {
        -v
    } else {
        v
    }
}

/// cos(πx), reduced like `sinpi`; cospi(n + 0.5) is +0.
fn cospi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let mut a = x.abs() % 2.0;
    if a > 1.0 {
        a = 2.0 - a;
    }
    // cos(π(1 - a)) = -cos(πa)
    let (neg, a) = if a > 0.5 { (true, 1.0 - a) } else { (false, a) };
    let v = if a > 0.25 {
        (PI * (0.5 - a)).sin()
    } else {
        (PI * a).cos()
    };
    if v == 0.0 {
        return 0.0;
    }
    if neg {
        -v
    } else {
        v
    }
}

/// tan(πx). The parity of the integer part decides the sign of exact zeros and infinities; past a
/// quarter period the cotangent of the complement keeps the argument of `tan` small and accurate.
fn tanpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let a = x.abs() % 2.0;
    let odd = a >= 1.0;
    let r = if odd { a - 1.0 } else { a };
    let v = if r == 0.0 {
        if odd {
            -0.0
        } else {
            0.0
        }
    } else if r == 0.5 {
        if odd {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        }
    } else {
        let (neg, r) = if r > 0.5 { (true, 1.0 - r) } else { (false, r) };
        let t = if r == 0.25 {
            1.0
        } else if r > 0.25 {
            1.0 / (PI * (0.5 - r)).tan()
        } else {
            (PI * r).tan()
        };
        if neg {
            -t
        } else {
            t
        }
    };
    if x.is_sign_negative() {
        -v
    } else {
        v
    }
}

/// x^(1/n) with the spec's sign rules: odd roots of negative numbers are negative, even ones NaN.
fn rootn(x: f64, n: i32) -> f64 {
    if n == 0 || x.is_nan() || (x < 0.0 && n % 2 == 0) {
        return f64::NAN;
    }
    let ax = x.abs();
    let r = match n {
        1 => ax,
        -1 => 1.0 / ax,
        2 => ax.sqrt(),
        3 => ax.cbrt(),
        _ if ax == 0.0 || ax.is_infinite() => ax.powf(1.0 / n as f64),
        _ => root_of_finite(ax, n),
    };
    if n % 2 != 0 {
        r.copysign(x)
    } else {
        r
    }
}

/// `ax`^(1/n) for a finite `ax` > 0. `pow(ax, 1/n)` is off by up to ln(ax)/2n ulp (the
/// rounding of 1/n, scaled by the logarithm: 88 ulp for the 4th root of the largest double),
/// so the power of two whose root is exact goes first: with ax = f * 2^(q*n + e), 0 <= e < |n|,
/// the root is 2^q * (f * 2^e)^(1/n), whose logarithm is below |n| ln 2 (error < 0.35 ulp).
fn root_of_finite(ax: f64, n: i32) -> f64 {
    // Beyond this f * 2^e could overflow; the direct power's error is below 0.4 ulp there.
    if n.unsigned_abs() > 1000 {
        return ax.powf(1.0 / n as f64);
    }
    let m = n.abs();
    let (f, exp) = frexp64(ax);
    let (q, e) = (exp.div_euclid(m), exp.rem_euclid(m));
    let base = libm::ldexp(f, e);
    let root = base.powf(1.0 / n as f64);
    libm::ldexp(root, if n > 0 { q } else { -q })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::lanes::recording::{is_inline, ops_of};
    use crate::builtins::testing::*;
    use crate::memory::AddrSpace;

    const F: ScalarTy = ScalarTy::F32;
    const D: ScalarTy = ScalarTy::F64;

    fn f1(t: &mut TestEnv, sym: &str, x: f32) -> f32 {
        as_f32(&t.call(sym, &[f32s(&[x])], Some(vec_ty(F, 1))))[0]
    }

    fn d1(t: &mut TestEnv, sym: &str, x: f64) -> f64 {
        as_f64(&t.call(sym, &[f64s(&[x])], Some(vec_ty(D, 1))))[0]
    }

    fn f2(t: &mut TestEnv, sym: &str, x: f32, y: f32) -> f32 {
        as_f32(&t.call(sym, &[f32s(&[x]), f32s(&[y])], Some(vec_ty(F, 1))))[0]
    }

    #[test]
    fn unary_scalars_in_own_precision() {
        let mut t = TestEnv::new();
        assert_eq!(f1(&mut t, "_Z3sinf", 0.5), 0.5f32.sin());
        assert_eq!(d1(&mut t, "_Z3sind", 0.5), 0.5f64.sin());
        assert_eq!(f1(&mut t, "_Z4cbrtf", -27.0), -3.0);
        assert_eq!(f1(&mut t, "_Z5exp10f", 3.0), 1000.0);
        assert_eq!(d1(&mut t, "_Z5exp10d", -2.0), 0.01);
        assert_eq!(f1(&mut t, "_Z6tgammaf", 5.0), 24.0);
        assert_eq!(d1(&mut t, "_Z6lgammad", 1.0), 0.0);
        assert_eq!(f1(&mut t, "_Z3erff", 0.0), 0.0);
        assert_eq!(d1(&mut t, "_Z4erfcd", f64::INFINITY), 0.0);
        assert_eq!(f1(&mut t, "_Z4logbf", 10.0), 3.0);
        assert_eq!(f1(&mut t, "_Z5rsqrtf", 4.0), 0.5);
        assert_eq!(d1(&mut t, "_Z5log1pd", 0.0), 0.0);
        assert_eq!(f1(&mut t, "_Z5expm1f", 0.0), 0.0);
        assert_eq!(f1(&mut t, "_Z6acospif", -1.0), 1.0);
        assert_eq!(d1(&mut t, "_Z6asinpid", 1.0), 0.5);
        assert_eq!(f1(&mut t, "_Z6atanpif", f32::INFINITY), 0.5);
        // A value whose single- and double-precision results differ once rounded to float.
        let x = 1.0e10f32;
        assert_eq!(f1(&mut t, "_Z3cosf", x), x.cos());
    }

    #[test]
    fn pi_functions_are_exact_at_special_points() {
        let mut t = TestEnv::new();
        let s = |t: &mut TestEnv, x| f1(t, "_Z5sinpif", x);
        assert_eq!(s(&mut t, 0.5), 1.0);
        assert_eq!(s(&mut t, -1.5), 1.0);
        assert_eq!(s(&mut t, 1.0 / 6.0), 0.5);
        assert!(s(&mut t, 3.0).to_bits() == 0 && s(&mut t, -3.0).to_bits() == (-0.0f32).to_bits());
        assert!(s(&mut t, f32::INFINITY).is_nan());
        let c = |t: &mut TestEnv, x| f1(t, "_Z5cospif", x);
        assert_eq!(c(&mut t, 1.0), -1.0);
        assert_eq!(c(&mut t, -2.0), 1.0);
        assert!((d1(&mut t, "_Z5cospid", 1.0 / 3.0) - 0.5).abs() < 1e-15);
        assert_eq!(c(&mut t, 2.5).to_bits(), 0);
        assert_eq!(c(&mut t, -0.5).to_bits(), 0);
        let tp = |t: &mut TestEnv, x| d1(t, "_Z5tanpid", x);
        assert_eq!(tp(&mut t, 0.25), 1.0);
        assert_eq!(tp(&mut t, -0.75), 1.0);
        assert_eq!(tp(&mut t, 0.5), f64::INFINITY);
        assert_eq!(tp(&mut t, 1.5), f64::NEG_INFINITY);
        assert_eq!(tp(&mut t, -0.5), f64::NEG_INFINITY);
        assert_eq!(tp(&mut t, 2.0).to_bits(), 0);
        assert_eq!(tp(&mut t, 1.0).to_bits(), (-0.0f64).to_bits());
        assert_eq!(tp(&mut t, -1.0).to_bits(), 0);
        assert!((tp(&mut t, 0.3) - (0.3 * PI).tan()).abs() < 1e-15);
        assert!((tp(&mut t, 0.45) - (0.45 * PI).tan()).abs() < 1e-13);
        assert!((d1(&mut t, "_Z5sinpid", 0.1) - (0.1 * PI).sin()).abs() < 1e-16);
        assert_eq!(f2(&mut t, "_Z7atan2piff", 1.0, -1.0), 0.75);
    }

    #[test]
    fn hot_functions_become_ops() {
        let f4 = vec_ty(F, 4);
        let d3 = vec_ty(D, 3);
        let f = vec_ty(F, 1);
        for sym in [
            "_Z4sqrtDv4_f",
            "_Z4fabsDv4_f",
            "_Z5floorDv4_f",
            "_Z4ceilDv4_f",
            "_Z5truncDv4_f",
            "_Z4rintDv4_f",
            "_Z5roundDv4_f",
            "_Z11native_sqrtDv4_f",
        ] {
            assert!(is_inline(sym, &[f4], f4), "{sym}");
        }
        assert!(is_inline("_Z4fminDv3_dS_", &[d3, d3], d3));
        assert!(is_inline("_Z4fmaxff", &[f, f], f));
        assert!(is_inline("_Z8copysignDv4_fS_", &[f4, f4], f4));
        assert!(!is_inline("_Z4fminDv4_ff", &[f4, f], f4));
        assert!(!is_inline("_Z3sinf", &[f], f));
        let ops = ops_of("_Z3fmaDv4_fS_S_", &[f4, f4, f4], f4);
        assert!(matches!(
            ops[..],
            [Op::Fma {
                fused: true,
                lanes: 4,
                ty: FloatTy::F32,
                ..
            }]
        ));
        let ops = ops_of("_Z3madddd", &[vec_ty(D, 1); 3], vec_ty(D, 1));
        assert!(matches!(
            ops[..],
            [Op::Fma {
                fused: false,
                lanes: 1,
                ty: FloatTy::F64,
                ..
            }]
        ));
    }

    #[test]
    fn hot_ops_compute_correctly() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z4sqrtDv3_f",
            &[f32s(&[4.0, 9.0, -1.0])],
            Some(vec_ty(F, 3)),
        );
        let r = as_f32(&r);
        assert_eq!(&r[..2], &[2.0, 3.0]);
        assert!(r[2].is_nan());
        let r = t.call(
            "_Z4rintDv4_d",
            &[f64s(&[2.5, 3.5, -2.5, 0.4])],
            Some(vec_ty(D, 4)),
        );
        assert_eq!(as_f64(&r), vec![2.0, 4.0, -2.0, 0.0]);
        let r = t.call("_Z5roundDv2_f", &[f32s(&[2.5, -2.5])], Some(vec_ty(F, 2)));
        assert_eq!(as_f32(&r), vec![3.0, -3.0]);
        let r = t.call("_Z4fabsd", &[f64s(&[-0.0])], Some(vec_ty(D, 1)));
        assert_eq!(r, vec![0]);
        // fma rounds once: (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly.
        let e = f32::EPSILON;
        let args = [f32s(&[1.0 + e]), f32s(&[1.0 - e]), f32s(&[-1.0])];
        let r = as_f32(&t.call("_Z3fmafff", &args, Some(vec_ty(F, 1))));
        assert_eq!(r[0], -(e * e));
        // mad is computed in double, as Oclgrind does: here that is exact too.
        let r = as_f32(&t.call("_Z3madfff", &args, Some(vec_ty(F, 1))));
        assert_eq!(r[0], -(e * e));
        let r = as_f32(&t.call("_Z5rsqrtf", &[f32s(&[3.0])], Some(vec_ty(F, 1))));
        assert_eq!(r[0], (1.0 / 3f64.sqrt()) as f32);
    }

    #[test]
    fn fmin_fmax_nan_rules_and_broadcast() {
        let mut t = TestEnv::new();
        let nan = f32::NAN;
        let r = t.call(
            "_Z4fminDv4_fS_",
            &[f32s(&[nan, 1.0, nan, -1.0]), f32s(&[2.0, nan, nan, 3.0])],
            Some(vec_ty(F, 4)),
        );
        let r = as_f32(&r);
        assert_eq!((r[0], r[1], r[3]), (2.0, 1.0, -1.0));
        assert!(r[2].is_nan());
        let r = t.call(
            "_Z4fmaxDv3_ff",
            &[f32s(&[nan, 1.0, 7.0]), f32s(&[5.0])],
            Some(vec_ty(F, 3)),
        );
        assert_eq!(as_f32(&r), vec![5.0, 5.0, 7.0]);
        let r = t.call(
            "_Z4fmaxdd",
            &[f64s(&[f64::NAN]), f64s(&[-4.0])],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(as_f64(&r), vec![-4.0]);
        let r = t.call(
            "_Z4fminDv2_dd",
            &[f64s(&[f64::NAN, 1.0]), f64s(&[0.5])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![0.5, 0.5]);
        let r = t.call(
            "_Z8copysignDv2_ff",
            &[f32s(&[1.0, -2.0]), f32s(&[-0.0])],
            Some(vec_ty(F, 2)),
        );
        assert_eq!(as_f32(&r), vec![-1.0, -2.0]);
    }

    #[test]
    fn binary_functions() {
        let mut t = TestEnv::new();
        assert_eq!(f2(&mut t, "_Z4fdimff", 5.0, 3.0), 2.0);
        assert_eq!(f2(&mut t, "_Z4fdimff", 3.0, 5.0), 0.0);
        assert!(f2(&mut t, "_Z4fdimff", f32::NAN, 5.0).is_nan());
        assert_eq!(f2(&mut t, "_Z4fmodff", -7.0, 3.0), -1.0);
        assert_eq!(f2(&mut t, "_Z9remainderff", 7.0, 2.0), -1.0);
        assert_eq!(f2(&mut t, "_Z6maxmagff", -3.0, 2.0), -3.0);
        assert_eq!(f2(&mut t, "_Z6minmagff", -3.0, 2.0), 2.0);
        assert_eq!(f2(&mut t, "_Z6maxmagff", -2.0, 2.0), 2.0);
        assert_eq!(f2(&mut t, "_Z6minmagff", -2.0, 2.0), -2.0);
        assert_eq!(f2(&mut t, "_Z6maxmagff", f32::NAN, 2.0), 2.0);
        assert_eq!(f2(&mut t, "_Z5hypotff", 3.0, 4.0), 5.0);
        assert_eq!(f2(&mut t, "_Z3powff", -2.0, 3.0), -8.0);
        assert_eq!(f2(&mut t, "_Z9nextafterff", 1.0, 2.0), 1.0 + f32::EPSILON);
        assert_eq!(f2(&mut t, "_Z13native_divideff", 1.0, 4.0), 0.25);
        assert_eq!(f1(&mut t, "_Z10half_recipf", 4.0), 0.25);
        assert_eq!(f1(&mut t, "_Z9half_exp2f", 4.0), 16.0);
        let r = t.call(
            "_Z5atan2Dv2_dS_",
            &[f64s(&[1.0, 0.0]), f64s(&[1.0, -1.0])],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![PI / 4.0, PI]);
    }

    #[test]
    fn powr_special_cases() {
        let mut t = TestEnv::new();
        let p = |t: &mut TestEnv, x, y| f2(t, "_Z4powrff", x, y);
        assert_eq!(p(&mut t, 2.0, 10.0), 1024.0);
        assert!(p(&mut t, -2.0, 2.0).is_nan());
        assert!(p(&mut t, 0.0, 0.0).is_nan());
        assert!(p(&mut t, -0.0, -0.0).is_nan());
        assert!(p(&mut t, f32::INFINITY, 0.0).is_nan());
        assert!(p(&mut t, 1.0, f32::INFINITY).is_nan());
        assert_eq!(p(&mut t, 1.0, 7.5), 1.0);
        assert_eq!(p(&mut t, -0.0, -1.0), f32::INFINITY);
        assert_eq!(p(&mut t, -0.0, 3.0).to_bits(), 0);
        assert_eq!(p(&mut t, 5.0, 0.0), 1.0);
        assert_eq!(f2(&mut t, "_Z11native_powrff", 4.0, 0.5), 2.0);
    }

    #[test]
    fn int_arguments() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z5ldexpDv4_fi",
            &[f32s(&[1.0, 1.5, -1.0, 3.0]), int(32, (-2i32) as u32 as u64)],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![0.25, 0.375, -0.25, 0.75]);
        let r = t.call(
            "_Z5ldexpDv3_dDv3_i",
            &[f64s(&[1.0, 1.0, 1.0]), ints(32, &[1, 2, 3])],
            Some(vec_ty(D, 3)),
        );
        assert_eq!(as_f64(&r), vec![2.0, 4.0, 8.0]);
        let pown = |t: &mut TestEnv, x: f32, n: i32| {
            as_f32(&t.call(
                "_Z4pownfi",
                &[f32s(&[x]), int(32, n as u32 as u64)],
                Some(vec_ty(F, 1)),
            ))[0]
        };
        assert_eq!(pown(&mut t, -2.0, 3), -8.0);
        assert_eq!(pown(&mut t, 2.0, -2), 0.25);
        assert_eq!(pown(&mut t, f32::NAN, 0), 1.0);
        assert_eq!(pown(&mut t, -0.0, -1), f32::NEG_INFINITY);
        let rootn = |t: &mut TestEnv, x: f64, n: i32| {
            as_f64(&t.call(
                "_Z5rootndi",
                &[f64s(&[x]), int(32, n as u32 as u64)],
                Some(vec_ty(D, 1)),
            ))[0]
        };
        assert_eq!(rootn(&mut t, -27.0, 3), -3.0);
        assert_eq!(rootn(&mut t, 32.0, 5), 2.0);
        assert_eq!(rootn(&mut t, 16.0, -4), 0.5);
        assert!(rootn(&mut t, -16.0, 2).is_nan());
        assert!(rootn(&mut t, 2.0, 0).is_nan());
        assert_eq!(rootn(&mut t, -0.0, -3), f64::NEG_INFINITY);
        assert_eq!(rootn(&mut t, -0.0, 2).to_bits(), 0);
        assert_eq!(rootn(&mut t, -0.0, 3).to_bits(), (-0.0f64).to_bits());
        let r = t.call(
            "_Z5rootnDv2_fDv2_i",
            &[f32s(&[-8.0, 81.0]), ints(32, &[3, 4])],
            Some(vec_ty(F, 2)),
        );
        assert_eq!(as_f32(&r), vec![-2.0, 3.0]);
    }

    /// The distance in units in the last place between two finite doubles of one sign.
    fn ulps64(a: f64, b: f64) -> u64 {
        a.to_bits().abs_diff(b.to_bits())
    }

    /// Samples the Khronos CTS's math_brute_force (wimpy) failed on, with its correctly rounded
    /// references (the bits of the hexadecimal floats it printed): within its limits now.
    #[test]
    fn cts_samples_within_their_ulp_limits() {
        let mut t = TestEnv::new();
        let (f, d) = (f32::from_bits, f64::from_bits);
        let f_ulps = |a: f32, b: f32| a.to_bits().abs_diff(b.to_bits());
        // acosh near 1 (was 127 and 256 ulp off), limit 4.
        let got = f1(&mut t, "_Z5acoshf", f(0x3f80_0100));
        assert!(f_ulps(got, f(0x3bff_ffd5)) <= 4, "acosh float: {got:e}");
        let got = d1(&mut t, "_Z5acoshd", d(0x3ff0_0000_0000_0200));
        assert!(
            ulps64(got, d(0x3e9f_ffff_ffff_ffab)) <= 4,
            "acosh double: {got:e}"
        );
        // asinh of huge values (was infinite), limit 4.
        let got = f1(&mut t, "_Z5asinhf", f(0x7f00_0000));
        assert!(f_ulps(got, f(0x42b1_7218)) <= 4, "asinh float: {got:e}");
        let got = d1(&mut t, "_Z5asinhd", d(0x7fe0_0000_0000_0000));
        assert!(
            ulps64(got, d(0x4086_2e42_fefa_39ef)) <= 4,
            "asinh double: {got:e}"
        );
        // atanh near -1 (was 5 ulp off), limit 5 for float, 5 for double: within 2 here.
        let got = f1(&mut t, "_Z5atanhf", f(0xbf73_a300));
        assert!(f_ulps(got, f(0xbfec_bee1)) <= 2, "atanh float: {got:e}");
        let got = d1(&mut t, "_Z5atanhd", d(0xbfee_8000_0000_0600));
        assert!(
            ulps64(got, d(0xbffd_d66d_b68d_f30c)) <= 2,
            "atanh double: {got:e}"
        );
        // remquo's quotient keeps its seven lowest bits: the quotient of these, exactly (Python's
        // fractions), is -17256419864349494369630550419184430877790887542, whose magnitude is
        // 118 modulo 128, as the CTS's reference says (the C library's remquof gave -6).
        let (r, q) = remquo32(f(0x6c74_a409), f(0x9fa1_ded3));
        assert_eq!((r.to_bits(), q), (0x1f04_a17c, -118));
        // Ties go to the even quotient; 130 keeps its low seven bits (2).
        assert_eq!(remquo64(5.0, 2.0), (1.0, 2));
        assert_eq!(remquo64(7.0, 2.0), (-1.0, 4));
        assert_eq!(remquo64(-130.0, 1.0), (-0.0, -2));
        assert_eq!(remquo64(1.0, f64::INFINITY), (1.0, 0));
        assert!(remquo64(f64::INFINITY, 1.0).0.is_nan());
        // rootn of the largest double, n = -3 (was 94 ulp off), limit 4; and n = 4, 7.
        let got = rootn(d(0xffef_ffff_ffff_ffff), -3);
        assert!(ulps64(got, d(0xaa99_65fe_a53d_6e3d)) <= 4, "rootn: {got:e}");
        for (x, n) in [
            (f64::MAX, 4),
            (1e-300, 7),
            (3.0e200, -5),
            (5e-324, 9),
            (0.5, i32::MIN),
        ] {
            let want = (x.ln() / n as f64).exp();
            let got = rootn(x, n);
            assert!(
                ((got - want) / want).abs() < 1e-13,
                "rootn({x:e}, {n}) = {got:e}"
            );
        }
    }

    #[test]
    fn ilogb_and_nan() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z5ilogbDv4_f",
            &[f32s(&[8.0, 0.0, f32::NAN, -f32::INFINITY])],
            Some(vec_ty(ScalarTy::Int(32), 4)),
        );
        assert_eq!(r, vec![3, 0x8000_0000, 0x7fff_ffff, 0x7fff_ffff]);
        let r = t.call("_Z5ilogbd", &[f64s(&[0.1])], Some(int_ty(32)));
        assert_eq!(r, vec![(-4i32) as u32 as u64]);
        let r = t.call("_Z3nanj", &[int(32, 5)], Some(vec_ty(F, 1)));
        assert_eq!(r, vec![0x7fc0_0005]);
        assert!(as_f32(&r)[0].is_nan());
        let r = t.call("_Z3nanDv2_m", &[ints(64, &[0, 3])], Some(vec_ty(D, 2)));
        assert_eq!(r, vec![0x7ff8_0000_0000_0000, 0x7ff8_0000_0000_0003]);
    }

    /// Guard bytes after the out-pointer's elements must survive.
    fn guarded(t: &mut TestEnv, space: AddrSpace, len: usize) -> u64 {
        t.place(space, &vec![0xaa; len])
    }

    #[test]
    fn fract_writes_floor_through_pointer() {
        let mut t = TestEnv::new();
        let p = guarded(&mut t, AddrSpace::Global, 16);
        let r = t.call(
            "_Z5fractDv3_fPU3AS1S_",
            &[f32s(&[1.25, -1.25, -0.0]), ptr(1, p)],
            Some(vec_ty(F, 3)),
        );
        let r = as_f32(&r);
        assert_eq!(&r[..2], &[0.25, 0.75]);
        assert_eq!(r[2].to_bits(), (-0.0f32).to_bits());
        let mem = t.bytes(AddrSpace::Global, p, 16).to_vec();
        let floors: Vec<f32> = mem[..12]
            .chunks(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(&floors[..2], &[1.0, -2.0]);
        assert_eq!(floors[2].to_bits(), (-0.0f32).to_bits());
        assert_eq!(
            &mem[12..],
            &[0xaa; 4],
            "a 3-lane vector writes exactly 3 elements"
        );

        // The fraction never rounds up to 1.
        let p = guarded(&mut t, AddrSpace::Private, 8);
        let r = t.call(
            "_Z5fractfPf",
            &[f32s(&[-1e-10]), ptr(0, p)],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r)[0], 1.0 - f32::EPSILON / 2.0);
        assert_eq!(
            t.bytes(AddrSpace::Private, p, 8),
            &[0, 0, 0x80, 0xbf, 0xaa, 0xaa, 0xaa, 0xaa]
        );
        let r = t.call(
            "_Z5fractdPU3AS3d",
            &[f64s(&[f64::NEG_INFINITY]), ptr(3, p)],
            Some(vec_ty(D, 1)),
        );
        assert_eq!(r[0], (-0.0f64).to_bits());
        let r = t.call(
            "_Z5fractdPU3AS3d",
            &[f64s(&[f64::NAN]), ptr(3, p)],
            Some(vec_ty(D, 1)),
        );
        assert!(as_f64(&r)[0].is_nan());
    }

    #[test]
    fn double_vector_out_pointer() {
        let mut t = TestEnv::new();
        let p = guarded(&mut t, AddrSpace::Local, 32);
        let r = t.call(
            "_Z4modfDv3_dPU3AS3S_",
            &[f64s(&[2.5, -3.75, f64::INFINITY]), ptr(3, p)],
            Some(vec_ty(D, 3)),
        );
        let r = as_f64(&r);
        assert_eq!(r, vec![0.5, -0.75, 0.0]);
        let mem = t.bytes(AddrSpace::Local, p, 32).to_vec();
        let ints: Vec<f64> = mem[..24]
            .chunks(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(ints, vec![2.0, -3.0, f64::INFINITY]);
        assert_eq!(&mem[24..], &[0xaa; 8]);
        let r = t.call(
            "_Z4modffPf",
            &[f32s(&[-4.0]), ptr(0, p)],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(r[0], (-0.0f32).to_bits() as u64);
    }

    #[test]
    fn int_out_pointers() {
        let mut t = TestEnv::new();
        let p = guarded(&mut t, AddrSpace::Global, 16);
        let r = t.call(
            "_Z5frexpDv2_dPU3AS1Dv2_i",
            &[f64s(&[8.0, -0.375]), ptr(1, p)],
            Some(vec_ty(D, 2)),
        );
        assert_eq!(as_f64(&r), vec![0.5, -0.75]);
        assert_eq!(
            (t.global_word(p), t.global_word(p + 4)),
            (4, (-1i32) as u32)
        );
        assert_eq!(
            t.global_word(p + 8),
            0xaaaa_aaaa,
            "doubles' exponents are ints, not longs"
        );

        let r = t.call(
            "_Z6remquoffPi",
            &[f32s(&[10.0]), f32s(&[3.0]), ptr(0, p)],
            Some(vec_ty(F, 1)),
        );
        assert_eq!(as_f32(&r), vec![1.0]);
        assert_eq!(t.bytes(AddrSpace::Private, p, 4), &3u32.to_le_bytes());
        let r = t.call(
            "_Z6remquoDv3_fS_PU3AS1Dv3_i",
            &[f32s(&[-10.0, 7.0, 5.0]), f32s(&[3.0, 2.0, 5.0]), ptr(1, p)],
            Some(vec_ty(F, 3)),
        );
        assert_eq!(as_f32(&r), vec![-1.0, -1.0, 0.0]);
        assert_eq!(t.global_word(p) as i32 & 7, -3 & 7);
        assert!((t.global_word(p) as i32) < 0);
        assert_eq!(t.global_word(p + 4) & 7, 4);
        assert_eq!(t.global_word(p + 8) & 7, 1);
        assert_eq!(t.global_word(p + 12), 0xaaaa_aaaa);

        let r = t.call(
            "_Z8lgamma_rfPU3AS1i",
            &[f32s(&[-0.5]), ptr(1, p)],
            Some(vec_ty(F, 1)),
        );
        assert!((as_f32(&r)[0] - (2.0 * std::f32::consts::PI.sqrt()).ln()).abs() < 1e-6);
        assert_eq!(t.global_word(p), (-1i32) as u32);
    }

    #[test]
    fn sincos_and_bad_pointer() {
        let mut t = TestEnv::new();
        let p = guarded(&mut t, AddrSpace::Global, 8);
        let r = t.call(
            "_Z6sincosDv2_fPU3AS1S_",
            &[f32s(&[0.0, 1.0]), ptr(1, p)],
            Some(vec_ty(F, 2)),
        );
        assert_eq!(as_f32(&r), vec![0.0, 1f32.sin()]);
        assert_eq!(
            (
                f32::from_bits(t.global_word(p)),
                f32::from_bits(t.global_word(p + 4))
            ),
            (1.0, 1f32.cos())
        );
        // A NULL out-pointer faults once; the result is still produced.
        let r = t.call(
            "_Z6sincosDv4_fPU3AS1S_",
            &[f32s(&[0.0; 4]), ptr(1, 0)],
            Some(vec_ty(F, 4)),
        );
        assert_eq!(as_f32(&r), vec![0.0; 4]);
        assert_eq!(t.faults, 1);
    }

    #[test]
    fn vectors_of_sixteen_and_double() {
        let mut t = TestEnv::new();
        let xs: Vec<f32> = (0..16).map(|i| i as f32 / 4.0).collect();
        let r = as_f32(&t.call("_Z3expDv16_f", &[f32s(&xs)], Some(vec_ty(F, 16))));
        assert_eq!(r, xs.iter().map(|x| x.exp()).collect::<Vec<_>>());
        let r = as_f64(&t.call(
            "_Z4log2Dv8_d",
            &[f64s(&[1.0, 2.0, 4.0, 8.0, 0.5, 0.25, 1024.0, 0.0])],
            Some(vec_ty(D, 8)),
        ));
        assert_eq!(
            r,
            vec![0.0, 1.0, 2.0, 3.0, -1.0, -2.0, 10.0, f64::NEG_INFINITY]
        );
    }

    /// A `half` function of one argument, on bits.
    fn h1(t: &mut TestEnv, sym: &str, x: u16) -> u64 {
        t.call(sym, &[f16s(&[x])], Some(vec_ty(ScalarTy::F16, 1)))[0]
    }

    fn h2(t: &mut TestEnv, sym: &str, x: u16, y: u16) -> u64 {
        t.call(
            sym,
            &[f16s(&[x]), f16s(&[y])],
            Some(vec_ty(ScalarTy::F16, 1)),
        )[0]
    }

    // Expected halves are the nearest to the true values (numpy's float16 of Python's math
    // results), none of them near a tie.
    #[test]
    fn half_functions_round_once_to_half() {
        let mut t = TestEnv::new();
        assert_eq!(h1(&mut t, "_Z3sinDh", 0x3c00), 0x3abb); // sin(1)
        assert_eq!(h1(&mut t, "_Z3expDh", 0x4000), 0x4764); // e^2
        assert_eq!(h1(&mut t, "_Z3logDh", 0x4900), 0x409b); // ln(10)
        assert_eq!(h1(&mut t, "_Z4cbrtDh", 0x4ec0), 0x4200); // cbrt(27)
        assert_eq!(h1(&mut t, "_Z4sqrtDh", 0x4000), 0x3da8); // an op
        assert_eq!(h1(&mut t, "_Z5rsqrtDh", 0x4400), 0x3800); // 1/sqrt(4)
        assert_eq!(h2(&mut t, "_Z5atan2DhDh", 0x3c00, 0x3c00), 0x3a48); // pi/4
        assert_eq!(h2(&mut t, "_Z3powDhDh", 0x4000, 0x4000), 0x4400);
        assert_eq!(h2(&mut t, "_Z5hypotDhDh", 0x4200, 0x4400), 0x4500);
        // Past the largest half (65504): infinity.
        assert_eq!(h1(&mut t, "_Z3expDh", 0x4b00), 0x7c00); // e^14 = 1.2e6
        let r = t.call(
            "_Z4fminDv2_DhDh",
            &[f16s(&[0x3c00, 0x4200]), f16s(&[0x4000])],
            Some(vec_ty(ScalarTy::F16, 2)),
        );
        assert_eq!(r, vec![0x3c00, 0x4000], "fmin((1, 3), 2)");
        let r = t.call(
            "_Z5ldexpDv2_Dhi",
            &[f16s(&[0x3c00, 0x3c00]), int(32, (-25i32) as u32 as u64)],
            Some(vec_ty(ScalarTy::F16, 2)),
        );
        // 2^-25 is half the smallest subnormal: a tie, to even (zero).
        assert_eq!(r, vec![0, 0]);
        let r = t.call(
            "_Z4pownDhi",
            &[f16s(&[0x4000]), int(32, 10)],
            Some(vec_ty(ScalarTy::F16, 1)),
        );
        assert_eq!(r, vec![0x6400]); // 1024
    }

    #[test]
    fn half_functions_that_a_float_result_would_get_wrong() {
        let mut t = TestEnv::new();
        // 1.5 * (683/1024) = 1 + 2^-11, a tie: fused, adding 2^-24 goes past it.
        let (a, b, c) = (f16s(&[0x3e00]), f16s(&[0x3956]), f16s(&[0x0001]));
        let one = Some(vec_ty(ScalarTy::F16, 1));
        for sym in ["_Z3fmaDhDhDh", "_Z3madDhDhDh"] {
            assert!(is_inline(sym, &[a.ty, b.ty, c.ty], a.ty), "{sym}");
            let r = t.call(sym, &[a.clone(), b.clone(), c.clone()], one);
            assert_eq!(r, vec![0x3c01], "{sym}");
        }
        // One half ulp, not one float ulp.
        assert_eq!(h2(&mut t, "_Z9nextafterDhDh", 0x3c00, 0x4000), 0x3c01);
        assert_eq!(h2(&mut t, "_Z9nextafterDhDh", 0x0000, 0xbc00), 0x8001);
        let r = t.call("_Z3nant", &[int(16, 5)], one);
        assert_eq!(r, vec![0x7e05]);
        // fract(-2^-24) is 1 - 2^-24 in float, which is 1 as a half: the largest half below 1.
        let p = guarded(&mut t, AddrSpace::Global, 4);
        let r = t.call("_Z5fractDhPU3AS1Dh", &[f16s(&[0x8001]), ptr(1, p)], one);
        assert_eq!(r, vec![0x3bff]);
        assert_eq!(
            t.global_word(p),
            0xaaaa_bc00,
            "floor(-2^-24) = -1, two bytes"
        );
        // Classification sees the half, not the float it widens to.
        let r = t.call(
            "_Z5ilogbDv2_Dh",
            &[f16s(&[0x0001, 0x3c00])],
            Some(vec_ty(ScalarTy::Int(32), 2)),
        );
        assert_eq!(r, vec![(-24i32) as u32 as u64, 0]);
        // A signalling NaN reaches the float routines quiet (as a conversion makes it), so
        // C's rules for quiet NaNs hold: pow(NaN, 0) = 1, hypot(NaN, inf) = inf (the CTS's).
        assert_eq!(h2(&mut t, "_Z3powDhDh", 0xfcdc, 0x8000), 0x3c00);
        assert_eq!(h2(&mut t, "_Z5hypotDhDh", 0x7cb1, 0x7c00), 0x7c00);
        let r = t.call("_Z5frexpDhPi", &[f16s(&[0x0001]), ptr(0, p)], one);
        assert_eq!(r, vec![0x3800]);
        assert_eq!(t.bytes(AddrSpace::Private, p, 4), &(-23i32).to_le_bytes());
    }

    #[test]
    fn unknown_and_unsupported() {
        let mut t = TestEnv::new();
        let err = t
            .try_call(
                "_Z4fminDv4_fDv2_f",
                &[f32s(&[0.0; 4]), f32s(&[0.0; 2])],
                Some(vec_ty(F, 4)),
            )
            .unwrap_err();
        assert!(err.contains("lanes"), "{err}");
        let err = t
            .try_call(
                "_Z6divideff",
                &[f32s(&[0.0]), f32s(&[1.0])],
                Some(vec_ty(F, 1)),
            )
            .unwrap_err();
        assert!(err.starts_with("Undefined external function"), "{err}");
        let err = t
            .try_call(
                "_Z11native_fminff",
                &[f32s(&[0.0]), f32s(&[1.0])],
                Some(vec_ty(F, 1)),
            )
            .unwrap_err();
        assert!(err.starts_with("Undefined external function"), "{err}");
    }
}
