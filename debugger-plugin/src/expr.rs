//! Expressions of `print`, `display`, `watch`, `x` and breakpoint conditions: a subset of C
//! (names, literals, `.` `->` `[]`, unary `* & - + ! ~` and the binary operators) parsed into a
//! tree and evaluated against a stopped work-item.
//!
//! A result is either a typed value of the kernel (`Value`: a type and where its bytes are) or
//! a plain number from literals and arithmetic. Typed values stay lazy — a member of a struct in
//! memory is just a narrower place — so `&s.b[1]` or `*p` read no memory they do not need, and
//! printing an unreadable value can say so in place. Every failure is an `Err` carrying a
//! gdb-style message; no input makes this module panic (the size of the tree is bounded, so
//! recursion is too).

use crate::target::{Place, Target, Value};
use oclgrind_core::debuginfo::{DbgType, Encoding, KernelDebug, TypeId};
use oclgrind_core::half;
use oclgrind_core::memory::{self, AddrSpace};
use std::fmt;
use std::num::IntErrorKind;

pub use oclgrind_debug_protocol::text::{NO_MEMBER, NO_SYMBOL, SYNTAX_ERROR_AT_END};

/// Most nodes an expression may have. Evaluating (and dropping) the tree recurses once per
/// level, so this bounds the stack whatever the input.
const MAX_NODES: usize = 500;
/// Deepest nesting of parentheses, brackets and unary operators the parser accepts.
const MAX_NESTING: usize = 64;

const TOO_COMPLEX: &str = "Expression too complex.";
const OPTIMIZED_OUT: &str = "value has been optimized out";
const NOT_A_NUMBER: &str = "Argument to arithmetic operation not a number or boolean.";
const NOT_A_POINTER: &str = "Attempt to take contents of a non-pointer value.";
const NOT_IN_MEMORY: &str = "Attempt to take address of value not located in memory.";
const NOT_A_STRUCT: &str = "Attempt to extract a component of a value that is not a structure.";
const NOT_A_STRUCT_POINTER: &str =
    "Attempt to extract a component of a value that is not a structure pointer.";
const NOT_AN_INTEGER: &str = "Array subscript is not an integer.";
const UNAVAILABLE: &str = "value is not available";

/// The error for memory that cannot be read.
pub(crate) fn cannot_access(addr: u64) -> String {
    format!("Cannot access memory at address 0x{addr:x}")
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

/// The result of evaluating an expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Evaluated {
    /// A value of one of the kernel's types.
    Typed(Value),
    /// A number from literals or arithmetic (C's `long`).
    Int(i64),
    /// An unsigned number (C's `unsigned long`).
    UInt(u64),
    /// A floating-point number (C's `double`).
    Float(f64),
    /// A pointer the debugger made (`&x`, or an array used as a pointer), whose pointer type
    /// the kernel's debug information may not have. `pointee` is `None` for `void *`.
    Pointer {
        pointee: Option<TypeId>,
        space: AddrSpace,
        addr: u64,
    },
    /// gdb's artificial array `x@N`: `count` values of type `elem` from `addr` on.
    Repeated {
        elem: TypeId,
        count: u64,
        space: AddrSpace,
        addr: u64,
    },
}

/// A plain number during arithmetic.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Num {
    I(i64),
    U(u64),
    F(f64),
}

impl From<Num> for Evaluated {
    fn from(n: Num) -> Evaluated {
        match n {
            Num::I(i) => Evaluated::Int(i),
            Num::U(u) => Evaluated::UInt(u),
            Num::F(x) => Evaluated::Float(x),
        }
    }
}

/// A pointer during evaluation: where it points, what it points to and, when the value came
/// from the kernel, its own type (kept so results of `p + 1` still have the kernel's type).
#[derive(Clone, Copy, Debug)]
struct Ptr {
    space: AddrSpace,
    addr: u64,
    pointee: Option<TypeId>,
    ty: Option<TypeId>,
}

impl Ptr {
    fn into_evaluated(self) -> Evaluated {
        match self.ty {
            Some(ty) => Evaluated::Typed(Value {
                ty,
                place: Place::Bytes(self.addr.to_le_bytes().to_vec()),
            }),
            None => Evaluated::Pointer {
                pointee: self.pointee,
                space: self.space,
                addr: self.addr,
            },
        }
    }

    /// Bytes one step of pointer arithmetic moves: the pointee's size (1 for `void *` and
    /// sizeless pointees, as GNU C does).
    fn step(&self, d: &KernelDebug) -> u64 {
        self.pointee
            .map(|ty| d.size_of(ty))
            .filter(|&size| size > 0)
            .unwrap_or(1)
    }

    /// `self + n` in C: `n` elements further, wrapping like the hardware would.
    fn offset(self, n: i64, d: &KernelDebug) -> Ptr {
        let bytes = (n as u64).wrapping_mul(self.step(d));
        Ptr {
            addr: self.addr.wrapping_add(bytes),
            ..self
        }
    }
}

/// An operand of arithmetic: a number or a pointer.
enum Operand {
    Num(Num),
    Ptr(Ptr),
}

/// A scalar read from its bytes: what both arithmetic and printing need to know.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Scalar {
    /// An integer of `size` bytes (1 to 8); `bits` holds exactly those bytes, zero-extended.
    Int {
        bits: u64,
        size: u32,
        signed: bool,
    },
    /// A `half`, `float` or `double`; `bits` are its raw bits, `size` its bytes.
    Float {
        value: f64,
        bits: u64,
        size: u32,
    },
    Bool(bool),
}

impl Scalar {
    /// The raw bits and the size in bytes (what gdb's `/x /d /u /o /t` show).
    pub(crate) fn raw(self) -> (u64, u32) {
        match self {
            Scalar::Int { bits, size, .. } | Scalar::Float { bits, size, .. } => (bits, size),
            Scalar::Bool(b) => (b as u64, 1),
        }
    }

    /// The value with C's integer promotions: everything narrower than 64 bits fits an `i64`.
    fn to_num(self) -> Num {
        match self {
            Scalar::Int {
                bits,
                size,
                signed: true,
            } => Num::I(sign_extend(bits, size)),
            Scalar::Int { bits, size, .. } if size < 8 => Num::I(bits as i64),
            Scalar::Int { bits, .. } => Num::U(bits),
            Scalar::Float { value, .. } => Num::F(value),
            Scalar::Bool(b) => Num::I(b as i64),
        }
    }

    /// The value as a double (what `/f` shows for integers).
    pub(crate) fn as_f64(self) -> f64 {
        match self.to_num() {
            Num::I(i) => i as f64,
            Num::U(u) => u as f64,
            Num::F(x) => x,
        }
    }

    /// The value converted to an integer (floats truncate, saturating), for `/c`.
    pub(crate) fn as_i64(self) -> i64 {
        match self.to_num() {
            Num::I(i) => i,
            Num::U(u) => u as i64,
            Num::F(x) => x as i64,
        }
    }

    /// Whether the value is of an unsigned integer type (`/c` then shows 0..255, not -128..127).
    pub(crate) fn is_unsigned(self) -> bool {
        matches!(self, Scalar::Int { signed: false, .. } | Scalar::Bool(_))
    }
}

/// Little-endian bits of up to the first 8 bytes.
pub(crate) fn le_bits(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .take(8)
        .rev()
        .fold(0, |acc, &b| (acc << 8) | b as u64)
}

/// The `size`-byte integer in `bits`, sign-extended.
pub(crate) fn sign_extend(bits: u64, size: u32) -> i64 {
    if size == 0 || size >= 8 {
        return bits as i64;
    }
    let shift = 64 - 8 * size;
    ((bits << shift) as i64) >> shift
}

/// A float of `size` bytes from its bits.
pub(crate) fn float_from_bits(bits: u64, size: u32) -> Result<f64, String> {
    match size {
        2 => Ok(half::to_f64(bits as u16)),
        4 => Ok(f32::from_bits(bits as u32) as f64),
        8 => Ok(f64::from_bits(bits)),
        _ => Err(format!("Cannot read a {size}-byte floating-point value.")),
    }
}

/// Reads a scalar (base type, enum or pointer) of type `ty` from the start of `bytes`.
pub(crate) fn read_scalar(d: &KernelDebug, ty: TypeId, bytes: &[u8]) -> Result<Scalar, String> {
    let (size, encoding) = match d.ty(d.resolve(ty)) {
        DbgType::Base { size, encoding, .. } => (*size, *encoding),
        DbgType::Enum { size, .. } => (*size, Encoding::Signed),
        DbgType::Pointer { .. } => (8, Encoding::Unsigned),
        _ => return Err(NOT_A_NUMBER.into()),
    };
    if size == 0 || size > 8 {
        return Err(format!("Cannot read a {size}-byte scalar."));
    }
    let raw = bytes.get(..size as usize).ok_or(UNAVAILABLE)?;
    let bits = le_bits(raw);
    Ok(match encoding {
        Encoding::Float => Scalar::Float {
            value: float_from_bits(bits, size)?,
            bits,
            size,
        },
        Encoding::Bool => Scalar::Bool(bits != 0),
        Encoding::Signed | Encoding::SignedChar => Scalar::Int {
            bits,
            size,
            signed: true,
        },
        Encoding::Unsigned | Encoding::UnsignedChar => Scalar::Int {
            bits,
            size,
            signed: false,
        },
    })
}

/// `len` bytes of memory, or the error gdb gives. Generic addresses are resolved first.
pub(crate) fn read(
    t: &dyn Target,
    space: AddrSpace,
    addr: u64,
    len: u64,
) -> Result<Vec<u8>, String> {
    if len == 0 {
        return Ok(Vec::new());
    }
    let (space, addr) = memory::resolve(space, addr);
    t.read(space, addr, len)
        .filter(|bytes| bytes.len() as u64 == len)
        .ok_or_else(|| cannot_access(addr))
}

/// The bytes of a typed value (reading memory when needed).
pub fn bytes_of(v: &Value, t: &dyn Target) -> Result<Vec<u8>, String> {
    match &v.place {
        Place::Bytes(bytes) | Place::Uninit { bytes, .. } => Ok(bytes.clone()),
        Place::OptimizedOut => Err(OPTIMIZED_OUT.into()),
        Place::Memory { space, addr } => read(t, *space, *addr, t.debug().size_of(v.ty)),
    }
}

/// For `watch` and `x`: where a value lives (generic addresses resolved) and how many bytes it
/// has. Only values in memory have an address.
pub fn address_of(v: &Evaluated, t: &dyn Target) -> Result<(AddrSpace, u64, u64), String> {
    match v {
        Evaluated::Typed(Value {
            ty,
            place: Place::Memory { space, addr },
        }) => {
            let (space, addr) = memory::resolve(*space, *addr);
            Ok((space, addr, t.debug().size_of(*ty)))
        }
        Evaluated::Typed(Value {
            place: Place::OptimizedOut,
            ..
        }) => Err(OPTIMIZED_OUT.into()),
        _ => Err(NOT_IN_MEMORY.into()),
    }
}

/// For `x EXPR`, as gdb reads it: where a pointer points, the address of an aggregate in memory
/// (`x arr`, `x s`), or a plain integer taken as an address — with `None` for its space, which
/// the caller chooses.
pub fn pointer_target(v: &Evaluated, t: &dyn Target) -> Result<(Option<AddrSpace>, u64), String> {
    if let Some(p) = as_pointer(v, t)? {
        let (space, addr) = memory::resolve(p.space, p.addr);
        return Ok((Some(space), addr));
    }
    if let Evaluated::Typed(Value {
        ty,
        place: Place::Memory { space, addr },
    }) = v
    {
        let d = t.debug();
        if matches!(
            d.ty(d.resolve(*ty)),
            DbgType::Struct { .. } | DbgType::Vector { .. }
        ) {
            let (space, addr) = memory::resolve(*space, *addr);
            return Ok((Some(space), addr));
        }
    }
    match number(v, t)? {
        Some(Num::I(i)) => Ok((None, i as u64)),
        Some(Num::U(u)) => Ok((None, u)),
        _ => Err(NOT_A_POINTER.into()),
    }
}

