//! OpenCL C `printf` (§6.15.14): C99 conversions plus the `%vN` vector specifier.
//!
//! The format string is read from simulated memory at each call and every conversion is
//! formatted here, byte for byte as glibc's printf would, so kernel output does not depend on
//! the host C library. The formatted text of one call reaches the environment in one piece.

use super::{site, Arg, BuiltinEnv, Call, Emit, Problem, Resolution};
use crate::bytecode::{ScalarTy, VType};
use crate::memory::AddrSpace;
use crate::semantics::{f16_of, f32_of, f64_of, mask, sext};

/// Widths and precisions beyond this are clamped, so a kernel cannot exhaust host memory with
/// one conversion; C would print them in full.
const MAX_FIELD: usize = 1 << 20;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    if call.name != "printf" || !call.params.is_empty() {
        return None;
    }
    Some(lower(call, emit))
}

fn lower(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let fmt = call.arg(0)?;
    let fmt_space = fmt
        .space()
        .ok_or_else(|| call.misuse(Problem::FormatPointer))?;
    let args: Vec<Arg> = call.args[1..].to_vec();
    if let Some(a) = args.iter().find(|a| a.lanes() > 16) {
        return Err(call.misuse(Problem::ArgumentType(a.ty)));
    }
    let ret = call.ret;
    emit.site(site(call, move |env| {
        let ok = run(env, fmt, fmt_space, &args);
        if let Some(r) = ret {
            let bits = r.ty.elem.int_bits();
            env.regs()[r.slot as usize] = if ok { 0 } else { mask(bits) };
        }
        Ok(())
    }));
    Ok(())
}

/// Formats and prints one call; false when anything was wrong with it (the printf result -1).
fn run(env: &mut dyn BuiltinEnv, fmt: Arg, fmt_space: AddrSpace, args: &[Arg]) -> bool {
    let regs = env.regs();
    let fmt_addr = regs[fmt.slot as usize];
    // Copied out first: reading strings below needs the environment again.
    let values: Vec<PrintfArg> = args
        .iter()
        .map(|a| {
            let mut lanes = [0u64; 16];
            for (i, l) in lanes.iter_mut().enumerate().take(a.lanes() as usize) {
                *l = regs[a.slot as usize + i];
            }
            PrintfArg { ty: a.ty, lanes }
        })
        .collect();
    let (format, ok) = read_c_string(env, fmt_space, fmt_addr, None);
    if !ok {
        // A format that runs into bad memory is not worth printing in part.
        return false;
    }
    let mut read =
        |space: AddrSpace, addr: u64, max: Option<usize>| read_c_string(env, space, addr, max);
    let (text, ok) = format_printf(&format, &values, &mut read);
    env.print(&text);
    ok
}

/// Reads bytes up to NUL (or `max` bytes); false if memory refused a byte (already reported),
/// with the bytes read before it.
fn read_c_string(
    env: &mut dyn BuiltinEnv,
    space: AddrSpace,
    addr: u64,
    max: Option<usize>,
) -> (Vec<u8>, bool) {
    let mut s = Vec::new();
    let mut b = [0u8];
    while max.is_none_or(|m| s.len() < m) {
        if !env.load(space, addr.wrapping_add(s.len() as u64), &mut b) {
            return (s, false);
        }
        if b[0] == 0 {
            break;
        }
        s.push(b[0]);
    }
    (s, true)
}

/// One variadic argument of a printf call: its type and the value of each lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PrintfArg {
    pub ty: VType,
    pub lanes: [u64; 16],
}

/// Reads a NUL-terminated string of at most the given length: its bytes, and false if a memory
/// fault cut it short.
pub type ReadString<'a> = dyn FnMut(AddrSpace, u64, Option<usize>) -> (Vec<u8>, bool) + 'a;

/// Formats an OpenCL printf call; returns the text and whether the call was well-formed.
pub fn format_printf(fmt: &[u8], args: &[PrintfArg], read: &mut ReadString<'_>) -> (Vec<u8>, bool) {
    let mut out = Vec::new();
    let mut ok = true;
    let mut next_arg = 0;
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        match parse_spec(fmt, i + 1) {
            Parsed::Truncated => {
                out.extend_from_slice(&fmt[start..]);
                break;
            }
            Parsed::Invalid(end) => {
                out.extend_from_slice(&fmt[start..end]);
                ok = false;
                i = end;
            }
            Parsed::Spec(spec, end) => {
                i = end;
                if spec.conv == b'%' {
                    out.push(b'%');
                    continue;
                }
                let Some(arg) = args.get(next_arg) else {
                    out.extend_from_slice(&fmt[start..end]);
                    ok = false;
                    continue;
                };
                next_arg += 1;
                let n = spec.vec.unwrap_or(1) as usize;
                if arg.ty.lanes as usize != n {
                    ok = false;
                }
                for lane in 0..n {
                    if lane > 0 {
                        out.push(b',');
                    }
                    let v = if lane < arg.ty.lanes as usize {
                        arg.lanes[lane]
                    } else {
                        0
                    };
                    ok &= format_one(&spec, arg.ty.elem, v, read, &mut out);
                }
            }
        }
    }
    (out, ok)
}

