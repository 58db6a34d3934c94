//! Instruction counts: how often each basic block of a kernel ran in a launch, and what that
//! makes of its LLVM instructions — named as Oclgrind's InstructionCounter names them
//! (compat §4.7), or summed per source line.
//!
//! A program lowered to count starts every basic block with a `CountBlock` op. Every LLVM
//! instruction of a block runs each time the block is entered (a call returns into it, a
//! barrier resumes it), so a block's count is the count of each of its instructions, however
//! the lowering turned them into ops (several ops for one instruction, none for a phi).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

use crate::bytecode::Counted;
use crate::program::KernelCode;

/// The counts of one launch: each worker thread counts on its own and adds its counts here
/// when it is done; a debugged launch counts here directly, so that they can be read at any
/// stop.
#[derive(Debug)]
pub struct BlockCounts {
    counts: Vec<AtomicU64>,
}

impl BlockCounts {
    pub fn new(blocks: u32) -> BlockCounts {
        BlockCounts {
            counts: (0..blocks).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    /// Block `block` ran once more.
    pub fn bump(&self, block: u32) {
        if let Some(c) = self.counts.get(block as usize) {
            c.fetch_add(1, Relaxed);
        }
    }

    /// Adds a worker's counts, block by block.
    pub fn add(&self, counts: &[u64]) {
        for (total, &n) in self.counts.iter().zip(counts) {
            if n != 0 {
                total.fetch_add(n, Relaxed);
            }
        }
    }

    /// The counts as they are now.
    pub fn snapshot(&self) -> Vec<u64> {
        self.counts.iter().map(|c| c.load(Relaxed)).collect()
    }
}

/// One line of Oclgrind's table: how often instructions of this name ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedCount {
    pub name: String,
    pub count: u64,
}

/// Each instruction of the kernel with how often it ran.
fn each_instruction<'a>(
    code: &'a KernelCode,
    blocks: &'a [u64],
) -> impl Iterator<Item = (&'a crate::bytecode::Function, u32, u64)> {
    code.functions.iter().flat_map(move |f| {
        f.blocks.iter().flat_map(move |b| {
            let n = blocks.get(b.id as usize).copied().unwrap_or(0);
            b.insts.clone().map(move |i| (f, i, n))
        })
    })
}

/// The counts as Oclgrind prints them: by opcode, loads and stores by address space with the
/// bytes they moved, calls by callee; most frequent first, then by name.
pub fn by_instruction(code: &KernelCode, blocks: &[u64]) -> Vec<NamedCount> {
    // Loads and stores: (count, bytes) per space.
    let mut totals: BTreeMap<Counted, (u64, u64)> = BTreeMap::new();
    for (f, i, n) in each_instruction(code, blocks) {
        if n == 0 {
            continue;
        }
        let (key, bytes) = match &f.insts[i as usize].counted {
            Counted::Not => continue,
            Counted::Load { space, bytes } => (
                Counted::Load {
                    space: *space,
                    bytes: 0,
                },
                *bytes,
            ),
            Counted::Store { space, bytes } => (
                Counted::Store {
                    space: *space,
                    bytes: 0,
                },
                *bytes,
            ),
            other => (other.clone(), 0),
        };
        let t = totals.entry(key).or_default();
        t.0 += n;
        t.1 += n * bytes;
    }
    let mut out: Vec<NamedCount> = totals
        .into_iter()
        .map(|(key, (count, bytes))| NamedCount {
            name: match key {
                Counted::Load { space, .. } => format!("load {} ({bytes} bytes)", space.name()),
                Counted::Store { space, .. } => {
                    format!("store {} ({bytes} bytes)", space.name())
                }
                Counted::Call(callee) => format!("call {callee}()"),
                Counted::Opcode(op) => op.to_string(),
                Counted::Not => String::new(),
            },
            count,
        })
        .collect();
    out.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
    out
}

