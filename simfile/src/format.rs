//! Number formatting as C++ iostreams print it (argument dumps and memory dumps).

use crate::sim::Elem;
use std::fmt::Write;

/// `%g` with 6 significant digits, as `ostream << double` prints by default.
pub fn fmt_g(v: f64) -> String {
    fmt_g_digits(v, 6)
}

/// `%.Pg`: `p` significant digits, trailing zeros dropped (9 tell every float apart, 17
/// every double).
pub fn fmt_g_digits(v: f64, p: usize) -> String {
    let mut s = String::new();
    push_g(&mut s, v, p);
    s
}

/// The significant digits of a scientific conversion ("d.ddddde-5"), trailing zeros dropped
/// (one digit stays), how many, and the exponent.
fn digits_and_exponent(sci: &[u8]) -> ([u8; MAX_DIGITS], usize, i32) {
    let mut digits = [0u8; MAX_DIGITS];
    let mut n = 0;
    let mut bytes = sci.iter();
    for &b in bytes.by_ref() {
        match b {
            b'e' => break,
            b'0'..=b'9' => {
                digits[n] = b;
                n += 1;
            }
            _ => {}
        }
    }
    let (mut x, mut negative) = (0i32, false);
    for &b in bytes {
        match b {
            b'-' => negative = true,
            d => x = x * 10 + i32::from(d - b'0'),
        }
    }
    while n > 1 && digits[n - 1] == b'0' {
        n -= 1;
    }
    (digits, n, if negative { -x } else { x })
}

/// Whether normal float `v` is an integer once scaled to p digits before the point, or to
/// p + 1 (its exponent estimated from its binary one, perhaps one low): whether it has no
/// more than about p significant digits. Scaled by at most 10^12, the product is exact (a
/// 24-bit mantissa times 5^12 fits in a double's 53 bits).
fn few_digits(v: f32, p: usize) -> bool {
    const POW10: [f64; 13] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
    ];
    let binary = ((v.to_bits() >> 23) & 0xff) as i32 - 127;
    let decimal = (f64::from(binary) * std::f64::consts::LOG10_2).floor() as i32;
    let scale = p as i32 - 1 - decimal;
    match POW10.get(scale as usize).filter(|_| scale >= 0) {
        Some(&pow) => {
            let scaled = f64::from(v.abs()) * pow;
            scaled == scaled.trunc()
        }
        None => false,
    }
}

/// Most significant digits `push_g` prints.
const MAX_DIGITS: usize = 100;

/// `%.Pg` of `v` (`fmt_g_digits`) at the end of `out`. The digits come from one exactly
/// rounded scientific conversion, on the stack: the fixed notation `%g` picks for exponents
/// in `-4..p` has the same significant digits, so it is laid out from them (a dump of
/// millions of floats formatted each twice, in strings of their own).
pub fn push_g(out: &mut String, v: f64, p: usize) {
    if v.is_nan() {
        out.push_str(if v.is_sign_negative() { "-nan" } else { "nan" });
        return;
    }
    if v.is_infinite() {
        out.push_str(if v < 0.0 { "-inf" } else { "inf" });
        return;
    }
    if v == 0.0 {
        out.push_str(if v.is_sign_negative() { "-0" } else { "0" });
        return;
    }
    let p = p.clamp(1, MAX_DIGITS);
    let mut sci = StackText::default();
    // "d.ddddde-5": digits, then the exponent. A normal float's shortest digits that
    // read back as it lie within half its ulp of it (2^-24 of it at most), less than half a
    // step of the p-th digit for p up to 6 (10^-6 of it at least): when they are no more
    // than p, they are its rounding to p digits, found without the exact conversion's
    // big-number arithmetic, which values of few digits such as 1.75 need (most of a dump's
    // time). Only those are tried so: for the others the exact conversion is quick.
    let single = v as f32;
    let mut found = None;
    if p <= 6 && single as f64 == v && single.is_normal() && few_digits(single, p) {
        write!(sci, "{:e}", single.abs()).expect("a float's shortest digits fit");
        found = Some(digits_and_exponent(sci.bytes())).filter(|&(_, n, _)| n <= p);
    }
    let (digits, n, x) = found.unwrap_or_else(|| {
        sci.len = 0;
        write!(sci, "{:.*e}", p - 1, v.abs()).expect("the buffer holds MAX_DIGITS digits");
        digits_and_exponent(sci.bytes())
    });
    let digits = &digits[..n];
    if v < 0.0 {
        out.push('-');
    }
    let fixed = (-4..p as i32).contains(&x);
    if fixed && x >= 0 {
        let whole = x as usize + 1;
        for i in 0..whole {
            out.push(digits.get(i).map_or('0', |&d| d as char));
        }
        if n > whole {
            out.push('.');
            push_ascii(out, &digits[whole..]);
        }
    } else if fixed {
        out.push_str("0.");
        out.extend(std::iter::repeat_n('0', (-x - 1) as usize));
        push_ascii(out, digits);
    } else {
        out.push(digits[0] as char);
        if n > 1 {
            out.push('.');
            push_ascii(out, &digits[1..]);
        }
        out.push('e');
        out.push(if x < 0 { '-' } else { '+' });
        let _ = write!(out, "{:02}", x.abs());
    }
}

