//! Expressions of `print`, `display`, `watch`, `x` and breakpoint conditions: a subset of C
//! (names, literals, `.` `->` `[]`, unary `* & - + ! ~` and the binary operators) parsed into a
//! tree and evaluated against a stopped work-item.
//!
//! A result is either a typed value of the kernel (`Value`: a type and where its bytes are) or
//! a plain number from literals and arithmetic. Typed values stay lazy — a member of a struct in
//! memory is just a narrower place — so `&s.b[1]` or `*p` read no memory they do not need, and
//! printing an unreadable value can say so in place. Every failure is an `ExprError`, shown as
//! gdb's message for it; no input makes this module panic (the size of the tree is bounded, so
//! recursion is too).

use crate::target::{Place, Target, Value};
use oclgrind_core::debugging::{half, resolve, AddrSpace, DbgType, Encoding, KernelDebug, TypeId};
use std::fmt;
use std::num::IntErrorKind;

mod error;
pub use error::ExprError;

/// Most nodes an expression may have. Evaluating (and dropping) the tree recurses once per
/// level, so this bounds the stack whatever the input.
const MAX_NODES: usize = 500;
/// Deepest nesting of parentheses, brackets and unary operators the parser accepts.
const MAX_NESTING: usize = 64;

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
pub(crate) fn float_from_bits(bits: u64, size: u32) -> Result<f64, ExprError> {
    match size {
        2 => Ok(half::to_f64(bits as u16)),
        4 => Ok(f32::from_bits(bits as u32) as f64),
        8 => Ok(f64::from_bits(bits)),
        _ => Err(ExprError::FloatSize(size)),
    }
}

/// Reads a scalar (base type, enum or pointer) of type `ty` from the start of `bytes`.
pub(crate) fn read_scalar(d: &KernelDebug, ty: TypeId, bytes: &[u8]) -> Result<Scalar, ExprError> {
    let (size, encoding) = match d.ty(d.resolve(ty)) {
        DbgType::Base { size, encoding, .. } => (*size, *encoding),
        DbgType::Enum { size, .. } => (*size, Encoding::Signed),
        DbgType::Pointer { .. } => (8, Encoding::Unsigned),
        _ => return Err(ExprError::NotANumber),
    };
    if size == 0 || size > 8 {
        return Err(ExprError::ScalarSize(size));
    }
    let raw = bytes.get(..size as usize).ok_or(ExprError::Unavailable)?;
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
) -> Result<Vec<u8>, ExprError> {
    if len == 0 {
        return Ok(Vec::new());
    }
    let (space, addr) = resolve(space, addr);
    t.read(space, addr, len)
        .filter(|bytes| bytes.len() as u64 == len)
        .ok_or(ExprError::CannotAccess(addr))
}

/// The bytes of a typed value (reading memory when needed).
pub fn bytes_of(v: &Value, t: &dyn Target) -> Result<Vec<u8>, ExprError> {
    match &v.place {
        Place::Bytes(bytes) | Place::Uninit { bytes, .. } => Ok(bytes.clone()),
        Place::OptimizedOut => Err(ExprError::OptimizedOut),
        Place::Memory { space, addr } => read(t, *space, *addr, t.debug().size_of(v.ty)),
    }
}

/// For `watch` and `x`: where a value lives (generic addresses resolved) and how many bytes it
/// has. Only values in memory have an address.
pub fn address_of(v: &Evaluated, t: &dyn Target) -> Result<(AddrSpace, u64, u64), ExprError> {
    match v {
        Evaluated::Typed(Value {
            ty,
            place: Place::Memory { space, addr },
        }) => {
            let (space, addr) = resolve(*space, *addr);
            Ok((space, addr, t.debug().size_of(*ty)))
        }
        Evaluated::Typed(Value {
            place: Place::OptimizedOut,
            ..
        }) => Err(ExprError::OptimizedOut),
        _ => Err(ExprError::NotInMemory),
    }
}

