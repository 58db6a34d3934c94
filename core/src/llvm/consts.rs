//! Evaluation of LLVM constants (including constant expressions and global initializers) into
//! slot values and bytes, done once at lowering time.

use std::collections::HashMap;

use super::ir::{ModuleRef, Opcode, Type, TypeKind, Value, ValueKind};
use super::types::{shape_of, space_of, TypeError};
use crate::memory::{from_generic, to_generic, AddrSpace};
use crate::semantics::bitcast_lanes;
use crate::semantics::{mask, sext};

/// A constant scalar: plain bits, or an address inside a program-scope variable whose final
/// location is only known once the program is placed in a context.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CVal {
    Bits(u64),
    Global {
        id: u32,
        addend: i64,
    },
    /// `undef` or `poison`: zero as a value, uninitialised as the shadow sees it.
    Undef,
}

impl CVal {
    fn add(self, delta: i64) -> CVal {
        match self {
            CVal::Bits(b) => CVal::Bits(b.wrapping_add(delta as u64)),
            CVal::Global { id, addend } => CVal::Global {
                id,
                addend: addend + delta,
            },
            CVal::Undef => CVal::Undef,
        }
    }
}

/// Why a constant, or an address computation, cannot be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConstError {
    #[error(transparent)]
    Type(#[from] TypeError),
    #[error("non-constant struct index")]
    VariableStructIndex,
    #[error("struct index out of range")]
    StructIndexRange,
    /// A GEP index into a type that has no elements, as LLVM prints the type.
    #[error("cannot index into type {0}")]
    IndexInto(String),
    #[error("vector-of-pointer address computations are not supported")]
    VectorOfPointers,
    #[error("expected a scalar constant")]
    NotScalar,
    #[error("unsupported floating-point constant type {0}")]
    FloatType(String),
    #[error("unreadable constant aggregate element")]
    Element,
    #[error("unknown global variable @{0}")]
    UnknownGlobal(String),
    #[error("function pointers are not supported (@{0})")]
    FunctionPointer(String),
    /// A kind of constant the evaluation does not know, as LLVM prints it.
    #[error("unsupported constant: {0}")]
    Constant(String),
    #[error("bitcast of a constant aggregate")]
    AggregateBitcast,
    #[error("an address split across vector lanes")]
    SplitAddress,
    #[error("non-constant index in a constant address")]
    VariableIndex,
    #[error("truncated address in a constant expression")]
    TruncatedAddress,
    #[error("sign-extended address in a constant expression")]
    SignExtendedAddress,
    #[error("unsupported address arithmetic in a constant expression")]
    AddressArithmetic,
    /// An operation the evaluation does not know, as LLVM prints the expression.
    #[error("unsupported constant expression: {0}")]
    Expression(String),
}

/// `(byte offset, variable, addend)`: the address of another variable goes at offset.
pub type Relocation = (u64, u32, i64);

/// Where a module-level variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalAddr {
    /// Program-scope global/constant variable number `n` (relocated later).
    Program(u32),
    /// Address known at lowering time (local and private variables of a kernel).
    Fixed(u64),
}

/// Constant evaluation context.
pub struct Consts<'a> {
    pub m: &'a ModuleRef,
    pub globals: &'a HashMap<Value, GlobalAddr>,
}

/// The address computation of a `getelementptr`.
#[derive(Debug, Default)]
pub struct GepInfo {
    pub offset: i64,
    /// Variable indices with their byte scale.
    pub vars: Vec<(Value, i64)>,
    /// Indices into LLVM array types with the array length (MemCheck's static bounds check).
    pub checks: Vec<(Value, u64)>,
}

