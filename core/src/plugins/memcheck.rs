//! MemCheck: reports the invalid accesses the core detects (compat §4.3).
//!
//! Bounds are checked by the memory itself on every access (it must, to stay safe); MemCheck's
//! workers turn the faults into Oclgrind's messages. The access itself is suppressed by the
//! core. Accesses to buffers the host has mapped also come here: the plugin keeps the mapped
//! regions (the host changes them; a kernel's fault, which is rare, looks them up).

use std::sync::{Arc, Mutex};

use super::{ExecContext, Interest, LaunchInfo, Plugin, Worker};
use crate::diagnostics::{hex, Level, Rule};
use crate::memory::{released_argument, AddrSpace, Fault, FaultKind};

/// `CL_MAP_READ`: a mapping only for reading lets kernels read the region.
const MAP_READ: u64 = 1;

/// A region the host has mapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Mapped {
    start: u64,
    size: u64,
    for_writing: bool,
}

/// The regions the host has mapped: changed by the host, read by the workers' fault reports.
type MappedRegions = Arc<Mutex<Vec<Mapped>>>;

#[derive(Default)]
pub struct MemCheck {
    mapped: MappedRegions,
}

/// The message for a kernel access to a mapped buffer, if it touches a mapped region.
fn mapped_misuse(mapped: &Mutex<Vec<Mapped>>, f: &Fault) -> Option<&'static str> {
    let mapped = mapped.lock().unwrap_or_else(|e| e.into_inner());
    let overlapping =
        |m: &&Mapped| m.start < f.address.saturating_add(f.size) && f.address < m.start + m.size;
    if f.is_store {
        mapped
            .iter()
            .any(|m| overlapping(&m))
            .then_some("Invalid write to mapped buffer")
    } else {
        mapped
            .iter()
            .filter(overlapping)
            .any(|m| m.for_writing)
            .then_some("Invalid read from buffer mapped for writing")
    }
}

impl Plugin for MemCheck {
    fn name(&self) -> &str {
        "MemCheck"
    }

    fn interests(&self) -> Interest {
        Interest::FAULTS | Interest::MAP
    }

    fn memory_map(&self, address: u64, offset: u64, size: u64, flags: u64) {
        let region = Mapped {
            start: address + offset,
            size,
            for_writing: flags != MAP_READ,
        };
        self.mapped
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(region);
    }

    fn memory_unmap(&self, address: u64, offset: u64, size: u64) {
        let mut mapped = self.mapped.lock().unwrap_or_else(|e| e.into_inner());
        let start = address + offset;
        if let Some(i) = mapped
            .iter()
            .position(|m| m.start == start && m.size == size)
        {
            mapped.remove(i);
        }
    }

    fn worker(&self, _launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        Some(Box::new(Faults {
            mapped: self.mapped.clone(),
        }))
    }
}

/// MemCheck on a worker thread: the faults of its accesses.
struct Faults {
    mapped: MappedRegions,
}

impl Worker for Faults {
    fn memory_fault(&mut self, cx: &ExecContext, f: &Fault) {
        let write_rule = |store: bool| {
            if store {
                Rule::InvalidWrite
            } else {
                Rule::InvalidRead
            }
        };
        let (rule, headline) = match f.kind {
            FaultKind::OutOfBounds => (
                write_rule(f.is_store),
                format!(
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
            ),
            FaultKind::WriteToReadOnly => (
                Rule::InvalidWrite,
                "Invalid write to read-only buffer".to_string(),
            ),
            FaultKind::ReadFromWriteOnly => (
                Rule::InvalidRead,
                "Invalid read from write-only buffer".to_string(),
            ),
            FaultKind::MappedAccess => match mapped_misuse(&self.mapped, f) {
                Some(message) => (write_rule(f.is_store), message.to_string()),
                None => return,
            },
        };
        // Beyond Oclgrind: an access through an argument whose buffer the application released.
        let released = (released_argument(f.address))
            .and_then(|arg| cx.kernel.code.info.params.get(arg))
            .map(|p| {
                format!(
                    "Argument '{}' is a buffer the application released before this launch",
                    p.name
                )
            });
        let mut d = cx
            .diagnostic(rule, Level::Error, headline)
            .with_note(released);
        if f.kind == FaultKind::OutOfBounds {
            d = d.with_memory(f.space, f.address);
        }
        cx.log(d);
    }

    fn array_index_fault(&mut self, cx: &ExecContext, index: i64, len: u64) {
        cx.report(
            Rule::ArrayIndex,
            Level::Error,
            format!("Index ({index}) exceeds static array size ({len})"),
        );
    }
}
