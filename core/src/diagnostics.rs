//! Formatting of diagnostic messages, all in one place, in Oclgrind's exact layout:
//! a headline, then indented lines (one TAB each), ending with a lone TAB line.

use std::fmt::Write;

use crate::bytecode::Function;

/// Severity of a logged message.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Debug,
    Info,
    Warning,
    Error,
}

/// Who was executing when something happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entity {
    WorkItem {
        global: [u64; 3],
        local: [u64; 3],
        group: [u64; 3],
    },
    Group([u64; 3]),
    Unknown,
}

pub fn size3(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

impl std::fmt::Display for Entity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Entity::WorkItem {
                global,
                local,
                group,
            } => write!(
                f,
                "Global{} Local{} Group{}",
                size3(*global),
                size3(*local),
                size3(*group)
            ),
            Entity::Group(g) => write!(f, "Group{}", size3(*g)),
            Entity::Unknown => f.write_str("(unknown)"),
        }
    }
}

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

/// An op in a function: where a diagnostic points.
#[derive(Clone, Copy)]
pub struct CodeRef<'a> {
    pub function: &'a Function,
    pub pc: u32,
}

/// Appends the location block: instruction text, source position and source line.
pub fn location_lines(out: &mut Vec<String>, at: Option<CodeRef>, source: Option<&Source>) {
    let Some(at) = at else {
        out.push("(location unknown)".into());
        return;
    };
    let info = at.function.op_info(at.pc);
    out.push(at.function.inst_text(at.pc).unwrap_or("").to_string());
    // Line 0 with a file is a location the optimiser merged (`!dbg` with line 0): Oclgrind
    // prints it as a line. Without a file there is no `!dbg` at all.
    if info.line == 0 && at.function.file(&info).is_empty() {
        // Oclgrind ends this line with a newline of its own, unlike a source line: the
        // message then has one more lone-TAB line.
        out.push("Debugging information not available.".into());
        out.push(String::new());
        return;
    }
    let file = at.function.file(&info);
    out.push(format!(
        "At line {} (column {}) of {}:",
        info.line, info.col, file
    ));
    // Only the main source is known: lines of included headers are not shown.
    let main = source.filter(|s| s.name == file);
    match main.and_then(|s| s.line(info.line)) {
        Some(l) => out.push(format!("  {}", l.trim_start())),
        None => out.push("  (source not available)".into()),
    }
}

/// Joins message lines: the first as is, the rest indented by a TAB, ending with a lone TAB.
pub fn render(lines: &[String]) -> String {
    let mut s = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            s.push('\t');
        }
        s.push_str(l);
        s.push('\n');
    }
    s.push('\t');
    s
}

/// The standard message: headline, kernel, entity, location.
pub fn standard(
    headline: &str,
    kernel: &str,
    entity: &Entity,
    at: Option<CodeRef>,
    source: Option<&Source>,
) -> String {
    standard_with(headline, kernel, entity, (at, source), &[])
}

/// The standard layout with `extra` lines after the location (our additions to Oclgrind's
/// messages, such as the origin of an uninitialised value).
pub fn standard_with(
    headline: &str,
    kernel: &str,
    entity: &Entity,
    (at, source): (Option<CodeRef>, Option<&Source>),
    extra: &[String],
) -> String {
    // A headline of several lines (fatal errors) is indented like the rest of the body.
    let mut lines: Vec<String> = headline.lines().map(str::to_string).collect();
    lines.push(format!("Kernel: {kernel}"));
    lines.push(format!("Entity: {entity}"));
    location_lines(&mut lines, at, source);
    lines.extend_from_slice(extra);
    render(&lines)
}

/// The first lines of a work-group divergence message (`kind`: "barrier" or "async copy").
pub fn divergence_header(kind: &str, kernel: &str, group: [u64; 3]) -> Vec<String> {
    vec![
        format!("Work-group divergence detected ({kind})"),
        format!("Kernel:     {kernel}"),
        format!("Work-group: {}", size3(group)),
    ]
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
    fn standard_layout() {
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
        let e = Entity::WorkItem {
            global: [4, 0, 0],
            local: [0, 0, 0],
            group: [1, 0, 0],
        };
        let m = standard(
            "Invalid write of size 4 at global memory address 0x1000000000010",
            "k",
            &e,
            Some(CodeRef {
                function: &f,
                pc: 0,
            }),
            Some(&src),
        );
        assert_eq!(
            m,
            "Invalid write of size 4 at global memory address 0x1000000000010\n\
             \tKernel: k\n\
             \tEntity: Global(4,0,0) Local(0,0,0) Group(1,0,0)\n\
             \t  store i32 %x, ptr addrspace(1) %p, align 4\n\
             \tAt line 2 (column 8) of input.cl:\n\
             \t  p[4] = 1;\n\
             \t"
        );
    }

    #[test]
    fn missing_information() {
        let f = Function {
            code: vec![Op::Nop],
            info: vec![OpInfo::NONE],
            ..Function::default()
        };
        let mut lines = Vec::new();
        location_lines(
            &mut lines,
            Some(CodeRef {
                function: &f,
                pc: 0,
            }),
            None,
        );
        assert_eq!(lines, vec!["", "Debugging information not available.", ""]);
        let mut lines = Vec::new();
        location_lines(&mut lines, None, None);
        assert_eq!(lines, vec!["(location unknown)"]);
        assert_eq!(Entity::Group([1, 2, 3]).to_string(), "Group(1,2,3)");
        assert_eq!(Entity::Unknown.to_string(), "(unknown)");
    }
}
