//! Sub-group queries (OpenCL C 3.0's `__opencl_c_subgroups` and `cl_khr_subgroups`), and what
//! `cl_khr_subgroup_ballot` computes from a ballot without the other work-items: its bit
//! functions (`sub_group_inverse_ballot`, `sub_group_ballot_bit_count`, ...) and the masks
//! (`get_sub_group_eq_mask`, ...).
//! A work-group's work-items form sub-groups of `--sub-group-size` consecutive local linear
//! ids, the last one smaller where that size does not divide the group. The functions that
//! combine the sub-group's values (`sub_group_reduce_add`, `sub_group_ballot`, ...) are in
//! `sub_group_functions`, as is `sub_group_barrier` (a meeting of the sub-group).

use super::{site, Call, Emit, Resolution};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Query {
    Size,
    MaxSize,
    Count,
    EnqueuedCount,
    Id,
    LocalId,
}

/// The sub-group query of an OpenCL C name.
pub(crate) fn query_named(name: &str) -> Option<Query> {
    Some(match name {
        "get_sub_group_size" => Query::Size,
        "get_max_sub_group_size" => Query::MaxSize,
        "get_num_sub_groups" => Query::Count,
        "get_enqueued_num_sub_groups" => Query::EnqueuedCount,
        "get_sub_group_id" => Query::Id,
        "get_sub_group_local_id" => Query::LocalId,
        _ => return None,
    })
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let Some(query) = query_named(&call.name) else {
        return ballot_bits(call, emit);
    };
    Some((|| {
        let d = call.ret()?.slot;
        emit.site(site(call, move |env| {
            let (n, full) = env.sub_group_shape();
            let (exchange, me) = env.exchange();
            let (me, group) = (me as u64, exchange.count() as u64);
            env.regs()[d as usize] = answer(query, n, (me, group, full));
            Ok(())
        }));
        Ok(())
    })())
}

/// What `query` gives work-item `me` of a group of `group` work-items, in sub-groups of `n`
/// (a full work-group of the launch has `full`).
pub(crate) fn answer(query: Query, n: u64, (me, group, full): (u64, u64, u64)) -> u64 {
    match query {
        Query::Size => n.min(group - me / n * n),
        Query::MaxSize => n.min(full),
        Query::Count => group.div_ceil(n),
        Query::EnqueuedCount => full.div_ceil(n),
        Query::Id => me / n,
        Query::LocalId => me % n,
    }
}

/// What a ballot function computes from a 128-bit ballot.
#[derive(Clone, Copy, Debug)]
enum Bits {
    Inverse,
    Extract,
    Count,
    InclusiveScan,
    ExclusiveScan,
    FindLsb,
    FindMsb,
    /// `get_sub_group_{eq,ge,gt,le,lt}_mask`: the bits of the ids that compare so with the
    /// caller's.
    Mask(fn(u32, u32) -> bool),
}

fn ballot_bits(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let bits = match call.name.as_str() {
        "sub_group_inverse_ballot" => Bits::Inverse,
        "sub_group_ballot_bit_extract" => Bits::Extract,
        "sub_group_ballot_bit_count" => Bits::Count,
        "sub_group_ballot_inclusive_scan" => Bits::InclusiveScan,
        "sub_group_ballot_exclusive_scan" => Bits::ExclusiveScan,
        "sub_group_ballot_find_lsb" => Bits::FindLsb,
        "sub_group_ballot_find_msb" => Bits::FindMsb,
        "get_sub_group_eq_mask" => Bits::Mask(|id, me| id == me),
        "get_sub_group_ge_mask" => Bits::Mask(|id, me| id >= me),
        "get_sub_group_gt_mask" => Bits::Mask(|id, me| id > me),
        "get_sub_group_le_mask" => Bits::Mask(|id, me| id <= me),
        "get_sub_group_lt_mask" => Bits::Mask(|id, me| id < me),
        _ => return None,
    };
    Some((|| {
        let d = call.ret()?;
        let ballot = match bits {
            Bits::Mask(_) => None,
            _ => Some(call.arg(0)?.slot),
        };
        let index = call.args.get(1).map(|a| a.slot);
        emit.site(site(call, move |env| {
            let (n, full) = env.sub_group_shape();
            let (exchange, me) = env.exchange();
            let (me, group) = (me as u64, exchange.count() as u64);
            // The bits a ballot has for the sub-group: as many as the largest sub-group's
            // work-items (the Khronos CTS counts so in a group's smaller last sub-group).
            let size = answer(Query::MaxSize, n, (me, group, full)) as u32;
            let id = answer(Query::LocalId, n, (me, group, full)) as u32;
            let regs = env.regs();
            let word = |w: u32| ballot.map_or(0, |b| regs[(b + w) as usize] & 0xffff_ffff);
            let ballot: u128 = (0..4).map(|w| (word(w) as u128) << (32 * w)).sum();
            let index = index.map_or(0, |s| regs[s as usize] & 0xffff_ffff) as u32;
            let out = ballot_answer(bits, ballot, (id, size), index);
            for w in 0..d.lanes() {
                regs[(d.slot + w) as usize] = (out >> (32 * w)) as u64 & 0xffff_ffff;
            }
            Ok(())
        }));
        Ok(())
    })())
}

