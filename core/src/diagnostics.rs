//! Diagnostics from the simulator's side: the typed [`Diagnostic`] (from the
//! oclgrind-diagnostic crate, which renders it as Oclgrind's text) built from the code's
//! positions, the source text messages quote, and the memory dumps of `oclgrind-kernel`.

use std::fmt::Write;

use crate::bytecode::{Function, Site};

pub use oclgrind_diagnostic::text::size3;
pub use oclgrind_diagnostic::{
    Access, At, Body, Diagnostic, Divergent, Entity, Figures, Level, Origin, Party, Rule,
    SourcePlace,
};

/// A program's source text, for quoting lines in messages.
#[derive(Debug, Default)]
pub struct Source {
    lines: Vec<String>,
    /// File name the debug info uses (`input.cl`).
    pub name: String,
}

impl Source {
    pub fn new(text: &str) -> Source {
        Source {
            lines: text.lines().map(str::to_string).collect(),
            name: "input.cl".to_string(),
        }
    }

    /// Number of lines.
    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// Line `n` (1-based).
    pub fn line(&self, n: u32) -> Option<&str> {
        self.lines
            .get((n as usize).checked_sub(1)?)
            .map(String::as_str)
    }
}

/// Where a diagnostic points: the op's LLVM instruction and its source position, with the
/// source line's text where the program's main source has it.
pub fn at(functions: &[Function], site: Option<Site>, source: Option<&Source>) -> At {
    let Some(function) = site.and_then(|s| functions.get(s.func as usize)) else {
        return At::Unknown;
    };
    let pc = site.map_or(0, |s| s.pc);
    let info = function.op_info(pc);
    let instruction = function.inst_text(pc).unwrap_or("").to_string();
    let file = function.file(&info);
    // Line 0 with a file is a location the optimiser merged (`!dbg` with line 0): Oclgrind
    // prints it as a line. Without a file there is no `!dbg` at all.
    if info.line == 0 && file.is_empty() {
        return At::Instruction {
            instruction,
            place: None,
        };
    }
    // Only the main source is known: lines of included headers are not shown.
    let text = (source.filter(|s| s.name == file))
        .and_then(|s| s.line(info.line))
        .map(|l| l.trim_start().to_string());
    At::Instruction {
        instruction,
        place: Some(SourcePlace {
            file: file.to_string(),
            line: info.line,
            column: info.col,
            text,
        }),
    }
}

/// Formats a hex address the way messages print it (`0x...`, lowercase, no padding).
pub fn hex(addr: u64) -> String {
    let mut s = String::new();
    let _ = write!(s, "0x{addr:x}");
    s
}

/// Oclgrind's memory dump: 4 bytes a line, uppercase, addresses right-aligned in 16 columns.
pub fn memory_dump(buffers: &[(u64, Vec<u8>)]) -> String {
    let mut s = String::from("\n");
    for (addr, bytes) in buffers {
        memory_dump_rows(&mut s, *addr, bytes);
    }
    s
}

/// The rows of a memory dump for `bytes` at `addr` (each ends with a newline; the dump as a
/// whole starts with an empty line), for dumps written piece by piece.
pub fn memory_dump_rows(out: &mut String, addr: u64, bytes: &[u8]) {
    for (i, row) in bytes.chunks(4).enumerate() {
        let _ = write!(out, "{:>16X}:", addr + 4 * i as u64);
        for b in row {
            let _ = write!(out, " {b:02X}");
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_dump_layout() {
        let d = memory_dump(&[(1 << 48, vec![0x78, 0x3d, 0x25, 0x64, 1])]);
        assert_eq!(d, "\n   1000000000000: 78 3D 25 64\n   1000000000004: 01\n");
    }
    use crate::bytecode::{InstInfo, Op, OpInfo};

    #[test]
    fn a_place_from_the_code() {
        let f = Function {
            code: vec![Op::Nop],
            info: vec![OpInfo {
                inst: 0,
                line: 2,
                col: 8,
                file: 0,
            }],
            files: vec!["input.cl".into()],
            file_paths: vec!["/tmp/input.cl".into()],
            insts: vec![InstInfo {
                text: "  store i32 %x, ptr addrspace(1) %p, align 4".into(),
                speculated: false,
                seeds_cas: false,
                unread_addition: false,
                counted: crate::bytecode::Counted::Store {
                    space: crate::memory::AddrSpace::Global,
                    bytes: 4,
                },
                line: 2,
                file: 0,
            }],
            ..Function::default()
        };
        let src = Source::new("kernel void k(global int *p) {\n    p[4] = 1;\n}\n");
        let f = [f];
        let code = Some(Site { func: 0, pc: 0 });
        assert_eq!(
            at(&f, code, Some(&src)),
            At::Instruction {
                instruction: "  store i32 %x, ptr addrspace(1) %p, align 4".into(),
                place: Some(SourcePlace {
                    file: "input.cl".into(),
                    line: 2,
                    column: 8,
                    text: Some("p[4] = 1;".into()),
                }),
            }
        );
        // Another file's line is not shown.
        let other = Source {
            name: "other.cl".into(),
            ..Source::new("a\nb\n")
        };
        assert_eq!(
            at(&f, code, Some(&other)).place().map(|p| p.text.clone()),
            Some(None)
        );
    }

    #[test]
    fn missing_information() {
        let f = Function {
            code: vec![Op::Nop],
            info: vec![OpInfo::NONE],
            ..Function::default()
        };
        let f = [f];
        assert_eq!(
            at(&f, Some(Site { func: 0, pc: 0 }), None),
            At::Instruction {
                instruction: String::new(),
                place: None
            }
        );
        assert_eq!(at(&f, None, None), At::Unknown);
    }
}
