//! Values and memory as text.
//!
//! `value` prints what `print` shows. In the natural format it matches Oclgrind's
//! `printTypedData` where Oclgrind has an output (compat §5.4): floats like C++'s `ostream <<`,
//! integers in decimal (chars too), vectors `(a,b)`, arrays `{a,b}`, pointers `0x` + hex. For
//! what Oclgrind prints as raw bytes (structs, unions) we print gdb's `{a = 1, b = {1,2}}`.
//! The gdb letters `/x /d /u /t /c /f /o` apply to every scalar inside aggregates, with gdb's
//! current meaning: the integer formats show a float's raw bits.
//!
//! `examine` prints memory as gdb's `x/NFU` does.

use crate::expr::{self, Evaluated, ExprError, Scalar};
use crate::target::{Place, Target, Value};
use oclgrind_core::debugging::{half, resolve, AddrSpace, DbgType, Member, ScalarTy, TypeId};
pub use oclgrind_debug_protocol::text::{ostream_double, parse_unit};
use std::borrow::Cow;

/// Arrays show at most this many elements, then `...` (gdb's default `print elements`).
pub const MAX_ELEMENTS: u64 = 200;
/// Values up to this size are read in one piece, so an unreadable value gives one error;
/// larger ones are read a scalar at a time, only as far as they are printed.
const WHOLE_READ_LIMIT: u64 = 1 << 16;
/// Deepest type nesting printed (a guard against cyclic debug information).
const MAX_DEPTH: u32 = 32;
/// Most units `examine` shows at once.
pub const MAX_EXAMINE: u64 = 1 << 16;

/// How scalars are shown: naturally, or as one of gdb's format letters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Natural,
    Hex,
    Decimal,
    Unsigned,
    Binary,
    Char,
    Float,
    Octal,
}

/// The format a gdb letter names (`x d u t c f o`).
pub fn parse_format(letter: char) -> Option<Format> {
    Some(match letter {
        'x' => Format::Hex,
        'd' => Format::Decimal,
        'u' => Format::Unsigned,
        't' => Format::Binary,
        'c' => Format::Char,
        'f' => Format::Float,
        'o' => Format::Octal,
        _ => return None,
    })
}

/// An evaluated expression as text, in `fmt`. Never fails: what cannot be shown is shown as
/// `<optimized out>`, `<error: ...>` or `<opaque TYPE>` in its place.
pub fn value(v: &Evaluated, fmt: Format, t: &dyn Target) -> String {
    match v {
        Evaluated::Int(i) => scalar(
            Scalar::Int {
                bits: *i as u64,
                size: 8,
                signed: true,
            },
            fmt,
        ),
        Evaluated::UInt(u) => scalar(
            Scalar::Int {
                bits: *u,
                size: 8,
                signed: false,
            },
            fmt,
        ),
        Evaluated::Float(x) => scalar(
            Scalar::Float {
                value: *x,
                bits: x.to_bits(),
                size: 8,
            },
            fmt,
        ),
        Evaluated::Pointer { addr, .. } => pointer(*addr, fmt),
        Evaluated::Typed(v) => typed(v, fmt, t),
        // `{a,b,c}`, as an array of them prints.
        Evaluated::Repeated {
            elem,
            count,
            space,
            addr,
        } => {
            let size = t.debug().size_of(*elem);
            let shown: Vec<String> = (0..*count)
                .map(|i| {
                    let at = Value {
                        ty: *elem,
                        place: Place::Memory {
                            space: *space,
                            addr: addr.wrapping_add(i * size),
                        },
                    };
                    typed(&at, fmt, t)
                })
                .collect();
            format!("{{{}}}", shown.join(","))
        }
    }
}

