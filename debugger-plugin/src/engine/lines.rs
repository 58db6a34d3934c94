//! The program's lines as breakpoints see them: where each source line's code begins, in
//! which file, and where a breakpoint asked for at a line without code goes.

use oclgrind_core::debugging::{kernel_debug, kernel_functions, KernelInstance, Pc};

use crate::files;

/// The first instruction of each run of instructions on one line: where breakpoints stop.
#[derive(Default)]
pub(super) struct LineTable {
    /// (function, pc, line, file), in (function, pc) order: the file indexes `files`.
    starts: Vec<(u32, Pc, u32, u32)>,
    /// The files lines are in: the program's source (`None`) and included files.
    files: Vec<Option<String>>,
    /// Each function's signature line (its parameters'), where debug information has it.
    signatures: Vec<Option<u32>>,
}

impl LineTable {
    pub fn new(kernel: &KernelInstance) -> LineTable {
        let main = files::main_name(kernel.source.as_deref());
        let mut table = LineTable {
            starts: Vec::new(),
            files: vec![None],
            signatures: Vec::new(),
        };
        let debug = kernel_debug(kernel);
        table.signatures = (0..kernel_functions(kernel).count())
            .map(|f| {
                let vars = &debug?.functions.get(f)?.variables;
                vars.iter()
                    .filter(|v| v.arg.is_some())
                    .map(|v| v.line)
                    .min()
            })
            .collect();
        for (fi, f) in kernel_functions(kernel).enumerate() {
            // The table's id of each of the function's files, worked out once.
            let ids: Vec<u32> = (0..f.file_count())
                .map(|i| table.file_id(files::function_file(f, i, main)))
                .collect();
            let mut prev = (0, 0);
            for pc in 0..f.len() {
                let at = f.position(pc);
                let file = ids.get(at.file as usize).copied().unwrap_or(0);
                if at.line != 0 && (at.line, file) != prev {
                    table.starts.push((fi as u32, pc, at.line, file));
                }
                prev = (at.line, file);
            }
        }
        table.starts.sort_by_key(|&(f, pc, ..)| (f, pc));
        table
    }

    /// Whether the program has no line information (built with -g0, or from SPIR-V).
    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// Whether instruction `pc` of function `func` begins a line.
    pub fn starts_line(&self, func: u32, pc: Pc) -> bool {
        self.starts
            .binary_search_by(|&(f, p, ..)| (f, p).cmp(&(func, pc)))
            .is_ok()
    }

    /// Every instruction where `line` of `file` (an index of `files`) begins.
    pub fn starts_of(&self, file: u32, line: u32) -> impl Iterator<Item = (u32, Pc)> + '_ {
        (self.starts.iter())
            .filter(move |&&(_, _, l, in_file)| l == line && in_file == file)
            .map(|&(f, pc, ..)| (f, pc))
    }

    /// The index in `files` of a file (`None`: the program's source).
    pub fn file_index(&self, file: Option<&str>) -> Option<u32> {
        self.files
            .iter()
            .position(|f| f.as_deref() == file)
            .map(|i| i as u32)
    }

    fn file_id(&mut self, file: Option<String>) -> u32 {
        match self.files.iter().position(|f| *f == file) {
            Some(i) => i as u32,
            None => {
                self.files.push(file);
                self.files.len() as u32 - 1
            }
        }
    }

    /// The first line from `line` of `file` that has code, if `line` lies inside a function
    /// of the kernel (from its signature to its last line in that file); `None` otherwise,
    /// and for lines that have code themselves.
    fn code_line_from(&self, file: Option<&str>, line: u32) -> Option<u32> {
        let id = self.files.iter().position(|f| f.as_deref() == file)? as u32;
        let lines_of = |func: u32| {
            (self.starts.iter())
                .filter(move |&&(f, _, l, i)| f == func && i == id && l != 0)
                .map(|&(.., l, _)| l)
        };
        let mut funcs: Vec<u32> = self.starts.iter().map(|&(f, ..)| f).collect();
        funcs.dedup();
        funcs.into_iter().find_map(|func| {
            let (first, last) = (lines_of(func).min()?, lines_of(func).max()?);
            // The signature, when it comes just before the body (not from a header).
            let first = match self.signatures.get(func as usize).copied().flatten() {
                Some(s) if s <= first => s,
                _ => first,
            };
            if !(first..=last).contains(&line) || lines_of(func).any(|l| l == line) {
                return None;
            }
            lines_of(func).filter(|&l| l > line).min()
        })
    }

    /// Where a breakpoint asked for at `line` of `file` goes, by gdb's rule: a line with code
    /// stays; one without, inside a function of the kernel, moves to the function's next line
    /// with code; one outside that cannot hold code (`may_hold_code`: blank, a comment, a
    /// `#define`) moves to the first line after it that can, and on to the code of a function
    /// of the kernel there. A line outside the kernel's functions that may hold code stays:
    /// another kernel of the program may run it. None when no line from `line` on can hold
    /// code.
    pub fn breakpoint_line(
        &self,
        file: Option<&str>,
        line: u32,
        may_hold_code: &[bool],
    ) -> Option<u32> {
        if let Some(moved) = self.code_line_from(file, line) {
            return Some(moved);
        }
        // The lines of a header that cannot be read may hold code; those past a file's end
        // cannot.
        let unknown = may_hold_code.is_empty();
        let can = |l: u32| {
            may_hold_code
                .get(l as usize - 1)
                .copied()
                .unwrap_or(unknown)
        };
        let last = may_hold_code.len().max(line as usize) as u32;
        let from = (line..=last).find(|&l| can(l))?;
        Some(self.code_line_from(file, from).unwrap_or(from))
    }

    /// The file a user typed (`put.h`), as the path the line table knows.
    pub fn find_file(&self, typed: &str) -> Option<String> {
        self.files
            .iter()
            .flatten()
            .find(|path| files::names(typed, path))
            .cloned()
    }
}