/// ASCII text at the end of `out`, byte by byte: a handful of digits, for which checking
/// them as UTF-8 first costs more.
fn push_ascii(out: &mut String, text: &[u8]) {
    out.extend(text.iter().map(|&b| b as char));
}

/// Text of a conversion, on the stack.
struct StackText {
    bytes: [u8; MAX_DIGITS + 16],
    len: usize,
}

impl Default for StackText {
    fn default() -> Self {
        StackText {
            bytes: [0; MAX_DIGITS + 16],
            len: 0,
        }
    }
}

impl StackText {
    fn bytes(&self) -> &[u8] {
        &self.bytes[..self.len]
    }
}

impl std::fmt::Write for StackText {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        let room = self.bytes.get_mut(self.len..end).ok_or(std::fmt::Error)?;
        room.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// One element of a dumped argument, decimal or (`hex`) zero-padded hexadecimal, at the end of
/// `out`: integers written digit by digit, with no formatting
/// machinery or string of their own (a dump of millions of elements spent most of its time
/// there).
pub fn write_elem(out: &mut String, b: &[u8], e: Elem, hex: bool) {
    let mut a = [0u8; 8];
    a[..e.size()].copy_from_slice(&b[..e.size()]);
    let u = u64::from_le_bytes(a);
    let float = |out: &mut String, v: f64, width: usize| {
        if hex {
            let s = fmt_g(v);
            out.push_str("0x");
            out.extend(std::iter::repeat_n('0', width.saturating_sub(s.len())));
            out.push_str(&s);
        } else {
            push_g(out, v, 6);
        }
    };
    match e {
        // Signed chars are promoted to int before printing.
        Elem::Char if hex => push_hex(out, u as i8 as i32 as u32 as u64, 2),
        Elem::Char => push_signed(out, u as i8 as i64),
        Elem::UChar if hex => push_hex(out, u as u8 as u64, 2),
        Elem::UChar => push_unsigned(out, u as u8 as u64),
        Elem::Short | Elem::UShort if hex => push_hex(out, u as u16 as u64, 4),
        Elem::Short => push_signed(out, u as i16 as i64),
        Elem::UShort => push_unsigned(out, u as u16 as u64),
        Elem::Int | Elem::UInt if hex => push_hex(out, u as u32 as u64, 8),
        Elem::Int => push_signed(out, u as i32 as i64),
        Elem::UInt => push_unsigned(out, u as u32 as u64),
        Elem::Long | Elem::ULong if hex => push_hex(out, u, 16),
        Elem::Long => push_signed(out, u as i64),
        Elem::ULong => push_unsigned(out, u),
        Elem::Float => float(out, f32::from_bits(u as u32) as f64, 8),
        Elem::Double => float(out, f64::from_bits(u), 16),
    }
}

/// `v` in decimal.
pub fn push_unsigned(out: &mut String, mut v: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    push_ascii(out, &digits[at..]);
}

fn push_signed(out: &mut String, v: i64) {
    if v < 0 {
        out.push('-');
    }
    push_unsigned(out, v.unsigned_abs());
}

/// `0x` and `v` in lower-case hexadecimal, at least `width` digits (at most 16).
fn push_hex(out: &mut String, v: u64, width: usize) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let needed = (64 - v.leading_zeros() as usize)
        .div_ceil(4)
        .max(width)
        .clamp(1, 16);
    let mut text = *b"0x0000000000000000";
    for k in 0..needed {
        text[2 + needed - 1 - k] = DIGITS[((v >> (4 * k)) & 0xf) as usize];
    }
    push_ascii(out, &text[..2 + needed]);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt_elem(b: &[u8], e: Elem, hex: bool) -> String {
        let mut s = String::new();
        write_elem(&mut s, b, e, hex);
        s
    }

