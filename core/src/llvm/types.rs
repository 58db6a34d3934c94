//! How LLVM types map onto register slots and memory layouts.

use super::dbgtext::DeclaredLayouts;
use super::ir::{ModuleRef, Opcode, Type, TypeKind, Value, ValueKind};
use crate::bytecode::{Layout, Leaf, ScalarTy, VType};
use crate::memory::AddrSpace;

/// The register shape of a value of some LLVM type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    Void,
    /// A scalar or vector: one slot per lane.
    Val(VType),
    /// A struct or array: one slot per scalar leaf.
    Agg(Layout),
}

impl Shape {
    pub fn slots(&self) -> u32 {
        match self {
            Shape::Void => 0,
            Shape::Val(v) => v.lanes as u32,
            Shape::Agg(l) => l.leaves.len() as u32,
        }
    }

    pub fn vtype(&self) -> Option<VType> {
        match self {
            Shape::Val(v) => Some(*v),
            _ => None,
        }
    }
}

/// Why values of a type cannot be held or placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TypeError {
    #[error("unsupported address space: {0}")]
    AddressSpace(u32),
    #[error("integers of {0} bits are not supported")]
    IntWidth(u32),
    #[error("vectors of {0} elements are not supported")]
    VectorLen(u32),
    /// A target extension type other than OpenCL's handles, as LLVM prints it.
    #[error("type {0} is not supported")]
    TargetExt(String),
    #[error("unsupported type {0}")]
    Other(String),
    #[error("vectors of booleans in memory are not supported")]
    BoolVector,
    #[error("aggregate value too large to hold in registers")]
    TooManyLeaves,
    #[error("aggregate larger than 4 GiB")]
    TooLarge,
}

pub fn space_of(n: u32) -> Result<AddrSpace, TypeError> {
    AddrSpace::from_llvm(n).ok_or(TypeError::AddressSpace(n))
}

pub fn scalar_of(t: Type) -> Result<ScalarTy, TypeError> {
    match t.kind() {
        TypeKind::LLVMIntegerTypeKind => {
            let w = t.int_width();
            if w == 0 || w > 64 {
                Err(TypeError::IntWidth(w))
            } else {
                Ok(ScalarTy::Int(w as u8))
            }
        }
        TypeKind::LLVMFloatTypeKind => Ok(ScalarTy::F32),
        TypeKind::LLVMDoubleTypeKind => Ok(ScalarTy::F64),
        TypeKind::LLVMHalfTypeKind => Ok(ScalarTy::F16),
        TypeKind::LLVMPointerTypeKind => Ok(ScalarTy::Ptr(space_of(t.address_space())?)),
        // Opaque handles: an event is an async copy number, an image the address of its
        // descriptor (see image.rs), a sampler its bits.
        TypeKind::LLVMTargetExtTypeKind
            if matches!(
                t.target_ext_name().as_str(),
                "spirv.Event" | "spirv.Image" | "spirv.Sampler"
            ) =>
        {
            Ok(ScalarTy::Int(64))
        }
        TypeKind::LLVMTargetExtTypeKind => Err(TypeError::TargetExt(t.print())),
        _ => Err(TypeError::Other(t.print())),
    }
}

pub fn shape_of(m: &ModuleRef, t: Type) -> Result<Shape, TypeError> {
    match t.kind() {
        TypeKind::LLVMVoidTypeKind => Ok(Shape::Void),
        TypeKind::LLVMVectorTypeKind | TypeKind::LLVMScalableVectorTypeKind => {
            // Any width LLVM makes: -O2 turns unrolled private arrays into <64 x float>.
            let n = t.vector_len();
            if n == 0 || n > u16::MAX as u32 {
                return Err(TypeError::VectorLen(n));
            }
            Ok(Shape::Val(VType {
                elem: scalar_of(t.element())?,
                lanes: n as u16,
            }))
        }
        TypeKind::LLVMStructTypeKind | TypeKind::LLVMArrayTypeKind => {
            let mut leaves = Vec::new();
            flatten(m, t, 0, &mut leaves)?;
            Ok(Shape::Agg(Layout {
                leaves,
                size: m.store_size(t) as u32,
            }))
        }
        _ => Ok(Shape::Val(VType::scalar(scalar_of(t)?))),
    }
}

/// Appends the scalar leaves of `t`, placed at `base`, in slot order.
pub fn flatten(m: &ModuleRef, t: Type, base: u64, out: &mut Vec<Leaf>) -> Result<(), TypeError> {
    const MAX_LEAVES: usize = 1 << 16;
    if out.len() > MAX_LEAVES {
        return Err(TypeError::TooManyLeaves);
    }
    match t.kind() {
        TypeKind::LLVMStructTypeKind => {
            for (i, f) in t.struct_fields().into_iter().enumerate() {
                flatten(m, f, base + m.field_offset(t, i as u32), out)?;
            }
        }
        TypeKind::LLVMArrayTypeKind => {
            let e = t.element();
            let stride = m.alloc_size(e);
            for i in 0..t.array_len() {
                flatten(m, e, base + i * stride, out)?;
            }
        }
        TypeKind::LLVMVectorTypeKind => {
            let e = scalar_of(t.element())?;
            if e == ScalarTy::Int(1) {
                return Err(TypeError::BoolVector);
            }
            for i in 0..t.vector_len() as u64 {
                out.push(Leaf {
                    ty: e,
                    offset: offset32(base + i * e.size() as u64)?,
                });
            }
        }
        _ => out.push(Leaf {
            ty: scalar_of(t)?,
            offset: offset32(base)?,
        }),
    }
    Ok(())
}

