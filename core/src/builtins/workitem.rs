//! Work-item functions: compiled to `WorkItem` ops, the hottest builtins of most kernels.

use super::{Call, Emit, Resolution};
use crate::bytecode::{Op, WiQuery};

/// The work-item function of an OpenCL C name.
pub(crate) fn query_named(name: &str) -> Option<WiQuery> {
    Some(match name {
        "get_global_id" => WiQuery::GlobalId,
        "get_global_size" => WiQuery::GlobalSize,
        "get_global_offset" => WiQuery::GlobalOffset,
        "get_local_id" => WiQuery::LocalId,
        "get_local_size" => WiQuery::LocalSize,
        "get_enqueued_local_size" => WiQuery::EnqueuedLocalSize,
        "get_group_id" => WiQuery::GroupId,
        "get_num_groups" => WiQuery::NumGroups,
        "get_work_dim" => WiQuery::WorkDim,
        "get_global_linear_id" => WiQuery::GlobalLinearId,
        "get_local_linear_id" => WiQuery::LocalLinearId,
        _ => return None,
    })
}

/// Whether a work-item function takes a dimension.
pub(crate) fn takes_dim(q: WiQuery) -> bool {
    !matches!(
        q,
        WiQuery::WorkDim | WiQuery::GlobalLinearId | WiQuery::LocalLinearId
    )
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let q = query_named(&call.name)?;
    Some((|| {
        let d = call.ret()?.slot;
        if !takes_dim(q) {
            emit.op(Op::WorkItem { q, d, dim: 0 });
            return Ok(());
        }
        let dim = call.arg(0)?;
        match dim.constant {
            // Out-of-range constant dimensions are handled by the op like dynamic ones.
            Some(c) => emit.op(Op::WorkItem {
                q,
                d,
                dim: c.min(255) as u8,
            }),
            None => emit.op(Op::WorkItemDyn {
                q,
                d,
                dim: dim.slot,
            }),
        }
        Ok(())
    })())
}