/// Breaks a GEP over `src` with `indices` into constant and variable parts.
pub fn gep_info(m: &ModuleRef, src: Type, indices: &[Value]) -> Result<GepInfo, ConstError> {
    let mut info = GepInfo::default();
    let mut cur = src;
    for (k, &idx) in indices.iter().enumerate() {
        let (scale, array_len) = if k == 0 {
            (m.alloc_size(src) as i64, None)
        } else {
            match cur.kind() {
                TypeKind::LLVMStructTypeKind => {
                    if idx.kind() != ValueKind::LLVMConstantIntValueKind {
                        return Err(ConstError::VariableStructIndex);
                    }
                    let field = idx.const_zext() as u32;
                    info.offset += m.field_offset(cur, field) as i64;
                    cur = *cur
                        .struct_fields()
                        .get(field as usize)
                        .ok_or(ConstError::StructIndexRange)?;
                    continue;
                }
                TypeKind::LLVMArrayTypeKind => {
                    let len = cur.array_len();
                    cur = cur.element();
                    (m.alloc_size(cur) as i64, Some(len))
                }
                TypeKind::LLVMVectorTypeKind => {
                    cur = cur.element();
                    (m.alloc_size(cur) as i64, None)
                }
                _ => return Err(ConstError::IndexInto(cur.print())),
            }
        };
        if idx.ty().kind() == TypeKind::LLVMVectorTypeKind {
            return Err(ConstError::VectorOfPointers);
        }
        if let Some(len) = array_len {
            info.checks.push((idx, len));
        }
        if idx.kind() == ValueKind::LLVMConstantIntValueKind {
            info.offset = info
                .offset
                .wrapping_add(idx.const_sext().wrapping_mul(scale));
        } else {
            info.vars.push((idx, scale));
        }
    }
    Ok(info)
}