/// The bytes of a value of type `t` in memory that hold none of its data, as (offset, length)
/// ranges: padding between and after struct fields, the fourth lane of 3-element vectors, and
/// the byte arrays clang adds to struct types for alignment, which `declared` (the source's
/// layouts) tells from `char` array members. Such bytes are never written, so the Uninitialized
/// checker counts them as initialised. `None` when there are too many ranges to keep (huge
/// arrays of padded structs).
pub fn padding(m: &ModuleRef, t: Type, declared: &DeclaredLayouts) -> Option<Vec<(u32, u32)>> {
    const MAX_RANGES: usize = 4096;
    fn walk(
        m: &ModuleRef,
        t: Type,
        base: u64,
        declared: &DeclaredLayouts,
        out: &mut Vec<(u32, u32)>,
    ) -> Option<()> {
        if out.len() > MAX_RANGES {
            return None;
        }
        let mut gap = |from: u64, to: u64| {
            if to > from {
                out.push((u32::try_from(from).ok()?, u32::try_from(to - from).ok()?));
            }
            Some(())
        };
        match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let source = (t.struct_name().as_deref())
                    .and_then(|n| declared.of_llvm_struct(n))
                    .filter(|d| d.size == m.alloc_size(t));
                let fields = t.struct_fields();
                let mut end = 0;
                let mut inner = Vec::new();
                for (i, f) in fields.into_iter().enumerate() {
                    let at = m.field_offset(t, i as u32);
                    let size = m.alloc_size(f);
                    let byte_array = f.kind() == TypeKind::LLVMArrayTypeKind
                        && f.element().kind() == TypeKind::LLVMIntegerTypeKind
                        && f.element().int_width() == 8;
                    if byte_array && source.is_some_and(|d| d.unused(at, at + size)) {
                        // Clang's alignment bytes: padding, like the gaps around them.
                        continue;
                    }
                    gap(base + end, base + at)?;
                    inner.push((f, base + at));
                    end = at + size;
                }
                gap(base + end, base + m.alloc_size(t))?;
                for (f, at) in inner {
                    walk(m, f, at, declared, out)?;
                }
            }
            TypeKind::LLVMArrayTypeKind => {
                let e = t.element();
                let stride = m.alloc_size(e);
                let mut one = Vec::new();
                walk(m, e, 0, declared, &mut one)?;
                if one.len() as u64 * t.array_len() > MAX_RANGES as u64 {
                    return None;
                }
                for i in 0..t.array_len() {
                    for &(o, n) in &one {
                        let at = base + i * stride + o as u64;
                        gap(at, at + n as u64)?;
                    }
                }
            }
            TypeKind::LLVMVectorTypeKind => {
                gap(base + m.store_size(t), base + m.alloc_size(t))?;
            }
            _ => gap(base + m.store_size(t), base + m.alloc_size(t))?,
        }
        Some(())
    }
    let mut out = Vec::new();
    walk(m, t, 0, declared, &mut out)?;
    out.sort_unstable();
    Some(out)
}

/// The type of what pointer `p` points at, as the IR that made it says: a GEP's result element
/// type (`&stage[l]` is a `Particle`), an alloca's or a global's type, through casts. None when
/// nothing says (an argument, a pointer loaded from memory, a byte offset).
pub fn pointee_type(p: Value) -> Option<Type> {
    const MAX_CASTS: u32 = 16;
    let mut v = p;
    for _ in 0..MAX_CASTS {
        let opcode = match v.kind() {
            ValueKind::LLVMInstructionValueKind => v.opcode(),
            ValueKind::LLVMConstantExprValueKind => v.const_opcode(),
            ValueKind::LLVMGlobalVariableValueKind => return Some(v.global_value_type()),
            _ => return None,
        };
        match opcode {
            Opcode::LLVMAlloca => return Some(v.allocated_type()),
            Opcode::LLVMGetElementPtr => return gep_result_type(v),
            Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => v = v.operand(0),
            _ => return None,
        }
    }
    None
}

/// A GEP's result element type: its source type indexed by all indices but the first.
fn gep_result_type(gep: Value) -> Option<Type> {
    let mut t = gep.gep_source_type();
    for i in 2..gep.num_operands() {
        t = match t.kind() {
            TypeKind::LLVMStructTypeKind => {
                let index = gep.operand(i);
                if index.kind() != ValueKind::LLVMConstantIntValueKind {
                    return None;
                }
                *t.struct_fields().get(index.const_zext() as usize)?
            }
            TypeKind::LLVMArrayTypeKind | TypeKind::LLVMVectorTypeKind => t.element(),
            _ => return None,
        };
    }
    Some(t)
}

fn offset32(o: u64) -> Result<u32, TypeError> {
    u32::try_from(o).map_err(|_| TypeError::TooLarge)
}