/// `bits` of `ballot` for the work-item with sub-group local id `id`, of sub-groups of at most
/// `size` (`index`: `sub_group_ballot_bit_extract`'s); a mask is 128 bits, the rest one word.
fn ballot_answer(bits: Bits, ballot: u128, (id, size): (u32, u32), index: u32) -> u128 {
    let bit = |i: u32| i < 128 && ballot >> i & 1 == 1;
    // The sub-group's bits (a sub-group has at most 128 work-items: see Config).
    let own = ballot & (u128::MAX >> (128 - size.clamp(1, 128)));
    let below = |n: u32| {
        if n >= 128 {
            own
        } else {
            own & ((1u128 << n) - 1)
        }
    };
    match bits {
        Bits::Inverse => bit(id) as u128,
        Bits::Extract => bit(index) as u128,
        Bits::Count => own.count_ones() as u128,
        Bits::InclusiveScan => below(id + 1).count_ones() as u128,
        Bits::ExclusiveScan => below(id).count_ones() as u128,
        Bits::FindLsb => match own {
            0 => u32::MAX as u128,
            b => b.trailing_zeros() as u128,
        },
        Bits::FindMsb => match own {
            0 => u32::MAX as u128,
            b => (127 - b.leading_zeros()) as u128,
        },
        Bits::Mask(compare) => (0..size.min(128))
            .filter(|&i| compare(i, id))
            .map(|i| 1u128 << i)
            .sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_of_ten_in_fours() {
        // Work-items 0..10 in sub-groups 0..4, 4..8 and 8..10; full groups have 12.
        let at = |q, me| answer(q, 4, (me, 10, 12));
        assert_eq!((at(Query::Id, 9), at(Query::LocalId, 9)), (2, 1));
        assert_eq!((at(Query::Size, 3), at(Query::Size, 8)), (4, 2));
        assert_eq!((at(Query::Count, 0), at(Query::EnqueuedCount, 0)), (3, 3));
        assert_eq!(at(Query::MaxSize, 5), 4);
        // A group smaller than a sub-group is one sub-group of its size.
        assert_eq!(answer(Query::MaxSize, 32, (0, 8, 8)), 8);
        assert_eq!(answer(Query::Size, 32, (7, 8, 8)), 8);
    }

    #[test]
    fn ballot_bits_within_the_sub_group() {
        // A sub-group of 6; bits 1, 3 and 4 set, and bit 40 outside the sub-group.
        let ballot = 0b11010 | 1 << 40;
        let at = |bits, id| ballot_answer(bits, ballot, (id, 6), 3);
        assert_eq!(at(Bits::Count, 0), 3);
        assert_eq!(at(Bits::InclusiveScan, 3), 2);
        assert_eq!(at(Bits::ExclusiveScan, 3), 1);
        assert_eq!((at(Bits::FindLsb, 0), at(Bits::FindMsb, 0)), (1, 4));
        assert_eq!((at(Bits::Inverse, 4), at(Bits::Inverse, 2)), (1, 0));
        assert_eq!(at(Bits::Extract, 0), 1);
        assert_eq!(at(Bits::Mask(|i, me| i >= me), 4), 0b110000);
        assert_eq!(at(Bits::Mask(|i, me| i < me), 4), 0b1111);
        assert_eq!(at(Bits::Mask(|i, me| i == me), 4), 0b10000);
        let full = ballot_answer(Bits::InclusiveScan, u128::MAX, (127, 128), 0);
        assert_eq!(full, 128);
    }
}
