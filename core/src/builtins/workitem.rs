//! Work-item functions: compiled to `WorkItem` ops, the hottest builtins of most kernels.

use super::{Call, Emit, Resolution};
use crate::bytecode::{Op, WiQuery};

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let q = match call.name.as_str() {
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
    };
    Some((|| {
        let d = call.ret()?.slot;
        let takes_dim = !matches!(
            q,
            WiQuery::WorkDim | WiQuery::GlobalLinearId | WiQuery::LocalLinearId
        );
        if !takes_dim {
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
