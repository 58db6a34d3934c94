//! The current launch's instruction counts by source line (`info counts`, and the TUI's shading
//! of the source at the launch's end).

use std::sync::Arc;

use oclgrind_core::debugging::{BlockCounts, KernelInstance, LaunchCounts, Source};

use crate::files;
use crate::protocol::LineCount;

/// A launch's counts, as they fill, and the source they are counts of.
pub(super) struct Counts {
    counts: LaunchCounts,
    source: Option<Arc<Source>>,
}

impl Counts {
    pub fn new(kernel: &KernelInstance, blocks: Arc<BlockCounts>) -> Counts {
        Counts {
            counts: LaunchCounts::new(kernel, blocks),
            source: kernel.source.clone(),
        }
    }

    /// What each source line has run so far, with its text where the program's source has it.
    pub fn lines(&self) -> Vec<(LineCount, Option<String>)> {
        let main = files::main_name(self.source.as_deref());
        (self.counts.by_line().into_iter())
            .map(|l| {
                let in_main = l.file == main || l.line == 0;
                let text = match &self.source {
                    Some(src) if in_main && l.line != 0 => {
                        src.line(l.line).map(|t| t.trim().to_string())
                    }
                    _ => None,
                };
                let count = LineCount {
                    file: (!in_main).then_some(l.file),
                    line: l.line,
                    instructions: l.instructions,
                    memory_bytes: l.memory_bytes,
                };
                (count, text)
            })
            .collect()
    }
}