/// Length modifiers OpenCL allows (`ll` is read as `l`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Len {
    Hh,
    H,
    Hl,
    L,
}

#[derive(Clone, Copy, Debug, Default)]
struct Spec {
    minus: bool,
    plus: bool,
    space: bool,
    hash: bool,
    zero: bool,
    width: usize,
    prec: Option<usize>,
    vec: Option<u32>,
    len: Option<Len>,
    conv: u8,
}

enum Parsed {
    /// A complete conversion and the index just past it.
    Spec(Spec, usize),
    /// The format ended inside the conversion.
    Truncated,
    /// Not a valid conversion; the index just past the offending byte.
    Invalid(usize),
}

fn parse_spec(fmt: &[u8], mut i: usize) -> Parsed {
    let mut s = Spec::default();
    let at = |i: usize| fmt.get(i).copied();
    loop {
        match at(i) {
            Some(b'-') => s.minus = true,
            Some(b'+') => s.plus = true,
            Some(b' ') => s.space = true,
            Some(b'#') => s.hash = true,
            Some(b'0') => s.zero = true,
            _ => break,
        }
        i += 1;
    }
    let number = |i: &mut usize| {
        let mut n: usize = 0;
        while let Some(d @ b'0'..=b'9') = at(*i) {
            n = (n * 10 + (d - b'0') as usize).min(MAX_FIELD);
            *i += 1;
        }
        n
    };
    s.width = number(&mut i);
    if at(i) == Some(b'.') {
        i += 1;
        s.prec = Some(number(&mut i));
    }
    if at(i) == Some(b'v') {
        i += 1;
        let start = i;
        let n = number(&mut i);
        if at(i).is_none() {
            return Parsed::Truncated;
        }
        if i == start || !matches!(n, 2 | 3 | 4 | 8 | 16) {
            return Parsed::Invalid(i.max(start + 1).min(fmt.len()));
        }
        s.vec = Some(n as u32);
        // A precision after the vector size (`%v4.2f`): out of the specification's order,
        // but Oclgrind takes it, and so does this.
        if at(i) == Some(b'.') && s.prec.is_none() {
            i += 1;
            s.prec = Some(number(&mut i));
        }
    }
    let len = match (at(i), at(i + 1)) {
        (Some(b'h'), Some(b'h')) => Some((Len::Hh, 2)),
        (Some(b'h'), Some(b'l')) => Some((Len::Hl, 2)),
        (Some(b'l'), Some(b'l')) => Some((Len::L, 2)),
        (Some(b'h'), _) => Some((Len::H, 1)),
        (Some(b'l'), _) => Some((Len::L, 1)),
        _ => None,
    };
    if let Some((l, n)) = len {
        s.len = Some(l);
        i += n;
    }
    match at(i) {
        None => Parsed::Truncated,
        Some(c @ (b'd' | b'i' | b'o' | b'u' | b'x' | b'X' | b'c' | b's' | b'p' | b'%')) => {
            s.conv = c;
            Parsed::Spec(s, i + 1)
        }
        Some(c @ (b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A')) => {
            s.conv = c;
            Parsed::Spec(s, i + 1)
        }
        Some(_) => Parsed::Invalid(i + 1),
    }
}

/// Formats one lane; false if it could not be formatted faithfully.
fn format_one(
    spec: &Spec,
    elem: ScalarTy,
    v: u64,
    read: &mut ReadString<'_>,
    out: &mut Vec<u8>,
) -> bool {
    let bits = elem.bits();
    let raw = v & mask(bits);
    // The width C would read the value at: the length modifier, else an int for scalars
    // (variadic promotion) and the element itself for vectors.
    let width = match spec.len {
        Some(Len::Hh) => 8,
        Some(Len::H) => 16,
        Some(Len::Hl) => 32,
        Some(Len::L) => 64,
        None if spec.vec.is_some() => bits,
        None => 32,
    };
    match spec.conv {
        b'd' | b'i' => {
            let x = sext(sext(raw, bits) as u64 & mask(width), width);
            format_int(spec, x < 0, x.unsigned_abs(), out);
        }
        b'o' | b'u' | b'x' | b'X' => format_int(spec, false, raw & mask(width), out),
        b'c' => pad(out, spec, b"", b"", &[raw as u8], false),
        b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
            let x = match elem {
                // Vectors of half come as they are (`%v4hf`); scalars were promoted to double.
                ScalarTy::F16 => f16_of(raw),
                ScalarTy::F32 => f32_of(raw) as f64,
                ScalarTy::F64 => f64_of(raw),
                // Not a float at all: print the number it holds.
                _ => sext(raw, bits) as f64,
            };
            format_float(spec, x, out);
        }
        b's' => {
            let space = match elem {
                ScalarTy::Ptr(s) => s,
                _ => AddrSpace::Global,
            };
            if raw == 0 {
                // glibc prints "(null)" unless the precision cuts it short.
                let text: &[u8] = if spec.prec.is_none_or(|p| p >= 6) {
                    b"(null)"
                } else {
                    b""
                };
                pad(out, spec, b"", b"", text, false);
                return true;
            }
            let (s, ok) = read(space, raw, spec.prec);
            pad(out, spec, b"", b"", &s, false);
            return ok;
        }
        b'p' => {
            if raw == 0 {
                pad(out, spec, b"", b"", b"(nil)", false);
            } else {
                // glibc prints a pointer as `%#lx`, honouring the sign flags.
                let sign: &[u8] = if spec.plus {
                    b"+"
                } else if spec.space {
                    b" "
                } else {
                    b""
                };
                let digits = int_digits(raw, 16, false, spec.prec);
                pad(
                    out,
                    spec,
                    sign,
                    b"0x",
                    &digits,
                    spec.zero && spec.prec.is_none(),
                );
            }
        }
        _ => return false,
    }
    true
}