fn typed(v: &Value, fmt: Format, t: &dyn Target) -> String {
    let mut shadow = None;
    let source = match &v.place {
        Place::OptimizedOut => return "<optimized out>".into(),
        Place::Bytes(bytes) => Source::Bytes(Cow::Borrowed(bytes)),
        Place::Uninit { bytes, shadow: s } => {
            shadow = Some(s.clone());
            Source::Bytes(Cow::Borrowed(bytes))
        }
        Place::Memory { space, addr } => {
            let size = t.debug().size_of(v.ty);
            if size <= WHOLE_READ_LIMIT {
                shadow = t.read_shadow(*space, *addr, size);
                match expr::bytes_of(v, t) {
                    Ok(bytes) => Source::Bytes(Cow::Owned(bytes)),
                    Err(e) => return error(e),
                }
            } else {
                Source::Memory {
                    space: *space,
                    addr: *addr,
                }
            }
        }
    };
    Printer {
        t,
        fmt,
        source,
        shadow,
    }
    .value(v.ty, 0, 0)
}

fn error(e: ExprError) -> String {
    format!("<error: {e}>")
}

/// Where the printer takes a value's bytes from.
enum Source<'a> {
    Bytes(Cow<'a, [u8]>),
    Memory { space: AddrSpace, addr: u64 },
}

/// Prints a typed value whose bytes come from `source`, recursively by type.
struct Printer<'a> {
    t: &'a dyn Target,
    fmt: Format,
    source: Source<'a>,
    /// The shadow of `Source::Bytes` that came from memory (`--uninitialized`).
    shadow: Option<Vec<u8>>,
}

impl Printer<'_> {
    /// `len` bytes at `offset` in the value.
    fn bytes(&self, offset: u64, len: u64) -> Result<Cow<'_, [u8]>, ExprError> {
        match &self.source {
            Source::Bytes(bytes) => {
                let unavailable = |_| ExprError::Unavailable;
                let start = usize::try_from(offset).map_err(unavailable)?;
                let len = usize::try_from(len).map_err(unavailable)?;
                let end = start.checked_add(len).ok_or(ExprError::Unavailable)?;
                bytes
                    .get(start..end)
                    .map(Cow::Borrowed)
                    .ok_or(ExprError::Unavailable)
            }
            Source::Memory { space, addr } => {
                expr::read(self.t, *space, addr.wrapping_add(offset), len).map(Cow::Owned)
            }
        }
    }

    /// Whether any bit of the `len` bytes at `offset` is uninitialised (known only for values
    /// in memory, with `--uninitialized`).
    fn uninitialized(&self, offset: u64, len: u64) -> bool {
        let poisoned = |s: &[u8]| s.iter().any(|&b| b != 0);
        match (&self.source, &self.shadow) {
            (Source::Bytes(_), Some(shadow)) => {
                let (start, len) = (offset as usize, len as usize);
                shadow
                    .get(start..start.saturating_add(len))
                    .is_some_and(poisoned)
            }
            (Source::Memory { space, addr }, _) => self
                .t
                .read_shadow(*space, addr.wrapping_add(offset), len)
                .is_some_and(|s| poisoned(&s)),
            _ => false,
        }
    }

    /// The value of type `ty` at `offset`.
    fn value(&self, ty: TypeId, offset: u64, depth: u32) -> String {
        let d = self.t.debug();
        if depth > MAX_DEPTH {
            return "<...>".into();
        }
        match d.ty(d.resolve(ty)) {
            DbgType::Void => "void".into(),
            DbgType::Opaque { name } => format!("<opaque {name}>"),
            // A typedef chain too long to follow.
            DbgType::Typedef { name, .. } => format!("<opaque {name}>"),
            DbgType::Base { .. } | DbgType::Pointer { .. } | DbgType::Enum { .. } => {
                if self.uninitialized(offset, d.size_of(ty)) {
                    // gdb-like: the whole value, or one lane or member of it.
                    return if depth == 0 {
                        "<uninitialized>"
                    } else {
                        "<uninit>"
                    }
                    .into();
                }
                self.scalar(ty, offset)
            }
            DbgType::Struct { members, .. } => self.members(members, offset, depth),
            DbgType::Array { elem, count } => {
                self.elements(*elem, *count, offset, depth, ('{', '}'))
            }
            DbgType::Vector { elem, count } => {
                self.elements(*elem, *count as u64, offset, depth, ('(', ')'))
            }
        }
    }

    /// A base type, enum or pointer.
    fn scalar(&self, ty: TypeId, offset: u64) -> String {
        let d = self.t.debug();
        let size = d.size_of(ty);
        let s = match self
            .bytes(offset, size)
            .and_then(|bytes| expr::read_scalar(d, ty, &bytes))
        {
            Ok(s) => s,
            Err(e) => return error(e),
        };
        match d.ty(d.resolve(ty)) {
            DbgType::Pointer { .. } => pointer(s.raw().0, self.fmt),
            DbgType::Enum { values, .. } if self.fmt == Format::Natural => enumerator(s, values),
            _ => scalar(s, self.fmt),
        }
    }

    /// `{a = 1, b = 2}`, gdb's style for structs and unions (all members of a union).
    fn members(&self, members: &[Member], offset: u64, depth: u32) -> String {
        let shown: Vec<String> = members
            .iter()
            .map(|m| {
                let value = self.value(m.ty, offset.wrapping_add(m.offset), depth + 1);
                if m.name.is_empty() {
                    value
                } else {
                    format!("{} = {value}", m.name)
                }
            })
            .collect();
        format!("{{{}}}", shown.join(", "))
    }

    /// `{a,b,c}` for arrays and `(a,b,c)` for vectors, as Oclgrind prints them.
    fn elements(
        &self,
        elem: TypeId,
        count: u64,
        offset: u64,
        depth: u32,
        (open, close): (char, char),
    ) -> String {
        let size = self.t.debug().size_of(elem);
        let mut shown: Vec<String> = (0..count.min(MAX_ELEMENTS))
            .map(|i| self.value(elem, offset.wrapping_add(i.wrapping_mul(size)), depth + 1))
            .collect();
        if count > MAX_ELEMENTS {
            shown.push("...".into());
        }
        format!("{open}{}{close}", shown.join(","))
    }
}

