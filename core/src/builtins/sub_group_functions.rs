//! Sub-group functions that combine the values of a sub-group's work-items (OpenCL C 3.0's
//! `__opencl_c_subgroups` and the `cl_khr_subgroup_*` extensions):
//! - `sub_group_all/any/broadcast`, `sub_group_reduce_*`, `sub_group_scan_{in,ex}clusive_*`
//!   (core, with `cl_khr_subgroup_extended_types`' 8- and 16-bit integers and vectors);
//! - `sub_group_elect`, `sub_group_non_uniform_all/any/all_equal` (`non_uniform_vote`);
//! - `sub_group_non_uniform_broadcast`, `sub_group_broadcast_first`, `sub_group_ballot`
//!   (`ballot`; the ballot's bit functions, which read no other work-item, are in `subgroups`);
//! - `sub_group_non_uniform_{reduce,scan_inclusive,scan_exclusive}_*`
//!   (`non_uniform_arithmetic`), `sub_group_clustered_reduce_*` (`clustered_reduce`);
//! - `sub_group_shuffle(_xor)`, `sub_group_shuffle_up/down` (`shuffle`, `shuffle_relative`),
//!   `sub_group_rotate`, `sub_group_clustered_rotate` (`rotate`);
//! - and `sub_group_barrier`, a meeting of the whole sub-group that combines nothing.
//!
//! A call lowers to three steps: the work-item puts its value in the group's exchange, waits
//! at a sub-group meeting (`Op::SubGroupMeet`), and once released computes its result from
//! the values of the work-items released with it: those of its sub-group that reached the
//! same call together, the call's active work-items (`GroupItems::release_meetings`). The
//! non-uniform functions combine the active ones' values; the others must be called by the
//! whole sub-group, and a call that only some of its work-items make is reported. A shuffle
//! from a work-item that is not active, or outside the sub-group, is undefined: it gives 0,
//! unreported, since kernels commonly shuffle past the sub-group's end and ignore the result.

use super::group_arith::{apply, identity, Arith};
use super::num::Num;
use super::{site, BuiltinEnv, Call, Emit, Problem, Resolution};
use crate::bytecode::{Op, NOT_A_BARRIER};
use crate::diagnostics::Rule;
use crate::exchange::{Exchange, STRIDE};
use crate::semantics::mask;

/// How a function combines values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Combine {
    All,
    Any,
    AllEqual,
    Elect,
    Ballot,
    Reduce(Arith),
    ScanInclusive(Arith),
    ScanExclusive(Arith),
    /// Reduces over clusters of the given size.
    ClusteredReduce(Arith),
    Pick(Pick),
}

/// Whose value a work-item takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pick {
    /// The one whose sub-group local id is the argument (the same in all).
    Broadcast,
    /// The active one with the lowest id.
    First,
    Shuffle,
    ShuffleXor,
    ShuffleUp,
    ShuffleDown,
    Rotate,
    ClusteredRotate,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Kind {
    combine: Combine,
    /// Whether the whole sub-group must make the call.
    uniform: bool,
}

