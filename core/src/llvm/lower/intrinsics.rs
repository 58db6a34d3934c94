//! LLVM intrinsics: each becomes ops, or nothing when it only informs the optimiser.

use super::{DbgRecord, DbgValue, Lowerer, Unsupported};
use crate::bytecode::*;
use crate::llvm::ir::{TypeKind, Value};
use crate::llvm::types::{self, space_of};

impl Lowerer<'_> {
    /// Where the value a debug intrinsic describes is (its operand wraps it as metadata).
    fn dbg_value(&mut self, operand: Value) -> Option<DbgValue> {
        let v = *operand.md_operands().first()?;
        if v.is_null() || v.is_undef() {
            return None;
        }
        let vt = self.shape(v.ty()).ok()?.vtype()?;
        let slot = self.operand(v).ok()?;
        Some(DbgValue {
            slot,
            lanes: vt.lanes as u32,
            lane_bytes: vt.elem.size(),
        })
    }

    /// The padding of what a copy of `len` bytes from `src` to `dst` copies (`Op::MemCpy::padding`):
    /// of a whole number of values of the type the destination, else the source, is known to
    /// point at (a byte pointer says nothing: clang's offsets into structs are such).
    fn copy_padding(&mut self, dst: Value, src: Value, len: Value) -> u32 {
        const MAX_RANGES: usize = 4096;
        let Some(n) = Self::const_int(len).filter(|&n| n > 0) else {
            return u32::MAX;
        };
        let m = self.m();
        let known = [dst, src]
            .into_iter()
            .filter_map(types::pointee_type)
            .find(|&t| {
                let size = m.alloc_size(t);
                let byte = t.kind() == TypeKind::LLVMIntegerTypeKind && t.int_width() == 8;
                !byte && size > 0 && n % size == 0
            });
        let Some(t) = known else {
            return u32::MAX;
        };
        let Some(one) = types::padding(m, t, self.scope.declared) else {
            return u32::MAX;
        };
        let (size, count) = (m.alloc_size(t), n / m.alloc_size(t));
        if one.len() as u64 * count > MAX_RANGES as u64 {
            return u32::MAX;
        }
        let mut all = Vec::with_capacity(one.len() * count as usize);
        for k in (0..count).take_while(|_| !one.is_empty()) {
            for &(offset, len) in &one {
                match u32::try_from(k * size + offset as u64) {
                    Ok(at) => all.push((at, len)),
                    Err(_) => return u32::MAX,
                }
            }
        }
        self.out.paddings.push(all);
        self.out.paddings.len() as u32 - 1
    }

    pub(super) fn intrinsic(&mut self, i: Value, name: &str) -> Result<(), Unsupported> {
        let base = name.strip_prefix("llvm.").unwrap_or(name);
        let arg = |k: u32| i.operand(k);
        if let Some(kind) = IntrinsicKind::of(base) {
            return self.arithmetic_intrinsic(i, kind);
        }
        match base {
            "fshl" | "fshr" => {
                let vt = self.vt(i.ty())?;
                let d = self.dst(i)?;
                let (a, b, c) = (
                    self.operand(arg(0))?,
                    self.operand(arg(1))?,
                    self.operand(arg(2))?,
                );
                self.emit(Op::Funnel {
                    left: base == "fshl",
                    d,
                    a,
                    b,
                    c,
                    bits: vt.elem.int_bits(),
                    lanes: vt.lanes,
                });
            }
            "sadd.with.overflow" | "uadd.with.overflow" | "ssub.with.overflow"
            | "usub.with.overflow" | "smul.with.overflow" | "umul.with.overflow" => {
                let op = match &base[..4] {
                    "sadd" => OverflowOp::SAdd,
                    "uadd" => OverflowOp::UAdd,
                    "ssub" => OverflowOp::SSub,
                    "usub" => OverflowOp::USub,
                    "smul" => OverflowOp::SMul,
                    _ => OverflowOp::UMul,
                };
                let vt = self.vt(arg(0).ty())?;
                if vt.lanes != 1 {
                    return Err(Unsupported::VectorIntrinsic(name.to_string()));
                }
                let d = self.dst(i)?;
                let (a, b) = (self.operand(arg(0))?, self.operand(arg(1))?);
                self.emit(Op::Overflow {
                    op,
                    d,
                    a,
                    b,
                    bits: vt.elem.int_bits(),
                });
            }
            "memcpy" | "memmove" | "memcpy.inline" => {
                let dst_space = space_of(arg(0).ty().address_space())?;
                let src_space = space_of(arg(1).ty().address_space())?;
                let (dst, src, len) = (
                    self.operand(arg(0))?,
                    self.operand(arg(1))?,
                    self.operand(arg(2))?,
                );
                let padding = self.copy_padding(arg(0), arg(1), arg(2));
                self.emit(Op::MemCpy {
                    dst,
                    src,
                    len,
                    dst_space,
                    src_space,
                    padding,
                });
            }
            "memset" | "memset.inline" => {
                let space = space_of(arg(0).ty().address_space())?;
                let (dst, val, len) = (
                    self.operand(arg(0))?,
                    self.operand(arg(1))?,
                    self.operand(arg(2))?,
                );
                self.emit(Op::MemSet {
                    dst,
                    val,
                    len,
                    space,
                });
            }
            "dbg.declare" | "dbg.value" if self.scope.debug => {
                let value = self.dbg_value(arg(0));
                let pc = self.pc();
                self.dbg.push(DbgRecord { pc, value });
            }
            "lifetime.start"
            | "lifetime.end"
            | "assume"
            | "dbg.declare"
            | "dbg.value"
            | "dbg.label"
            | "dbg.assign"
            | "experimental.noalias.scope.decl"
            | "invariant.start"
            | "invariant.end"
            | "var.annotation"
            | "sideeffect"
            | "donothing" => {}
            "expect"
            | "expect.with.probability"
            | "ptr.annotation"
            | "launder.invariant.group"
            | "strip.invariant.group" => {
                let n = self.slots(i.ty())?;
                let d = self.dst(i)?;
                let s = self.operand(arg(0))?;
                self.mov(d, s, n);
            }
            "trap" | "debugtrap" | "ubsantrap" => self.trap("Encountered trap instruction"),
            _ => match base.strip_prefix("vector.reduce.") {
                Some(kind) => self.reduce(i, kind)?,
                None => return Err(Unsupported::Intrinsic(name.to_string())),
            },
        }
        Ok(())
    }

    /// `llvm.vector.reduce.*` as a chain of scalar ops, lane 0 first (LLVM's sequential order).
    fn reduce(&mut self, i: Value, kind: &str) -> Result<(), Unsupported> {
        enum R {
            Int(IntBinOp),
            Float(FloatBinOp),
        }
        let r = match kind {
            "add" => R::Int(IntBinOp::Add),
            "mul" => R::Int(IntBinOp::Mul),
            "and" => R::Int(IntBinOp::And),
            "or" => R::Int(IntBinOp::Or),
            "xor" => R::Int(IntBinOp::Xor),
            "smax" => R::Int(IntBinOp::SMax),
            "smin" => R::Int(IntBinOp::SMin),
            "umax" => R::Int(IntBinOp::UMax),
            "umin" => R::Int(IntBinOp::UMin),
            "fadd" => R::Float(FloatBinOp::Add),
            "fmul" => R::Float(FloatBinOp::Mul),
            "fmax" => R::Float(FloatBinOp::MaxNum),
            "fmin" => R::Float(FloatBinOp::MinNum),
            "fmaximum" => R::Float(FloatBinOp::Maximum),
            "fminimum" => R::Float(FloatBinOp::Minimum),
            _ => return Err(Unsupported::Intrinsic(format!("llvm.vector.reduce.{kind}"))),
        };
        // fadd and fmul take a start value before the vector.
        let ordered = matches!(kind, "fadd" | "fmul");
        let vec = i.operand(ordered as u32);
        let vt = self.vt(vec.ty())?;
        let v = self.operand(vec)?;
        let d = self.dst(i)?;
        let (mut acc, first) = if ordered {
            (self.operand(i.operand(0))?, 0)
        } else {
            (v, 1)
        };
        let lanes = vt.lanes as u32;
        if first >= lanes {
            self.mov(d, acc, 1);
            return Ok(());
        }
        for k in first..lanes {
            let out = if k + 1 == lanes { d } else { self.alloc(1) };
            let b = v + k;
            match r {
                R::Int(op) => self.emit(Op::IntBin {
                    op,
                    d: out,
                    a: acc,
                    b,
                    bits: vt.elem.int_bits(),
                    lanes: 1,
                }),
                R::Float(op) => self.emit(Op::FloatBin {
                    op,
                    ty: vt
                        .elem
                        .float()
                        .ok_or(Unsupported::Malformed("float reduction of non-floats"))?,
                    d: out,
                    a: acc,
                    b,
                    lanes: 1,
                }),
            };
            acc = out;
        }
        Ok(())
    }

    /// An intrinsic that is one arithmetic op (`IntrinsicKind`).
    fn arithmetic_intrinsic(&mut self, i: Value, kind: IntrinsicKind) -> Result<(), Unsupported> {
        let arg = |k: u32| i.operand(k);
        let vt = self.vt(i.ty())?;
        let d = self.dst(i)?;
        let lanes = vt.lanes;
        let a = self.operand(arg(0))?;
        match kind {
            IntrinsicKind::Fma(fused) => {
                let ty = vt
                    .elem
                    .float()
                    .ok_or(Unsupported::Malformed("fma of non-floats"))?;
                let (b, c) = (self.operand(arg(1))?, self.operand(arg(2))?);
                self.emit(Op::Fma {
                    ty,
                    fused,
                    d,
                    a,
                    b,
                    c,
                    lanes,
                });
            }
            IntrinsicKind::FloatUn(op) => {
                let ty = vt
                    .elem
                    .float()
                    .ok_or(Unsupported::Malformed("float intrinsic on non-floats"))?;
                self.emit(Op::FloatUn {
                    op,
                    ty,
                    d,
                    s: a,
                    lanes,
                });
            }
            IntrinsicKind::FloatBin(op) => {
                let ty = vt
                    .elem
                    .float()
                    .ok_or(Unsupported::Malformed("float intrinsic on non-floats"))?;
                let b = self.operand(arg(1))?;
                self.emit(Op::FloatBin {
                    op,
                    ty,
                    d,
                    a,
                    b,
                    lanes,
                });
            }
            IntrinsicKind::IntBin(op) => {
                let b = self.operand(arg(1))?;
                let bits = vt.elem.int_bits();
                self.emit(Op::IntBin {
                    op,
                    d,
                    a,
                    b,
                    bits,
                    lanes,
                });
            }
            IntrinsicKind::IntUn(op) => {
                let bits = vt.elem.int_bits();
                self.emit(Op::IntUn {
                    op,
                    d,
                    s: a,
                    bits,
                    lanes,
                });
            }
        }
        Ok(())
    }
}