/// An enum's value by enumerator name, or the number when none matches.
fn enumerator(s: Scalar, values: &[(String, i64)]) -> String {
    let (bits, size) = s.raw();
    let signed = expr::sign_extend(bits, size);
    let unsigned = bits as i64;
    values
        .iter()
        .find(|(_, v)| *v == signed || *v == unsigned)
        .map_or_else(|| signed.to_string(), |(name, _)| name.clone())
}

fn pointer(addr: u64, fmt: Format) -> String {
    match fmt {
        Format::Natural => format!("0x{addr:x}"),
        _ => scalar(
            Scalar::Int {
                bits: addr,
                size: 8,
                signed: false,
            },
            fmt,
        ),
    }
}

/// A register lane of type `ty` holding `bits`, as `print` shows a value of that type (for
/// values the debug information gives no type, such as what `finish` returns).
pub fn register(ty: ScalarTy, bits: u64) -> String {
    let s = match ty {
        ScalarTy::Ptr(_) => return pointer(bits, Format::Natural),
        ScalarTy::F16 => Scalar::Float {
            value: half::to_f64(bits as u16),
            bits: bits & 0xffff,
            size: 2,
        },
        ScalarTy::F32 => Scalar::Float {
            value: f32::from_bits(bits as u32) as f64,
            bits: bits & 0xffff_ffff,
            size: 4,
        },
        ScalarTy::F64 => Scalar::Float {
            value: f64::from_bits(bits),
            bits,
            size: 8,
        },
        ScalarTy::Int(1) => Scalar::Bool(bits & 1 != 0),
        ScalarTy::Int(w) => Scalar::Int {
            bits,
            size: (w as u32).div_ceil(8).min(8),
            signed: true,
        },
    };
    scalar(s, Format::Natural)
}