fn kind(name: &str) -> Option<Kind> {
    let rest = name.strip_prefix("sub_group_")?;
    let (rest, non_uniform) = match rest.strip_prefix("non_uniform_") {
        Some(r) => (r, true),
        None => (rest, false),
    };
    let folded = |rest: &str| -> Option<Combine> {
        Some(if let Some(op) = rest.strip_prefix("reduce_") {
            Combine::Reduce(Arith::named(op)?)
        } else if let Some(op) = rest.strip_prefix("scan_inclusive_") {
            Combine::ScanInclusive(Arith::named(op)?)
        } else {
            Combine::ScanExclusive(Arith::named(rest.strip_prefix("scan_exclusive_")?)?)
        })
    };
    let (combine, uniform) = match (rest, non_uniform) {
        ("all", n) => (Combine::All, !n),
        ("any", n) => (Combine::Any, !n),
        ("all_equal", true) => (Combine::AllEqual, false),
        ("broadcast", n) => (Combine::Pick(Pick::Broadcast), !n),
        (_, true) => (folded(rest)?, false),
        ("elect", _) => (Combine::Elect, false),
        ("ballot", _) => (Combine::Ballot, false),
        ("broadcast_first", _) => (Combine::Pick(Pick::First), false),
        ("shuffle", _) => (Combine::Pick(Pick::Shuffle), false),
        ("shuffle_xor", _) => (Combine::Pick(Pick::ShuffleXor), false),
        ("shuffle_up", _) => (Combine::Pick(Pick::ShuffleUp), false),
        ("shuffle_down", _) => (Combine::Pick(Pick::ShuffleDown), false),
        ("rotate", _) => (Combine::Pick(Pick::Rotate), false),
        ("clustered_rotate", _) => (Combine::Pick(Pick::ClusteredRotate), false),
        _ => match rest.strip_prefix("clustered_reduce_") {
            Some(op) => (Combine::ClusteredReduce(Arith::named(op)?), false),
            // The core reductions and scans take add, min and max only.
            None => match folded(rest)? {
                Combine::Reduce(Arith::Add | Arith::Min | Arith::Max)
                | Combine::ScanInclusive(Arith::Add | Arith::Min | Arith::Max)
                | Combine::ScanExclusive(Arith::Add | Arith::Min | Arith::Max) => {
                    (folded(rest)?, true)
                }
                _ => return None,
            },
        },
    };
    Some(Kind { combine, uniform })
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let kind = kind(&call.name)?;
    Some(lower(call, emit, kind))
}

/// The caller's sub-group as the exchange holds it.
struct SubGroup {
    /// Local linear indices.
    first: usize,
    end: usize,
    /// The caller's sub-group local id.
    me: usize,
    /// `get_max_sub_group_size()`.
    max: usize,
}

impl SubGroup {
    /// The caller's sub-group, and the exchange it met in.
    fn of_caller(env: &mut dyn BuiltinEnv) -> (SubGroup, &Exchange) {
        let (n, full) = env.sub_group_shape();
        let (exchange, me) = env.exchange();
        let first = me - me % n as usize;
        let end = (first + n as usize).min(exchange.count());
        let group = SubGroup {
            first,
            end,
            me: me - first,
            max: n.min(full) as usize,
        };
        (group, exchange)
    }

    /// The report of a call to `name`, which the whole sub-group must make, that only some of
    /// its work-items made: once, by the lowest of them.
    fn partial_call(&self, exchange: &Exchange, name: &str) -> Option<String> {
        let called = self.active(exchange).count();
        if called == self.size() || self.active(exchange).next() != Some(self.me) {
            return None;
        }
        Some(format!(
            "Sub-group divergence detected: only {called} of the {} work-items of sub-group {} \
             called {name}, which the whole sub-group must call",
            self.size(),
            self.first / self.max.max(1)
        ))
    }

    fn size(&self) -> usize {
        self.end - self.first
    }

    /// The active work-items' sub-group local ids, ascending.
    fn active<'e>(&self, exchange: &'e Exchange) -> impl Iterator<Item = usize> + Clone + 'e {
        let first = self.first;
        (0..self.size()).filter(move |&i| exchange.active(first + i))
    }
}

/// `sub_group_barrier(flags[, scope])`: a meeting of the whole sub-group (the scheduler tells
/// the plugins of its fence when it releases the sub-group), then a report if only part of the
/// sub-group came.
pub fn barrier(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let flags = call.arg(0)?;
    let fence = flags
        .constant
        .ok_or_else(|| call.misuse(Problem::FenceFlags))?;
    // CLK_LOCAL_MEM_FENCE, CLK_GLOBAL_MEM_FENCE and CLK_IMAGE_MEM_FENCE: never NOT_A_BARRIER.
    let fence = fence as u32 & 0b111;
    emit.op(Op::SubGroupMeet { fence });
    let name = call.name.clone();
    emit.site(site(call, move |env| {
        let (group, exchange) = SubGroup::of_caller(env);
        if let Some(problem) = group.partial_call(exchange, &name) {
            env.error(Rule::Other, &problem);
        }
        Ok(())
    }));
    Ok(())
}

