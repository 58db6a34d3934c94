//! Work-group functions (OpenCL C 2.0/3.0): `work_group_all`, `work_group_any`,
//! `work_group_broadcast`, and `work_group_reduce_*` / `work_group_scan_{in,ex}clusive_*` with
//! `add`, `min` and `max`; and the same `sub_group_*` functions (OpenCL C 3.0), over the
//! work-items of the caller's sub-group (`--sub-group-size` consecutive local linear ids).
//!
//! Every work-item of the group must reach the same call, so a call lowers to two steps with a
//! barrier after each: the work-item puts its value in the group's exchange; once all have,
//! each computes its result from all the values (in local linear order: a scan's prefix is
//! that of the work-items before it). The second barrier keeps the next call from overwriting
//! values the group is still reading. Like `barrier`, a call some work-items miss is reported
//! as divergence. The barriers order no memory (fence 0): the functions imply no fence.
//! Sub-group functions meet at the same work-group barriers: every sub-group of the group
//! must call them together (code that calls them in some sub-groups only is reported as
//! divergence), a stronger rule than the specification's, which real kernels follow.

use super::{site, Call, Emit, MType, Resolution};
use crate::bytecode::Op;
use crate::exec::semantics::{mask, sext};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arith {
    Add,
    Min,
    Max,
}

/// Whose values a call combines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    WorkGroup,
    SubGroup,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    All,
    Any,
    Broadcast,
    Reduce(Arith),
    ScanExclusive(Arith),
    ScanInclusive(Arith),
}

/// How the values are numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    Int { bits: u8, signed: bool },
    F32,
    F64,
}

fn kind(name: &str) -> Option<(Scope, Kind)> {
    let (scope, rest) = match name.strip_prefix("work_group_") {
        Some(rest) => (Scope::WorkGroup, rest),
        None => (Scope::SubGroup, name.strip_prefix("sub_group_")?),
    };
    let arith = |op: &str| match op {
        "add" => Some(Arith::Add),
        "min" => Some(Arith::Min),
        "max" => Some(Arith::Max),
        _ => None,
    };
    let kind = match rest {
        "all" => Kind::All,
        "any" => Kind::Any,
        "broadcast" => Kind::Broadcast,
        _ => {
            if let Some(op) = rest.strip_prefix("reduce_") {
                Kind::Reduce(arith(op)?)
            } else if let Some(op) = rest.strip_prefix("scan_exclusive_") {
                Kind::ScanExclusive(arith(op)?)
            } else {
                Kind::ScanInclusive(arith(rest.strip_prefix("scan_inclusive_")?)?)
            }
        }
    };
    Some((scope, kind))
}

fn num(t: &MType) -> Option<Num> {
    Some(match t {
        MType::Int => Num::Int {
            bits: 32,
            signed: true,
        },
        MType::UInt => Num::Int {
            bits: 32,
            signed: false,
        },
        MType::Long => Num::Int {
            bits: 64,
            signed: true,
        },
        MType::ULong => Num::Int {
            bits: 64,
            signed: false,
        },
        MType::Float => Num::F32,
        MType::Double => Num::F64,
        _ => return None,
    })
}

/// `a op b`.
fn apply(num: Num, op: Arith, a: u64, b: u64) -> u64 {
    match num {
        Num::Int { bits, signed } => {
            let (x, y) = (sext(a, bits), sext(b, bits));
            let pick_a = match op {
                Arith::Add => return a.wrapping_add(b) & mask(bits),
                Arith::Min if signed => x <= y,
                Arith::Max if signed => x >= y,
                Arith::Min => a <= b,
                Arith::Max => a >= b,
            };
            if pick_a {
                a
            } else {
                b
            }
        }
        Num::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            let r = match op {
                Arith::Add => x + y,
                Arith::Min => x.min(y),
                Arith::Max => x.max(y),
            };
            r.to_bits() as u64
        }
        Num::F64 => {
            let (x, y) = (f64::from_bits(a), f64::from_bits(b));
            let r = match op {
                Arith::Add => x + y,
                Arith::Min => x.min(y),
                Arith::Max => x.max(y),
            };
            r.to_bits()
        }
    }
}

/// What an exclusive scan gives the first work-item: `x op identity == x`.
fn identity(num: Num, op: Arith) -> u64 {
    match (num, op) {
        (_, Arith::Add) => 0,
        (Num::Int { bits, signed }, Arith::Min) => mask(bits) >> signed as u32,
        (Num::Int { bits, signed }, Arith::Max) => {
            if signed {
                1u64 << (bits - 1)
            } else {
                0
            }
        }
        (Num::F32, Arith::Min) => f32::INFINITY.to_bits() as u64,
        (Num::F32, Arith::Max) => f32::NEG_INFINITY.to_bits() as u64,
        (Num::F64, Arith::Min) => f64::INFINITY.to_bits(),
        (Num::F64, Arith::Max) => f64::NEG_INFINITY.to_bits(),
    }
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let (scope, kind) = kind(&call.name)?;
    Some(lower(call, emit, scope, kind))
}