/// A scalar in a format.
fn scalar(s: Scalar, fmt: Format) -> String {
    match fmt {
        Format::Natural => match s {
            Scalar::Bool(b) => b.to_string(),
            Scalar::Float { value, .. } => ostream_double(value),
            Scalar::Int { bits, size, signed } => decimal(bits, size, signed),
        },
        Format::Float => ostream_double(s.as_f64()),
        Format::Char => character(s.as_i64(), s.is_unsigned()),
        Format::Hex | Format::Decimal | Format::Unsigned | Format::Binary | Format::Octal => {
            let (bits, size) = s.raw();
            integer(bits, size, fmt)
        }
    }
}

/// The low `size` bytes of `bits` as a decimal number.
fn decimal(bits: u64, size: u32, signed: bool) -> String {
    if signed {
        expr::sign_extend(bits, size).to_string()
    } else {
        mask(bits, size).to_string()
    }
}

fn mask(bits: u64, size: u32) -> u64 {
    if size >= 8 {
        bits
    } else {
        bits & ((1u64 << (8 * size)) - 1)
    }
}

/// Raw bits in one of gdb's integer formats, without padding (`print` style).
fn integer(bits: u64, size: u32, fmt: Format) -> String {
    let bits = mask(bits, size);
    match fmt {
        Format::Hex => format!("0x{bits:x}"),
        Format::Decimal => decimal(bits, size, true),
        Format::Binary => format!("{bits:b}"),
        Format::Octal if bits == 0 => "0".into(),
        Format::Octal => format!("0{bits:o}"),
        _ => bits.to_string(),
    }
}

/// gdb's `/c`: the value converted to a char, as a number and a character constant
/// (`65 'A'`, `10 '\n'`, `-56 '\310'`).
fn character(value: i64, unsigned: bool) -> String {
    let byte = value as u8;
    let number = if unsigned {
        byte as i64
    } else {
        byte as i8 as i64
    };
    let shown = match byte {
        b'\\' => "\\\\".to_string(),
        b'\'' => "\\'".to_string(),
        7 => "\\a".into(),
        8 => "\\b".into(),
        9 => "\\t".into(),
        10 => "\\n".into(),
        11 => "\\v".into(),
        12 => "\\f".into(),
        13 => "\\r".into(),
        0x20..=0x7e => (byte as char).to_string(),
        _ => format!("\\{byte:03o}"),
    };
    format!("{number} '{shown}'")
}

/// gdb's `x/NFU`: `count` units of `unit` bytes (1, 2, 4 or 8) from `addr`, as lines
/// `0x<addr>:<TAB>v<TAB>v...` joined by newlines (no trailing newline).
///
/// Values per line as gdb has them: 8 for bytes and halves, 4 for words, 2 for giants (and 8
/// for `/c`, which always reads bytes). Hex and binary are zero-padded to the unit
/// (`0x0000002a`); the natural format is hex, as `x`'s default is. `/f` reads halves, floats
/// and doubles by the unit size (bytes as integers). If any unit cannot be read the result
/// is the error for the first one that cannot, and nothing is printed.
pub fn examine(
    t: &dyn Target,
    space: AddrSpace,
    addr: u64,
    count: u64,
    fmt: Format,
    unit: u64,
) -> Result<String, ExprError> {
    if !matches!(unit, 1 | 2 | 4 | 8) {
        return Err(ExprError::UnitSize(unit));
    }
    if count > MAX_EXAMINE {
        return Err(ExprError::TooManyUnits(MAX_EXAMINE));
    }
    let unit = if fmt == Format::Char { 1 } else { unit };
    let (space, addr) = resolve(space, addr);
    let bytes = read_units(t, space, addr, count, unit)?;
    let per_line = values_per_line(fmt, unit);
    let lines: Vec<String> = bytes
        .chunks((per_line * unit) as usize)
        .enumerate()
        .map(|(n, line)| {
            let at = addr.wrapping_add(n as u64 * per_line * unit);
            let values: Vec<String> = line
                .chunks(unit as usize)
                .map(|bytes| unit_text(bytes, fmt))
                .collect();
            format!("0x{at:x}:\t{}", values.join("\t"))
        })
        .collect();
    Ok(lines.join("\n"))
}