/// Digits of `mag` in `base`, at least `prec` of them (none for a zero with precision 0).
fn int_digits(mag: u64, base: u64, upper: bool, prec: Option<usize>) -> Vec<u8> {
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut d = Vec::new();
    let mut m = mag;
    while m > 0 {
        d.push(table[(m % base) as usize]);
        m /= base;
    }
    let min = prec.unwrap_or(1);
    while d.len() < min {
        d.push(b'0');
    }
    d.reverse();
    d
}

fn format_int(spec: &Spec, neg: bool, mag: u64, out: &mut Vec<u8>) {
    let (base, upper) = match spec.conv {
        b'o' => (8, false),
        b'x' => (16, false),
        b'X' => (16, true),
        _ => (10, false),
    };
    let mut digits = int_digits(mag, base, upper, spec.prec);
    let signed = matches!(spec.conv, b'd' | b'i');
    let sign: &[u8] = if neg {
        b"-"
    } else if signed && spec.plus {
        b"+"
    } else if signed && spec.space {
        b" "
    } else {
        b""
    };
    let mut prefix: &[u8] = b"";
    if spec.hash {
        match spec.conv {
            // '#' makes the first octal digit a zero.
            b'o' if digits.first() != Some(&b'0') => digits.insert(0, b'0'),
            b'x' if mag != 0 => prefix = b"0x",
            b'X' if mag != 0 => prefix = b"0X",
            _ => {}
        }
    }
    // A precision turns off zero padding for integers.
    pad(
        out,
        spec,
        sign,
        prefix,
        &digits,
        spec.zero && spec.prec.is_none(),
    );
}

/// Writes `sign prefix body` padded to the field width: spaces on the left, on the right with
/// '-', or zeros between prefix and body.
fn pad(out: &mut Vec<u8>, spec: &Spec, sign: &[u8], prefix: &[u8], body: &[u8], zeros: bool) {
    let len = sign.len() + prefix.len() + body.len();
    let fill = spec.width.saturating_sub(len);
    if spec.minus {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
        out.resize(out.len() + fill, b' ');
    } else if zeros {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.resize(out.len() + fill, b'0');
        out.extend_from_slice(body);
    } else {
        out.resize(out.len() + fill, b' ');
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(body);
    }
}