/// The name of a result's type, for `whatis`-like output (`int`, `float4`, `struct S *`).
/// Plain numbers are C's `long`, `unsigned long` and `double`.
pub fn type_name(v: &Evaluated, d: &KernelDebug) -> String {
    match v {
        Evaluated::Typed(value) => d.type_name(value.ty),
        Evaluated::Int(_) => "long".into(),
        Evaluated::UInt(_) => "unsigned long".into(),
        Evaluated::Float(_) => "double".into(),
        Evaluated::Pointer { pointee, .. } => match pointee {
            Some(ty) => format!("{} *", d.type_name(*ty)),
            None => "void *".into(),
        },
        Evaluated::Repeated { elem, count, .. } => format!("{} [{count}]", d.type_name(*elem)),
    }
}

// ---------------------------------------------------------------------------------------------
// Tokens
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Number(Num),
    Punct(&'static str),
    End,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    /// Byte offset in the text (for "near '...'" in syntax errors).
    at: usize,
}

/// Punctuation, longest first so `->` wins over `-`.
const PUNCTUATION: [&str; 30] = [
    "->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "&",
    "^", "|", "!", "~", "(", ")", "[", "]", ".", "?", ":", "@", ",",
];

fn tokenize(text: &str) -> Result<Vec<Token>, String> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let starts_number =
            c.is_ascii_digit() || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        let tok = if c.is_ascii_alphabetic() || c == b'_' {
            i = scan_while(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'_');
            Tok::Ident(text[start..i].to_string())
        } else if starts_number {
            i = scan_number(bytes, i);
            Tok::Number(number_literal(&text[start..i])?)
        } else if c == b'\'' {
            let (value, end) = char_literal(text, i)?;
            i = end;
            Tok::Number(Num::I(value))
        } else if let Some(p) = PUNCTUATION.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            Tok::Punct(p)
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(format!("Invalid character '{ch}' in expression."));
        };
        tokens.push(Token { tok, at: start });
    }
    tokens.push(Token {
        tok: Tok::End,
        at: text.len(),
    });
    Ok(tokens)
}

fn scan_while(bytes: &[u8], mut i: usize, keep: impl Fn(u8) -> bool) -> usize {
    while bytes.get(i).is_some_and(|&b| keep(b)) {
        i += 1;
    }
    i
}

/// The end of the number starting at `start`: letters, digits, dots, and a sign right after a
/// decimal exponent (`1e-5`). What it means is decided by `number_literal`.
fn scan_number(bytes: &[u8], start: usize) -> usize {
    let hex = matches!(bytes.get(start..start + 2), Some(b"0x" | b"0X"));
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        let after_exponent = i > start && matches!(bytes[i - 1], b'e' | b'E');
        let exponent_sign = !hex && matches!(b, b'+' | b'-') && after_exponent;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// An integer (decimal, `0x` hex, `0` octal, `u`/`l` suffixes) or floating-point literal.
fn number_literal(text: &str) -> Result<Num, String> {
    let invalid = || format!("Invalid number \"{text}\".");
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_prefix("0x") {
        (hex, 16)
    } else if lower.contains(['.', 'e']) {
        let body = lower
            .strip_suffix('f')
            .or_else(|| lower.strip_suffix('l'))
            .unwrap_or(&lower);
        return body.parse::<f64>().map(Num::F).map_err(|_| invalid());
    } else {
        (lower.as_str(), 10)
    };
    let body = digits.trim_end_matches(['u', 'l']);
    let suffix = &digits[body.len()..];
    let good_suffix = suffix.matches('u').count() <= 1 && suffix.matches('l').count() <= 2;
    if !good_suffix || body.is_empty() {
        return Err(invalid());
    }
    // A leading 0 means octal, as in C.
    let (body, radix) = match body.strip_prefix('0') {
        Some(octal) if radix == 10 && !octal.is_empty() => (octal, 8),
        _ => (body, radix),
    };
    let value = u64::from_str_radix(body, radix).map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow => "Numeric constant too large.".to_string(),
        _ => invalid(),
    })?;
    Ok(match i64::try_from(value) {
        Ok(signed) if !suffix.contains('u') => Num::I(signed),
        _ => Num::U(value),
    })
}

/// A character literal starting at `start` (the opening quote): its value (a C `char`, so
/// `'\377'` is -1) and the offset just past the closing quote.
fn char_literal(text: &str, start: usize) -> Result<(i64, usize), String> {
    let unmatched = || "Unmatched single quote.".to_string();
    let mut chars = text[start + 1..].char_indices().peekable();
    let value = match chars.next().ok_or_else(unmatched)?.1 {
        '\'' => return Err("Empty character constant.".into()),
        '\\' => {
            let escape = chars.next().ok_or_else(unmatched)?.1;
            let mut digits = |radix: u32, max: usize| {
                let mut value: u32 = escape.to_digit(radix).unwrap_or(0);
                for _ in 0..max {
                    match chars.peek().and_then(|(_, c)| c.to_digit(radix)) {
                        Some(d) => value = value.wrapping_mul(radix).wrapping_add(d),
                        None => break,
                    }
                    chars.next();
                }
                (value as u8) as i8 as i64
            };
            match escape {
                'n' => 10,
                't' => 9,
                'r' => 13,
                'a' => 7,
                'b' => 8,
                'f' => 12,
                'v' => 11,
                'e' => 27,
                'x' => digits(16, 8),
                '0'..='7' => digits(8, 2),
                other => other as i64,
            }
        }
        c => c as i64,
    };
    match chars.next() {
        Some((offset, '\'')) => Ok((value, start + 1 + offset + 1)),
        _ => Err(unmatched()),
    }
}

