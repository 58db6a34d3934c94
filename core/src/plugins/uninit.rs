//! Uninitialized: reports the uses of uninitialised values the core finds (compat §4.6).
//!
//! The values themselves are followed by the core, which keeps a shadow beside every register
//! and every byte of memory while a plugin asks for [`Interest::UNINITIALIZED`] (the plugin
//! cannot: it never sees register values). Its workers turn each use into Oclgrind's warning.

use super::{ExecContext, Interest, LaunchInfo, Plugin, UninitKind, UninitUse, Worker};
use crate::diagnostics::{hex, Level};

#[derive(Default)]
pub struct Uninitialized;

impl Plugin for Uninitialized {
    fn name(&self) -> &str {
        "Uninitialized"
    }

    fn interests(&self) -> Interest {
        Interest::UNINITIALIZED
    }

    fn worker(&self, _launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        Some(Box::new(Reporter))
    }
}

struct Reporter;

impl Worker for Reporter {
    fn uninitialized_use(&mut self, cx: &ExecContext, u: &UninitUse) {
        cx.report(Level::Warning, &headline(u));
    }
}

/// The first line of the warning, in Oclgrind's words.
fn headline(u: &UninitUse) -> String {
    let at = |what: &str| format!("{what} {} memory address {}", u.space, hex(u.address));
    match u.kind {
        UninitKind::StoredValue => at("Uninitialized value written to"),
        UninitKind::ReadAddress => at("Uninitialized address used to read from"),
        UninitKind::WriteAddress => at("Uninitialized address used to write to"),
        UninitKind::ControlFlow => "Controlflow depends on uninitialized value".to_string(),
        UninitKind::Index => "Instruction depends on an uninitialized index value".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::AddrSpace;

    #[test]
    fn headlines_are_oclgrinds() {
        let u = |kind| UninitUse {
            kind,
            space: AddrSpace::Global,
            address: 0x1000000000004,
        };
        assert_eq!(
            headline(&u(UninitKind::StoredValue)),
            "Uninitialized value written to global memory address 0x1000000000004"
        );
        assert_eq!(
            headline(&u(UninitKind::ReadAddress)),
            "Uninitialized address used to read from global memory address 0x1000000000004"
        );
        assert_eq!(
            headline(&u(UninitKind::ControlFlow)),
            "Controlflow depends on uninitialized value"
        );
    }
}
