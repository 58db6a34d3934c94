//! Helpers for builtins that apply a scalar function to every lane of their arguments.
//!
//! OpenCL overloads mix vectors and scalars (`fmin(float4, float)`, `clamp(int8, int, int)`):
//! scalar arguments are broadcast to every lane of the result.

use super::{site, Arg, Call, Emit, Misuse, Problem, Resolution};
use crate::bytecode::ScalarTy;
use crate::half;
use crate::semantics::{f32_of, f64_of, mask, sext, slot_f16, slot_f32, slot_f64};

/// Lane `i` of an argument (lane 0 of a scalar).
#[inline(always)]
pub fn lane(regs: &[u64], a: &Arg, i: u32) -> u64 {
    let i = if a.ty.lanes == 1 { 0 } else { i };
    regs[(a.slot + i) as usize]
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

/// How a float builtin computes a lane: `float` with the single-precision routine, `double` with
/// the double one, `half` with the single-precision routine on the widened (exact) arguments,
/// rounded once to half (the routine's error, a few float ulps, is far below a half ulp).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precision {
    Half,
    Single,
    Double,
}

impl Precision {
    pub fn of(t: ScalarTy) -> Precision {
        match t {
            ScalarTy::F64 => Precision::Double,
            ScalarTy::F16 => Precision::Half,
            _ => Precision::Single,
        }
    }

    /// A lane of this precision as the single-precision routine takes it.
    #[inline]
    pub fn narrow(self, v: u64) -> f32 {
        match self {
            Precision::Half => half::to_f32_quiet(v as u16),
            _ => f32_of(v),
        }
    }

    /// The single-precision routine's result as a lane of this precision.
    #[inline]
    pub fn slot(self, f: f32) -> u64 {
        match self {
            Precision::Half => slot_f16(f as f64),
            _ => slot_f32(f),
        }
    }
}

/// Float builtin of one argument, computed in the argument's own precision.
pub fn float1(
    call: &Call,
    emit: &mut dyn Emit,
    f32fn: fn(f32) -> f32,
    f64fn: fn(f64) -> f64,
) -> Resolution {
    let a = call.arg(0)?;
    let r = call.ret()?;
    let n = r.lanes();
    let p = Precision::of(r.ty.elem);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let x = lane(regs, &a, i);
            regs[(r.slot + i) as usize] = match p {
                Precision::Double => slot_f64(f64fn(f64_of(x))),
                _ => p.slot(f32fn(p.narrow(x))),
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
    let p = Precision::of(r.ty.elem);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let (x, y) = (lane(regs, &a, i), lane(regs, &b, i));
            regs[(r.slot + i) as usize] = match p {
                Precision::Double => slot_f64(f64fn(f64_of(x), f64_of(y))),
                _ => p.slot(f32fn(p.narrow(x), p.narrow(y))),
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
    let p = Precision::of(r.ty.elem);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        for i in 0..n {
            let (x, y, z) = (lane(regs, &a, i), lane(regs, &b, i), lane(regs, &c, i));
            regs[(r.slot + i) as usize] = match p {
                Precision::Double => slot_f64(f64fn(f64_of(x), f64_of(y), f64_of(z))),
                _ => p.slot(f32fn(p.narrow(x), p.narrow(y), p.narrow(z))),
            };
        }
        Ok(())
    }));
    Ok(())
}

/// Integer lane type of a call: (bits, signed) from the result and the first mangled parameter.
pub fn int_kind(call: &Call, arg: usize) -> Result<(u8, bool), Misuse> {
    let a = call.arg(arg)?;
    let bits = match a.ty.elem {
        ScalarTy::Int(b) => b,
        _ => return Err(call.misuse(Problem::Expected("integer argument"))),
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

/// Checks argument `i` of a lane-wise builtin: its element type must be `elem`, and it must have `lanes`
/// lanes or, when `broadcast` allows it, be a scalar. Lane helpers index slots by lane, so a mismatch
/// caught here would otherwise read another value's slots at run time.
pub fn check_arg(
    call: &Call,
    i: usize,
    elem: ScalarTy,
    lanes: u32,
    broadcast: bool,
) -> Result<Arg, Misuse> {
    let a = call.arg(i)?;
    if a.ty.elem != elem {
        return Err(call.misuse(Problem::ArgumentElement {
            index: i,
            found: a.ty.elem,
            expected: elem,
        }));
    }
    if a.lanes() != lanes && !(broadcast && a.lanes() == 1) {
        return Err(call.misuse(Problem::ArgumentLanes {
            index: i,
            found: a.lanes(),
            expected: lanes,
        }));
    }
    Ok(a)
}

/// The float type of a float result.
pub fn float_result(call: &Call) -> Result<(crate::bytecode::FloatTy, Arg), Misuse> {
    let r = call.ret()?;
    match r.ty.elem.float() {
        Some(ty) => Ok((ty, r)),
        None => Err(call.misuse(Problem::Expected("float result"))),
    }
}

/// Writes the low `size` bytes of each value, back to back, as a single access: an out-pointer of a
/// 3-lane vector gets exactly 3 elements, and a bad pointer is reported once, not once per lane.
pub fn store_lanes(
    env: &mut dyn super::BuiltinEnv,
    space: crate::memory::AddrSpace,
    addr: u64,
    vals: &[u64],
    size: u32,
) {
    let size = size as usize;
    let mut buf = [0u8; 16 * 8];
    for (chunk, v) in buf.chunks_exact_mut(size).zip(vals) {
        chunk.copy_from_slice(&v.to_le_bytes()[..size]);
    }
    // A refused store has already been reported by the environment; the builtin's result still stands.
    env.store(space, addr, &buf[..size * vals.len()]);
}

/// The ops a call lowers to, for tests that check which builtins become ops rather than sites.
#[cfg(test)]
pub mod recording {
    use super::super::{resolve, Arg, BuiltinSite, Call, Emit};
    use crate::bytecode::{Op, Slot, VType};

    #[derive(Default)]
    pub struct Recorder {
        pub ops: Vec<Op>,
        next: Slot,
    }

    impl Emit for Recorder {
        fn op(&mut self, op: Op) {
            self.ops.push(op);
        }
        fn site(&mut self, _site: BuiltinSite) {
            self.ops.push(Op::Builtin { site: 0 });
        }
        fn temp(&mut self, n: u32) -> Slot {
            self.next += n;
            self.next - n
        }
        fn constant(&mut self, _value: u64) -> Slot {
            self.temp(1)
        }
    }

    /// Resolves `symbol` with arguments of the given types and returns what it emitted.
    pub fn ops_of(symbol: &str, args: &[VType], ret: VType) -> Vec<Op> {
        let mut rec = Recorder::default();
        let mut arg = |ty: VType| {
            let slot = rec.temp(ty.lanes as u32);
            Arg {
                slot,
                ty,
                constant: None,
            }
        };
        let args: Vec<Arg> = args.iter().map(|t| arg(*t)).collect();
        let ret = arg(ret);
        let call = Call::new(symbol, args, Some(ret)).expect("valid mangling");
        resolve(&call, &mut rec).unwrap_or_else(|e| panic!("{symbol}: {e}"));
        rec.ops
    }

    /// True when the call became ops only, with no builtin site.
    pub fn is_inline(symbol: &str, args: &[VType], ret: VType) -> bool {
        ops_of(symbol, args, ret)
            .iter()
            .all(|op| !matches!(op, Op::Builtin { .. }))
    }
}
