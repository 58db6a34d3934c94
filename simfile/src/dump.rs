//! An argument's dump, as `oclgrind-kernel` prints it after a launch (compat §2.3) and a
//! capture writes it to its `.after` file: the same text from the same function.

use std::fmt::Write;

use crate::format::{push_unsigned, write_elem};
use crate::sim::Elem;

/// `Argument 'NAME': N bytes`, one line per element, then a blank line; preceded by a blank
/// line, as Oclgrind prints it.
pub fn argument_dump(name: &str, bytes: &[u8], elem: Elem, hex: bool) -> String {
    let mut out = String::new();
    write_argument_dump(&mut out, (name, bytes), elem, hex, 1);
    out
}

/// `argument_dump` at the end of `out`, formatted by up to `threads` threads (a part of the
/// elements each, joined in order: the text is the same).
pub fn write_argument_dump(
    out: &mut String,
    (name, bytes): (&str, &[u8]),
    elem: Elem,
    hex: bool,
    threads: usize,
) {
    let count = bytes.len() / elem.size();
    let _ = writeln!(out, "\nArgument '{name}': {} bytes", bytes.len());
    let threads = (count / PARALLEL_ELEMENTS).clamp(1, threads.max(1));
    let share = count.div_ceil(threads);
    let lines = |first: usize, out: &mut String| {
        let part = &bytes[first * elem.size()..((first + share).min(count)) * elem.size()];
        // About a line's length per element: one allocation, not a doubling every few
        // thousand.
        out.reserve(part.len() / elem.size() * (name.len() + 24));
        for (k, chunk) in part.chunks_exact(elem.size()).enumerate() {
            out.push_str("  ");
            out.push_str(name);
            out.push('[');
            push_unsigned(out, (first + k) as u64);
            out.push_str("] = ");
            write_elem(out, chunk, elem, hex);
            out.push('\n');
        }
    };
    if threads == 1 {
        lines(0, out);
    } else {
        let parts: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (1..threads)
                .map(|t| {
                    s.spawn(move || {
                        let mut part = String::new();
                        lines(t * share, &mut part);
                        part
                    })
                })
                .collect();
            lines(0, out);
            (handles.into_iter())
                .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        });
        for part in parts {
            out.push_str(&part);
        }
    }
    out.push('\n');
}

/// The fewest elements a thread of a dump formats: below it a thread costs more than it saves.
const PARALLEL_ELEMENTS: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dump_made_by_threads_is_the_same_text() {
        let bytes: Vec<u8> = (0..300_001u32)
            .flat_map(|v| (v.wrapping_mul(2_654_435_761) as f32).to_le_bytes())
            .collect();
        let one = argument_dump("x", &bytes, Elem::Float, false);
        for threads in [2, 3, 16] {
            let mut many = String::new();
            write_argument_dump(&mut many, ("x", &bytes), Elem::Float, false, threads);
            assert!(many == one, "{threads} threads");
        }
        assert!(one.ends_with("  x[300000] = 8.41949e+08\n\n"));
    }

    #[test]
    fn dumps_as_oclgrind_prints_them() {
        let bytes: Vec<u8> = [1i32, -2].iter().flat_map(|v| v.to_le_bytes()).collect();
        assert_eq!(
            argument_dump("out", &bytes, Elem::Int, false),
            "\nArgument 'out': 8 bytes\n  out[0] = 1\n  out[1] = -2\n\n"
        );
        assert_eq!(
            argument_dump("o", &bytes, Elem::UInt, true),
            "\nArgument 'o': 8 bytes\n  o[0] = 0x00000001\n  o[1] = 0xfffffffe\n\n"
        );
    }
}
