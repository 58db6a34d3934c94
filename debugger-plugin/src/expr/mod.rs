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
//!
//! `parse` turns text into a tree, `eval` evaluates one; this module holds the values both
//! deal in and reads them from their bytes, and `error` says what can go wrong.

use crate::target::{Place, Target, Value};
use oclgrind_core::debugging::{half, resolve, AddrSpace, DbgType, Encoding, KernelDebug, TypeId};

mod error;
mod eval;
mod parse;

pub use error::ExprError;
pub use eval::{address_of, encode, evaluate, pointer_target, truth};
pub use parse::{parse, Expr};

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

#[cfg(any(test, feature = "fake-target"))]
pub mod fake;

#[cfg(test)]
mod tests;
