//! An argument's dump, as `oclgrind-kernel` prints it after a launch (compat §2.3) and a
//! capture writes it to its `.after` file: the same text from the same function.

use std::fmt::Write;

use crate::format::{push_unsigned, write_elem};
use crate::sim::Elem;

/// `Argument 'NAME': N bytes`, one line per element, then a blank line; preceded by a blank
/// line, as Oclgrind prints it.
pub fn argument_dump(name: &str, bytes: &[u8], elem: Elem, hex: bool) -> String {
    let mut out = String::new();
    write_argument_dump(&mut out, name, bytes, elem, hex);
    out
}

/// `argument_dump` at the end of `out`.
pub fn write_argument_dump(out: &mut String, name: &str, bytes: &[u8], elem: Elem, hex: bool) {
    let count = bytes.len() / elem.size();
    // About a line's length per element: one allocation, not a doubling every few thousand.
    out.reserve(32 + count * (name.len() + 24));
    let _ = writeln!(out, "\nArgument '{name}': {} bytes", bytes.len());
    for (k, chunk) in bytes.chunks_exact(elem.size()).enumerate() {
        out.push_str("  ");
        out.push_str(name);
        out.push('[');
        push_unsigned(out, k as u64);
        out.push_str("] = ");
        write_elem(out, chunk, elem, hex);
        out.push('\n');
    }
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

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
