//! Helpers for builtins that apply a scalar function to every lane of their arguments.
//!
//! OpenCL overloads mix vectors and scalars (`fmin(float4, float)`, `clamp(int8, int, int)`):
//! scalar arguments are broadcast to every lane of the result.

use super::{site, Arg, Call, Emit, MType, Resolution};
use crate::bytecode::{ScalarTy, VType};
use crate::exec::semantics::{f32_of, f64_of, mask, sext, slot_f32, slot_f64};

/// Lane `i` of an argument (lane 0 of a scalar).
#[inline(always)]
pub fn lane(regs: &[u64], a: &Arg, i: u32) -> u64 {
    let i = if a.ty.lanes == 1 { 0 } else { i };
    regs[(a.slot + i) as usize]
}

/// Widens a float slot of either precision.
#[inline(always)]
pub fn to_f64(v: u64, ty: ScalarTy) -> f64 {
    match ty {
        ScalarTy::F32 => f32_of(v) as f64,
        _ => f64_of(v),
    }
}

/// Narrows to the slot representation of `ty`.
#[inline(always)]
pub fn from_f64(f: f64, ty: ScalarTy) -> u64 {
    match ty {
        ScalarTy::F32 => slot_f32(f as f32),
        _ => slot_f64(f),
    }
}

/// An integer lane as i64 (signed) or u64 reinterpreted (unsigned).
#[inline(always)]
pub fn int_value(v: u64, bits: u8, signed: bool) -> i128 {
    if signed {
        sext(v, bits) as i128
    } else {
        v as i128
    }
}

/// Float builtin of one argument, computed in the argument's own precision.
pub fn float1(call: &Call, emit: &mut dyn Emit, f32fn: fn(f32) -> f32, f64fn: fn(f64) -> f64) -> Resolution {
    let a = call.arg(0)?;
    let r = call.ret()?;
    let n = r.lanes();
    let wide = r.ty.elem == ScalarTy::F64;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let x = lane(regs, &a, i);
            regs[(r.slot + i) as usize] = if wide {
                slot_f64(f64fn(f64_of(x)))
            } else {
                slot_f32(f32fn(f32_of(x)))
            };
        }
        Ok(())
    }));
    Ok(())
}

/// Float builtin of two arguments (scalars broadcast).
pub fn float2(
    call: &Call,
    emit: &mut dyn Emit,
    f32fn: fn(f32, f32) -> f32,
    f64fn: fn(f64, f64) -> f64,
) -> Resolution {
    let (a, b) = (call.arg(0)?, call.arg(1)?);
    let r = call.ret()?;
    let n = r.lanes();
    let wide = r.ty.elem == ScalarTy::F64;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let (x, y) = (lane(regs, &a, i), lane(regs, &b, i));
            regs[(r.slot + i) as usize] = if wide {
                slot_f64(f64fn(f64_of(x), f64_of(y)))
            } else {
                slot_f32(f32fn(f32_of(x), f32_of(y)))
            };
        }
        Ok(())
    }));
    Ok(())
}

/// Float builtin of three arguments (scalars broadcast).
pub fn float3(
    call: &Call,
    emit: &mut dyn Emit,
    f32fn: fn(f32, f32, f32) -> f32,
    f64fn: fn(f64, f64, f64) -> f64,
) -> Resolution {
    let (a, b, c) = (call.arg(0)?, call.arg(1)?, call.arg(2)?);
    let r = call.ret()?;
    let n = r.lanes();
    let wide = r.ty.elem == ScalarTy::F64;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let (x, y, z) = (lane(regs, &a, i), lane(regs, &b, i), lane(regs, &c, i));
            regs[(r.slot + i) as usize] = if wide {
                slot_f64(f64fn(f64_of(x), f64_of(y), f64_of(z)))
            } else {
                slot_f32(f32fn(f32_of(x), f32_of(y), f32_of(z)))
            };
        }
        Ok(())
    }));
    Ok(())
}

/// Integer lane type of a call: (bits, signed) from the result and the first mangled parameter.
pub fn int_kind(call: &Call, arg: usize) -> Result<(u8, bool), String> {
    let a = call.arg(arg)?;
    let bits = match a.ty.elem {
        ScalarTy::Int(b) => b,
        _ => return Err(format!("{}: integer argument expected", call.name)),
    };
    Ok((bits, call.param(arg).is_signed_int()))
}

/// Integer builtin over lanes: `f(args..., bits, signed)` gives the result lane (masked here).
pub fn int_n<const N: usize>(
    call: &Call,
    emit: &mut dyn Emit,
    f: fn([u64; N], u8, bool) -> u64,
) -> Resolution {
    let (bits, signed) = int_kind(call, 0)?;
    let mut args = [call.arg(0)?; N];
    for (i, a) in args.iter_mut().enumerate() {
        *a = call.arg(i)?;
    }
    let r = call.ret()?;
    let rbits = match r.ty.elem {
        ScalarTy::Int(b) => b,
        _ => bits,
    };
    let n = r.lanes();
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let mut v = [0u64; N];
            for (k, a) in args.iter().enumerate() {
                v[k] = lane(regs, a, i);
            }
            regs[(r.slot + i) as usize] = f(v, bits, signed) & mask(rbits);
        }
        Ok(())
    }));
    Ok(())
}

/// The value type of a mangled scalar or vector parameter.
pub fn vtype_of(t: &MType) -> Option<VType> {
    let elem = match t.element() {
        MType::Bool | MType::Char | MType::SChar | MType::UChar => ScalarTy::Int(8),
        MType::Short | MType::UShort => ScalarTy::Int(16),
        MType::Int | MType::UInt => ScalarTy::Int(32),
        MType::Long | MType::ULong => ScalarTy::Int(64),
        MType::Float => ScalarTy::F32,
        MType::Double => ScalarTy::F64,
        _ => return None,
    };
    Some(VType {
        elem,
        lanes: t.lanes() as u8,
    })
}

/// Builtins that fit no family.
pub fn resolve_misc(_call: &Call, _emit: &mut dyn Emit) -> Option<Resolution> {
    None
}
