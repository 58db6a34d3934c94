//! Evaluation: a syntax tree evaluated against a stopped work-item, as C (and gdb) would,
//! reading only the memory it needs.

use super::parse::{Binary, CScalar, CType, Node, Unary};
use super::*;

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

/// The bytes of `v` as a value of type `ty`, converted as C's assignment converts it: numbers
/// to any scalar type (floats truncated towards zero for integers), pointers and integers to
/// pointers, a scalar to every lane of a vector, and aggregates from one of the same type.
pub fn encode(v: &Evaluated, ty: TypeId, t: &dyn Target) -> Result<Vec<u8>, ExprError> {
    let d = t.debug();
    let rt = d.resolve(ty);
    let same_type = |v: &Evaluated| match v {
        Evaluated::Typed(value) => {
            let vt = d.resolve(value.ty);
            vt == rt || (d.ty(vt) == d.ty(rt) && d.type_name(vt) == d.type_name(rt))
        }
        _ => false,
    };
    match (d.ty(rt), v) {
        (DbgType::Base { size, encoding, .. }, _) => {
            let n = match operand(v, t)? {
                Operand::Num(n) => n,
                Operand::Ptr(p) => Num::U(p.addr),
            };
            let size = *size as usize;
            let bits = match encoding {
                Encoding::Float => {
                    let x = match n {
                        Num::I(i) => i as f64,
                        Num::U(u) => u as f64,
                        Num::F(x) => x,
                    };
                    match size {
                        2 => half::from_f64(x) as u64,
                        4 => (x as f32).to_bits() as u64,
                        8 => x.to_bits(),
                        _ => return Err(ExprError::FloatSize(size as u32)),
                    }
                }
                Encoding::Bool => is_true(&n.into(), t)? as u64,
                Encoding::Signed | Encoding::SignedChar => match n {
                    Num::I(i) => i as u64,
                    Num::U(u) => u,
                    Num::F(x) => x as i64 as u64,
                },
                Encoding::Unsigned | Encoding::UnsignedChar => match n {
                    Num::I(i) => i as u64,
                    Num::U(u) => u,
                    Num::F(x) => x as u64,
                },
            };
            if size == 0 || size > 8 {
                return Err(ExprError::ScalarSize(size as u32));
            }
            Ok(bits.to_le_bytes()[..size].to_vec())
        }
        (DbgType::Enum { size, .. }, _) => {
            let n = match operand(v, t)? {
                Operand::Num(n) => integer(n)?,
                Operand::Ptr(_) => return Err(ExprError::InvalidCast),
            };
            let size = (*size as usize).clamp(1, 8);
            Ok(n.to_le_bytes()[..size].to_vec())
        }
        (DbgType::Pointer { .. }, _) => {
            let addr = match operand(v, t)? {
                Operand::Ptr(p) => p.addr,
                Operand::Num(n) => integer(n)? as u64,
            };
            Ok(addr.to_le_bytes().to_vec())
        }
        (_, Evaluated::Typed(value)) if same_type(v) => bytes_of(value, t),
        (DbgType::Vector { elem, count }, _) if number(v, t)?.is_some() => {
            // A scalar assigned to a vector goes to every lane, as in OpenCL C.
            let lane = encode(v, *elem, t)?;
            let mut bytes = lane.repeat(*count as usize);
            bytes.resize(d.size_of(rt) as usize, 0);
            Ok(bytes)
        }
        _ => Err(ExprError::InvalidCast),
    }
}

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
