//! Work-group functions (OpenCL C 2.0/3.0): `work_group_all`, `work_group_any`,
//! `work_group_broadcast`, and `work_group_reduce_*` / `work_group_scan_{in,ex}clusive_*` with
//! `add`, `min` and `max`. (The sub-group functions are in `sub_group_functions`.)
//!
//! Every work-item of the group must reach the same call, so a call lowers to two steps with a
//! barrier after each: the work-item puts its value in the group's exchange; once all have,
//! each computes its result from all the values (in local linear order: a scan's prefix is
//! that of the work-items before it). The second barrier keeps the next call from overwriting
//! values the group is still reading. Like `barrier`, a call some work-items miss is reported
//! as divergence. The barriers order no memory (fence 0): the functions imply no fence.

use super::group_arith::{apply, identity, Arith};
use super::num::Num;
use super::{site, Call, Emit, Problem, Resolution};
use crate::bytecode::Op;
use crate::diagnostics::Rule;
use crate::semantics::mask;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    All,
    Any,
    Broadcast,
    Reduce(Arith),
    ScanExclusive(Arith),
    ScanInclusive(Arith),
}

fn kind(name: &str) -> Option<Kind> {
    let rest = name.strip_prefix("work_group_")?;
    let arith = |op: &str| match op {
        "add" | "min" | "max" => Arith::named(op),
        _ => None,
    };
    Some(match rest {
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
    })
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let kind = kind(&call.name)?;
    Some(lower(call, emit, kind))
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    let value = call.arg(0)?;
    let result = call.ret()?;
    if value.lanes() != 1 {
        return Err(call.misuse(Problem::Expected("scalar argument")));
    }
    let num = match kind {
        Kind::All | Kind::Any => Num::Int {
            bits: 32,
            signed: true,
        },
        _ => {
            Num::from_mangled(call.param(0)).ok_or_else(|| call.misuse(Problem::UnsupportedType))?
        }
    };
    // Broadcast: the source work-item's local id, one argument a dimension.
    let source: Vec<_> = call.args.iter().skip(1).copied().collect();
    let name = call.name.clone();
    emit.site(site(call, move |env| {
        let v = env.regs()[value.slot as usize];
        env.exchange_put(&[v]);
        Ok(())
    }));
    emit.op(Op::Barrier { fence: 0 });
    emit.site(site(call, move |env| {
        let id: Vec<u64> = source.iter().map(|a| env.regs()[a.slot as usize]).collect();
        let (exchange, me) = env.exchange();
        let (size, count) = (exchange.size, exchange.count());
        let values = (0..count).map(|i| exchange.value(i, 0));
        let out = match kind {
            Kind::All => values.clone().all(|v| v & mask(32) != 0) as u64,
            Kind::Any => values.clone().any(|v| v & mask(32) != 0) as u64,
            Kind::Broadcast => {
                let (x, y, z) = (id[0], id.get(1).copied().unwrap_or(0), id.get(2).copied());
                let index = (z.unwrap_or(0) * size[1] + y) * size[0] + x;
                if index < count as u64 {
                    exchange.value(index as usize, 0)
                } else {
                    let msg = format!("{name}: local id {id:?} is outside the work-group");
                    env.error(Rule::Other, &msg);
                    0
                }
            }
            Kind::Reduce(op) => values.reduce(|acc, v| apply(num, op, acc, v)).unwrap_or(0),
            Kind::ScanInclusive(op) => values
                .take(me + 1)
                .reduce(|acc, v| apply(num, op, acc, v))
                .unwrap_or(0),
            Kind::ScanExclusive(op) => values
                .take(me)
                .fold(identity(num, op), |acc, v| apply(num, op, acc, v)),
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

    #[test]
    fn names() {
        let add = Arith::Add;
        assert_eq!(kind("work_group_reduce_add"), Some(Kind::Reduce(add)));
        assert_eq!(
            kind("work_group_scan_exclusive_max"),
            Some(Kind::ScanExclusive(Arith::Max))
        );
        assert_eq!(
            kind("work_group_scan_inclusive_min"),
            Some(Kind::ScanInclusive(Arith::Min))
        );
        assert_eq!(kind("work_group_broadcast"), Some(Kind::Broadcast));
        assert_eq!(kind("work_group_reduce_mul"), None);
        assert_eq!(kind("sub_group_reduce_add"), None);
    }
}
