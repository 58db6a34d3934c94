//! Text that both sides of the protocol agree on: file names as the user types and sees them,
//! numbers as Oclgrind prints them, gdb's unit letters, and the start of the engine's errors
//! that the line mode rewrites into Oclgrind's wording.

/// How gdb starts the message for a name no variable has (the line mode shows Oclgrind's
/// text for it in scripts).
pub const NO_SYMBOL: &str = "No symbol ";
/// How gdb starts the message for a member a struct or vector does not have.
pub const NO_MEMBER: &str = "There is no member named ";
/// gdb's message for an expression that ends too early (`s.`, `a +`).
pub const SYNTAX_ERROR_AT_END: &str = "A syntax error in expression, near ''.";

/// The file name as the user sees it: the last part of the path.
pub fn short_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// Whether `typed` (as in `break put.h:4`) names the file at `path`: the whole path, or its
/// last parts.
pub fn names(typed: &str, path: &str) -> bool {
    path == typed || path.ends_with(&format!("/{}", typed.trim_start_matches("./")))
}

/// A program's output read in chunks, given back as text without splitting a UTF-8 character
/// between two pieces (an unfinished one at the end waits for the next chunk; invalid bytes
/// become U+FFFD).
#[derive(Default)]
pub struct OutputText {
    pending: Vec<u8>,
}

impl OutputText {
    /// The text of what was read so far, up to the last complete character.
    pub fn push(&mut self, chunk: &[u8]) -> String {
        self.pending.extend_from_slice(chunk);
        let complete = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            Err(e) if e.error_len().is_none() => e.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let text = String::from_utf8_lossy(&self.pending[..complete]).into_owned();
        self.pending.drain(..complete);
        text
    }

    /// What is left at the end of the output (an unfinished character, as U+FFFD).
    pub fn finish(self) -> Option<String> {
        (!self.pending.is_empty()).then(|| String::from_utf8_lossy(&self.pending).into_owned())
    }
}

/// The unit size a gdb letter names for `x` (`b h w g`: 1, 2, 4, 8 bytes).
pub fn parse_unit(letter: char) -> Option<u64> {
    Some(match letter {
        'b' => 1,
        'h' => 2,
        'w' => 4,
        'g' => 8,
        _ => return None,
    })
}

/// A double as C++'s `std::ostream <<` prints it by default (`%g` with 6 significant digits):
/// `1`, `0.5`, `3.14159`, `1e+10`, `1.5e-07`, `-0`, `inf`, `nan` (`-nan` with the sign bit
/// set, as glibc prints it).
pub fn ostream_double(x: f64) -> String {
    const PRECISION: i32 = 6;
    let sign = if x.is_sign_negative() { "-" } else { "" };
    if x.is_nan() {
        return format!("{sign}nan");
    }
    if x.is_infinite() {
        return format!("{sign}inf");
    }
    if x == 0.0 {
        return format!("{sign}0");
    }
    // The exponent after rounding to PRECISION digits decides between the two notations.
    let scientific = format!("{:.*e}", (PRECISION - 1) as usize, x);
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let exponent: i32 = exponent.parse().unwrap_or(0);
    if (-4..PRECISION).contains(&exponent) {
        let decimals = (PRECISION - 1 - exponent) as usize;
        strip_zeros(&format!("{x:.decimals$}")).to_string()
    } else {
        let sign = if exponent < 0 { '-' } else { '+' };
        format!(
            "{}e{sign}{:02}",
            strip_zeros(mantissa),
            exponent.unsigned_abs()
        )
    }
}

/// `%g` drops trailing zeros of the fraction, and the point if nothing is left after it.
fn strip_zeros(number: &str) -> &str {
    if number.contains('.') {
        number.trim_end_matches('0').trim_end_matches('.')
    } else {
        number
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_text_never_splits_a_character() {
        let mut out = OutputText::default();
        let e_acute = "\u{e9}".as_bytes();
        assert_eq!(out.push(&[b'a', e_acute[0]]), "a");
        assert_eq!(out.push(&[e_acute[1], b'b']), "\u{e9}b");
        assert_eq!(out.push(&[0xff, b'c']), "\u{fffd}c");
        assert_eq!(out.push(&[e_acute[0]]), "");
        assert_eq!(out.finish().as_deref(), Some("\u{fffd}"));
    }

    #[test]
    fn typed_names_match_the_end_of_a_path() {
        assert!(names("put.h", "/tmp/x/inc/put.h"));
        assert!(names("inc/put.h", "/tmp/x/inc/put.h"));
        assert!(names("./put.h", "/tmp/x/inc/put.h"));
        assert!(names("/tmp/x/inc/put.h", "/tmp/x/inc/put.h"));
        assert!(!names("ut.h", "/tmp/x/inc/put.h"));
        assert_eq!(short_name("/tmp/x/inc/put.h"), "put.h");
    }
}