/// For `x EXPR`, as gdb reads it: where a pointer points, the address of an aggregate in memory
/// (`x arr`, `x s`), or a plain integer taken as an address — with `None` for its space, which
/// the caller chooses.
pub fn pointer_target(
    v: &Evaluated,
    t: &dyn Target,
) -> Result<(Option<AddrSpace>, u64), ExprError> {
    if let Some(p) = as_pointer(v, t)? {
        let (space, addr) = resolve(p.space, p.addr);
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
            let (space, addr) = resolve(*space, *addr);
            return Ok((Some(space), addr));
        }
    }
    match number(v, t)? {
        Some(Num::I(i)) => Ok((None, i as u64)),
        Some(Num::U(u)) => Ok((None, u)),
        _ => Err(ExprError::NotAPointer),
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

fn tokenize(text: &str) -> Result<Vec<Token>, ExprError> {
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
            return Err(ExprError::InvalidCharacter(ch));
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
fn number_literal(text: &str) -> Result<Num, ExprError> {
    let invalid = || ExprError::InvalidNumber(text.to_string());
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
        IntErrorKind::PosOverflow => ExprError::NumberTooLarge,
        _ => invalid(),
    })?;
    Ok(match i64::try_from(value) {
        Ok(signed) if !suffix.contains('u') => Num::I(signed),
        _ => Num::U(value),
    })
}