fn values_per_line(fmt: Format, unit: u64) -> u64 {
    match (fmt, unit) {
        (Format::Char, _) | (_, 1 | 2) => 8,
        (_, 4) => 4,
        _ => 2,
    }
}

/// The bytes of `count` units, or the error naming the first unit that cannot be read.
fn read_units(
    t: &dyn Target,
    space: AddrSpace,
    addr: u64,
    count: u64,
    unit: u64,
) -> Result<Vec<u8>, ExprError> {
    let total = count * unit; // At most MAX_EXAMINE * 8: no overflow.
    if addr.checked_add(total).is_none() {
        return Err(ExprError::CannotAccess(addr));
    }
    if let Ok(bytes) = expr::read(t, space, addr, total) {
        return Ok(bytes);
    }
    // The range ends in unreadable memory (or spans two buffers): read unit by unit to find
    // where.
    let mut bytes = Vec::new();
    for i in 0..count {
        bytes.extend(expr::read(t, space, addr + i * unit, unit)?);
    }
    Ok(bytes)
}

/// One unit of `x` output.
fn unit_text(bytes: &[u8], fmt: Format) -> String {
    let bits = expr::le_bits(bytes);
    let size = bytes.len() as u32;
    match fmt {
        Format::Natural | Format::Hex => format!("0x{bits:0width$x}", width = bytes.len() * 2),
        Format::Binary => format!("{bits:0width$b}", width = bytes.len() * 8),
        Format::Char => character(bits as i64, false),
        Format::Float => match expr::float_from_bits(bits, size) {
            Ok(x) => ostream_double(x),
            Err(_) => decimal(bits, size, true),
        },
        Format::Decimal | Format::Unsigned | Format::Octal => integer(bits, size, fmt),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expr::fake::*;
    use crate::expr::{evaluate, parse};
    use oclgrind_core::debugging::to_generic;

    /// `examine`, its error as the message the user reads.
    fn examine(
        t: &Fake,
        space: AddrSpace,
        addr: u64,
        count: u64,
        fmt: Format,
        unit: u64,
    ) -> Result<String, String> {
        super::examine(t, space, addr, count, fmt, unit).map_err(|e| e.to_string())
    }

    fn print(text: &str, fmt: Format) -> String {
        let t = target();
        match parse(text).and_then(|e| evaluate(&e, &t)) {
            Ok(v) => value(&v, fmt, &t),
            Err(e) => format!("error: {e}"),
        }
    }

    fn natural(text: &str) -> String {
        print(text, Format::Natural)
    }

    #[test]
    fn format_letters() {
        for (letter, fmt) in [
            ('x', Format::Hex),
            ('d', Format::Decimal),
            ('u', Format::Unsigned),
            ('t', Format::Binary),
            ('c', Format::Char),
            ('f', Format::Float),
            ('o', Format::Octal),
        ] {
            assert_eq!(parse_format(letter), Some(fmt));
        }
        assert_eq!(parse_format('z'), None);
        assert_eq!(parse_format('X'), None);
        assert_eq!(
            ['b', 'h', 'w', 'g', 'q'].map(parse_unit),
            [Some(1), Some(2), Some(4), Some(8), None]
        );
    }

    #[test]
    fn floats_like_ostream() {
        for (x, text) in [
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (-2.5, "-2.5"),
            (std::f64::consts::PI, "3.14159"),
            (1e20, "1e+20"),
            (1e10, "1e+10"),
            (1.5e-7, "1.5e-07"),
            (1e-5, "1e-05"),
            (0.0001, "0.0001"),
            (100000.0, "100000"),
            (1234567.0, "1.23457e+06"),
            (999999.0, "999999"),
            (999999.5, "1e+06"),
            (123456.7, "123457"),
            (1e100, "1e+100"),
            (5e-324, "4.94066e-324"),
            (f64::MAX, "1.79769e+308"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (-f64::NAN, "-nan"),
            (0.1f32 as f64, "0.1"),
            (1.0 / 3.0, "0.333333"),
        ] {
            assert_eq!(ostream_double(x), text, "{x:e}");
        }
    }

    #[test]
    fn natural_values() {
        assert_eq!(natural("i"), "-7");
        assert_eq!(natural("u"), "4000000000");
        assert_eq!(natural("l"), "-5");
        assert_eq!(natural("ul"), "18446744073709551615");
        assert_eq!(natural("c"), "65");
        assert_eq!(natural("uc"), "200");
        assert_eq!(natural("f"), "2.5");
        assert_eq!(natural("d"), "0.1");
        assert_eq!(natural("h"), "1.5");
        assert_eq!(natural("flag"), "true");
        assert_eq!(natural("color"), "BLUE");
        assert_eq!(natural("color2"), "3");
        assert_eq!(natural("v"), "(1,2.5,-3,4)");
        assert_eq!(natural("f3"), "(1,2,3)");
        assert_eq!(natural("i2"), "(3,4)");
        assert_eq!(natural("s.b"), "{0.5,1.5,2.5}");
        assert_eq!(
            natural("s"),
            "{a = 1, b = {0.5,1.5,2.5}, in = {x = -2, c = 65}}"
        );
        assert_eq!(
            natural("*sp"),
            "{a = 100, b = {1,2,3}, in = {x = 7, c = 122}}"
        );
        assert_eq!(natural("un"), "{i = 1065353216, f = 1}");
        assert_eq!(natural("gp"), "0x1000000000000");
        assert_eq!(natural("sp"), "0x2000000000000");
        assert_eq!(natural("nul"), "0x0");
        assert_eq!(natural("&s"), "0x200000000");
        assert_eq!(natural("gone"), "<optimized out>");
        assert_eq!(
            natural("*bad"),
            "<error: Cannot access memory at address 0xdead>"
        );
        assert_eq!(natural("img"), "<opaque image2d_t>");
        assert_eq!(natural("1 + 1"), "2");
        assert_eq!(natural("-1"), "-1");
        assert_eq!(natural("0u - 1"), "18446744073709551615");
        assert_eq!(natural("1.0 / 3"), "0.333333");
        assert_eq!(natural("1.0 / 0"), "inf");
    }

    #[test]
    fn long_arrays_are_cut() {
        let big = natural("big");
        let expected: Vec<String> = (0..200).map(|i| i.to_string()).collect();
        assert_eq!(big, format!("{{{},...}}", expected.join(",")));
    }

    #[test]
    fn hex() {
        let x = |text| print(text, Format::Hex);
        assert_eq!(x("i"), "0xfffffff9");
        assert_eq!(x("c"), "0x41");
        assert_eq!(x("uc"), "0xc8");
        assert_eq!(x("f"), "0x40200000");
        assert_eq!(x("h"), "0x3e00");
        assert_eq!(x("flag"), "0x1");
        assert_eq!(x("color"), "0x5");
        assert_eq!(x("gp"), "0x1000000000000");
        assert_eq!(x("-1"), "0xffffffffffffffff");
        assert_eq!(x("42"), "0x2a");
        assert_eq!(x("1.0"), "0x3ff0000000000000");
        assert_eq!(x("v"), "(0x3f800000,0x40200000,0xc0400000,0x40800000)");
        assert_eq!(
            x("s"),
            "{a = 0x1, b = {0x3f000000,0x3fc00000,0x40200000}, in = {x = 0xfffffffe, c = 0x41}}"
        );
        assert_eq!(x("gone"), "<optimized out>");
    }

    #[test]
    fn decimal_unsigned_octal_binary() {
        assert_eq!(print("u", Format::Decimal), "-294967296");
        assert_eq!(print("i", Format::Decimal), "-7");
        assert_eq!(print("f", Format::Decimal), "1075838976");
        assert_eq!(print("color", Format::Decimal), "5");
        assert_eq!(print("uc", Format::Decimal), "-56");
        assert_eq!(print("i", Format::Unsigned), "4294967289");
        assert_eq!(print("-1", Format::Unsigned), "18446744073709551615");
        assert_eq!(print("c", Format::Unsigned), "65");
        assert_eq!(print("8", Format::Octal), "010");
        assert_eq!(print("0", Format::Octal), "0");
        assert_eq!(print("c", Format::Octal), "0101");
        assert_eq!(print("5", Format::Binary), "101");
        assert_eq!(print("0", Format::Binary), "0");
        assert_eq!(print("c", Format::Binary), "1000001");
        assert_eq!(print("i2", Format::Binary), "(11,100)");
        assert_eq!(print("gp", Format::Decimal), "281474976710656");
    }

    #[test]
    fn characters() {
        let c = |text| print(text, Format::Char);
        assert_eq!(c("65"), "65 'A'");
        assert_eq!(c("c"), "65 'A'");
        assert_eq!(c("10"), "10 '\\n'");
        assert_eq!(c("0"), "0 '\\000'");
        assert_eq!(c("200"), "-56 '\\310'");
        assert_eq!(c("uc"), "200 '\\310'");
        assert_eq!(c("321"), "65 'A'");
        assert_eq!(c("'\\''"), "39 '\\''");
        assert_eq!(c("'\\\\'"), "92 '\\\\'");
        assert_eq!(c("27"), "27 '\\033'");
        assert_eq!(c("f"), "2 '\\002'");
        assert_eq!(c("s.in"), "{x = -2 '\\376', c = 65 'A'}");
    }

    #[test]
    fn float_format() {
        let f = |text| print(text, Format::Float);
        assert_eq!(f("i"), "-7");
        assert_eq!(f("f"), "2.5");
        assert_eq!(f("3"), "3");
        assert_eq!(f("ul"), "1.84467e+19");
        assert_eq!(f("flag"), "1");
        assert_eq!(f("v"), "(1,2.5,-3,4)");
        assert_eq!(f("s.in"), "{x = -2, c = 65}");
    }

    fn x(offset: u64, count: u64, fmt: Format, unit: u64) -> Result<String, String> {
        examine(
            &target(),
            AddrSpace::Global,
            GLOBAL_BYTES + offset,
            count,
            fmt,
            unit,
        )
    }

    #[test]
    fn examine_in_every_unit() {
        assert_eq!(
            x(0, 4, Format::Hex, 1),
            Ok("0x4000000000000:\t0x2a\t0x00\t0x00\t0x00".into())
        );
        assert_eq!(
            x(0, 3, Format::Hex, 2),
            Ok("0x4000000000000:\t0x002a\t0x0000\t0xffff".into())
        );
        assert_eq!(
            x(0, 4, Format::Hex, 4),
            Ok("0x4000000000000:\t0x0000002a\t0xffffffff\t0x3f800000\t0x000a4241".into())
        );
        assert_eq!(
            x(0, 2, Format::Hex, 8),
            Ok("0x4000000000000:\t0xffffffff0000002a\t0x000a42413f800000".into())
        );
        // The natural format of `x` is hex.
        assert_eq!(x(0, 1, Format::Natural, 4), x(0, 1, Format::Hex, 4));
    }

    #[test]
    fn examine_wraps_lines() {
        assert_eq!(
            x(0, 10, Format::Hex, 1),
            Ok(
                "0x4000000000000:\t0x2a\t0x00\t0x00\t0x00\t0xff\t0xff\t0xff\t0xff\n\
                0x4000000000008:\t0x00\t0x00"
                    .into()
            )
        );
        assert_eq!(
            x(0, 5, Format::Decimal, 2).map(|s| s.lines().count()),
            Ok(1)
        );
        assert_eq!(
            x(0, 4, Format::Decimal, 4).map(|s| s.lines().count()),
            Ok(1)
        );
        assert_eq!(x(0, 2, Format::Hex, 8).map(|s| s.lines().count()), Ok(1));
        assert_eq!(
            examine(
                &target(),
                AddrSpace::Global,
                GLOBAL_BIG,
                6,
                Format::Decimal,
                4
            ),
            Ok("0x3000000000000:\t0\t1\t2\t3\n0x3000000000010:\t4\t5".into())
        );
        assert_eq!(
            examine(
                &target(),
                AddrSpace::Global,
                GLOBAL_BIG,
                3,
                Format::Decimal,
                8
            ),
            Ok("0x3000000000000:\t4294967296\t12884901890\n0x3000000000010:\t21474836484".into())
        );
        assert_eq!(x(0, 0, Format::Hex, 4), Ok(String::new()));
    }

    #[test]
    fn examine_formats() {
        assert_eq!(
            x(0, 3, Format::Decimal, 4),
            Ok("0x4000000000000:\t42\t-1\t1065353216".into())
        );
        assert_eq!(
            x(4, 1, Format::Unsigned, 4),
            Ok("0x4000000000004:\t4294967295".into())
        );
        assert_eq!(
            x(0, 1, Format::Octal, 4),
            Ok("0x4000000000000:\t052".into())
        );
        assert_eq!(
            x(0, 2, Format::Binary, 1),
            Ok("0x4000000000000:\t00101010\t00000000".into())
        );
        assert_eq!(
            x(0, 1, Format::Binary, 2),
            Ok("0x4000000000000:\t0000000000101010".into())
        );
        // `/c` always reads bytes.
        assert_eq!(
            x(12, 4, Format::Char, 4),
            Ok("0x400000000000c:\t65 'A'\t66 'B'\t10 '\\n'\t0 '\\000'".into())
        );
        assert_eq!(x(8, 1, Format::Float, 4), Ok("0x4000000000008:\t1".into()));
        assert_eq!(
            x(8, 1, Format::Float, 8),
            Ok("0x4000000000008:\t1.42666e-308".into())
        );
        assert_eq!(
            x(10, 1, Format::Float, 2),
            Ok("0x400000000000a:\t1.875".into())
        );
        assert_eq!(x(0, 1, Format::Float, 1), Ok("0x4000000000000:\t42".into()));
    }

    #[test]
    fn examine_spaces_and_errors() {
        let t = target();
        assert_eq!(
            examine(&t, AddrSpace::Local, LOCAL_INTS, 2, Format::Decimal, 4),
            Ok("0x1000000000000:\t5\t6".into())
        );
        assert_eq!(
            examine(
                &t,
                AddrSpace::Constant,
                CONSTANT_INTS,
                2,
                Format::Decimal,
                4
            ),
            Ok("0x1000000000000:\t7\t8".into())
        );
        assert_eq!(
            examine(&t, AddrSpace::Private, PRIVATE_V, 1, Format::Float, 4),
            Ok("0x100000000:\t1".into())
        );
        let generic = to_generic(GLOBAL_INTS, AddrSpace::Global);
        assert_eq!(
            examine(&t, AddrSpace::Generic, generic, 1, Format::Decimal, 4),
            Ok("0x1000000000000:\t10".into())
        );
        assert_eq!(
            examine(&t, AddrSpace::Global, 0xdead, 1, Format::Hex, 4),
            Err("Cannot access memory at address 0xdead".into())
        );
        // The buffer has 16 bytes: the fifth word is the first that cannot be read.
        assert_eq!(
            x(0, 5, Format::Hex, 4),
            Err("Cannot access memory at address 0x4000000000010".into())
        );
        assert_eq!(x(0, 1, Format::Hex, 3), Err("Invalid unit size 3.".into()));
        assert!(x(0, MAX_EXAMINE + 1, Format::Hex, 1).is_err());
        assert_eq!(
            examine(&t, AddrSpace::Global, u64::MAX - 2, 2, Format::Hex, 4),
            Err("Cannot access memory at address 0xfffffffffffffffd".into())
        );
    }
}
