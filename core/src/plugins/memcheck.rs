//! MemCheck: reports the invalid accesses the core detects (compat §4.3).
//!
//! Bounds are checked by the memory itself on every access (it must, to stay safe); MemCheck
//! turns the faults into Oclgrind's messages. The access itself is suppressed by the core.

use super::{ExecContext, Interest, Plugin};
use crate::diagnostics::{hex, Level};
use crate::memory::{AddrSpace, Fault, FaultKind};

#[derive(Default)]
pub struct MemCheck;

impl Plugin for MemCheck {
    fn name(&self) -> &str {
        "MemCheck"
    }

    fn interests(&self) -> Interest {
        Interest::FAULTS
    }

    fn memory_fault(&self, cx: &ExecContext, f: &Fault) {
        let headline = match f.kind {
            FaultKind::OutOfBounds => format!(
                "Invalid {} of size {} at {} memory address {}",
                if f.is_store { "write" } else { "read" },
                f.size,
                // Constant memory lives in global memory, and Oclgrind names it so.
                if f.space == AddrSpace::Constant {
                    AddrSpace::Global
                } else {
                    f.space
                },
                hex(f.address)
            ),
            FaultKind::WriteToReadOnly => "Invalid write to read-only buffer".to_string(),
            FaultKind::ReadFromWriteOnly => "Invalid read from write-only buffer".to_string(),
        };
        cx.report(Level::Error, &headline);
    }

    fn array_index_fault(&self, cx: &ExecContext, index: i64, len: u64) {
        cx.report(
            Level::Error,
            &format!("Index ({index}) exceeds static array size ({len})"),
        );
    }
}