/// What ran on one source line: its instructions, and the bytes its loads and stores moved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineCount {
    /// The file as debug information names it (`input.cl` for the program's source).
    pub file: String,
    pub line: u32,
    pub instructions: u64,
    pub memory_bytes: u64,
}

/// The counts per source line, in file and line order; lines that never ran are left out.
/// Instructions without a source position (a function's parameters put in memory at `-O0`,
/// say) count on line 0 of no file, first.
pub fn by_line(code: &KernelCode, blocks: &[u64]) -> Vec<LineCount> {
    let mut lines: BTreeMap<(String, u32), (u64, u64)> = BTreeMap::new();
    for (f, i, n) in each_instruction(code, blocks) {
        let inst = &f.insts[i as usize];
        if n == 0 || inst.counted == Counted::Not {
            continue;
        }
        let bytes = match inst.counted {
            Counted::Load { bytes, .. } | Counted::Store { bytes, .. } => bytes,
            _ => 0,
        };
        let file = match inst.line {
            0 => String::new(),
            _ => f.files.get(inst.file as usize).cloned().unwrap_or_default(),
        };
        let t = lines.entry((file, inst.line)).or_default();
        t.0 += n;
        t.1 += n * bytes;
    }
    lines
        .into_iter()
        .map(|((file, line), (instructions, memory_bytes))| LineCount {
            file,
            line,
            instructions,
            memory_bytes,
        })
        .collect()
}

/// `n` with the digit grouping of the user's locale (`LC_ALL`, `LC_NUMERIC`, `LANG`), as
/// Oclgrind prints its counts: plain in the C locale.
pub fn grouped(n: u64) -> String {
    match locale_grouping() {
        Some((separator, size)) => group_digits(&n.to_string(), &separator, size),
        None => n.to_string(),
    }
}

/// `digits` in groups of `size` from the right, `separator` between them.
fn group_digits(digits: &str, separator: &str, size: usize) -> String {
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(size) {
            out.push_str(separator);
        }
        out.push(c);
    }
    out
}

/// glibc's `GROUPING` item of `nl_langinfo` (the libc crate lacks it): the one after
/// `THOUSEP` in LC_NUMERIC.
const GROUPING: libc::nl_item = libc::THOUSEP + 1;

/// The thousands separator and group size of the user's numeric locale, if it groups digits.
fn locale_grouping() -> Option<(String, usize)> {
    use std::ffi::CStr;
    // SAFETY: newlocale and nl_langinfo_l only read the environment's locale; the strings they
    // return are copied before the locale is freed.
    unsafe {
        let loc = libc::newlocale(libc::LC_NUMERIC_MASK, c"".as_ptr(), std::ptr::null_mut());
        if loc.is_null() {
            return None;
        }
        let sep = CStr::from_ptr(libc::nl_langinfo_l(libc::THOUSEP, loc))
            .to_string_lossy()
            .into_owned();
        let grouping = CStr::from_ptr(libc::nl_langinfo_l(GROUPING, loc)).to_bytes();
        let group = grouping.first().copied().unwrap_or(0);
        libc::freelocale(loc);
        (!sep.is_empty() && group > 0 && group < 127).then_some((sep, group as usize))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_counts_add_up() {
        let c = BlockCounts::new(3);
        c.add(&[1, 0, 5]);
        c.add(&[2, 7]);
        c.bump(1);
        c.bump(9);
        assert_eq!(c.snapshot(), vec![3, 8, 5]);
    }

    #[test]
    fn digits_group_from_the_right() {
        assert_eq!(group_digits("1234567", ",", 3), "1,234,567");
        assert_eq!(group_digits("123456", ".", 3), "123.456");
        assert_eq!(group_digits("123", ",", 3), "123");
        assert_eq!(group_digits("0", ",", 3), "0");
        assert_eq!(
            group_digits("12345", "\u{202f}", 2),
            "1\u{202f}23\u{202f}45"
        );
    }
}
