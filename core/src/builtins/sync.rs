//! Synchronisation: barriers become ops (a sub-group's, a meeting of the sub-group); memory
//! fences are no-ops in a sequentially consistent interpreter (each work-group runs on one
//! thread).

use super::{sub_group_functions, Call, Emit, Problem, Resolution};
use crate::bytecode::Op;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    match call.name.as_str() {
        // A scope argument, if any, changes nothing: a work-group is simulated as a whole.
        "barrier" | "work_group_barrier" => Some((|| {
            let flags = call.arg(0)?;
            let fence = flags
                .constant
                .ok_or_else(|| call.misuse(Problem::FenceFlags))?;
            emit.op(Op::Barrier {
                fence: fence as u32,
            });
            Ok(())
        })()),
        "sub_group_barrier" => Some(sub_group_functions::barrier(call, emit)),
        "mem_fence" | "read_mem_fence" | "write_mem_fence" | "atomic_work_item_fence" => {
            Some(Ok(()))
        }
        _ => None,
    }
}