/// Intrinsics that are one arithmetic op.
enum IntrinsicKind {
    Fma(bool),
    FloatUn(FloatUnOp),
    FloatBin(FloatBinOp),
    IntBin(IntBinOp),
    IntUn(IntUnOp),
}

impl IntrinsicKind {
    /// The kind of an intrinsic that is one arithmetic op, by its name without `llvm.`.
    fn of(base: &str) -> Option<IntrinsicKind> {
        let float_un = |op| Some(IntrinsicKind::FloatUn(op));
        match base {
            "fmuladd" => Some(IntrinsicKind::Fma(false)),
            "fma" => Some(IntrinsicKind::Fma(true)),
            "fabs" => float_un(FloatUnOp::Abs),
            "sqrt" => float_un(FloatUnOp::Sqrt),
            "floor" => float_un(FloatUnOp::Floor),
            "ceil" => float_un(FloatUnOp::Ceil),
            "trunc" => float_un(FloatUnOp::Trunc),
            "rint" | "nearbyint" => float_un(FloatUnOp::Rint),
            "round" => float_un(FloatUnOp::Round),
            "roundeven" => float_un(FloatUnOp::RoundEven),
            "minnum" => Some(IntrinsicKind::FloatBin(FloatBinOp::MinNum)),
            "maxnum" => Some(IntrinsicKind::FloatBin(FloatBinOp::MaxNum)),
            "minimum" => Some(IntrinsicKind::FloatBin(FloatBinOp::Minimum)),
            "maximum" => Some(IntrinsicKind::FloatBin(FloatBinOp::Maximum)),
            "copysign" => Some(IntrinsicKind::FloatBin(FloatBinOp::CopySign)),
            "smax" => Some(IntrinsicKind::IntBin(IntBinOp::SMax)),
            "smin" => Some(IntrinsicKind::IntBin(IntBinOp::SMin)),
            "umax" => Some(IntrinsicKind::IntBin(IntBinOp::UMax)),
            "umin" => Some(IntrinsicKind::IntBin(IntBinOp::UMin)),
            "sadd.sat" => Some(IntrinsicKind::IntBin(IntBinOp::SAddSat)),
            "uadd.sat" => Some(IntrinsicKind::IntBin(IntBinOp::UAddSat)),
            "ssub.sat" => Some(IntrinsicKind::IntBin(IntBinOp::SSubSat)),
            "usub.sat" => Some(IntrinsicKind::IntBin(IntBinOp::USubSat)),
            "abs" => Some(IntrinsicKind::IntUn(IntUnOp::Abs)),
            "ctpop" => Some(IntrinsicKind::IntUn(IntUnOp::CtPop)),
            "ctlz" => Some(IntrinsicKind::IntUn(IntUnOp::Ctlz)),
            "cttz" => Some(IntrinsicKind::IntUn(IntUnOp::Cttz)),
            "bswap" => Some(IntrinsicKind::IntUn(IntUnOp::BSwap)),
            "bitreverse" => Some(IntrinsicKind::IntUn(IntUnOp::BitReverse)),
            _ => None,
        }
    }
}