fn lower(call: &Call, emit: &mut dyn Emit, kind: Kind) -> Resolution {
    let result = call.ret()?;
    let value = match kind.combine {
        Combine::Elect => None,
        _ => Some(call.arg(0)?),
    };
    let lanes = value.map_or(1, |v| v.lanes()) as usize;
    let width = match kind.combine {
        Combine::Ballot => 4,
        Combine::All | Combine::Any | Combine::AllEqual | Combine::Elect => 1,
        _ => lanes,
    };
    if lanes > STRIDE || result.lanes() as usize != width {
        return Err(call.misuse(Problem::UnexpectedWidths));
    }
    let num = match kind.combine {
        Combine::Elect | Combine::All | Combine::Any | Combine::Ballot => Num::Int {
            bits: 32,
            signed: true,
        },
        Combine::Pick(_) => Num::Int {
            bits: 64,
            signed: false,
        },
        _ => {
            Num::from_mangled(call.param(0)).ok_or_else(|| call.misuse(Problem::UnsupportedType))?
        }
    };
    if let Combine::Reduce(op)
    | Combine::ScanInclusive(op)
    | Combine::ScanExclusive(op)
    | Combine::ClusteredReduce(op) = kind.combine
    {
        let float = num.is_float();
        if lanes != 1 || (float && !op.takes_floats()) {
            return Err(call.misuse(Problem::UnsupportedType));
        }
    }
    // An index, delta or cluster size, and the cluster size of a clustered rotate.
    let extra: Vec<_> = call.args.iter().skip(1).map(|a| a.slot).collect();
    if let Some(v) = value {
        emit.site(site(call, move |env| {
            let mut put = [0u64; STRIDE];
            put[..lanes].copy_from_slice(&env.regs()[v.slot as usize..v.slot as usize + lanes]);
            env.exchange_put(&put[..lanes]);
            Ok(())
        }));
    }
    emit.op(Op::SubGroupMeet {
        fence: NOT_A_BARRIER,
    });
    let name = call.name.clone();
    emit.site(site(call, move |env| {
        // At most two (a clustered rotate's delta and cluster size): no allocation a call.
        let mut args = [0u64; 2];
        for (a, &s) in args.iter_mut().zip(&extra) {
            *a = env.regs()[s as usize];
        }
        let (group, exchange) = SubGroup::of_caller(env);
        let mut out = [0u64; STRIDE];
        let out = &mut out[..lanes.max(width)];
        let mut problem = kind
            .uniform
            .then(|| group.partial_call(exchange, &name))
            .flatten();
        if let Err(e) = combine(kind.combine, num, &group, exchange, &args, out) {
            problem = problem.or(Some(format!("{name}: {e}")));
        }
        env.regs()[result.slot as usize..result.slot as usize + width]
            .copy_from_slice(&out[..width]);
        if let Some(p) = problem {
            env.error(Rule::Other, &p);
        }
        Ok(())
    }));
    Ok(())
}

/// Why a call's arguments give no result: reported when the call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
enum CombineError {
    #[error("sub-group local id {0} is not an active work-item of the sub-group")]
    Inactive(u64),
    #[error(
        "the cluster size {size} is not a power of two no greater than the sub-group size {max}"
    )]
    Cluster { size: usize, max: usize },
}