    /// Every integer type, both ways, as `format!` writes it (the dumps' text before
    /// `write_elem`).
    #[test]
    fn elements_are_written_as_format_writes_them() {
        let reference = |u: u64, e: Elem, hex: bool| match e {
            Elem::Char if hex => format!("0x{:02x}", u as i8 as i32 as u32),
            Elem::Char => (u as i8).to_string(),
            Elem::UChar if hex => format!("0x{:02x}", u as u8),
            Elem::UChar => (u as u8).to_string(),
            Elem::Short | Elem::UShort if hex => format!("0x{:04x}", u as u16),
            Elem::Short => (u as i16).to_string(),
            Elem::UShort => (u as u16).to_string(),
            Elem::Int | Elem::UInt if hex => format!("0x{:08x}", u as u32),
            Elem::Int => (u as i32).to_string(),
            Elem::UInt => (u as u32).to_string(),
            Elem::Long | Elem::ULong if hex => format!("0x{u:016x}"),
            Elem::Long => (u as i64).to_string(),
            _ => u.to_string(),
        };
        let types = [
            Elem::Char,
            Elem::UChar,
            Elem::Short,
            Elem::UShort,
            Elem::Int,
            Elem::UInt,
            Elem::Long,
            Elem::ULong,
        ];
        let mut v = 0x9e37_79b9_7f4a_7c15u64;
        let special = [
            0,
            1,
            9,
            10,
            0x7f,
            0x80,
            0xff,
            0x8000,
            0xffff_ffff,
            u64::MAX,
            1 << 63,
        ];
        for u in special.into_iter().chain((0..2000).map(|_| {
            v ^= v << 13;
            v ^= v >> 7;
            v ^= v << 17;
            v >> (v % 64)
        })) {
            for e in types {
                for hex in [false, true] {
                    let got = fmt_elem(&u.to_le_bytes()[..e.size()], e, hex);
                    assert_eq!(got, reference(u, e, hex), "{u:#x} as {e:?}, hex {hex}");
                }
            }
        }
        assert_eq!(
            fmt_elem(&1.5f32.to_le_bytes(), Elem::Float, true),
            "0x000001.5"
        );
    }

    /// `%.Pg` as it was first written: the scientific and the fixed notation each formatted,
    /// and one picked by the exponent.
    fn g_formatted_twice(v: f64, p: usize) -> String {
        let trim = |s: &str| match s.contains('.') {
            true => s.trim_end_matches('0').trim_end_matches('.').to_string(),
            false => s.to_string(),
        };
        if !v.is_finite() || v == 0.0 {
            return fmt_g_digits(v, p);
        }
        let p = p as i32;
        let sci = format!("{:.*e}", (p - 1) as usize, v);
        let (mantissa, exp) = sci.split_once('e').unwrap();
        let x: i32 = exp.parse().unwrap();
        if (-4..p).contains(&x) {
            trim(&format!("{:.*}", (p - 1 - x) as usize, v))
        } else {
            let sign = if x < 0 { '-' } else { '+' };
            format!("{}e{sign}{:02}", trim(mantissa), x.abs())
        }
    }

