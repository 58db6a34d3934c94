//! Synchronisation: barriers become ops; memory fences are no-ops in a sequentially consistent
//! interpreter (each work-group runs on one thread).

use super::{Call, Emit, Resolution};
use crate::bytecode::Op;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    match call.name.as_str() {
        // A sub-group's barrier is its work-group's, with the same fences (a scope argument,
        // if any, changes nothing), so that the race detector sees the sub-group's accesses
        // ordered by it.
        "barrier" | "work_group_barrier" | "sub_group_barrier" => Some((|| {
            let flags = call.arg(0)?;
            let fence = flags
                .constant
                .ok_or_else(|| format!("{}: fence flags must be a constant", call.name))?;
            emit.op(Op::Barrier {
                fence: fence as u32,
            });
            Ok(())
        })()),
        "mem_fence" | "read_mem_fence" | "write_mem_fence" | "atomic_work_item_fence" => {
            Some(Ok(()))
        }
        _ => None,
    }
}
