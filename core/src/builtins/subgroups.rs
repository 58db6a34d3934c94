//! Sub-group queries (OpenCL C 3.0's `__opencl_c_subgroups`; not `cl_khr_subgroups`, whose
//! independent forward progress the device lacks: see `sync`).
//! A work-group's work-items form sub-groups of `--sub-group-size` consecutive local linear
//! ids, the last one smaller where that size does not divide the group. The sub-group
//! functions (`sub_group_reduce_add`, ...) are in `collectives`, `sub_group_barrier` in `sync`.

use super::{site, Call, Emit, Resolution};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Query {
    Size,
    MaxSize,
    Count,
    EnqueuedCount,
    Id,
    LocalId,
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let query = match call.name.as_str() {
        "get_sub_group_size" => Query::Size,
        "get_max_sub_group_size" => Query::MaxSize,
        "get_num_sub_groups" => Query::Count,
        "get_enqueued_num_sub_groups" => Query::EnqueuedCount,
        "get_sub_group_id" => Query::Id,
        "get_sub_group_local_id" => Query::LocalId,
        _ => return None,
    };
    Some((|| {
        let d = call.ret()?.slot;
        emit.site(site(call, move |env| {
            let (n, full) = env.sub_group_shape();
            let (values, me, _) = env.exchange();
            let (me, group) = (me as u64, values.len() as u64);
            env.regs()[d as usize] = answer(query, n, (me, group, full));
            Ok(())
        }));
        Ok(())
    })())
}

/// What `query` gives work-item `me` of a group of `group` work-items, in sub-groups of `n`
/// (a full work-group of the launch has `full`).
fn answer(query: Query, n: u64, (me, group, full): (u64, u64, u64)) -> u64 {
    match query {
        Query::Size => n.min(group - me / n * n),
        Query::MaxSize => n.min(full),
        Query::Count => group.div_ceil(n),
        Query::EnqueuedCount => full.div_ceil(n),
        Query::Id => me / n,
        Query::LocalId => me % n,
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
}