fn lower(call: &Call, emit: &mut dyn Emit, scope: Scope, kind: Kind) -> Resolution {
    let value = call.arg(0)?;
    let result = call.ret()?;
    if value.lanes() != 1 {
        return Err(format!("{}: scalar argument expected", call.name));
    }
    let num = match kind {
        Kind::All | Kind::Any => Num::Int {
            bits: 32,
            signed: true,
        },
        _ => num(call.param(0)).ok_or_else(|| format!("{}: unsupported type", call.name))?,
    };
    // Broadcast: the source work-item's local id, one argument a dimension (its sub-group
    // local id, for a sub-group).
    let source: Vec<_> = call.args.iter().skip(1).copied().collect();
    let name = call.name.clone();
    emit.site(site(call, move |env| {
        let v = env.regs()[value.slot as usize];
        env.exchange_put(v);
        Ok(())
    }));
    emit.op(Op::Barrier { fence: 0 });
    emit.site(site(call, move |env| {
        let id: Vec<u64> = source.iter().map(|a| env.regs()[a.slot as usize]).collect();
        let sub_group = match scope {
            Scope::WorkGroup => None,
            Scope::SubGroup => Some(env.sub_group_shape().0),
        };
        let (all, me, size) = env.exchange();
        // The values of the caller's work-group or sub-group, and its index among them.
        let (values, me) = match sub_group {
            None => (all, me),
            Some(n) => {
                let first = me - me % n as usize;
                let end = (first + n as usize).min(all.len());
                (&all[first..end], me - first)
            }
        };
        let out = match kind {
            Kind::All => values.iter().all(|&v| v & mask(32) != 0) as u64,
            Kind::Any => values.iter().any(|&v| v & mask(32) != 0) as u64,
            Kind::Broadcast => {
                let (x, y, z) = (id[0], id.get(1).copied().unwrap_or(0), id.get(2).copied());
                let index = match sub_group {
                    None => (z.unwrap_or(0) * size[1] + y) * size[0] + x,
                    Some(_) => x & mask(32),
                };
                match values.get(index as usize) {
                    Some(&v) => v,
                    None => {
                        let group = match scope {
                            Scope::WorkGroup => "work-group",
                            Scope::SubGroup => "sub-group",
                        };
                        let msg = format!("{name}: local id {id:?} is outside the {group}");
                        env.error(&msg);
                        0
                    }
                }
            }
            Kind::Reduce(op) => values[1..]
                .iter()
                .fold(values[0], |acc, &v| apply(num, op, acc, v)),
            Kind::ScanInclusive(op) => values[1..=me]
                .iter()
                .fold(values[0], |acc, &v| apply(num, op, acc, v)),
            Kind::ScanExclusive(op) => values[..me]
                .iter()
                .fold(identity(num, op), |acc, &v| apply(num, op, acc, v)),
        };
        env.regs()[result.slot as usize] = out;
        Ok(())
    }));
    emit.op(Op::Barrier { fence: 0 });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const I32: Num = Num::Int {
        bits: 32,
        signed: true,
    };
    const U32: Num = Num::Int {
        bits: 32,
        signed: false,
    };

    #[test]
    fn names() {
        let wg = |k| Some((Scope::WorkGroup, k));
        assert_eq!(kind("work_group_reduce_add"), wg(Kind::Reduce(Arith::Add)));
        assert_eq!(
            kind("work_group_scan_exclusive_max"),
            wg(Kind::ScanExclusive(Arith::Max))
        );
        assert_eq!(
            kind("work_group_scan_inclusive_min"),
            wg(Kind::ScanInclusive(Arith::Min))
        );
        assert_eq!(kind("work_group_broadcast"), wg(Kind::Broadcast));
        assert_eq!(kind("work_group_reduce_mul"), None);
        assert_eq!(
            kind("sub_group_reduce_add"),
            Some((Scope::SubGroup, Kind::Reduce(Arith::Add)))
        );
        assert_eq!(kind("sub_group_barrier"), None);
    }

    #[test]
    fn arithmetic_and_identities() {
        let minus_one = 0xffff_ffff;
        assert_eq!(apply(I32, Arith::Min, minus_one, 3), minus_one);
        assert_eq!(apply(U32, Arith::Min, minus_one, 3), 3);
        assert_eq!(apply(I32, Arith::Add, minus_one, 3), 2);
        assert_eq!(identity(I32, Arith::Min), 0x7fff_ffff);
        assert_eq!(identity(I32, Arith::Max), 0x8000_0000);
        assert_eq!(identity(U32, Arith::Min), 0xffff_ffff);
        assert_eq!(identity(U32, Arith::Max), 0);
        assert_eq!(
            identity(Num::F32, Arith::Min),
            f32::INFINITY.to_bits() as u64
        );
        let two = 2f64.to_bits();
        assert_eq!(apply(Num::F64, Arith::Add, two, two), 4f64.to_bits());
    }
}