    #[test]
    fn digits_laid_out_once_match_both_notations_formatted() {
        // Every exponent's neighbourhood, rounding carries (9.999995), halves, and a spread of
        // bit patterns.
        let mut values = vec![
            9.999995,
            99999.95,
            999999.5,
            0.000099999995,
            1e-5,
            1e16,
            0.5,
        ];
        for e in -330..310 {
            let base = 10f64.powi(e);
            values.extend([base, base * 1.5, base * 9.9999996, -base * 3.25]);
        }
        let mut bits = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            bits = bits.rotate_left(17).wrapping_mul(0xbf58_476d_1ce4_e5b9) ^ 0x94d0_49bb;
            values.push(f64::from_bits(bits));
            values.push(f32::from_bits(bits as u32) as f64);
        }
        // Floats of few digits (their shortest digits stand for them), next to ones of
        // seven to nine, at every float exponent, and the smallest normal and largest
        // subnormal floats.
        for i in 0..20_000i32 {
            let x = (i - 10_000) as f32;
            let scale = 2f32.powi(i % 250 - 125);
            values.extend([x / 4.0, x * 0.01, x * 1.000_001, x * scale, x + 0.5].map(f64::from));
        }
        values.extend([f32::MIN_POSITIVE, f32::from_bits(0x007f_ffff), f32::MAX].map(f64::from));
        for v in values {
            for p in [1, 2, 6, 9, 17] {
                assert_eq!(fmt_g_digits(v, p), g_formatted_twice(v, p), "{v:e} at {p}");
            }
        }
    }

    #[test]
    fn g_format_matches_iostreams() {
        assert_eq!(fmt_g(2.0), "2");
        assert_eq!(fmt_g(1.0 / 3.0), "0.333333");
        assert_eq!(fmt_g(42.24f32 as f64), "42.24");
        assert_eq!(fmt_g(1e10), "1e+10");
        assert_eq!(fmt_g(123456.0), "123456");
        assert_eq!(fmt_g(1234567.0), "1.23457e+06");
        assert_eq!(fmt_g(0.0001), "0.0001");
        assert_eq!(fmt_g(0.00001234), "1.234e-05");
        assert_eq!(fmt_g(-2.5), "-2.5");
        assert_eq!(fmt_g(-0.0), "-0");
        assert_eq!(fmt_g(f64::INFINITY), "inf");
        assert_eq!(fmt_g(999999.5), "1e+06");
        assert_eq!(fmt_g_digits(1.5f32 as f64, 9), "1.5");
        assert_eq!(
            fmt_g_digits(f32::from_bits(0x3fc00001) as f64, 9),
            "1.50000012"
        );
        assert_eq!(fmt_g_digits(0.1, 17), "0.10000000000000001");
    }

    #[test]
    fn hex_elements() {
        assert_eq!(fmt_elem(&[0xff], Elem::Char, true), "0xffffffff");
        assert_eq!(fmt_elem(&[2], Elem::Char, true), "0x02");
        assert_eq!(fmt_elem(&[0xff, 0xff], Elem::Short, true), "0xffff");
        assert_eq!(fmt_elem(&[0xff, 0xff], Elem::Short, false), "-1");
        assert_eq!(
            fmt_elem(&[0, 0, 0, 0x80, 0, 0, 0, 0], Elem::Long, true),
            "0x0000000080000000"
        );
        assert_eq!(fmt_elem(&2.5f32.to_le_bytes(), Elem::Float, false), "2.5");
    }
}