/// Computes the caller's result into `out` (one slot a lane; a ballot's four words).
fn combine(
    combine: Combine,
    num: Num,
    group: &SubGroup,
    exchange: &Exchange,
    extra: &[u64],
    out: &mut [u64],
) -> Result<(), CombineError> {
    let value = |id: usize, lane: usize| exchange.taken(group.first + id, lane);
    let active = group.active(exchange);
    let truth = |id: usize| value(id, 0) & mask(32) != 0;
    let arg = |i: usize| extra.get(i).copied().unwrap_or(0) & mask(32);
    let fold = |ids: &mut dyn Iterator<Item = usize>, op: Arith| {
        ids.map(|id| value(id, 0))
            .reduce(|acc, v| apply(num, op, acc, v))
            .unwrap_or(0)
    };
    match combine {
        Combine::All => out[0] = active.clone().all(truth) as u64,
        Combine::Any => out[0] = active.clone().any(truth) as u64,
        Combine::AllEqual => {
            let first = active.clone().next().unwrap_or(group.me);
            out[0] = active
                .clone()
                .all(|id| num.equal(value(id, 0), value(first, 0))) as u64;
        }
        Combine::Elect => out[0] = (active.clone().next() == Some(group.me)) as u64,
        Combine::Ballot => {
            out[..4].fill(0);
            for id in active.filter(|&id| truth(id)) {
                if id < 128 {
                    out[id / 32] |= 1 << (id % 32);
                }
            }
        }
        Combine::Reduce(op) => out[0] = fold(&mut active.clone(), op),
        Combine::ScanInclusive(op) => {
            out[0] = fold(&mut active.clone().take_while(|&id| id <= group.me), op)
        }
        Combine::ScanExclusive(op) => {
            out[0] = active
                .clone()
                .take_while(|&id| id < group.me)
                .fold(identity(num, op), |acc, id| {
                    apply(num, op, acc, value(id, 0))
                })
        }
        Combine::ClusteredReduce(op) => {
            let size = arg(0) as usize;
            check_cluster(size, group.max)?;
            let start = group.me / size * size;
            out[0] = fold(
                &mut active
                    .clone()
                    .filter(|&id| id >= start && id < start + size),
                op,
            )
        }
        Combine::Pick(pick) => {
            let me = group.me as u64;
            let source = match pick {
                Pick::Broadcast => Some(arg(0)),
                Pick::First => active.clone().next().map(|id| id as u64),
                Pick::Shuffle => Some(arg(0)),
                Pick::ShuffleXor => Some(me ^ arg(0)),
                Pick::ShuffleUp => me.checked_sub(arg(0)),
                Pick::ShuffleDown => Some(me + arg(0)),
                Pick::Rotate => Some((me + arg(0)) % (1 << 32) % group.max as u64),
                Pick::ClusteredRotate => {
                    let size = arg(1);
                    check_cluster(size as usize, group.max)?;
                    Some((me & !(size - 1)) + (me + arg(0)) % (1 << 32) % size)
                }
            };
            let source = source.filter(|&s| {
                (s as usize) < group.size() && exchange.active(group.first + s as usize)
            });
            match source {
                Some(s) => {
                    for (lane, o) in out.iter_mut().enumerate() {
                        *o = value(s as usize, lane);
                    }
                }
                None if pick == Pick::Broadcast => return Err(CombineError::Inactive(arg(0))),
                None => out.fill(0),
            }
        }
    }
    Ok(())
}