/// A character literal starting at `start` (the opening quote): its value (a C `char`, so
/// `'\377'` is -1) and the offset just past the closing quote.
fn char_literal(text: &str, start: usize) -> Result<(i64, usize), ExprError> {
    let unmatched = || ExprError::UnmatchedQuote;
    let mut chars = text[start + 1..].char_indices().peekable();
    let value = match chars.next().ok_or_else(unmatched)?.1 {
        '\'' => return Err(ExprError::EmptyCharacter),
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
pub fn parse(text: &str) -> Result<Expr, ExprError> {
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

    fn expect(&mut self, p: &str) -> Result<(), ExprError> {
        if self.punct() == Some(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.syntax_error())
        }
    }

    /// gdb's error, quoting the input from the current token on.
    fn syntax_error(&self) -> ExprError {
        let at = self.tokens.get(self.pos).map_or(self.text.len(), |t| t.at);
        let rest = self.text.get(at..).unwrap_or("").trim_end();
        ExprError::Syntax {
            near: rest.to_string(),
        }
    }

    /// Counts a new node against `MAX_NODES`.
    fn node(&mut self, node: Node) -> Result<Node, ExprError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(ExprError::TooComplex);
        }
        Ok(node)
    }

    /// Runs `f` one nesting level deeper, refusing to go past `MAX_NESTING`.
    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Node, ExprError>,
    ) -> Result<Node, ExprError> {
        if self.nesting >= MAX_NESTING {
            return Err(ExprError::TooComplex);
        }
        self.nesting += 1;
        let result = f(self);
        self.nesting -= 1;
        result
    }

    /// gdb's `@` binds loosest: `*p@n+1` repeats `*p` n+1 times.
    fn expression(&mut self) -> Result<Node, ExprError> {
        let mut node = self.conditional()?;
        while self.punct() == Some("@") {
            self.pos += 1;
            let count = self.conditional()?;
            node = self.node(Node::Repeat(Box::new(node), Box::new(count)))?;
        }
        Ok(node)
    }

    /// `c ? a : b`, right-associative.
    fn conditional(&mut self) -> Result<Node, ExprError> {
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
    fn binary(&mut self, min: u8) -> Result<Node, ExprError> {
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

    fn unary(&mut self) -> Result<Node, ExprError> {
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

    fn postfix(&mut self) -> Result<Node, ExprError> {
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

    fn member_name(&mut self) -> Result<String, ExprError> {
        match self.peek() {
            Tok::Ident(name) => {
                let name = name.clone();
                self.pos += 1;
                Ok(name)
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn primary(&mut self) -> Result<Node, ExprError> {
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
pub fn evaluate(e: &Expr, t: &dyn Target) -> Result<Evaluated, ExprError> {
    eval(&e.root, t)
}

/// For conditions: true/false, or the error.
pub fn truth(e: &Expr, t: &dyn Target) -> Result<bool, ExprError> {
    is_true(&evaluate(e, t)?, t)
}

fn eval(node: &Node, t: &dyn Target) -> Result<Evaluated, ExprError> {
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
fn size_of(v: &Evaluated, t: &dyn Target) -> Result<u64, ExprError> {
    Ok(match v {
        Evaluated::Int(_) | Evaluated::UInt(_) | Evaluated::Float(_) => 8,
        Evaluated::Pointer { .. } => 8,
        Evaluated::Typed(value) => t.debug().size_of(value.ty),
        Evaluated::Repeated { elem, count, .. } => t.debug().size_of(*elem) * count,
    })
}

/// `(type) v`: a number converted as C converts it, or a pointer retyped.
fn cast(ty: CType, v: Evaluated, t: &dyn Target) -> Result<Evaluated, ExprError> {
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
        CScalar::Void => return Err(ExprError::CastToVoid),
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
fn repeat(base: Evaluated, count: &Evaluated, t: &dyn Target) -> Result<Evaluated, ExprError> {
    let n = match operand(count, t)? {
        Operand::Num(n) => integer(n)?,
        Operand::Ptr(_) => return Err(ExprError::RepeatCountNotInteger),
    };
    if n <= 0 {
        return Err(ExprError::NonPositiveRepeat(n));
    }
    // gdb's max-value-size.
    let bytes = (n as u64).saturating_mul(size_of(&base, t)?);
    if bytes > 65536 {
        return Err(ExprError::ValueTooLarge(bytes));
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
        _ => Err(ExprError::RepeatNotInMemory),
    }
}

fn lookup(name: &str, t: &dyn Target) -> Result<Evaluated, ExprError> {
    if let Some(v) = t.lookup(name) {
        return Ok(Evaluated::Typed(v));
    }
    match name {
        "true" => Ok(Evaluated::Int(1)),
        "false" => Ok(Evaluated::Int(0)),
        _ => Err(ExprError::NoSymbol(name.to_string())),
    }
}

/// A work-item function called for the stopped work-item, with gdb's words for a bad call.
fn call(name: &str, args: &[Node], t: &dyn Target) -> Result<Evaluated, ExprError> {
    let mut values = Vec::with_capacity(args.len());
    for a in args {
        let v = eval(a, t)?;
        let n = number(&v, t)?.ok_or(ExprError::NotANumber)?;
        values.push(match n {
            Num::F(x) => x as u64,
            n => integer(n)? as u64,
        });
    }
    match t.call(name, &values) {
        Some(Ok(v)) => Ok(Evaluated::UInt(v)),
        Some(Err(n)) if values.len() < n => Err(ExprError::TooFewArguments),
        Some(Err(_)) => Err(ExprError::TooManyArguments),
        None if t.lookup(name).is_some() => Err(ExprError::NotCallable(name.to_string())),
        None => Err(ExprError::NoSymbol(name.to_string())),
    }
}

/// A non-zero number or a non-null pointer.
fn is_true(v: &Evaluated, t: &dyn Target) -> Result<bool, ExprError> {
    Ok(match operand(v, t)? {
        Operand::Num(Num::I(i)) => i != 0,
        Operand::Num(Num::U(u)) => u != 0,
        Operand::Num(Num::F(x)) => x != 0.0,
        Operand::Ptr(p) => p.addr != 0,
    })
}

/// The pointer a value is — or decays to, for an array in memory — if it is one.
fn as_pointer(v: &Evaluated, t: &dyn Target) -> Result<Option<Ptr>, ExprError> {
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
fn number(v: &Evaluated, t: &dyn Target) -> Result<Option<Num>, ExprError> {
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

fn operand(v: &Evaluated, t: &dyn Target) -> Result<Operand, ExprError> {
    if let Some(p) = as_pointer(v, t)? {
        return Ok(Operand::Ptr(p));
    }
    match number(v, t)? {
        Some(n) => Ok(Operand::Num(n)),
        None => Err(ExprError::NotANumber),
    }
}

/// What a pointer points to; generic addresses become addresses in their real space.
fn deref(p: Ptr) -> Result<Value, ExprError> {
    let pointee = p.pointee.ok_or(ExprError::NotAPointer)?;
    let (space, addr) = resolve(p.space, p.addr);
    Ok(Value {
        ty: pointee,
        place: Place::Memory { space, addr },
    })
}

/// The part of `place` at `offset` of `size` bytes (a member, element or lane).
fn sub_place(place: &Place, offset: u64, size: u64) -> Result<Place, ExprError> {
    match place {
        Place::Memory { space, addr } => Ok(Place::Memory {
            space: *space,
            addr: addr.wrapping_add(offset),
        }),
        Place::Bytes(bytes) | Place::Uninit { bytes, .. } => {
            let start = usize::try_from(offset).map_err(|_| ExprError::Unavailable)?;
            let end = start
                .checked_add(usize::try_from(size).map_err(|_| ExprError::Unavailable)?)
                .ok_or(ExprError::Unavailable)?;
            let part = bytes
                .get(start..end)
                .ok_or(ExprError::Unavailable)?
                .to_vec();
            Ok(match place {
                Place::Uninit { shadow, .. } => Place::Uninit {
                    bytes: part,
                    shadow: shadow
                        .get(start..end)
                        .ok_or(ExprError::Unavailable)?
                        .to_vec(),
                },
                _ => Place::Bytes(part),
            })
        }
        Place::OptimizedOut => Ok(Place::OptimizedOut),
    }
}

fn unary(op: Unary, v: Evaluated, t: &dyn Target) -> Result<Evaluated, ExprError> {
    match op {
        Unary::Deref => match as_pointer(&v, t)? {
            Some(p) => deref(p).map(Evaluated::Typed),
            None => Err(ExprError::NotAPointer),
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
            _ => Err(ExprError::NotInMemory),
        },
        Unary::Not => Ok(Evaluated::Int(!is_true(&v, t)? as i64)),
        Unary::Neg | Unary::Plus | Unary::BitNot => {
            let Operand::Num(n) = operand(&v, t)? else {
                return Err(ExprError::NotANumber);
            };
            let result = match (op, n) {
                (Unary::Plus, n) => n,
                (Unary::Neg, Num::I(i)) => Num::I(i.wrapping_neg()),
                (Unary::Neg, Num::U(u)) => Num::U(u.wrapping_neg()),
                (Unary::Neg, Num::F(x)) => Num::F(-x),
                (_, Num::I(i)) => Num::I(!i),
                (_, Num::U(u)) => Num::U(!u),
                (_, Num::F(_)) => return Err(ExprError::IntegerOnly("~")),
            };
            Ok(result.into())
        }
    }
}

fn binary(
    op: Binary,
    l: &Evaluated,
    r: &Evaluated,
    t: &dyn Target,
) -> Result<Evaluated, ExprError> {
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
        _ => Err(ExprError::NotANumber),
    }
}

/// An integer operand of pointer arithmetic.
fn integer(n: Num) -> Result<i64, ExprError> {
    match n {
        Num::I(i) => Ok(i),
        Num::U(u) => Ok(u as i64),
        Num::F(_) => Err(ExprError::NotANumber),
    }
}

/// An operand of a pointer comparison, as an address.
fn address(o: Operand) -> Result<u64, ExprError> {
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

fn numeric(op: Binary, a: Num, b: Num) -> Result<Num, ExprError> {
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

fn integer_only(op: Binary) -> ExprError {
    ExprError::IntegerOnly(op.symbol())
}

fn float_op(op: Binary, x: f64, y: f64) -> Result<Num, ExprError> {
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

fn unsigned_op(op: Binary, x: u64, y: u64) -> Result<Num, ExprError> {
    if let Some(c) = compare(op, x, y) {
        return Ok(c);
    }
    Ok(Num::U(match op {
        Binary::Add => x.wrapping_add(y),
        Binary::Sub => x.wrapping_sub(y),
        Binary::Mul => x.wrapping_mul(y),
        Binary::Div => x.checked_div(y).ok_or(ExprError::DivisionByZero)?,
        Binary::Rem => x.checked_rem(y).ok_or(ExprError::DivisionByZero)?,
        Binary::BitAnd => x & y,
        Binary::BitOr => x | y,
        Binary::BitXor => x ^ y,
        _ => return Err(ExprError::NotANumber),
    }))
}

fn signed_op(op: Binary, x: i64, y: i64) -> Result<Num, ExprError> {
    if let Some(c) = compare(op, x, y) {
        return Ok(c);
    }
    if matches!(op, Binary::Div | Binary::Rem) && y == 0 {
        return Err(ExprError::DivisionByZero);
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
        _ => return Err(ExprError::NotANumber),
    }))
}

/// `<<` and `>>`: the result has the left operand's type (as in C). Shifting by a negative
/// amount or by 64 or more gives what shifting one bit at a time would: 0, or -1 for `>>` of
/// a negative number.
fn shift(op: Binary, a: Num, b: Num) -> Result<Num, ExprError> {
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
fn subscript(base: Evaluated, index: &Evaluated, t: &dyn Target) -> Result<Evaluated, ExprError> {
    let d = t.debug();
    let i = match number(index, t)? {
        Some(Num::I(i)) => i as i128,
        Some(Num::U(u)) => u as i128,
        _ => return Err(ExprError::SubscriptNotInteger),
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
                    .ok_or(ExprError::NoSuchLane)?;
                return vector_lane(value, *elem, lane, d).map(Evaluated::Typed);
            }
            _ => {}
        }
    }
    match as_pointer(&base, t)? {
        Some(p) => deref(p.offset(i as i64, d)).map(Evaluated::Typed),
        None => Err(ExprError::NotSubscriptable(type_name(&base, d))),
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
) -> Result<Value, ExprError> {
    let size = d.size_of(elem);
    let unbounded = count == 0 && matches!(array.place, Place::Memory { .. });
    if !unbounded && !(0..count as i128).contains(&i) {
        return Err(ExprError::OutOfBounds {
            index: i,
            ty: d.type_name(array.ty),
        });
    }
    let offset = (i as u64).wrapping_mul(size);
    Ok(Value {
        ty: elem,
        place: sub_place(&array.place, offset, size)?,
    })
}

fn vector_lane(
    vector: &Value,
    elem: TypeId,
    lane: u32,
    d: &KernelDebug,
) -> Result<Value, ExprError> {
    let size = d.size_of(elem);
    Ok(Value {
        ty: elem,
        place: sub_place(&vector.place, lane as u64 * size, size)?,
    })
}

/// `base.name` and `base->name`. Like gdb, `.` on a pointer to a struct and `->` on a struct
/// are accepted too.
fn member(
    base: Evaluated,
    name: &str,
    arrow: bool,
    t: &dyn Target,
) -> Result<Evaluated, ExprError> {
    let d = t.debug();
    let not_struct = || {
        if arrow {
            ExprError::NotAStructPointer
        } else {
            ExprError::NotAStruct
        }
    };
    let value = match as_pointer(&base, t)? {
        Some(p) if !is_array(&base, d) => deref(p).map_err(|_| not_struct())?,
        _ => match base {
            Evaluated::Typed(value) => value,
            _ => return Err(not_struct()),
        },
    };
    let no_member = || ExprError::NoMember(name.to_string());
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
) -> Result<Evaluated, ExprError> {
    let d = t.debug();
    if let [lane] = lanes {
        return vector_lane(vector, elem, *lane, d).map(Evaluated::Typed);
    }
    let n = lanes.len() as u32;
    let ty = vector_type(d, elem, n).ok_or_else(|| ExprError::NoVectorType {
        elem: d.type_name(elem),
        lanes: n,
    })?;
    // Lanes are scalars: at most 8 bytes (a larger size means broken debug information).
    let size = d.size_of(elem) as usize;
    if size > 8 {
        return Err(ExprError::CannotSelectLanes(d.type_name(vector.ty)));
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

#[cfg(any(test, feature = "fake-target"))]
pub mod fake;

#[cfg(test)]
mod tests;