fn format_float(spec: &Spec, x: f64, out: &mut Vec<u8>) {
    let upper = spec.conv.is_ascii_uppercase();
    let sign: &[u8] = if x.is_sign_negative() {
        b"-"
    } else if spec.plus {
        b"+"
    } else if spec.space {
        b" "
    } else {
        b""
    };
    if !x.is_finite() {
        // glibc spells these in lower case (upper for F E G A), sign included even for NaN,
        // and never pads them with zeros.
        let body: &[u8] = match (x.is_nan(), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        pad(out, spec, sign, b"", body, false);
        return;
    }
    let a = x.abs();
    let (prefix, body): (&[u8], String) = match spec.conv.to_ascii_lowercase() {
        b'f' => (b"", fixed(a, spec.prec.unwrap_or(6), spec.hash)),
        b'e' => (b"", scientific(a, spec.prec.unwrap_or(6), spec.hash, upper)),
        b'g' => (b"", general(a, spec.prec, spec.hash, upper)),
        _ => (
            if upper { b"0X" } else { b"0x" },
            hex_float(a, spec.prec, spec.hash, upper),
        ),
    };
    pad(out, spec, sign, prefix, body.as_bytes(), spec.zero);
}

/// Digits after which the exact decimal expansion of any double is all zeros (2^-1074 has 1074
/// fractional digits). Rust refuses precisions above u16::MAX, so longer ones are padded here.
const EXACT_DIGITS: usize = 1100;

/// `%f` of a non-negative value. Rust's fixed-precision formatting is exact and breaks ties to
/// even, as glibc does.
fn fixed(a: f64, prec: usize, hash: bool) -> String {
    let p = prec.min(EXACT_DIGITS);
    let mut s = format!("{a:.p$}");
    s.extend(std::iter::repeat_n('0', prec - p));
    if hash && prec == 0 {
        s.push('.');
    }
    s
}

/// Splits Rust's `1.5e-7` into mantissa and exponent.
fn rust_exp(a: f64, prec: usize) -> (String, i32) {
    let p = prec.min(EXACT_DIGITS);
    let s = format!("{a:.p$e}");
    let (m, e) = s
        .split_once('e')
        .expect("exponent format always has an 'e'");
    let mut m = m.to_string();
    m.extend(std::iter::repeat_n('0', prec - p));
    (m, e.parse().expect("exponent is an integer"))
}

/// floor(log10(a)) of a positive value: the exponent of its shortest round-trip form, which
/// never rounds up to the next power of ten because that power is itself a double.
fn decimal_exponent(a: f64) -> i32 {
    let s = format!("{a:e}");
    let (_, e) = s
        .split_once('e')
        .expect("exponent format always has an 'e'");
    e.parse().expect("exponent is an integer")
}

/// The C exponent suffix: sign and at least two digits.
fn exp_suffix(e: i32, upper: bool) -> String {
    let sign = if e < 0 { '-' } else { '+' };
    format!(
        "{}{}{:02}",
        if upper { 'E' } else { 'e' },
        sign,
        e.unsigned_abs()
    )
}

/// `%e` of a non-negative value.
fn scientific(a: f64, prec: usize, hash: bool, upper: bool) -> String {
    let (mut m, e) = rust_exp(a, prec);
    if hash && prec == 0 {
        m.push('.');
    }
    m + &exp_suffix(e, upper)
}

/// Drops trailing fractional zeros and a bare decimal point, as `%g` does without '#'.
fn trim_fraction(s: &mut String) {
    if s.contains('.') {
        let keep = s.trim_end_matches('0').trim_end_matches('.').len();
        s.truncate(keep);
    }
}

/// `%g`: `%e` or `%f` by the decimal exponent after rounding to P significant digits.
fn general(a: f64, prec: Option<usize>, hash: bool, upper: bool) -> String {
    let p = match prec {
        None => 6,
        Some(0) => 1,
        Some(p) => p,
    };
    let (mut m, x) = rust_exp(a, p - 1);
    // glibc quirk: when rounding carries a value that would print in %f style (exponent P-1)
    // up to 10^P, it switches to %e style but keeps no fraction digits, so `%#.3g` of 999.5
    // is "1.e+03" rather than "1.00e+03". Only visible with '#', where zeros are kept.
    if hash && x == p as i32 && decimal_exponent(a) == x - 1 {
        m = "1.".to_string();
    }
    if x < p as i32 && x >= -4 {
        let mut s = fixed(a, (p as i32 - 1 - x) as usize, false);
        if !hash {
            trim_fraction(&mut s);
        } else if !s.contains('.') {
            s.push('.');
        }
        s
    } else {
        if !hash {
            trim_fraction(&mut m);
        } else if !m.contains('.') {
            m.push('.');
        }
        m + &exp_suffix(x, upper)
    }
}

/// `%a` of a non-negative value, without the `0x`: glibc's form, `1.8p+1`, subnormals as
/// `0.0000000000001p-1022`, ties rounded to even hex digit.
fn hex_float(a: f64, prec: Option<usize>, hash: bool, upper: bool) -> String {
    let bits = a.to_bits();
    let exp_field = (bits >> 52) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut lead, exp) = match (a == 0.0, exp_field) {
        (true, _) => (0u64, 0),
        (false, 0) => (0, -1022),
        _ => (1, exp_field - 1023),
    };
    let digits = match prec {
        None => {
            let mut d = format!("{frac:013x}");
            let keep = d.trim_end_matches('0').len();
            d.truncate(keep);
            d
        }
        Some(p) if p >= 13 => format!("{frac:013x}{}", "0".repeat(p - 13)),
        Some(p) => {
            let drop = 4 * (13 - p) as u32;
            let mut keep = frac >> drop;
            let rem = frac & ((1u64 << drop) - 1);
            let half = 1u64 << (drop - 1);
            let last_odd = if p == 0 { lead & 1 == 1 } else { keep & 1 == 1 };
            if rem > half || (rem == half && last_odd) {
                keep += 1;
            }
            // A carry out of the kept digits goes into the leading digit, which glibc lets
            // become 2 rather than renormalising.
            if keep >> (4 * p) != 0 {
                lead += 1;
                keep &= (1u64 << (4 * p)) - 1;
            }
            if p == 0 {
                String::new()
            } else {
                format!("{keep:0p$x}")
            }
        }
    };
    let point = if digits.is_empty() && !hash { "" } else { "." };
    let sign = if exp < 0 { '-' } else { '+' };
    let s = format!("{lead}{point}{digits}p{sign}{}", exp.unsigned_abs());
    if upper {
        s.to_ascii_uppercase()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::testing::*;
    use std::ffi::CString;

    /// Formats with the host C library, for comparison only.
    macro_rules! c_fmt {
        ($fmt:expr, $v:expr) => {{
            let f = CString::new($fmt).unwrap();
            let mut buf = vec![0u8; 1 << 18];
            let n = unsafe {
                libc::snprintf(
                    buf.as_mut_ptr() as *mut libc::c_char,
                    buf.len(),
                    f.as_ptr(),
                    $v,
                )
            };
            assert!(n >= 0 && (n as usize) < buf.len(), "{}", $fmt);
            buf.truncate(n as usize);
            String::from_utf8_lossy(&buf).into_owned()
        }};
    }

    fn scalar(elem: ScalarTy, v: u64) -> PrintfArg {
        let mut lanes = [0; 16];
        lanes[0] = v;
        PrintfArg {
            ty: VType::scalar(elem),
            lanes,
        }
    }

    fn vector(elem: ScalarTy, v: &[u64]) -> PrintfArg {
        let mut lanes = [0; 16];
        lanes[..v.len()].copy_from_slice(v);
        PrintfArg {
            ty: VType {
                elem,
                lanes: v.len() as u16,
            },
            lanes,
        }
    }

    fn ours(fmt: &str, args: &[PrintfArg]) -> (String, bool) {
        let mut no_memory = |_: AddrSpace, _: u64, _: Option<usize>| (Vec::new(), false);
        let (out, ok) = format_printf(fmt.as_bytes(), args, &mut no_memory);
        (String::from_utf8_lossy(&out).into_owned(), ok)
    }

    fn ours_f(fmt: &str, x: f64) -> String {
        ours(fmt, &[scalar(ScalarTy::F64, x.to_bits())]).0
    }

    /// Doubles covering magnitudes, ties, subnormals and values near rounding boundaries.
    fn sample_doubles() -> Vec<f64> {
        let mut v = vec![
            0.0,
            -0.0,
            1.0,
            -1.0,
            0.5,
            1.5,
            2.5,
            0.125,
            0.375,
            9.5,
            99.5,
            999.5,
            0.1,
            0.2,
            1.0 / 3.0,
            2.0 / 3.0,
            1e-5,
            1e-4,
            9.9999e-5,
            0.0001,
            123456.0,
            999999.5,
            1e6,
            1234567.0,
            1e15,
            1e16,
            1e21,
            1e22,
            1e23,
            1e100,
            1e300,
            f64::MAX,
            f64::MIN_POSITIVE,
            5e-324,
            f64::MIN_POSITIVE - 5e-324,
            1.005,
            2.675,
            0.015,
            9.995,
            99.995,
            std::f64::consts::PI,
            -273.15,
            42.123,
            -3.7,
            100001.01,
            65504.0,
            0.1f32 as f64,
            16777217.0,
            4503599627370497.0,
            1.0 + f64::EPSILON,
            1.999999999,
            0.9999995,
            9.9999995,
            1.96875,
            1.03125,
            1.09375,
            2.0 - f64::EPSILON,
            999.5,
            99.5,
            9.5,
            99.95,
            99999.95,
            999999.5,
            0.0009995,
            0.00009995,
            0.9996,
            1000.0 - 1e-13,
        ];
        let mut s: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..1000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let x = f64::from_bits(s);
            if x.is_finite() {
                v.push(x);
            }
            // Moderate magnitudes, where %f and %g switch styles.
            let e = (s % 40) as i32 - 20;
            v.push((s >> 11) as f64 / (1u64 << 53) as f64 * 10f64.powi(e));
        }
        v
    }

    #[test]
    fn floats_match_the_c_library() {
        let specs = [
            "%f", "%.0f", "%.1f", "%.3f", "%.10f", "%.17f", "%#.0f", "%12.4f", "%-12.4f|", "%+f",
            "% f", "%012.3f", "%F", "%e", "%.0e", "%.3e", "%.16e", "%#.0e", "%E", "%+015.4e", "%g",
            "%.0g", "%.1g", "%.3g", "%.10g", "%.17g", "%#g", "%#.0g", "%#.1g", "%#.2g", "%#.3g",
            "%#.5g", "%G", "%-14g|", "%014g", "%+g", "% .2g", "%a", "%A", "%.0a", "%.1a", "%.3a",
            "%.13a", "%.15a", "%#a", "%#.0a", "%020a", "%-20a|", "%+a", "%.40f",
        ];
        for x in sample_doubles() {
            for spec in specs {
                assert_eq!(
                    ours_f(spec, x),
                    c_fmt!(spec, x),
                    "{spec} of {x:e} ({:#x})",
                    x.to_bits()
                );
            }
        }
        // Precisions beyond the exact expansion, and beyond what Rust's formatter accepts.
        for x in [5e-324, 1e-300, 1e300, 0.1, f64::MAX, 0.0] {
            for spec in [
                "%.1100f",
                "%.500e",
                "%.70000f",
                "%.70000e",
                "%#.70000g",
                "%.70000a",
            ] {
                assert_eq!(ours_f(spec, x), c_fmt!(spec, x), "{spec} of {x:e}");
            }
        }
        assert_eq!(ours_f("%100000.3f", 1.0).len(), 100000);
    }

    #[test]
    fn special_values_match_the_c_library() {
        let specs = [
            "%f", "%F", "%e", "%E", "%g", "%G", "%a", "%A", "%05f", "%-8f|", "%+f", "% f",
            "%10.3e", "%#g",
        ];
        for x in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -f64::NAN] {
            for spec in specs {
                assert_eq!(ours_f(spec, x), c_fmt!(spec, x), "{spec} of {x}");
            }
        }
        assert_eq!(ours_f("%f", -f64::NAN), "-nan");
    }

    #[test]
    fn integers_match_the_c_library() {
        let specs = [
            "%d", "%i", "%5d", "%-5d|", "%+d", "% d", "%05d", "%.3d", "%.0d", "%8.3d", "%-+8.3d|",
            "%x", "%X", "%#x", "%#X", "%#o", "%o", "%#.0o", "%.0x", "%u", "%08u", "%#10x",
            "%#010x", "%-#10x|", "%hhd", "%hhu", "%hd", "%hu", "%hx", "%hho", "%c", "%5c", "%-5c|",
            "%05c",
        ];
        let values: [i32; 12] = [
            0,
            1,
            -1,
            7,
            -7,
            127,
            128,
            255,
            300,
            70000,
            i32::MIN,
            i32::MAX,
        ];
        for v in values {
            for spec in specs {
                let arg = scalar(ScalarTy::Int(32), v as u32 as u64);
                assert_eq!(ours(spec, &[arg]).0, c_fmt!(spec, v), "{spec} of {v}");
            }
        }
        let long_specs = [
            "%ld", "%lu", "%lx", "%#lo", "%+ld", "%20ld", "%-20lu|", "%.25ld", "%lld", "%llx",
        ];
        let longs: [i64; 6] = [0, -1, i64::MIN, i64::MAX, 1 << 40, -(1 << 33) + 5];
        for v in longs {
            for spec in long_specs {
                let arg = scalar(ScalarTy::Int(64), v as u64);
                assert_eq!(
                    ours(spec, &[arg]).0,
                    c_fmt!(spec, v as libc::c_long),
                    "{spec} of {v}"
                );
            }
            // Without 'l', C reads an int: the low 32 bits.
            let arg = scalar(ScalarTy::Int(64), v as u64);
            assert_eq!(ours("%d", &[arg]).0, c_fmt!("%d", v as i32));
        }
    }

    #[test]
    fn pointers_and_strings_match_the_c_library() {
        for spec in [
            "%p", "%20p", "%-20p|", "%020p", "%+p", "% p", "%.20p", "%#p",
        ] {
            let arg = scalar(ScalarTy::Ptr(AddrSpace::Global), 0x1234);
            assert_eq!(
                ours(spec, &[arg]).0,
                c_fmt!(spec, 0x1234usize as *const libc::c_void),
                "{spec}"
            );
        }
        for spec in ["%p", "%8p", "%-8p|", "%08p", "%+p", "%.3p", "%-08p|"] {
            let arg = scalar(ScalarTy::Ptr(AddrSpace::Global), 0);
            assert_eq!(
                ours(spec, &[arg]).0,
                c_fmt!(spec, std::ptr::null::<libc::c_void>()),
                "{spec}"
            );
        }
        for spec in ["%s", "%.3s", "%10s", "%.6s", "%-8s|"] {
            let arg = scalar(ScalarTy::Ptr(AddrSpace::Constant), 0);
            assert_eq!(
                ours(spec, &[arg]).0,
                c_fmt!(spec, std::ptr::null::<libc::c_char>()),
                "{spec}"
            );
        }
    }

    #[test]
    fn vectors() {
        let f: Vec<u64> = [42.123f32, -3.7, 100001.01, -0.0]
            .iter()
            .map(|x| x.to_bits() as u64)
            .collect();
        let (s, ok) = ours("%.2v4hlf\n", &[vector(ScalarTy::F32, &f)]);
        assert_eq!(s, "42.12,-3.70,100001.01,-0.00\n");
        assert!(ok);
        let c = vector(ScalarTy::Int(8), &[0xff, 1, 0x80]);
        assert_eq!(ours("%v3hhd", &[c]).0, "-1,1,-128");
        let half = vector(ScalarTy::F32, &[0.5f32.to_bits() as u64; 2]);
        assert_eq!(ours("%v2.1hlf", &[half]).0, "0.5,0.5");
        assert_eq!(ours("%v3hhu", &[c]).0, "255,1,128");
        let i: Vec<u64> = (0..16).collect();
        let expect = (0..16)
            .map(|x| format!("{x:x}"))
            .collect::<Vec<_>>()
            .join(",");
        assert_eq!(ours("%v16hlx", &[vector(ScalarTy::Int(32), &i)]).0, expect);
        let l = vector(ScalarTy::Int(64), &[u64::MAX, 5]);
        assert_eq!(
            ours("%v2ld|%v2lu", &[l, l]).0,
            "-1,5|18446744073709551615,5"
        );
        let s = vector(ScalarTy::Int(16), &[0xffff, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(
            ours("%05v8hd", &[s]).0,
            "-0001,00002,00003,00004,00005,00006,00007,00008"
        );
        let d = vector(ScalarTy::F64, &[1.5f64.to_bits(), 1e-10f64.to_bits()]);
        assert_eq!(
            ours("%v2lg %v2la", &[d, d]).0,
            "1.5,1e-10 0x1.8p+0,0x1.b7cdfd9d7bdbbp-34"
        );
        // Wrong lane count: printed as far as the value goes, and the call fails.
        assert_eq!(
            ours("%v4hld", &[vector(ScalarTy::Int(32), &[1, 2])]),
            ("1,2,0,0".to_string(), false)
        );
    }

    /// The calls of tests/golden/printf, with the argument types clang-19 passes.
    #[test]
    fn golden_printf_cases() {
        let i32s = |v: &[i64]| {
            vector(
                ScalarTy::Int(32),
                &v.iter()
                    .map(|x| *x as u64 & 0xffff_ffff)
                    .collect::<Vec<_>>(),
            )
        };
        let a = i32s(&[1, -2, 300, -4000]);
        assert_eq!(ours("%v4hld\n", &[a]).0, "1,-2,300,-4000\n");
        let f: Vec<u64> = [42.123f32, -3.7, 100001.0, -0.001]
            .iter()
            .map(|x| x.to_bits() as u64)
            .collect();
        let args = [vector(ScalarTy::F32, &f[..2]), vector(ScalarTy::F32, &f)];
        assert_eq!(
            ours("%v2hlf|%.2v4hlf\n", &args).0,
            "42.123001,-3.700000|42.12,-3.70,100001.00,-0.00\n"
        );
        let s3 = vector(ScalarTy::Int(16), &[1, 0xfffe, 300]);
        let c8 = vector(ScalarTy::Int(8), &[1, 2, 3, 4, 0xff, 0xff, 0xff, 0xff]);
        assert_eq!(
            ours("%v3hd %v8hhx\n", &[s3, c8]).0,
            "1,-2,300 1,2,3,4,ff,ff,ff,ff\n"
        );
        let l2 = vector(
            ScalarTy::Int(64),
            &[300_000_000_000, (-4_000_000_000_000i64) as u64],
        );
        let u2 = i32s(&[1, -4000]);
        assert_eq!(
            ours("%v2ld %#v2hlx\n", &[l2, u2]).0,
            "300000000000,-4000000000000 0x1,0xfffff060\n"
        );
        let int = |v: i64| scalar(ScalarTy::Int(32), v as u64 & 0xffff_ffff);
        let long = |v: i64| scalar(ScalarTy::Int(64), v as u64);
        let text = ours("d=%d i=%i u=%u\n", &[int(-42), int(255), int(-42)]).0;
        assert_eq!(text, "d=-42 i=255 u=4294967254\n");
        let text = ours("x=%x X=%X o=%o\n", &[int(255), int(0xBEEF + 255), int(255)]).0;
        assert_eq!(text, "x=ff X=BFEE o=377\n");
        let big = -4_200_000_000_000;
        let text = ours(
            "hh=%hhd h=%hd l=%ld lu=%lu\n",
            &[int(-1), int(255 * 300 - 65536), long(big), long(big)],
        )
        .0;
        assert_eq!(
            text,
            "hh=-1 h=10964 l=-4200000000000 lu=18446739873709551616\n"
        );
        assert_eq!(
            ours("100%% done, %d%%\n", &[int(255)]).0,
            "100% done, 255%\n"
        );
        assert_eq!(
            ours("chars: %c%c%c\n", &[int(79), int(75), int(33)]).0,
            "chars: OK!\n"
        );
    }

    #[test]
    fn malformed_formats() {
        let one = [scalar(ScalarTy::Int(32), 1)];
        assert_eq!(ours("abc%", &one), ("abc%".to_string(), true));
        assert_eq!(ours("x=%5.2", &one), ("x=%5.2".to_string(), true));
        assert_eq!(ours("x=%v4", &one), ("x=%v4".to_string(), true));
        assert_eq!(ours("100%%", &[]), ("100%".to_string(), true));
        assert!(!ours("%*d", &one).1);
        assert_eq!(ours("%y!", &one), ("%y!".to_string(), false));
        assert!(!ours("%v5d", &one).1);
        assert_eq!(ours("%d %d", &one), ("1 %d".to_string(), false));
        assert_eq!(
            ours(
                "%d",
                &[scalar(ScalarTy::Int(32), 1), scalar(ScalarTy::Int(32), 2)]
            ),
            ("1".to_string(), true)
        );
    }

    #[test]
    fn end_to_end() {
        let mut t = TestEnv::new();
        let fmt = t.place(AddrSpace::Constant, b"x=%d %s %5.1f %c|%v2hlf|%%\n\0");
        let s = t.place(AddrSpace::Global, b"hello\0");
        let two: Vec<f32> = vec![1.0, 2.5];
        let r = t.call(
            "printf",
            &[
                ptr(2, fmt),
                int(32, (-3i32) as u32 as u64),
                ptr(1, s),
                f64s(&[3.25]),
                int(32, b'z' as u64),
                f32s(&two),
            ],
            Some(int_ty(32)),
        );
        assert_eq!(
            String::from_utf8(t.output.clone()).unwrap(),
            "x=-3 hello   3.2 z|1.000000,2.500000|%\n"
        );
        assert_eq!(r, vec![0]);

        // A string cut short by a fault prints what was read and fails the call.
        let mut t = TestEnv::new();
        let fmt = t.place(AddrSpace::Constant, b"[%s][%.2s]\0");
        let s = t.place(AddrSpace::Local, b"abc\0");
        // An unterminated string in the last two bytes of global memory.
        let global = &mut t.mem[AddrSpace::Global as usize];
        let end = global.len() - 2;
        global[end..].copy_from_slice(b"xy");
        let end = end as u64;
        let r = t.call(
            "printf",
            &[ptr(2, fmt), ptr(1, end), ptr(3, s)],
            Some(int_ty(32)),
        );
        assert_eq!(String::from_utf8(t.output.clone()).unwrap(), "[xy][ab]");
        assert_eq!((r, t.faults), (vec![0xffff_ffff], 1));

        // An unreadable format prints nothing.
        let mut t = TestEnv::new();
        let r = t.call("printf", &[ptr(2, 0)], Some(int_ty(32)));
        assert!(t.output.is_empty());
        assert_eq!(r, vec![0xffff_ffff]);

        // Without a result slot.
        let mut t = TestEnv::new();
        let fmt = t.place(AddrSpace::Constant, b"%lu\0");
        t.call("printf", &[ptr(2, fmt), int(64, u64::MAX)], None);
        assert_eq!(t.output, b"18446744073709551615");
    }
}
