//! InstructionCounter (`--inst-counts`, compat §4.7): at the end of each launch, how often
//! each kind of LLVM instruction ran, as Oclgrind prints it on standard output. With
//! `--inst-counts=lines` it goes on with what each source line ran: its instructions and the
//! bytes its loads and stores moved.

use super::{Interest, KernelContext, Plugin};
use crate::counts::{by_instruction, by_line, grouped};

pub struct InstructionCounter {
    /// Also the counts per source line.
    pub lines: bool,
}

impl Plugin for InstructionCounter {
    fn name(&self) -> &str {
        "InstructionCounter"
    }

    fn interests(&self) -> Interest {
        Interest::KERNEL | Interest::INSTRUCTION_COUNTS
    }

    fn kernel_end(&self, cx: &KernelContext) {
        let Some(counts) = cx.counts else {
            return;
        };
        let code = cx.kernel.code;
        let mut text = format!("Instructions executed for kernel '{}':\n", cx.launch.kernel);
        for c in by_instruction(code, counts) {
            text += &format!("{:>16} - {}\n", grouped(c.count), c.name);
        }
        text.push('\n');
        if self.lines {
            text += &line_table(cx, counts);
        }
        cx.print(text);
    }
}

/// The counts per source line: the line (with its file when it is not the program's source),
/// its instructions, the bytes it moved, and its text.
fn line_table(cx: &KernelContext, counts: &[u64]) -> String {
    let mut text = format!(
        "Instructions executed by source line for kernel '{}':\n",
        cx.launch.kernel
    );
    text += &format!(
        "{:>16}  {:>16}  {:>16}  source\n",
        "line", "instructions", "memory bytes"
    );
    for l in by_line(cx.kernel.code, counts) {
        let main = l.file == "input.cl" || l.file.is_empty();
        let (place, source) = match cx.kernel.source {
            _ if l.line == 0 => ("(no line)".to_string(), ""),
            Some(src) if main => (
                l.line.to_string(),
                src.line(l.line).map(str::trim).unwrap_or(""),
            ),
            _ if main => (l.line.to_string(), ""),
            _ => (format!("{}:{}", l.file, l.line), ""),
        };
        let row = format!(
            "{:>16}  {:>16}  {:>16}  {}",
            place,
            grouped(l.instructions),
            grouped(l.memory_bytes),
            source
        );
        text += row.trim_end();
        text.push('\n');
    }
    text.push('\n');
    text
}