impl Consts<'_> {
    /// The scalar value of a constant of scalar type.
    pub fn scalar(&self, v: Value) -> Result<CVal, ConstError> {
        let leaves = self.leaves(v)?;
        match leaves.as_slice() {
            [one] => Ok(*one),
            _ => Err(ConstError::NotScalar),
        }
    }

    /// The slot values of a constant of any type (flattened like its register shape).
    pub fn leaves(&self, v: Value) -> Result<Vec<CVal>, ConstError> {
        let mut out = Vec::new();
        self.push_leaves(v, &mut out)?;
        Ok(out)
    }

    fn push_leaves(&self, v: Value, out: &mut Vec<CVal>) -> Result<(), ConstError> {
        let t = v.ty();
        match v.kind() {
            ValueKind::LLVMConstantIntValueKind => {
                let bits = t.int_width();
                if bits > 64 {
                    return Err(TypeError::IntWidth(bits).into());
                }
                out.push(CVal::Bits(v.const_zext() & mask(bits as u8)));
            }
            ValueKind::LLVMConstantFPValueKind => {
                let d = v.const_double();
                out.push(CVal::Bits(match t.kind() {
                    // A half widens to double exactly, so rounding back gives its bits.
                    TypeKind::LLVMHalfTypeKind => crate::half::from_f64(d) as u64,
                    TypeKind::LLVMFloatTypeKind => (d as f32).to_bits() as u64,
                    TypeKind::LLVMDoubleTypeKind => d.to_bits(),
                    _ => return Err(ConstError::FloatType(t.print())),
                }));
            }
            ValueKind::LLVMConstantPointerNullValueKind
            | ValueKind::LLVMConstantTargetNoneValueKind => out.push(CVal::Bits(0)),
            ValueKind::LLVMConstantAggregateZeroValueKind => {
                let n = shape_of(self.m, t)?.slots();
                out.extend(std::iter::repeat_n(CVal::Bits(0), n as usize));
            }
            ValueKind::LLVMUndefValueValueKind | ValueKind::LLVMPoisonValueKind => {
                let n = shape_of(self.m, t)?.slots();
                out.extend(std::iter::repeat_n(CVal::Undef, n as usize));
            }
            ValueKind::LLVMConstantVectorValueKind
            | ValueKind::LLVMConstantDataVectorValueKind
            | ValueKind::LLVMConstantArrayValueKind
            | ValueKind::LLVMConstantDataArrayValueKind
            | ValueKind::LLVMConstantStructValueKind => {
                let n = match t.kind() {
                    TypeKind::LLVMStructTypeKind => t.struct_fields().len() as u64,
                    TypeKind::LLVMArrayTypeKind => t.array_len(),
                    _ => t.vector_len() as u64,
                };
                for i in 0..n {
                    let e = v.aggregate_element(i as u32).ok_or(ConstError::Element)?;
                    self.push_leaves(e, out)?;
                }
            }
            ValueKind::LLVMGlobalVariableValueKind => {
                out.push(match self.globals.get(&v) {
                    Some(GlobalAddr::Program(id)) => CVal::Global { id: *id, addend: 0 },
                    Some(GlobalAddr::Fixed(a)) => CVal::Bits(*a),
                    None => return Err(ConstError::UnknownGlobal(v.name())),
                });
            }
            ValueKind::LLVMConstantExprValueKind
                if v.const_opcode() == Opcode::LLVMBitCast
                    && (t.kind() == TypeKind::LLVMVectorTypeKind
                        || v.operand(0).ty().kind() == TypeKind::LLVMVectorTypeKind) =>
            {
                self.bitcast_leaves(v, out)?
            }
            ValueKind::LLVMConstantExprValueKind => out.push(self.expr(v)?),
            ValueKind::LLVMFunctionValueKind => return Err(ConstError::FunctionPointer(v.name())),
            _ => return Err(ConstError::Constant(v.print())),
        }
        Ok(())
    }

    /// A bitcast to or from a vector (`as_half2(0x3c00c000)` at -O0 is a bitcast of a
    /// `<1 x i32>`): the operand's lanes re-split into the result's. Addresses move only
    /// between layouts of one 64-bit lane.
    fn bitcast_leaves(&self, v: Value, out: &mut Vec<CVal>) -> Result<(), ConstError> {
        let src = v.operand(0);
        let from = shape_of(self.m, src.ty())?.vtype();
        let to = shape_of(self.m, v.ty())?.vtype();
        let (Some(from), Some(to)) = (from, to) else {
            return Err(ConstError::AggregateBitcast);
        };
        let leaves = self.leaves(src)?;
        if from.lanes == to.lanes && from.elem.bits() == to.elem.bits() {
            out.extend(leaves);
            return Ok(());
        }
        if leaves.contains(&CVal::Undef) {
            // Some of the bits are unknown: the shadow of a constant is all or nothing.
            out.extend(std::iter::repeat_n(CVal::Undef, to.lanes as usize));
            return Ok(());
        }
        let bits = leaves
            .iter()
            .map(|c| match c {
                CVal::Bits(b) => Ok(*b),
                _ => Err(ConstError::SplitAddress),
            })
            .collect::<Result<Vec<u64>, _>>()?;
        let mut lanes = vec![0; to.lanes as usize];
        bitcast_lanes(&bits, from, &mut lanes, to);
        out.extend(lanes.into_iter().map(CVal::Bits));
        Ok(())
    }

    fn expr(&self, v: Value) -> Result<CVal, ConstError> {
        let op = v.const_opcode();
        let operand = |i| self.scalar(v.operand(i));
        match op {
            Opcode::LLVMGetElementPtr => {
                let base = operand(0)?;
                let indices: Vec<Value> = (1..v.num_operands()).map(|i| v.operand(i)).collect();
                let info = gep_info(self.m, v.gep_source_type(), &indices)?;
                if !info.vars.is_empty() {
                    return Err(ConstError::VariableIndex);
                }
                Ok(base.add(info.offset))
            }
            Opcode::LLVMAddrSpaceCast => {
                let from = space_of(v.operand(0).ty().address_space())?;
                let to = space_of(v.ty().address_space())?;
                match (operand(0)?, from, to) {
                    (CVal::Bits(b), f, AddrSpace::Generic) => Ok(CVal::Bits(to_generic(b, f))),
                    (CVal::Bits(b), AddrSpace::Generic, _) => Ok(CVal::Bits(from_generic(b).1)),
                    (CVal::Global { id, addend }, f, AddrSpace::Generic) => Ok(CVal::Global {
                        id,
                        // Variables are never at address 0, so tagging is an addition.
                        addend: addend
                            .wrapping_add(to_generic(1 << 48, f).wrapping_sub(1 << 48) as i64),
                    }),
                    (c, _, _) => Ok(c),
                }
            }
            Opcode::LLVMBitCast | Opcode::LLVMIntToPtr => operand(0),
            Opcode::LLVMPtrToInt | Opcode::LLVMTrunc | Opcode::LLVMZExt => {
                let bits = v.ty().int_width() as u8;
                match operand(0)? {
                    CVal::Bits(b) => Ok(CVal::Bits(b & mask(bits))),
                    CVal::Undef => Ok(CVal::Undef),
                    g if bits == 64 => Ok(g),
                    _ => Err(ConstError::TruncatedAddress),
                }
            }
            Opcode::LLVMSExt => {
                let from = v.operand(0).ty().int_width() as u8;
                let to = v.ty().int_width() as u8;
                match operand(0)? {
                    CVal::Bits(b) => Ok(CVal::Bits(sext(b, from) as u64 & mask(to))),
                    CVal::Undef => Ok(CVal::Undef),
                    _ => Err(ConstError::SignExtendedAddress),
                }
            }
            Opcode::LLVMAdd | Opcode::LLVMSub => {
                let bits = v.ty().int_width() as u8;
                let (a, b) = (operand(0)?, operand(1)?);
                match (a, b, op) {
                    (CVal::Undef, _, _) | (_, CVal::Undef, _) => Ok(CVal::Undef),
                    (CVal::Bits(x), CVal::Bits(y), Opcode::LLVMAdd) => {
                        Ok(CVal::Bits(x.wrapping_add(y) & mask(bits)))
                    }
                    (CVal::Bits(x), CVal::Bits(y), _) => {
                        Ok(CVal::Bits(x.wrapping_sub(y) & mask(bits)))
                    }
                    (g @ CVal::Global { .. }, CVal::Bits(y), Opcode::LLVMAdd)
                    | (CVal::Bits(y), g @ CVal::Global { .. }, Opcode::LLVMAdd) => {
                        Ok(g.add(y as i64))
                    }
                    (g @ CVal::Global { .. }, CVal::Bits(y), _) => Ok(g.add(-(y as i64))),
                    (CVal::Global { id: i, addend: x }, CVal::Global { id: j, addend: y }, _)
                        if i == j =>
                    {
                        Ok(CVal::Bits((x - y) as u64 & mask(bits)))
                    }
                    _ => Err(ConstError::AddressArithmetic),
                }
            }
            _ => Err(ConstError::Expression(v.print())),
        }
    }

    /// Serialises a constant of type `t` into memory bytes; addresses of program-scope variables
    /// are left as relocations `(offset, variable, addend)`.
    pub fn bytes(&self, v: Value, t: Type) -> Result<(Vec<u8>, Vec<Relocation>), ConstError> {
        let mut data = vec![0u8; self.m.alloc_size(t) as usize];
        let mut relocs = Vec::new();
        self.write(v, t, 0, &mut data, &mut relocs)?;
        Ok((data, relocs))
    }

    /// Writes `v` (of type `t`) at byte `at` of `data`, element by element, so that tables of
    /// any size serialise without being expanded into a list first.
    fn write(
        &self,
        v: Value,
        t: Type,
        at: usize,
        data: &mut [u8],
        relocs: &mut Vec<Relocation>,
    ) -> Result<(), ConstError> {
        if matches!(
            v.kind(),
            ValueKind::LLVMConstantAggregateZeroValueKind
                | ValueKind::LLVMUndefValueValueKind
                | ValueKind::LLVMPoisonValueKind
        ) {
            return Ok(()); // already zero
        }
        let element = |i: u64| v.aggregate_element(i as u32).ok_or(ConstError::Element);
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                for (i, f) in t.struct_fields().into_iter().enumerate() {
                    let offset = self.m.field_offset(t, i as u32) as usize;
                    self.write(element(i as u64)?, f, at + offset, data, relocs)?;
                }
            }
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => {
                if let Some(bytes) = v.string_bytes() {
                    // Strings and other byte arrays in one go.
                    let n = bytes.len().min(data.len() - at);
                    data[at..at + n].copy_from_slice(&bytes[..n]);
                    return Ok(());
                }
                let e = t.element();
                let stride = self.m.alloc_size(e) as usize;
                let n = if t.kind() == TypeKind::LLVMArrayTypeKind {
                    t.array_len()
                } else {
                    t.vector_len() as u64
                };
                for i in 0..n {
                    self.write(element(i)?, e, at + i as usize * stride, data, relocs)?;
                }
            }
            _ => {
                let n = self.m.store_size(t) as usize;
                let bits = match self.scalar(v)? {
                    CVal::Bits(b) => b,
                    CVal::Undef => 0,
                    CVal::Global { id, addend } => {
                        relocs.push((at as u64, id, addend));
                        0
                    }
                };
                data[at..at + n].copy_from_slice(&bits.to_le_bytes()[..n]);
            }
        }
        Ok(())
    }
}