/// A cluster size must be a power of two no greater than the maximum sub-group size.
fn check_cluster(size: usize, max: usize) -> Result<(), CombineError> {
    if size.is_power_of_two() && size <= max {
        Ok(())
    } else {
        Err(CombineError::Cluster { size, max })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        let k = |combine, uniform| Some(Kind { combine, uniform });
        assert_eq!(
            kind("sub_group_reduce_add"),
            k(Combine::Reduce(Arith::Add), true)
        );
        assert_eq!(kind("sub_group_reduce_mul"), None);
        assert_eq!(
            kind("sub_group_non_uniform_scan_exclusive_logical_xor"),
            k(Combine::ScanExclusive(Arith::LogicalXor), false)
        );
        assert_eq!(
            kind("sub_group_clustered_reduce_mul"),
            k(Combine::ClusteredReduce(Arith::Mul), false)
        );
        assert_eq!(
            kind("sub_group_broadcast"),
            k(Combine::Pick(Pick::Broadcast), true)
        );
        assert_eq!(
            kind("sub_group_non_uniform_broadcast"),
            k(Combine::Pick(Pick::Broadcast), false)
        );
        assert_eq!(kind("sub_group_non_uniform_all"), k(Combine::All, false));
        assert_eq!(kind("sub_group_any"), k(Combine::Any, true));
        assert_eq!(kind("sub_group_elect"), k(Combine::Elect, false));
        assert_eq!(kind("sub_group_barrier"), None);
        assert_eq!(kind("sub_group_ballot_bit_count"), None);
        assert_eq!(kind("work_group_reduce_add"), None);
    }

    /// A sub-group of 8 (work-items 8..16 of a group of 16) with values 10 * id, of which
    /// those with odd ids are active.
    fn odd_ones_active() -> Exchange {
        let mut e = Exchange::default();
        e.reset([16, 1, 1]);
        for i in 0..16 {
            e.put(i, &[10 * (i as u64 % 8)]);
        }
        e.release(8..16, |i| i % 2 == 1);
        e
    }

    fn run(c: Combine, me: usize, extra: &[u64]) -> Result<u64, CombineError> {
        let e = odd_ones_active();
        let g = SubGroup {
            first: 8,
            end: 16,
            me,
            max: 8,
        };
        let mut out = [0u64; 4];
        let u32_ = Num::Int {
            bits: 32,
            signed: false,
        };
        combine(c, u32_, &g, &e, extra, &mut out)?;
        Ok(out[0])
    }

    #[test]
    fn active_work_items_only() {
        assert_eq!(
            run(Combine::Reduce(Arith::Add), 3, &[]),
            Ok(10 + 30 + 50 + 70)
        );
        assert_eq!(
            run(Combine::ScanInclusive(Arith::Add), 5, &[]),
            Ok(10 + 30 + 50)
        );
        assert_eq!(run(Combine::ScanExclusive(Arith::Add), 5, &[]), Ok(10 + 30));
        assert_eq!(run(Combine::ScanExclusive(Arith::Mul), 1, &[]), Ok(1));
        assert_eq!(run(Combine::Elect, 1, &[]), Ok(1));
        assert_eq!(run(Combine::Elect, 3, &[]), Ok(0));
        // 10 * id is non-zero for every active one.
        assert_eq!(run(Combine::Ballot, 3, &[]), Ok(0b1010_1010));
        assert_eq!(run(Combine::Pick(Pick::First), 7, &[]), Ok(10));
        // Clusters of four: ids 4..8 hold the active 5 and 7.
        assert_eq!(run(Combine::ClusteredReduce(Arith::Max), 5, &[4]), Ok(70));
        assert!(run(Combine::ClusteredReduce(Arith::Max), 5, &[3]).is_err());
    }

    #[test]
    fn shuffles_and_rotations() {
        assert_eq!(run(Combine::Pick(Pick::Shuffle), 1, &[7]), Ok(70));
        // Id 2 is not active, 9 is outside: undefined, 0.
        assert_eq!(run(Combine::Pick(Pick::Shuffle), 1, &[2]), Ok(0));
        assert_eq!(run(Combine::Pick(Pick::Shuffle), 1, &[9]), Ok(0));
        assert_eq!(run(Combine::Pick(Pick::ShuffleXor), 1, &[2]), Ok(30));
        assert_eq!(run(Combine::Pick(Pick::ShuffleUp), 5, &[2]), Ok(30));
        assert_eq!(run(Combine::Pick(Pick::ShuffleUp), 1, &[2]), Ok(0));
        assert_eq!(run(Combine::Pick(Pick::ShuffleDown), 1, &[4]), Ok(50));
        assert_eq!(run(Combine::Pick(Pick::Rotate), 5, &[4]), Ok(10));
        // A delta of -1 as the unsigned 32-bit value the function takes.
        assert_eq!(run(Combine::Pick(Pick::Rotate), 1, &[0xffff_ffff]), Ok(0));
        // Clusters of four: 5 + 2 wraps to 4 + (7 % 4) = 7.
        assert_eq!(
            run(Combine::Pick(Pick::ClusteredRotate), 5, &[2, 4]),
            Ok(70)
        );
        assert!(run(Combine::Pick(Pick::Broadcast), 1, &[2]).is_err());
    }
}