// ---------------------------------------------------------------------------------------------
// Syntax tree and parser
// ---------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unary {
    Deref,
    AddrOf,
    Neg,
    Plus,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Binary {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl Binary {
    /// The operator a punctuation token stands for, and its C precedence (higher binds
    /// tighter).
    fn from_punct(p: &str) -> Option<(Binary, u8)> {
        Some(match p {
            "*" => (Binary::Mul, 10),
            "/" => (Binary::Div, 10),
            "%" => (Binary::Rem, 10),
            "+" => (Binary::Add, 9),
            "-" => (Binary::Sub, 9),
            "<<" => (Binary::Shl, 8),
            ">>" => (Binary::Shr, 8),
            "<" => (Binary::Lt, 7),
            "<=" => (Binary::Le, 7),
            ">" => (Binary::Gt, 7),
            ">=" => (Binary::Ge, 7),
            "==" => (Binary::Eq, 6),
            "!=" => (Binary::Ne, 6),
            "&" => (Binary::BitAnd, 5),
            "^" => (Binary::BitXor, 4),
            "|" => (Binary::BitOr, 3),
            "&&" => (Binary::And, 2),
            "||" => (Binary::Or, 1),
            _ => return None,
        })
    }

    fn symbol(self) -> &'static str {
        match self {
            Binary::Mul => "*",
            Binary::Div => "/",
            Binary::Rem => "%",
            Binary::Add => "+",
            Binary::Sub => "-",
            Binary::Shl => "<<",
            Binary::Shr => ">>",
            Binary::Lt => "<",
            Binary::Le => "<=",
            Binary::Gt => ">",
            Binary::Ge => ">=",
            Binary::Eq => "==",
            Binary::Ne => "!=",
            Binary::BitAnd => "&",
            Binary::BitXor => "^",
            Binary::BitOr => "|",
            Binary::And => "&&",
            Binary::Or => "||",
        }
    }

    fn is_comparison(self) -> bool {
        matches!(
            self,
            Binary::Lt | Binary::Le | Binary::Gt | Binary::Ge | Binary::Eq | Binary::Ne
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Node {
    Name(String),
    Literal(Num),
    Member(Box<Node>, String),
    Arrow(Box<Node>, String),
    Index(Box<Node>, Box<Node>),
    Unary(Unary, Box<Node>),
    Binary(Binary, Box<Node>, Box<Node>),
    /// `c ? a : b`.
    Choose(Box<Node>, Box<Node>, Box<Node>),
    /// `(type) x`.
    Cast(CType, Box<Node>),
    /// `sizeof(type)`.
    SizeOfType(CType),
    /// `sizeof x`.
    SizeOf(Box<Node>),
    /// gdb's `x@N`.
    Repeat(Box<Node>, Box<Node>),
    /// A call of a work-item function (`get_global_id(0)`).
    Call(String, Vec<Node>),
}

/// A type written in a cast or `sizeof`: an OpenCL C scalar type, or a pointer to one.
#[derive(Clone, Copy, Debug, PartialEq)]
struct CType {
    scalar: CScalar,
    /// For pointers: the address space (private when none is written) and how many `*`.
    space: AddrSpace,
    pointers: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum CScalar {
    Void,
    Int { size: u32, signed: bool },
    Float { size: u32 },
    Bool,
}

impl CScalar {
    /// The scalar a type name (one or more words, `unsigned int`) means.
    fn named(words: &[&str]) -> Option<CScalar> {
        let int = |size, signed| Some(CScalar::Int { size, signed });
        match words {
            ["void"] => Some(CScalar::Void),
            ["bool"] => Some(CScalar::Bool),
            ["char"] | ["signed", "char"] => int(1, true),
            ["uchar"] | ["unsigned", "char"] => int(1, false),
            ["short"] | ["signed", "short"] => int(2, true),
            ["ushort"] | ["unsigned", "short"] => int(2, false),
            ["int"] | ["signed"] | ["signed", "int"] => int(4, true),
            ["uint"] | ["unsigned"] | ["unsigned", "int"] => int(4, false),
            ["long"] | ["signed", "long"] => int(8, true),
            ["ulong"] | ["unsigned", "long"] | ["size_t"] => int(8, false),
            ["float"] => Some(CScalar::Float { size: 4 }),
            ["double"] => Some(CScalar::Float { size: 8 }),
            _ => None,
        }
    }

    fn size(self) -> u64 {
        match self {
            CScalar::Void => 1,
            CScalar::Bool => 1,
            CScalar::Int { size, .. } | CScalar::Float { size } => size as u64,
        }
    }

    /// The names the kernel's debug information may give this type.
    fn debug_names(self) -> &'static [&'static str] {
        match self {
            CScalar::Void => &[],
            CScalar::Bool => &["bool", "_Bool"],
            CScalar::Int {
                size: 1,
                signed: true,
            } => &["char", "signed char"],
            CScalar::Int { size: 1, .. } => &["unsigned char", "uchar"],
            CScalar::Int {
                size: 2,
                signed: true,
            } => &["short"],
            CScalar::Int { size: 2, .. } => &["unsigned short", "ushort"],
            CScalar::Int {
                size: 4,
                signed: true,
            } => &["int"],
            CScalar::Int { size: 4, .. } => &["unsigned int", "uint"],
            CScalar::Int { signed: true, .. } => &["long"],
            CScalar::Int { .. } => &["unsigned long", "ulong", "size_t"],
            CScalar::Float { size: 4 } => &["float"],
            CScalar::Float { .. } => &["double"],
        }
    }
}

/// The address space a qualifier names.
fn qualifier_space(word: &str) -> Option<AddrSpace> {
    match word.trim_start_matches("__") {
        "global" => Some(AddrSpace::Global),
        "local" => Some(AddrSpace::Local),
        "constant" => Some(AddrSpace::Constant),
        "private" => Some(AddrSpace::Private),
        "generic" => Some(AddrSpace::Generic),
        _ => None,
    }
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    text: String,
    root: Node,
}

impl Expr {
    /// The expression as the user wrote it (trimmed), for `display` listings.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Parses an expression.
pub fn parse(text: &str) -> Result<Expr, String> {
    let mut parser = Parser {
        text,
        tokens: tokenize(text)?,
        pos: 0,
        nodes: 0,
        nesting: 0,
    };
    let root = parser.expression()?;
    if parser.peek() != &Tok::End {
        return Err(parser.syntax_error());
    }
    Ok(Expr {
        text: text.trim().to_string(),
        root,
    })
}

/// Recursive descent, one function per precedence tier (binary operators by precedence
/// climbing).
struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    nodes: usize,
    nesting: usize,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        self.tokens.get(self.pos).map_or(&Tok::End, |t| &t.tok)
    }

    fn punct(&self) -> Option<&'static str> {
        match self.peek() {
            Tok::Punct(p) => Some(p),
            _ => None,
        }
    }

    /// The current token, moving past it (never past the end).
    fn advance(&mut self) -> Tok {
        let tok = self.peek().clone();
        if tok != Tok::End {
            self.pos += 1;
        }
        tok
    }

    fn expect(&mut self, p: &str) -> Result<(), String> {
        if self.punct() == Some(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.syntax_error())
        }
    }

    /// gdb's message, quoting the input from the current token on.
    fn syntax_error(&self) -> String {
        let at = self.tokens.get(self.pos).map_or(self.text.len(), |t| t.at);
        let rest = self.text.get(at..).unwrap_or("").trim_end();
        match rest {
            "" => SYNTAX_ERROR_AT_END.to_string(),
            rest => format!("A syntax error in expression, near '{rest}'."),
        }
    }

    /// Counts a new node against `MAX_NODES`.
    fn node(&mut self, node: Node) -> Result<Node, String> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(TOO_COMPLEX.into());
        }
        Ok(node)
    }

    /// Runs `f` one nesting level deeper, refusing to go past `MAX_NESTING`.
    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Node, String>,
    ) -> Result<Node, String> {
        if self.nesting >= MAX_NESTING {
            return Err(TOO_COMPLEX.into());
        }
        self.nesting += 1;
        let result = f(self);
        self.nesting -= 1;
        result
    }

    /// gdb's `@` binds loosest: `*p@n+1` repeats `*p` n+1 times.
    fn expression(&mut self) -> Result<Node, String> {
        let mut node = self.conditional()?;
        while self.punct() == Some("@") {
            self.pos += 1;
            let count = self.conditional()?;
            node = self.node(Node::Repeat(Box::new(node), Box::new(count)))?;
        }
        Ok(node)
    }

    /// `c ? a : b`, right-associative.
    fn conditional(&mut self) -> Result<Node, String> {
        let cond = self.binary(1)?;
        if self.punct() != Some("?") {
            return Ok(cond);
        }
        self.pos += 1;
        let yes = self.nested(Self::expression)?;
        self.expect(":")?;
        let no = self.nested(Self::conditional)?;
        self.node(Node::Choose(Box::new(cond), Box::new(yes), Box::new(no)))
    }

    /// A type name from the current token (after a `(`), up to but not including the `)`:
    /// `None`, without moving, if the tokens are not one.
    fn type_name(&mut self) -> Option<CType> {
        let start = self.pos;
        let mut space = AddrSpace::Private;
        let mut words = Vec::new();
        while let Tok::Ident(word) = self.peek() {
            match qualifier_space(word) {
                Some(s) => space = s,
                None if word == "const" || word == "volatile" || word == "restrict" => {}
                None => words.push(word.clone()),
            }
            self.pos += 1;
        }
        let mut pointers = 0;
        while self.punct() == Some("*") {
            pointers += 1;
            self.pos += 1;
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match CScalar::named(&words) {
            Some(scalar) if self.punct() == Some(")") => Some(CType {
                scalar,
                space,
                pointers,
            }),
            _ => {
                self.pos = start;
                None
            }
        }
    }

    /// Binary operators of precedence `min` or higher, left-associative.
    fn binary(&mut self, min: u8) -> Result<Node, String> {
        let mut left = self.unary()?;
        while let Some((op, precedence)) = self.punct().and_then(Binary::from_punct) {
            if precedence < min {
                break;
            }
            self.pos += 1;
            let right = self.binary(precedence + 1)?;
            left = self.node(Node::Binary(op, Box::new(left), Box::new(right)))?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Node, String> {
        if matches!(self.peek(), Tok::Ident(w) if w == "sizeof") {
            self.pos += 1;
            if self.punct() == Some("(") {
                let at = self.pos;
                self.pos += 1;
                if let Some(ty) = self.type_name() {
                    self.expect(")")?;
                    return self.node(Node::SizeOfType(ty));
                }
                self.pos = at;
            }
            let operand = self.nested(Self::unary)?;
            return self.node(Node::SizeOf(Box::new(operand)));
        }
        if self.punct() == Some("(") {
            let at = self.pos;
            self.pos += 1;
            if let Some(ty) = self.type_name() {
                self.expect(")")?;
                let operand = self.nested(Self::unary)?;
                return self.node(Node::Cast(ty, Box::new(operand)));
            }
            self.pos = at;
        }
        let op = match self.punct() {
            Some("*") => Unary::Deref,
            Some("&") => Unary::AddrOf,
            Some("-") => Unary::Neg,
            Some("+") => Unary::Plus,
            Some("!") => Unary::Not,
            Some("~") => Unary::BitNot,
            _ => return self.postfix(),
        };
        self.pos += 1;
        let operand = self.nested(Self::unary)?;
        self.node(Node::Unary(op, Box::new(operand)))
    }

    fn postfix(&mut self) -> Result<Node, String> {
        let mut node = self.primary()?;
        loop {
            let next = match self.punct() {
                Some(".") => {
                    self.pos += 1;
                    Node::Member(Box::new(node), self.member_name()?)
                }
                Some("->") => {
                    self.pos += 1;
                    Node::Arrow(Box::new(node), self.member_name()?)
                }
                Some("[") => {
                    self.pos += 1;
                    let index = self.nested(Self::expression)?;
                    self.expect("]")?;
                    Node::Index(Box::new(node), Box::new(index))
                }
                _ => return Ok(node),
            };
            node = self.node(next)?;
        }
    }

    fn member_name(&mut self) -> Result<String, String> {
        match self.peek() {
            Tok::Ident(name) => {
                let name = name.clone();
                self.pos += 1;
                Ok(name)
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn primary(&mut self) -> Result<Node, String> {
        let at = self.pos;
        match self.advance() {
            Tok::Ident(name) if self.punct() == Some("(") => {
                self.pos += 1;
                let mut args = Vec::new();
                if self.punct() != Some(")") {
                    args.push(self.nested(Self::expression)?);
                    while self.punct() == Some(",") {
                        self.pos += 1;
                        args.push(self.nested(Self::expression)?);
                    }
                }
                self.expect(")")?;
                self.node(Node::Call(name, args))
            }
            Tok::Ident(name) => self.node(Node::Name(name)),
            Tok::Number(n) => self.node(Node::Literal(n)),
            Tok::Punct("(") => {
                let inner = self.nested(Self::expression)?;
                self.expect(")")?;
                Ok(inner)
            }
            _ => {
                self.pos = at;
                Err(self.syntax_error())
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Evaluation
// ---------------------------------------------------------------------------------------------

/// Evaluates an expression against the stopped work-item.
pub fn evaluate(e: &Expr, t: &dyn Target) -> Result<Evaluated, String> {
    eval(&e.root, t)
}

/// For conditions: true/false, or the error.
pub fn truth(e: &Expr, t: &dyn Target) -> Result<bool, String> {
    is_true(&evaluate(e, t)?, t)
}

fn eval(node: &Node, t: &dyn Target) -> Result<Evaluated, String> {
    match node {
        Node::Name(name) => lookup(name, t),
        Node::Literal(n) => Ok((*n).into()),
        Node::Member(base, name) => member(eval(base, t)?, name, false, t),
        Node::Arrow(base, name) => member(eval(base, t)?, name, true, t),
        Node::Index(base, index) => subscript(eval(base, t)?, &eval(index, t)?, t),
        Node::Unary(op, operand) => unary(*op, eval(operand, t)?, t),
        Node::Binary(op @ (Binary::And | Binary::Or), left, right) => {
            // Short-circuit, as in C: `p && *p` must not touch `*p` when `p` is NULL.
            let left = is_true(&eval(left, t)?, t)?;
            let decided = match op {
                Binary::And => !left,
                _ => left,
            };
            let result = if decided {
                left
            } else {
                is_true(&eval(right, t)?, t)?
            };
            Ok(Evaluated::Int(result as i64))
        }
        Node::Binary(op, left, right) => binary(*op, &eval(left, t)?, &eval(right, t)?, t),
        Node::Choose(cond, yes, no) => {
            if is_true(&eval(cond, t)?, t)? {
                eval(yes, t)
            } else {
                eval(no, t)
            }
        }
        Node::Cast(ty, operand) => cast(*ty, eval(operand, t)?, t),
        Node::SizeOfType(ty) => Ok(Evaluated::UInt(ty.size())),
        Node::SizeOf(operand) => size_of(&eval(operand, t)?, t).map(Evaluated::UInt),
        Node::Repeat(base, count) => repeat(eval(base, t)?, &eval(count, t)?, t),
        Node::Call(name, args) => call(name, args, t),
    }
}

impl CType {
    fn size(self) -> u64 {
        if self.pointers > 0 {
            8
        } else {
            self.scalar.size()
        }
    }
}

/// The bytes a value takes, as C's `sizeof` says.
fn size_of(v: &Evaluated, t: &dyn Target) -> Result<u64, String> {
    Ok(match v {
        Evaluated::Int(_) | Evaluated::UInt(_) | Evaluated::Float(_) => 8,
        Evaluated::Pointer { .. } => 8,
        Evaluated::Typed(value) => t.debug().size_of(value.ty),
        Evaluated::Repeated { elem, count, .. } => t.debug().size_of(*elem) * count,
    })
}

/// `(type) v`: a number converted as C converts it, or a pointer retyped.
fn cast(ty: CType, v: Evaluated, t: &dyn Target) -> Result<Evaluated, String> {
    if ty.pointers > 0 {
        let addr = match operand(&v, t)? {
            Operand::Ptr(p) => p.addr,
            Operand::Num(n) => integer(n)? as u64,
        };
        let d = t.debug();
        // The pointee as the kernel's debug information names it (`void *` if it has no
        // such type); pointers to pointers point to bytes of unknown type.
        let pointee = (ty.pointers == 1)
            .then(|| {
                (0..d.types.len() as TypeId).find(|&id| {
                    matches!(d.ty(id), DbgType::Base { name, .. }
                        if ty.scalar.debug_names().contains(&name.as_str()))
                })
            })
            .flatten();
        return Ok(Evaluated::Pointer {
            pointee,
            space: ty.space,
            addr,
        });
    }
    let n = match operand(&v, t)? {
        Operand::Num(n) => n,
        Operand::Ptr(p) => Num::U(p.addr),
    };
    Ok(match ty.scalar {
        CScalar::Void => return Err("Cannot convert a value to void.".into()),
        CScalar::Bool => Evaluated::Int(is_true(&n.into(), t)? as i64),
        CScalar::Float { size } => {
            let x = match n {
                Num::I(i) => i as f64,
                Num::U(u) => u as f64,
                Num::F(x) => x,
            };
            Evaluated::Float(if size == 4 { x as f32 as f64 } else { x })
        }
        CScalar::Int { size, signed } => {
            let bits = match n {
                Num::I(i) => i as u64,
                Num::U(u) => u,
                // C truncates towards zero; out-of-range values saturate here.
                Num::F(x) if signed => x as i64 as u64,
                Num::F(x) => x as u64,
            };
            let width = size * 8;
            let kept = if width >= 64 {
                bits
            } else {
                bits & ((1u64 << width) - 1)
            };
            if signed {
                let shift = 64 - width;
                Evaluated::Int(((kept << shift) as i64) >> shift)
            } else {
                Evaluated::UInt(kept)
            }
        }
    })
}

/// gdb's `x@N`: N values like `x`, from its address on.
fn repeat(base: Evaluated, count: &Evaluated, t: &dyn Target) -> Result<Evaluated, String> {
    let n = match operand(count, t)? {
        Operand::Num(n) => integer(n)?,
        Operand::Ptr(_) => return Err("Second argument of '@' must be an integer.".into()),
    };
    if n <= 0 {
        return Err(format!("Non-positive repeat count {n}."));
    }
    // gdb's max-value-size.
    let bytes = (n as u64).saturating_mul(size_of(&base, t)?);
    if bytes > 65536 {
        return Err(format!(
            "value requires {bytes} bytes, which is more than max-value-size"
        ));
    }
    match base {
        Evaluated::Typed(Value {
            ty,
            place: Place::Memory { space, addr },
        }) => Ok(Evaluated::Repeated {
            elem: ty,
            count: n as u64,
            space,
            addr,
        }),
        _ => Err("Only values in memory can be extended with '@'.".into()),
    }
}

fn lookup(name: &str, t: &dyn Target) -> Result<Evaluated, String> {
    if let Some(v) = t.lookup(name) {
        return Ok(Evaluated::Typed(v));
    }
    match name {
        "true" => Ok(Evaluated::Int(1)),
        "false" => Ok(Evaluated::Int(0)),
        _ => Err(format!("{NO_SYMBOL}\"{name}\" in current context.")),
    }
}

/// A work-item function called for the stopped work-item, with gdb's words for a bad call.
fn call(name: &str, args: &[Node], t: &dyn Target) -> Result<Evaluated, String> {
    let mut values = Vec::with_capacity(args.len());
    for a in args {
        let v = eval(a, t)?;
        let n = number(&v, t)?.ok_or(NOT_A_NUMBER)?;
        values.push(match n {
            Num::F(x) => x as u64,
            n => integer(n)? as u64,
        });
    }
    match t.call(name, &values) {
        Some(Ok(v)) => Ok(Evaluated::UInt(v)),
        Some(Err(n)) if values.len() < n => Err("Too few arguments in function call.".into()),
        Some(Err(_)) => Err("Too many arguments in function call.".into()),
        None if t.lookup(name).is_some() => Err(format!(
            "Cannot call '{name}': it is not a work-item function."
        )),
        None => Err(format!("{NO_SYMBOL}\"{name}\" in current context.")),
    }
}

/// A non-zero number or a non-null pointer.
fn is_true(v: &Evaluated, t: &dyn Target) -> Result<bool, String> {
    Ok(match operand(v, t)? {
        Operand::Num(Num::I(i)) => i != 0,
        Operand::Num(Num::U(u)) => u != 0,
        Operand::Num(Num::F(x)) => x != 0.0,
        Operand::Ptr(p) => p.addr != 0,
    })
}

/// The pointer a value is — or decays to, for an array in memory — if it is one.
fn as_pointer(v: &Evaluated, t: &dyn Target) -> Result<Option<Ptr>, String> {
    let d = t.debug();
    Ok(match v {
        Evaluated::Pointer {
            pointee,
            space,
            addr,
        } => Some(Ptr {
            space: *space,
            addr: *addr,
            pointee: *pointee,
            ty: None,
        }),
        Evaluated::Typed(value) => match (d.ty(d.resolve(value.ty)), &value.place) {
            (DbgType::Pointer { pointee, space }, _) => Some(Ptr {
                space: *space,
                addr: le_bits(&bytes_of(value, t)?),
                pointee: *pointee,
                ty: Some(value.ty),
            }),
            (DbgType::Array { elem, .. }, Place::Memory { space, addr }) => Some(Ptr {
                space: *space,
                addr: *addr,
                pointee: Some(*elem),
                ty: None,
            }),
            _ => None,
        },
        _ => None,
    })
}

/// The number a value is, if it is a scalar (base type or enum) or a plain number.
fn number(v: &Evaluated, t: &dyn Target) -> Result<Option<Num>, String> {
    let d = t.debug();
    match v {
        Evaluated::Int(i) => Ok(Some(Num::I(*i))),
        Evaluated::UInt(u) => Ok(Some(Num::U(*u))),
        Evaluated::Float(x) => Ok(Some(Num::F(*x))),
        Evaluated::Pointer { .. } | Evaluated::Repeated { .. } => Ok(None),
        Evaluated::Typed(value) => match d.ty(d.resolve(value.ty)) {
            DbgType::Base { .. } | DbgType::Enum { .. } => {
                let scalar = read_scalar(d, value.ty, &bytes_of(value, t)?)?;
                Ok(Some(scalar.to_num()))
            }
            _ => Ok(None),
        },
    }
}

fn operand(v: &Evaluated, t: &dyn Target) -> Result<Operand, String> {
    if let Some(p) = as_pointer(v, t)? {
        return Ok(Operand::Ptr(p));
    }
    match number(v, t)? {
        Some(n) => Ok(Operand::Num(n)),
        None => Err(NOT_A_NUMBER.into()),
    }
}

/// What a pointer points to; generic addresses become addresses in their real space.
fn deref(p: Ptr) -> Result<Value, String> {
    let pointee = p.pointee.ok_or(NOT_A_POINTER)?;
    let (space, addr) = memory::resolve(p.space, p.addr);
    Ok(Value {
        ty: pointee,
        place: Place::Memory { space, addr },
    })
}

/// The part of `place` at `offset` of `size` bytes (a member, element or lane).
fn sub_place(place: &Place, offset: u64, size: u64) -> Result<Place, String> {
    match place {
        Place::Memory { space, addr } => Ok(Place::Memory {
            space: *space,
            addr: addr.wrapping_add(offset),
        }),
        Place::Bytes(bytes) | Place::Uninit { bytes, .. } => {
            let start = usize::try_from(offset).map_err(|_| UNAVAILABLE)?;
            let end = start
                .checked_add(usize::try_from(size).map_err(|_| UNAVAILABLE)?)
                .ok_or(UNAVAILABLE)?;
            let part = bytes.get(start..end).ok_or(UNAVAILABLE)?.to_vec();
            Ok(match place {
                Place::Uninit { shadow, .. } => Place::Uninit {
                    bytes: part,
                    shadow: shadow.get(start..end).ok_or(UNAVAILABLE)?.to_vec(),
                },
                _ => Place::Bytes(part),
            })
        }
        Place::OptimizedOut => Ok(Place::OptimizedOut),
    }
}

fn unary(op: Unary, v: Evaluated, t: &dyn Target) -> Result<Evaluated, String> {
    match op {
        Unary::Deref => match as_pointer(&v, t)? {
            Some(p) => deref(p).map(Evaluated::Typed),
            None => Err(NOT_A_POINTER.into()),
        },
        Unary::AddrOf => match v {
            Evaluated::Typed(Value {
                ty,
                place: Place::Memory { space, addr },
            }) => Ok(Evaluated::Pointer {
                pointee: Some(ty),
                space,
                addr,
            }),
            _ => Err(NOT_IN_MEMORY.into()),
        },
        Unary::Not => Ok(Evaluated::Int(!is_true(&v, t)? as i64)),
        Unary::Neg | Unary::Plus | Unary::BitNot => {
            let Operand::Num(n) = operand(&v, t)? else {
                return Err(NOT_A_NUMBER.into());
            };
            let result = match (op, n) {
                (Unary::Plus, n) => n,
                (Unary::Neg, Num::I(i)) => Num::I(i.wrapping_neg()),
                (Unary::Neg, Num::U(u)) => Num::U(u.wrapping_neg()),
                (Unary::Neg, Num::F(x)) => Num::F(-x),
                (_, Num::I(i)) => Num::I(!i),
                (_, Num::U(u)) => Num::U(!u),
                (_, Num::F(_)) => return Err("Integer operands required for '~'.".into()),
            };
            Ok(result.into())
        }
    }
}

fn binary(op: Binary, l: &Evaluated, r: &Evaluated, t: &dyn Target) -> Result<Evaluated, String> {
    let d = t.debug();
    match (operand(l, t)?, operand(r, t)?) {
        (Operand::Num(a), Operand::Num(b)) => numeric(op, a, b).map(Evaluated::from),
        (Operand::Ptr(p), Operand::Num(n)) if matches!(op, Binary::Add | Binary::Sub) => {
            let n = integer(n)?;
            let n = if op == Binary::Sub {
                n.wrapping_neg()
            } else {
                n
            };
            Ok(p.offset(n, d).into_evaluated())
        }
        (Operand::Num(n), Operand::Ptr(p)) if op == Binary::Add => {
            Ok(p.offset(integer(n)?, d).into_evaluated())
        }
        (Operand::Ptr(a), Operand::Ptr(b)) if op == Binary::Sub => {
            // Elements between the two, like C's ptrdiff_t.
            let bytes = a.addr.wrapping_sub(b.addr) as i64;
            let step = i64::try_from(a.step(d)).unwrap_or(i64::MAX);
            Ok(Evaluated::Int(bytes.wrapping_div(step)))
        }
        (a, b) if op.is_comparison() => {
            // Pointers compare by address, also with integers (`p == 0`).
            let (a, b) = (address(a)?, address(b)?);
            Ok(compare(op, a, b).unwrap_or(Num::I(0)).into())
        }
        _ => Err(NOT_A_NUMBER.into()),
    }
}

/// An integer operand of pointer arithmetic.
fn integer(n: Num) -> Result<i64, String> {
    match n {
        Num::I(i) => Ok(i),
        Num::U(u) => Ok(u as i64),
        Num::F(_) => Err(NOT_A_NUMBER.into()),
    }
}

/// An operand of a pointer comparison, as an address.
fn address(o: Operand) -> Result<u64, String> {
    match o {
        Operand::Ptr(p) => Ok(p.addr),
        Operand::Num(n) => integer(n).map(|i| i as u64),
    }
}

/// Both operands converted to a common type, C's usual arithmetic conversions simplified:
/// any float makes both doubles, else any unsigned 64-bit makes both unsigned.
enum Pair {
    F(f64, f64),
    U(u64, u64),
    I(i64, i64),
}

fn promote(a: Num, b: Num) -> Pair {
    let float = |n| match n {
        Num::I(i) => i as f64,
        Num::U(u) => u as f64,
        Num::F(x) => x,
    };
    let unsigned = |n| match n {
        Num::I(i) => i as u64,
        Num::U(u) => u,
        Num::F(x) => x as u64,
    };
    match (a, b) {
        (Num::I(x), Num::I(y)) => Pair::I(x, y),
        (Num::F(_), _) | (_, Num::F(_)) => Pair::F(float(a), float(b)),
        _ => Pair::U(unsigned(a), unsigned(b)),
    }
}

fn numeric(op: Binary, a: Num, b: Num) -> Result<Num, String> {
    if matches!(op, Binary::Shl | Binary::Shr) {
        return shift(op, a, b);
    }
    match promote(a, b) {
        Pair::F(x, y) => float_op(op, x, y),
        Pair::U(x, y) => unsigned_op(op, x, y),
        Pair::I(x, y) => signed_op(op, x, y),
    }
}

/// A comparison as 0 or 1; `None` for other operators.
fn compare<T: PartialOrd>(op: Binary, x: T, y: T) -> Option<Num> {
    let result = match op {
        Binary::Lt => x < y,
        Binary::Le => x <= y,
        Binary::Gt => x > y,
        Binary::Ge => x >= y,
        Binary::Eq => x == y,
        Binary::Ne => x != y,
        _ => return None,
    };
    Some(Num::I(result as i64))
}

fn integer_only(op: Binary) -> String {
    format!("Integer operands required for '{}'.", op.symbol())
}

fn float_op(op: Binary, x: f64, y: f64) -> Result<Num, String> {
    if let Some(c) = compare(op, x, y) {
        return Ok(c);
    }
    Ok(Num::F(match op {
        Binary::Add => x + y,
        Binary::Sub => x - y,
        Binary::Mul => x * y,
        Binary::Div => x / y,
        _ => return Err(integer_only(op)),
    }))
}

// Integer arithmetic wraps (as the kernel's would); division by zero is an error, not a panic.

fn unsigned_op(op: Binary, x: u64, y: u64) -> Result<Num, String> {
    if let Some(c) = compare(op, x, y) {
        return Ok(c);
    }
    Ok(Num::U(match op {
        Binary::Add => x.wrapping_add(y),
        Binary::Sub => x.wrapping_sub(y),
        Binary::Mul => x.wrapping_mul(y),
        Binary::Div => x.checked_div(y).ok_or("Division by zero")?,
        Binary::Rem => x.checked_rem(y).ok_or("Division by zero")?,
        Binary::BitAnd => x & y,
        Binary::BitOr => x | y,
        Binary::BitXor => x ^ y,
        _ => return Err(NOT_A_NUMBER.into()),
    }))
}

fn signed_op(op: Binary, x: i64, y: i64) -> Result<Num, String> {
    if let Some(c) = compare(op, x, y) {
        return Ok(c);
    }
    if matches!(op, Binary::Div | Binary::Rem) && y == 0 {
        return Err("Division by zero".into());
    }
    Ok(Num::I(match op {
        Binary::Add => x.wrapping_add(y),
        Binary::Sub => x.wrapping_sub(y),
        Binary::Mul => x.wrapping_mul(y),
        Binary::Div => x.wrapping_div(y),
        Binary::Rem => x.wrapping_rem(y),
        Binary::BitAnd => x & y,
        Binary::BitOr => x | y,
        Binary::BitXor => x ^ y,
        _ => return Err(NOT_A_NUMBER.into()),
    }))
}

/// `<<` and `>>`: the result has the left operand's type (as in C). Shifting by a negative
/// amount or by 64 or more gives what shifting one bit at a time would: 0, or -1 for `>>` of
/// a negative number.
fn shift(op: Binary, a: Num, b: Num) -> Result<Num, String> {
    let amount = match b {
        Num::I(i) => u32::try_from(i).ok(),
        Num::U(u) => u32::try_from(u).ok(),
        Num::F(_) => return Err(integer_only(op)),
    }
    .filter(|&n| n < 64);
    let left = op == Binary::Shl;
    Ok(match a {
        Num::F(_) => return Err(integer_only(op)),
        Num::I(x) => Num::I(match amount {
            Some(n) if left => x << n,
            Some(n) => x >> n,
            None if !left && x < 0 => -1,
            None => 0,
        }),
        Num::U(x) => Num::U(match amount {
            Some(n) if left => x << n,
            Some(n) => x >> n,
            None => 0,
        }),
    })
}

/// `base[index]`: an array element, a vector lane, or `*(base + index)` for pointers.
fn subscript(base: Evaluated, index: &Evaluated, t: &dyn Target) -> Result<Evaluated, String> {
    let d = t.debug();
    let i = match number(index, t)? {
        Some(Num::I(i)) => i as i128,
        Some(Num::U(u)) => u as i128,
        _ => return Err(NOT_AN_INTEGER.into()),
    };
    if let Evaluated::Typed(value) = &base {
        match d.ty(d.resolve(value.ty)) {
            DbgType::Array { elem, count } => {
                return array_element(value, *elem, *count, i, d).map(Evaluated::Typed)
            }
            DbgType::Vector { elem, count } => {
                let lane = u32::try_from(i)
                    .ok()
                    .filter(|&lane| lane < *count)
                    .ok_or("no such vector element")?;
                return vector_lane(value, *elem, lane, d).map(Evaluated::Typed);
            }
            _ => {}
        }
    }
    match as_pointer(&base, t)? {
        Some(p) => deref(p.offset(i as i64, d)).map(Evaluated::Typed),
        None => Err(format!(
            "Cannot subscript something of type '{}'.",
            type_name(&base, d)
        )),
    }
}

/// Element `i` of an array. Indices are checked against the bounds, except for arrays of
/// unknown size (`int data[]`, count 0) in memory, which are indexed like pointers.
fn array_element(
    array: &Value,
    elem: TypeId,
    count: u64,
    i: i128,
    d: &KernelDebug,
) -> Result<Value, String> {
    let size = d.size_of(elem);
    let unbounded = count == 0 && matches!(array.place, Place::Memory { .. });
    if !unbounded && !(0..count as i128).contains(&i) {
        return Err(format!(
            "Index {i} is out of bounds for type '{}'.",
            d.type_name(array.ty)
        ));
    }
    let offset = (i as u64).wrapping_mul(size);
    Ok(Value {
        ty: elem,
        place: sub_place(&array.place, offset, size)?,
    })
}

fn vector_lane(vector: &Value, elem: TypeId, lane: u32, d: &KernelDebug) -> Result<Value, String> {
    let size = d.size_of(elem);
    Ok(Value {
        ty: elem,
        place: sub_place(&vector.place, lane as u64 * size, size)?,
    })
}

/// `base.name` and `base->name`. Like gdb, `.` on a pointer to a struct and `->` on a struct
/// are accepted too.
fn member(base: Evaluated, name: &str, arrow: bool, t: &dyn Target) -> Result<Evaluated, String> {
    let d = t.debug();
    let not_struct = || {
        if arrow {
            NOT_A_STRUCT_POINTER.to_string()
        } else {
            NOT_A_STRUCT.to_string()
        }
    };
    let value = match as_pointer(&base, t)? {
        Some(p) if !is_array(&base, d) => deref(p).map_err(|_| not_struct())?,
        _ => match base {
            Evaluated::Typed(value) => value,
            _ => return Err(not_struct()),
        },
    };
    let no_member = || format!("{NO_MEMBER}{name}.");
    match d.ty(d.resolve(value.ty)) {
        DbgType::Struct { .. } => {
            let (ty, offset) = find_member(d, value.ty, name, 0).ok_or_else(no_member)?;
            let place = sub_place(&value.place, offset, d.size_of(ty))?;
            Ok(Evaluated::Typed(Value { ty, place }))
        }
        DbgType::Vector { elem, count } if !arrow => {
            let lanes = swizzle(name, *count).ok_or_else(no_member)?;
            lanes_of(&value, *elem, *count, &lanes, t)
        }
        _ => Err(not_struct()),
    }
}

fn is_array(v: &Evaluated, d: &KernelDebug) -> bool {
    match v {
        Evaluated::Typed(value) => matches!(d.ty(d.resolve(value.ty)), DbgType::Array { .. }),
        _ => false,
    }
}

/// The type and offset of member `name`, looking inside anonymous struct and union members.
fn find_member(d: &KernelDebug, ty: TypeId, name: &str, depth: u32) -> Option<(TypeId, u64)> {
    let DbgType::Struct { members, .. } = d.ty(d.resolve(ty)) else {
        return None;
    };
    if depth > 8 {
        return None;
    }
    members.iter().find_map(|m| {
        if m.name == name {
            Some((m.ty, m.offset))
        } else if m.name.is_empty() {
            find_member(d, m.ty, name, depth + 1)
                .map(|(ty, offset)| (ty, m.offset.wrapping_add(offset)))
        } else {
            None
        }
    })
}

/// The lanes an OpenCL vector component selector names: `x`..`w` (also several, `xy`),
/// `s0`..`sF` (also several, `s01`; 2, 3, 4, 8 or 16 of them), `lo`, `hi`, `even`, `odd`.
/// A 3-lane vector counts as 4 for `lo`/`hi`/`even`/`odd`, as OpenCL says.
fn swizzle(name: &str, count: u32) -> Option<Vec<u32>> {
    let room = if count == 3 { 4 } else { count };
    let lanes: Vec<u32> = match name {
        "lo" => (0..room / 2).collect(),
        "hi" => (room / 2..room).collect(),
        "even" => (0..room).step_by(2).collect(),
        "odd" => (1..room).step_by(2).collect(),
        _ => {
            let named: Option<Vec<u32>> = match name.strip_prefix(['s', 'S']) {
                Some(digits) => digits.chars().map(|c| c.to_digit(16)).collect(),
                None => name
                    .chars()
                    .map(|c| "xyzw".find(c).map(|i| i as u32))
                    .collect(),
            };
            let named = named?;
            let valid_length = matches!(named.len(), 1 | 2 | 3 | 4 | 8 | 16);
            if !valid_length || named.iter().any(|&lane| lane >= count) {
                return None;
            }
            named
        }
    };
    (!lanes.is_empty()).then_some(lanes)
}

/// Several lanes of a vector as a new vector (one lane: that element, still an lvalue).
fn lanes_of(
    vector: &Value,
    elem: TypeId,
    count: u32,
    lanes: &[u32],
    t: &dyn Target,
) -> Result<Evaluated, String> {
    let d = t.debug();
    if let [lane] = lanes {
        return vector_lane(vector, elem, *lane, d).map(Evaluated::Typed);
    }
    let n = lanes.len() as u32;
    let ty = vector_type(d, elem, n).ok_or_else(|| {
        format!(
            "The kernel has no type {}{n} for this selection.",
            d.type_name(elem)
        )
    })?;
    // Lanes are scalars: at most 8 bytes (a larger size means broken debug information).
    let size = d.size_of(elem) as usize;
    if size > 8 {
        return Err(format!(
            "Cannot select lanes of {}.",
            d.type_name(vector.ty)
        ));
    }
    let place = match &vector.place {
        Place::OptimizedOut => Place::OptimizedOut,
        place => {
            let bytes = bytes_of(vector, t)?;
            // Lanes keep their marks of uninitialised bits (`--uninitialized`).
            let shadow = match place {
                Place::Uninit { shadow, .. } => Some(shadow.clone()),
                Place::Memory { space, addr } => t.read_shadow(*space, *addr, bytes.len() as u64),
                _ => None,
            };
            let gather = |from: &[u8]| {
                let mut gathered = Vec::with_capacity(size * lanes.len());
                for &lane in lanes {
                    let start = lane as usize * size;
                    match from.get(start..start + size) {
                        Some(part) if lane < count => gathered.extend_from_slice(part),
                        // The fourth lane of a 3-lane vector (`.hi`, `.odd`) is undefined.
                        _ => gathered.resize(gathered.len() + size, 0),
                    }
                }
                gathered
            };
            match shadow.map(|s| gather(&s)) {
                Some(shadow) if shadow.iter().any(|&b| b != 0) => Place::Uninit {
                    bytes: gather(&bytes),
                    shadow,
                },
                _ => Place::Bytes(gather(&bytes)),
            }
        }
    };
    Ok(Evaluated::Typed(Value { ty, place }))
}

/// A vector type of `n` lanes of `elem` among the kernel's types (the debugger cannot make
/// new types).
fn vector_type(d: &KernelDebug, elem: TypeId, n: u32) -> Option<TypeId> {
    let elem = d.resolve(elem);
    (0..d.types.len() as TypeId).find(|&id| match d.ty(id) {
        DbgType::Vector { elem: e, count } => *count == n && d.resolve(*e) == elem,
        _ => false,
    })
}

// ---------------------------------------------------------------------------------------------
// A fake work-item for the tests of this crate (and, with the `fake-target` feature, for the
// fuzz targets in fuzz/)
// ---------------------------------------------------------------------------------------------

#[cfg(any(test, feature = "fake-target"))]
pub mod fake {
    use super::*;
    use oclgrind_core::debuginfo::Member;
    use oclgrind_core::memory::to_generic;
    use std::collections::HashMap;

    pub const INT: TypeId = 0;
    pub const UINT: TypeId = 1;
    pub const FLOAT: TypeId = 2;
    pub const CHAR: TypeId = 3;
    pub const UCHAR: TypeId = 4;
    pub const LONG: TypeId = 5;
    pub const ULONG: TypeId = 6;
    pub const DOUBLE: TypeId = 7;
    pub const BOOL: TypeId = 8;
    pub const HALF: TypeId = 9;
    pub const FLOAT4: TypeId = 11;
    pub const FLOAT_3: TypeId = 12;
    pub const INNER: TypeId = 13;
    pub const S_T: TypeId = 15;
    pub const UNION: TypeId = 16;
    pub const INT_GLOBAL_PTR: TypeId = 17;
    pub const INT_LOCAL_PTR: TypeId = 18;
    pub const INT_PRIVATE_PTR: TypeId = 19;
    pub const INT_CONSTANT_PTR: TypeId = 20;
    pub const S_PTR: TypeId = 21;
    pub const COLOR: TypeId = 22;
    pub const IMAGE: TypeId = 23;
    pub const VOID_PTR: TypeId = 24;
    pub const INT2: TypeId = 26;
    pub const FLOAT3: TypeId = 29;
    pub const INT_300: TypeId = 30;
    pub const INT_GENERIC_PTR: TypeId = 31;

    /// Global buffer 1: int[4] {10, 20, 30, 40}.
    pub const GLOBAL_INTS: u64 = 0x1_0000_0000_0000;
    /// Global buffer 2: an S_t {100, {1, 2, 3}, {7, 'z'}}.
    pub const GLOBAL_S: u64 = 0x2_0000_0000_0000;
    /// Global buffer 3: int[300] {0, 1, ..., 299}.
    pub const GLOBAL_BIG: u64 = 0x3_0000_0000_0000;
    /// Global buffer 4: bytes for `x`: 42, -1, 1.0f, "AB\n\0".
    pub const GLOBAL_BYTES: u64 = 0x4_0000_0000_0000;
    /// Local buffer 1 (same number as GLOBAL_INTS, other space): int[2] {5, 6}.
    pub const LOCAL_INTS: u64 = 0x1_0000_0000_0000;
    /// Constant buffer 1: int[2] {7, 8}.
    pub const CONSTANT_INTS: u64 = 0x1_0000_0000_0000;
    /// Private buffer 1: float4 v = (1, 2.5, -3, 4).
    pub const PRIVATE_V: u64 = 0x1_0000_0000;
    /// Private buffer 2: S_t s = {1, {0.5, 1.5, 2.5}, {-2, 'A'}}.
    pub const PRIVATE_S: u64 = 0x2_0000_0000;

    pub struct Fake {
        pub debug: KernelDebug,
        pub memory: HashMap<(AddrSpace, u64), Vec<u8>>,
        pub vars: HashMap<String, Value>,
    }

    impl Target for Fake {
        fn debug(&self) -> &KernelDebug {
            &self.debug
        }

        fn read(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
            self.memory.iter().find_map(|((s, base), bytes)| {
                if *s != space {
                    return None;
                }
                let start = usize::try_from(addr.checked_sub(*base)?).ok()?;
                let end = start.checked_add(usize::try_from(len).ok()?)?;
                bytes.get(start..end).map(<[u8]>::to_vec)
            })
        }

        fn lookup(&self, name: &str) -> Option<Value> {
            self.vars.get(name).cloned()
        }
    }

    fn base(name: &str, size: u32, encoding: Encoding) -> DbgType {
        DbgType::Base {
            name: name.into(),
            size,
            encoding,
        }
    }

    fn member(name: &str, ty: TypeId, offset: u64) -> Member {
        Member {
            name: name.into(),
            ty,
            offset,
        }
    }

    fn pointer(pointee: TypeId, space: AddrSpace) -> DbgType {
        DbgType::Pointer {
            pointee: Some(pointee),
            space,
        }
    }

    fn types() -> Vec<DbgType> {
        vec![
            base("int", 4, Encoding::Signed),                 // 0
            base("unsigned int", 4, Encoding::Unsigned),      // 1
            base("float", 4, Encoding::Float),                // 2
            base("char", 1, Encoding::SignedChar),            // 3
            base("unsigned char", 1, Encoding::UnsignedChar), // 4
            base("long", 8, Encoding::Signed),                // 5
            base("unsigned long", 8, Encoding::Unsigned),     // 6
            base("double", 8, Encoding::Float),               // 7
            base("bool", 1, Encoding::Bool),                  // 8
            base("half", 2, Encoding::Float),                 // 9
            DbgType::Vector {
                elem: FLOAT,
                count: 4,
            }, // 10
            DbgType::Typedef {
                name: "float4".into(),
                base: 10,
            }, // 11
            DbgType::Array {
                elem: FLOAT,
                count: 3,
            }, // 12
            DbgType::Struct {
                name: "Inner".into(),
                size: 8,
                members: vec![member("x", INT, 0), member("c", CHAR, 4)],
                is_union: false,
            }, // 13
            DbgType::Struct {
                name: "S".into(),
                size: 24,
                members: vec![
                    member("a", INT, 0),
                    member("b", FLOAT_3, 4),
                    member("in", INNER, 16),
                ],
                is_union: false,
            }, // 14
            DbgType::Typedef {
                name: "S_t".into(),
                base: 14,
            }, // 15
            DbgType::Struct {
                name: "U".into(),
                size: 4,
                members: vec![member("i", INT, 0), member("f", FLOAT, 0)],
                is_union: true,
            }, // 16
            pointer(INT, AddrSpace::Global),                  // 17
            pointer(INT, AddrSpace::Local),                   // 18
            pointer(INT, AddrSpace::Private),                 // 19
            pointer(INT, AddrSpace::Constant),                // 20
            pointer(S_T, AddrSpace::Global),                  // 21
            DbgType::Enum {
                name: "Color".into(),
                size: 4,
                values: vec![("RED".into(), 0), ("GREEN".into(), 1), ("BLUE".into(), 5)],
            }, // 22
            DbgType::Opaque {
                name: "image2d_t".into(),
            }, // 23
            DbgType::Pointer {
                pointee: None,
                space: AddrSpace::Global,
            }, // 24
            DbgType::Vector {
                elem: INT,
                count: 2,
            }, // 25
            DbgType::Typedef {
                name: "int2".into(),
                base: 25,
            }, // 26
            DbgType::Vector {
                elem: FLOAT,
                count: 2,
            }, // 27
            DbgType::Vector {
                elem: FLOAT,
                count: 3,
            }, // 28
            DbgType::Typedef {
                name: "float3".into(),
                base: 28,
            }, // 29
            DbgType::Array {
                elem: INT,
                count: 300,
            }, // 30
            pointer(INT, AddrSpace::Generic),                 // 31
        ]
    }

    pub fn words(values: &[u32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    pub fn floats(values: &[f32]) -> Vec<u8> {
        values.iter().flat_map(|v| v.to_le_bytes()).collect()
    }

    /// The bytes of an S_t.
    fn s_bytes(a: i32, b: [f32; 3], x: i32, c: u8) -> Vec<u8> {
        let mut bytes = words(&[a as u32]);
        bytes.extend(floats(&b));
        bytes.extend(words(&[x as u32]));
        bytes.extend([c, 0, 0, 0]);
        bytes
    }

    fn memory() -> HashMap<(AddrSpace, u64), Vec<u8>> {
        let mut m = HashMap::new();
        m.insert((AddrSpace::Global, GLOBAL_INTS), words(&[10, 20, 30, 40]));
        m.insert(
            (AddrSpace::Global, GLOBAL_S),
            s_bytes(100, [1.0, 2.0, 3.0], 7, b'z'),
        );
        m.insert(
            (AddrSpace::Global, GLOBAL_BIG),
            words(&(0..300).collect::<Vec<u32>>()),
        );
        let mut x = words(&[42, u32::MAX]);
        x.extend(floats(&[1.0]));
        x.extend(b"AB\n\0");
        m.insert((AddrSpace::Global, GLOBAL_BYTES), x);
        m.insert((AddrSpace::Local, LOCAL_INTS), words(&[5, 6]));
        m.insert((AddrSpace::Constant, CONSTANT_INTS), words(&[7, 8]));
        m.insert(
            (AddrSpace::Private, PRIVATE_V),
            floats(&[1.0, 2.5, -3.0, 4.0]),
        );
        m.insert(
            (AddrSpace::Private, PRIVATE_S),
            s_bytes(1, [0.5, 1.5, 2.5], -2, b'A'),
        );
        m
    }

    fn bytes(ty: TypeId, bytes: Vec<u8>) -> Value {
        Value {
            ty,
            place: Place::Bytes(bytes),
        }
    }

    fn in_memory(ty: TypeId, space: AddrSpace, addr: u64) -> Value {
        Value {
            ty,
            place: Place::Memory { space, addr },
        }
    }

    fn ptr(ty: TypeId, addr: u64) -> Value {
        bytes(ty, addr.to_le_bytes().to_vec())
    }

    fn variables() -> HashMap<String, Value> {
        let vars = [
            ("i", bytes(INT, (-7i32).to_le_bytes().to_vec())),
            ("u", bytes(UINT, 4_000_000_000u32.to_le_bytes().to_vec())),
            ("f", bytes(FLOAT, 2.5f32.to_le_bytes().to_vec())),
            ("c", bytes(CHAR, vec![b'A'])),
            ("uc", bytes(UCHAR, vec![200])),
            ("l", bytes(LONG, (-5i64).to_le_bytes().to_vec())),
            ("ul", bytes(ULONG, u64::MAX.to_le_bytes().to_vec())),
            ("d", bytes(DOUBLE, 0.1f64.to_le_bytes().to_vec())),
            ("flag", bytes(BOOL, vec![1])),
            ("h", bytes(HALF, 0x3e00u16.to_le_bytes().to_vec())),
            ("v", in_memory(FLOAT4, AddrSpace::Private, PRIVATE_V)),
            ("s", in_memory(S_T, AddrSpace::Private, PRIVATE_S)),
            ("un", bytes(UNION, 1.0f32.to_le_bytes().to_vec())),
            ("gp", ptr(INT_GLOBAL_PTR, GLOBAL_INTS)),
            ("lp", ptr(INT_LOCAL_PTR, LOCAL_INTS)),
            ("pp", ptr(INT_PRIVATE_PTR, PRIVATE_S)),
            ("cp", ptr(INT_CONSTANT_PTR, CONSTANT_INTS)),
            ("sp", ptr(S_PTR, GLOBAL_S)),
            (
                "gen",
                ptr(INT_GENERIC_PTR, to_generic(GLOBAL_INTS, AddrSpace::Global)),
            ),
            ("bad", ptr(INT_GLOBAL_PTR, 0xdead)),
            ("nul", ptr(INT_GLOBAL_PTR, 0)),
            ("vp", ptr(VOID_PTR, GLOBAL_INTS)),
            ("color", bytes(COLOR, words(&[5]))),
            ("color2", bytes(COLOR, words(&[3]))),
            ("img", bytes(IMAGE, vec![0; 8])),
            (
                "gone",
                Value {
                    ty: INT,
                    place: Place::OptimizedOut,
                },
            ),
            ("i2", bytes(INT2, words(&[3, 4]))),
            ("f3", bytes(FLOAT3, floats(&[1.0, 2.0, 3.0]))),
            ("big", in_memory(INT_300, AddrSpace::Global, GLOBAL_BIG)),
        ];
        vars.into_iter()
            .map(|(name, value)| (name.to_string(), value))
            .collect()
    }

    pub fn target() -> Fake {
        Fake {
            debug: KernelDebug {
                types: types(),
                ..KernelDebug::default()
            },
            memory: memory(),
            vars: variables(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::fake::*;
    use super::*;

    fn eval(text: &str) -> Result<Evaluated, String> {
        evaluate(&parse(text)?, &target())
    }

    /// The value as text (natural format), so typed results read naturally in assertions.
    fn show(text: &str) -> String {
        match eval(text) {
            Ok(v) => crate::format::value(&v, crate::format::Format::Natural, &target()),
            Err(e) => format!("error: {e}"),
        }
    }

    fn err(text: &str) -> String {
        match eval(text) {
            Ok(v) => panic!("{text} evaluated to {v:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn literals() {
        assert_eq!(eval("42"), Ok(Evaluated::Int(42)));
        assert_eq!(eval("0x2A"), Ok(Evaluated::Int(42)));
        assert_eq!(eval("052"), Ok(Evaluated::Int(42)));
        assert_eq!(eval("0"), Ok(Evaluated::Int(0)));
        assert_eq!(eval("42u"), Ok(Evaluated::UInt(42)));
        assert_eq!(eval("42UL"), Ok(Evaluated::UInt(42)));
        assert_eq!(eval("42ll"), Ok(Evaluated::Int(42)));
        assert_eq!(eval("18446744073709551615"), Ok(Evaluated::UInt(u64::MAX)));
        assert_eq!(eval("1.5"), Ok(Evaluated::Float(1.5)));
        assert_eq!(eval("1e3"), Ok(Evaluated::Float(1000.0)));
        assert_eq!(eval("1.5e-7"), Ok(Evaluated::Float(1.5e-7)));
        assert_eq!(eval(".5"), Ok(Evaluated::Float(0.5)));
        assert_eq!(eval("2.5f"), Ok(Evaluated::Float(2.5)));
        assert_eq!(eval("'A'"), Ok(Evaluated::Int(65)));
        assert_eq!(eval("'\\n'"), Ok(Evaluated::Int(10)));
        assert_eq!(eval("'\\x41'"), Ok(Evaluated::Int(65)));
        assert_eq!(eval("'\\101'"), Ok(Evaluated::Int(65)));
        assert_eq!(eval("'\\0'"), Ok(Evaluated::Int(0)));
        assert_eq!(eval("'\\377'"), Ok(Evaluated::Int(-1)));
        assert_eq!(eval("'\\''"), Ok(Evaluated::Int(39)));
        assert_eq!(eval("true"), Ok(Evaluated::Int(1)));
        assert_eq!(err("99999999999999999999"), "Numeric constant too large.");
        assert_eq!(err("0x"), "Invalid number \"0x\".");
        assert_eq!(err("1.2.3"), "Invalid number \"1.2.3\".");
        assert_eq!(err("12abc"), "Invalid number \"12abc\".");
        assert_eq!(err("09"), "Invalid number \"09\".");
        assert_eq!(err("1uu"), "Invalid number \"1uu\".");
        assert_eq!(eval("0u"), Ok(Evaluated::UInt(0)));
        assert_eq!(eval("010ul"), Ok(Evaluated::UInt(8)));
    }

    #[test]
    fn arithmetic_and_precedence() {
        let int = |text| eval(text).map_err(|e| format!("{text}: {e}"));
        assert_eq!(int("1 + 2 * 3"), Ok(Evaluated::Int(7)));
        assert_eq!(int("(1 + 2) * 3"), Ok(Evaluated::Int(9)));
        assert_eq!(int("10 - 2 - 3"), Ok(Evaluated::Int(5)));
        assert_eq!(int("10 / 3"), Ok(Evaluated::Int(3)));
        assert_eq!(int("-7 / 2"), Ok(Evaluated::Int(-3)));
        assert_eq!(int("-7 % 3"), Ok(Evaluated::Int(-1)));
        assert_eq!(int("1 << 4"), Ok(Evaluated::Int(16)));
        assert_eq!(int("256 >> 4"), Ok(Evaluated::Int(16)));
        assert_eq!(int("-16 >> 2"), Ok(Evaluated::Int(-4)));
        assert_eq!(int("1 + 1 << 2"), Ok(Evaluated::Int(8)));
        assert_eq!(int("6 & 3"), Ok(Evaluated::Int(2)));
        assert_eq!(int("6 | 3"), Ok(Evaluated::Int(7)));
        assert_eq!(int("6 ^ 3"), Ok(Evaluated::Int(5)));
        assert_eq!(int("6 ^ 3 | 8 & 12"), Ok(Evaluated::Int(13)));
        assert_eq!(int("~0"), Ok(Evaluated::Int(-1)));
        assert_eq!(int("-(3)"), Ok(Evaluated::Int(-3)));
        assert_eq!(int("+3"), Ok(Evaluated::Int(3)));
        assert_eq!(int("- -3"), Ok(Evaluated::Int(3)));
        assert_eq!(int("!0"), Ok(Evaluated::Int(1)));
        assert_eq!(int("!5"), Ok(Evaluated::Int(0)));
        assert_eq!(int("!!5"), Ok(Evaluated::Int(1)));
        for (text, expected) in [
            ("1 < 2", 1),
            ("2 < 1", 0),
            ("2 <= 2", 1),
            ("3 > 2", 1),
            ("2 >= 3", 0),
            ("2 == 2", 1),
            ("2 != 2", 0),
            ("1 < 2 == 1", 1),
            ("1 || 0", 1),
            ("0 || 0", 0),
            ("0 && 1", 0),
            ("2 && 3", 1),
            ("1 || 1 && 0", 1),
            ("1.5 > 1", 1),
            // C's conversions: -1 becomes the largest unsigned.
            ("-1 < 0u", 0),
        ] {
            assert_eq!(int(text), Ok(Evaluated::Int(expected)), "{text}");
        }
        assert_eq!(int("1 + 0.5"), Ok(Evaluated::Float(1.5)));
        assert_eq!(int("7 / 2.0"), Ok(Evaluated::Float(3.5)));
        assert_eq!(int("-2.5"), Ok(Evaluated::Float(-2.5)));
        assert_eq!(int("1.0 / 0"), Ok(Evaluated::Float(f64::INFINITY)));
        assert_eq!(int("0u - 1"), Ok(Evaluated::UInt(u64::MAX)));
        assert_eq!(int("-1u"), Ok(Evaluated::UInt(u64::MAX)));
        assert_eq!(int("~0u"), Ok(Evaluated::UInt(u64::MAX)));
        assert_eq!(int("7u % 4"), Ok(Evaluated::UInt(3)));
        assert_eq!(int("1u << 63 >> 63"), Ok(Evaluated::UInt(1)));
    }

    #[test]
    fn arithmetic_edge_cases_do_not_panic() {
        assert_eq!(
            eval("9223372036854775807 + 1"),
            Ok(Evaluated::Int(i64::MIN))
        );
        assert_eq!(
            eval("(-9223372036854775807 - 1) / -1"),
            Ok(Evaluated::Int(i64::MIN))
        );
        assert_eq!(
            eval("(-9223372036854775807 - 1) % -1"),
            Ok(Evaluated::Int(0))
        );
        assert_eq!(
            eval("9223372036854775807 * 9223372036854775807"),
            Ok(Evaluated::Int(1))
        );
        assert_eq!(eval("1 << 64"), Ok(Evaluated::Int(0)));
        assert_eq!(eval("1 << -1"), Ok(Evaluated::Int(0)));
        assert_eq!(eval("-8 >> 100"), Ok(Evaluated::Int(-1)));
        assert_eq!(eval("1u >> 64"), Ok(Evaluated::UInt(0)));
        assert_eq!(err("1 / 0"), "Division by zero");
        assert_eq!(err("5 % 0"), "Division by zero");
        assert_eq!(err("5u / 0"), "Division by zero");
        assert_eq!(err("1.5 % 2"), "Integer operands required for '%'.");
        assert_eq!(err("1.5 & 1"), "Integer operands required for '&'.");
        assert_eq!(err("1 << 1.5"), "Integer operands required for '<<'.");
        assert_eq!(err("~1.5"), "Integer operands required for '~'.");
    }

    #[test]
    fn variables_in_arithmetic() {
        assert_eq!(eval("i + 1"), Ok(Evaluated::Int(-6)));
        assert_eq!(eval("u + 1"), Ok(Evaluated::Int(4_000_000_001)));
        assert_eq!(eval("ul + 1"), Ok(Evaluated::UInt(0)));
        assert_eq!(eval("l * 2"), Ok(Evaluated::Int(-10)));
        assert_eq!(eval("f * 2"), Ok(Evaluated::Float(5.0)));
        assert_eq!(eval("h * 2"), Ok(Evaluated::Float(3.0)));
        assert_eq!(eval("d * 10"), Ok(Evaluated::Float(1.0)));
        assert_eq!(eval("c + 1"), Ok(Evaluated::Int(66)));
        assert_eq!(eval("uc + 0"), Ok(Evaluated::Int(200)));
        assert_eq!(eval("flag + 1"), Ok(Evaluated::Int(2)));
        assert_eq!(eval("color == 5"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("i < 0 && f > 2"), Ok(Evaluated::Int(1)));
        assert_eq!(show("i"), "-7");
        assert_eq!(
            err("s + 1"),
            "Argument to arithmetic operation not a number or boolean."
        );
        assert_eq!(
            err("v * 2"),
            "Argument to arithmetic operation not a number or boolean."
        );
    }

    #[test]
    fn members_through_typedefs() {
        assert_eq!(show("s.a"), "1");
        assert_eq!(show("s.b"), "{0.5,1.5,2.5}");
        assert_eq!(show("s.b[1]"), "1.5");
        assert_eq!(show("s.in.x"), "-2");
        assert_eq!(show("s.in.c"), "65");
        assert_eq!(show("un.f"), "1");
        assert_eq!(show("un.i"), "1065353216");
        assert_eq!(show("sp->a"), "100");
        assert_eq!(show("sp->b[2]"), "3");
        assert_eq!(show("sp->in.c"), "122");
        assert_eq!(show("(*sp).in.x"), "7");
        assert_eq!(show("(&s)->a"), "1");
        // Lenient like gdb: `.` through a pointer, `->` on a struct.
        assert_eq!(show("sp.a"), "100");
        assert_eq!(show("s->a"), "1");
        assert_eq!(err("s.q"), "There is no member named q.");
        assert_eq!(err("sp->q"), "There is no member named q.");
        assert_eq!(
            err("i.a"),
            "Attempt to extract a component of a value that is not a structure."
        );
        assert_eq!(
            err("i->a"),
            "Attempt to extract a component of a value that is not a structure pointer."
        );
        assert_eq!(
            err("1 .a"),
            "Attempt to extract a component of a value that is not a structure."
        );
        assert_eq!(
            err("vp->a"),
            "Attempt to extract a component of a value that is not a structure pointer."
        );
        assert_eq!(
            err("gp->a"),
            "Attempt to extract a component of a value that is not a structure pointer."
        );
    }

    #[test]
    fn pointers_in_every_space() {
        assert_eq!(show("*gp"), "10");
        assert_eq!(show("gp[2]"), "30");
        assert_eq!(show("*(gp + 3)"), "40");
        assert_eq!(show("*(3 + gp)"), "40");
        assert_eq!(show("*(gp + 4 - 1)"), "40");
        assert_eq!(show("gp + 1"), "0x1000000000004");
        assert_eq!(show("vp + 1"), "0x1000000000001");
        assert_eq!(eval("(gp + 3) - gp"), Ok(Evaluated::Int(3)));
        assert_eq!(eval("&gp[1] - gp"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("gp + 1 == &gp[1]"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("gp < gp + 1"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("nul == 0"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("!nul"), Ok(Evaluated::Int(1)));
        assert_eq!(eval("!gp"), Ok(Evaluated::Int(0)));
        // Local and constant buffers have the same addresses as global ones; the space decides.
        assert_eq!(show("*lp"), "5");
        assert_eq!(show("lp[1]"), "6");
        assert_eq!(show("*cp"), "7");
        assert_eq!(show("cp[1]"), "8");
        assert_eq!(show("*pp"), "1");
        assert_eq!(show("*gen"), "10");
        assert_eq!(show("gen[3]"), "40");
        // Pointer typed results keep the kernel's type.
        let Ok(Evaluated::Typed(v)) = eval("gp + 1") else {
            panic!("gp + 1 is not typed")
        };
        assert_eq!(v.ty, INT_GLOBAL_PTR);
        assert_eq!(
            err("gp * 2"),
            "Argument to arithmetic operation not a number or boolean."
        );
        assert_eq!(
            err("gp + 1.5"),
            "Argument to arithmetic operation not a number or boolean."
        );
    }

    #[test]
    fn bad_pointers_fail_when_read() {
        // Dereferencing is lazy: the value exists, reading it fails.
        assert!(eval("*bad").is_ok());
        assert_eq!(
            show("*bad"),
            "<error: Cannot access memory at address 0xdead>"
        );
        assert_eq!(err("*bad + 1"), "Cannot access memory at address 0xdead");
        assert_eq!(err("*nul + 1"), "Cannot access memory at address 0x0");
        assert_eq!(
            err("gp[-1] + 0"),
            "Cannot access memory at address 0xfffffffffffc"
        );
        assert_eq!(
            err("gp[4] + 0"),
            "Cannot access memory at address 0x1000000000010"
        );
        // Huge indices wrap like addresses do, and simply fail to read.
        assert!(err("gp[100000000000] + 0").starts_with("Cannot access memory"));
        assert!(err("gp[0x7fffffffffffffff] + 0").starts_with("Cannot access memory"));
        assert!(err("gp[18446744073709551615u] + 0").starts_with("Cannot access memory"));
        assert_eq!(
            err("*i"),
            "Attempt to take contents of a non-pointer value."
        );
        assert_eq!(
            err("*vp"),
            "Attempt to take contents of a non-pointer value."
        );
        assert_eq!(
            err("*1"),
            "Attempt to take contents of a non-pointer value."
        );
        assert_eq!(
            err("*s"),
            "Attempt to take contents of a non-pointer value."
        );
        assert_eq!(err("i[0]"), "Cannot subscript something of type 'int'.");
        assert_eq!(err("1[0]"), "Cannot subscript something of type 'long'.");
        assert_eq!(err("gp[1.5]"), "Array subscript is not an integer.");
    }

    #[test]
    fn taking_addresses() {
        assert_eq!(
            eval("&s"),
            Ok(Evaluated::Pointer {
                pointee: Some(S_T),
                space: AddrSpace::Private,
                addr: PRIVATE_S
            })
        );
        assert_eq!(show("&s.b[1]"), "0x200000008");
        assert_eq!(show("&s.in.c"), "0x200000014");
        assert_eq!(show("&v.y"), "0x100000004");
        assert_eq!(show("*&s.a"), "1");
        assert_eq!(show("&*gp"), "0x1000000000000");
        assert_eq!(show("*(&s.b[0] + 2)"), "2.5");
        assert_eq!(type_name(&eval("&s").unwrap(), &target().debug), "S_t *");
        assert_eq!(
            err("&i"),
            "Attempt to take address of value not located in memory."
        );
        assert_eq!(
            err("&gone"),
            "Attempt to take address of value not located in memory."
        );
        assert_eq!(
            err("&1"),
            "Attempt to take address of value not located in memory."
        );
    }

    #[test]
    fn arrays() {
        assert_eq!(show("*s.b"), "0.5");
        assert_eq!(show("*(s.b + 2)"), "2.5");
        assert_eq!(show("big[299]"), "299");
        assert_eq!(show("big[1] + big[2]"), "3");
        assert_eq!(
            err("s.b[3]"),
            "Index 3 is out of bounds for type 'float [3]'."
        );
        assert_eq!(
            err("s.b[-1]"),
            "Index -1 is out of bounds for type 'float [3]'."
        );
        assert_eq!(
            err("big[18446744073709551615u]"),
            "Index 18446744073709551615 is out of bounds for type 'int [300]'."
        );
    }

    #[test]
    fn vector_lanes() {
        assert_eq!(show("v"), "(1,2.5,-3,4)");
        assert_eq!(show("v[1]"), "2.5");
        assert_eq!(show("v.x"), "1");
        assert_eq!(show("v.w"), "4");
        assert_eq!(show("v.s3"), "4");
        assert_eq!(show("v.S2"), "-3");
        assert_eq!(show("v.lo"), "(1,2.5)");
        assert_eq!(show("v.hi"), "(-3,4)");
        assert_eq!(show("v.even"), "(1,-3)");
        assert_eq!(show("v.odd"), "(2.5,4)");
        assert_eq!(show("v.xy"), "(1,2.5)");
        assert_eq!(show("v.s30"), "(4,1)");
        assert_eq!(show("v.x + v.w"), "5");
        assert_eq!(show("i2.y"), "4");
        assert_eq!(show("i2.lo"), "3");
        assert_eq!(show("i2[1]"), "4");
        assert_eq!(show("f3.z"), "3");
        assert_eq!(show("f3.hi"), "(3,0)");
        assert_eq!(err("v[4]"), "no such vector element");
        assert_eq!(err("v[-1]"), "no such vector element");
        assert_eq!(err("v.sF"), "There is no member named sF.");
        assert_eq!(err("v.q"), "There is no member named q.");
        assert_eq!(err("v.s"), "There is no member named s.");
        assert_eq!(err("f3.w"), "There is no member named w.");
        assert_eq!(show("i2.yx"), "(4,3)");
        assert_eq!(show("v.s0123"), "(1,2.5,-3,4)");
        assert_eq!(err("v.s01234"), "There is no member named s01234.");
        assert_eq!(
            err("v.s01230123"),
            "The kernel has no type float8 for this selection."
        );
    }

    #[test]
    fn syntax_errors() {
        let syntax = |near: &str| format!("A syntax error in expression, near '{near}'.");
        assert_eq!(parse("").unwrap_err(), syntax(""));
        assert_eq!(parse("1 +").unwrap_err(), syntax(""));
        assert_eq!(parse("s.").unwrap_err(), syntax(""));
        assert_eq!(parse("(1").unwrap_err(), syntax(""));
        assert_eq!(parse("s.b[1").unwrap_err(), syntax(""));
        assert_eq!(parse("1 2 + 3").unwrap_err(), syntax("2 + 3"));
        assert_eq!(parse("s.1").unwrap_err(), syntax(".1"));
        assert_eq!(parse("xyz )").unwrap_err(), syntax(")"));
        assert_eq!(parse("* / 2").unwrap_err(), syntax("/ 2"));
        assert_eq!(
            parse("a $ b").unwrap_err(),
            "Invalid character '$' in expression."
        );
        assert_eq!(parse("a ? b").unwrap_err(), syntax(""));
        assert_eq!(parse("(int)").unwrap_err(), syntax(""));
        assert_eq!(
            parse("a é").unwrap_err(),
            "Invalid character 'é' in expression."
        );
        assert_eq!(parse("'a").unwrap_err(), "Unmatched single quote.");
        assert_eq!(parse("'ab'").unwrap_err(), "Unmatched single quote.");
        assert_eq!(parse("''").unwrap_err(), "Empty character constant.");
        assert_eq!(parse("'\\").unwrap_err(), "Unmatched single quote.");
        assert_eq!(
            parse("  s . a  ").map(|e| e.to_string()),
            Ok("s . a".into())
        );
    }

    #[test]
    fn lookup_errors() {
        assert_eq!(err("nosuch"), "No symbol \"nosuch\" in current context.");
        assert_eq!(err("gone + 1"), "value has been optimized out");
        assert_eq!(show("gone"), "<optimized out>");
        assert_eq!(
            err("nosuch + 1"),
            "No symbol \"nosuch\" in current context."
        );
    }

    #[test]
    fn conditions() {
        let t = target();
        let cond = |text: &str| truth(&parse(text)?, &t);
        assert_eq!(cond("i < 0"), Ok(true));
        assert_eq!(cond("i"), Ok(true));
        assert_eq!(cond("i == -6"), Ok(false));
        assert_eq!(cond("0.0"), Ok(false));
        assert_eq!(cond("gp"), Ok(true));
        assert_eq!(cond("nul"), Ok(false));
        assert_eq!(cond("flag"), Ok(true));
        // Short-circuit: the right side is never read.
        assert_eq!(cond("nul && *nul"), Ok(false));
        assert_eq!(cond("gp || *nul"), Ok(true));
        assert_eq!(cond("gone"), Err("value has been optimized out".into()));
        assert_eq!(
            cond("s"),
            Err("Argument to arithmetic operation not a number or boolean.".into())
        );
    }

    #[test]
    fn addresses_for_watch_and_x() {
        let t = target();
        let at = |text: &str| address_of(&evaluate(&parse(text)?, &t)?, &t);
        assert_eq!(at("s.b"), Ok((AddrSpace::Private, PRIVATE_S + 4, 12)));
        assert_eq!(at("s"), Ok((AddrSpace::Private, PRIVATE_S, 24)));
        assert_eq!(at("*gp"), Ok((AddrSpace::Global, GLOBAL_INTS, 4)));
        assert_eq!(at("lp[1]"), Ok((AddrSpace::Local, LOCAL_INTS + 4, 4)));
        assert_eq!(at("*gen"), Ok((AddrSpace::Global, GLOBAL_INTS, 4)));
        assert_eq!(at("v.z"), Ok((AddrSpace::Private, PRIVATE_V + 8, 4)));
        assert_eq!(
            at("i"),
            Err("Attempt to take address of value not located in memory.".into())
        );
        assert_eq!(at("gone"), Err("value has been optimized out".into()));
        assert_eq!(
            at("1"),
            Err("Attempt to take address of value not located in memory.".into())
        );

        let target_of = |text: &str| pointer_target(&evaluate(&parse(text)?, &t)?, &t);
        assert_eq!(target_of("gp"), Ok((Some(AddrSpace::Global), GLOBAL_INTS)));
        assert_eq!(target_of("gen"), Ok((Some(AddrSpace::Global), GLOBAL_INTS)));
        assert_eq!(target_of("&s"), Ok((Some(AddrSpace::Private), PRIVATE_S)));
        assert_eq!(
            target_of("s.b"),
            Ok((Some(AddrSpace::Private), PRIVATE_S + 4))
        );
        assert_eq!(target_of("s"), Ok((Some(AddrSpace::Private), PRIVATE_S)));
        assert_eq!(target_of("0x1000"), Ok((None, 0x1000)));
        assert_eq!(
            target_of("1.5"),
            Err("Attempt to take contents of a non-pointer value.".into())
        );
    }

    #[test]
    fn bytes_of_values() {
        let t = target();
        let v = t.lookup("v").unwrap();
        assert_eq!(bytes_of(&v, &t), Ok(floats(&[1.0, 2.5, -3.0, 4.0])));
        let gone = t.lookup("gone").unwrap();
        assert_eq!(
            bytes_of(&gone, &t),
            Err("value has been optimized out".into())
        );
    }

    #[test]
    fn type_names() {
        let t = target();
        let name = |text: &str| type_name(&eval(text).unwrap(), &t.debug);
        assert_eq!(name("v"), "float4");
        assert_eq!(name("v.lo"), "float2");
        assert_eq!(name("s"), "S_t");
        assert_eq!(name("1"), "long");
        assert_eq!(name("1u"), "unsigned long");
        assert_eq!(name("1.0"), "double");
        assert_eq!(name("gp + 1"), "int *");
        assert_eq!(name("s.b + 1"), "float *");
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
        assert_eq!(parse(&deep).unwrap_err(), TOO_COMPLEX);
        assert_eq!(
            parse(&format!("{}1", "-".repeat(10_000))).unwrap_err(),
            TOO_COMPLEX
        );
        assert_eq!(
            parse(&format!("{}gp", "*".repeat(10_000))).unwrap_err(),
            TOO_COMPLEX
        );
        let long_chain = format!("1{}", "+1".repeat(100_000));
        assert_eq!(parse(&long_chain).unwrap_err(), TOO_COMPLEX);
        let deep_index = format!("{}0{}", "gp[".repeat(1000), "]".repeat(1000));
        assert_eq!(parse(&deep_index).unwrap_err(), TOO_COMPLEX);
        // The largest accepted trees evaluate without trouble.
        let chain = format!("1{}", "+1".repeat(MAX_NODES / 2 - 1));
        assert_eq!(eval(&chain), Ok(Evaluated::Int((MAX_NODES / 2) as i64)));
        let nested = format!("{}1{}", "(".repeat(60), ")".repeat(60));
        assert_eq!(eval(&nested), Ok(Evaluated::Int(1)));
        assert_eq!(eval(&format!("{}1", "-".repeat(60))), Ok(Evaluated::Int(1)));
    }

    #[test]
    fn arbitrary_input_never_panics() {
        // A deterministic shuffle of expression fragments: every result must be Ok or Err.
        let pieces = [
            "s",
            ".",
            "->",
            "[",
            "]",
            "(",
            ")",
            "*",
            "&",
            "-",
            "!",
            "~",
            "+",
            "/",
            "%",
            "<<",
            ">>",
            "<",
            "<=",
            "==",
            "!=",
            "&&",
            "||",
            "^",
            "|",
            "gp",
            "v",
            "0",
            "1",
            "-1",
            "0xffffffffffffffff",
            "1.5",
            "'a'",
            "'",
            "b",
            "in",
            "lo",
            "x",
            "sp",
            "nul",
            "bad",
            "gone",
            "big",
            "1e400",
            "\\",
            " ",
            "i2",
            "f3",
            "s0",
            "un",
        ];
        let t = target();
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        for _ in 0..20_000 {
            let mut text = String::new();
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let len = seed % 12;
            for k in 0..len {
                let pick = (seed.rotate_left(k as u32 * 5) % pieces.len() as u64) as usize;
                text.push_str(pieces[pick]);
            }
            if let Ok(e) = parse(&text) {
                if let Ok(v) = evaluate(&e, &t) {
                    for fmt in ['x', 'd', 'u', 't', 'c', 'f', 'o'] {
                        let fmt = crate::format::parse_format(fmt).unwrap();
                        crate::format::value(&v, fmt, &t);
                    }
                    let _ = address_of(&v, &t);
                    let _ = pointer_target(&v, &t);
                }
                let _ = truth(&e, &t);
            }
        }
    }

    #[test]
    fn half_precision() {
        // The simulator's own widening (oclgrind_core::half), read by size.
        assert_eq!(float_from_bits(0x3c00, 2), Ok(1.0));
        assert_eq!(float_from_bits(0xc000, 2), Ok(-2.0));
        assert_eq!(float_from_bits(0x0001, 2), Ok(2f64.powi(-24)));
        assert_eq!(float_from_bits(0x7c00, 2), Ok(f64::INFINITY));
        assert!(float_from_bits(0x7e00, 2).is_ok_and(f64::is_nan));
        assert!(float_from_bits(0x8000, 2).is_ok_and(|z| z == 0.0 && z.is_sign_negative()));
    }
}
