//! Lowering of one LLVM function into bytecode.
//!
//! Every SSA value gets its slots up front (so phis can refer forward), constants are evaluated
//! into the frame template, phis become moves on the edges that reach them, and calls to
//! builtins are resolved once through `builtins::resolve`.

mod intrinsics;
mod lvalues;
mod speculated;
mod text;
mod unsupported;

use std::collections::{HashMap, HashSet};

use lvalues::LaneSource;
use text::{instruction_texts, opcode_name};
pub use unsupported::Unsupported;
use Unsupported::Malformed;

use super::consts::{gep_info, CVal, ConstError, Consts, GlobalAddr};
use super::dbgtext::DeclaredLayouts;
use super::ir::{
    intrinsic_name, Block, IntPredicate, ModuleRef, Opcode, RealPredicate, RmwBinOp, Type,
    TypeKind, Value, ValueKind,
};
use super::spin;
use super::types::{self, shape_of, space_of, Shape, TypeError};
use crate::builtins::{self, Arg, BuiltinSite, Emit, Unresolved};
use crate::bytecode::*;
use crate::memory::AddrSpace;
use crate::program::LowerError;
use crate::semantics::mask;

/// What the lowering of every function of one kernel shares.
pub struct KernelScope<'a> {
    pub m: &'a ModuleRef,
    /// Record where `llvm.dbg.*` calls put variables (debug builds).
    pub debug: bool,
    /// The source's struct layouts (debug builds; empty otherwise), which tell padding.
    pub declared: &'a DeclaredLayouts,
    pub globals: &'a HashMap<Value, GlobalAddr>,
    /// Defined functions reachable from the kernel, by index in the kernel's function list.
    pub functions: &'a HashMap<Value, u32>,
    pub byval_kind: u32,
    /// Count instructions: a `CountBlock` op starts every basic block.
    pub count_blocks: bool,
}

/// A `llvm.dbg.declare` / `llvm.dbg.value` call, in the order the function has them.
#[derive(Clone, Debug)]
pub struct DbgRecord {
    /// The instruction it applies from.
    pub pc: Pc,
    /// What its value operand is: `None` when it cannot be shown (undef, aggregates, lists).
    pub value: Option<DbgValue>,
}

/// Where a debug intrinsic's value is.
#[derive(Clone, Copy, Debug)]
pub struct DbgValue {
    pub slot: Slot,
    pub lanes: u32,
    /// Bytes of each lane.
    pub lane_bytes: u32,
}

/// Lowers `f`. Errors name the offending instruction and its source position.
/// Lowers function `f`; when counting, its blocks are numbered from `first_block` on.
pub fn lower_function(
    scope: &KernelScope,
    f: Value,
    first_block: u32,
) -> Result<(Function, Vec<DbgRecord>), LowerError> {
    let mut l = Lowerer {
        scope,
        out: Function {
            name: f.name(),
            ..Function::default()
        },
        values: HashMap::new(),
        consts: HashMap::new(),
        bit_consts: HashMap::new(),
        block_pc: HashMap::new(),
        fixups: Vec::new(),
        gep_checks: HashMap::new(),
        lane_stores: HashMap::new(),
        skipped_loads: HashSet::new(),
        cur: OpInfo::NONE,
        dbg: Vec::new(),
    };
    l.lower(f, first_block).map_err(|(why, inst)| {
        let (line, col) = inst.map_or((0, 0), |i| i.debug_loc());
        LowerError {
            message: why.to_string(),
            function: f.name(),
            file: inst.map_or(String::new(), |i| i.debug_file()),
            line,
            col,
            inst: inst.map_or(String::new(), |i| i.print()),
        }
    })?;
    Ok((l.out, l.dbg))
}

type Failure = (Unsupported, Option<Value>);

enum Fixup {
    /// `side` 0 = taken / unconditional, 1 = not taken.
    Op {
        pc: Pc,
        side: u8,
    },
    Switch {
        table: u32,
        case: Option<usize>,
    },
}

struct Lowerer<'a> {
    scope: &'a KernelScope<'a>,
    out: Function,
    values: HashMap<Value, Slot>,
    consts: HashMap<Value, Slot>,
    bit_consts: HashMap<u64, Slot>,
    block_pc: HashMap<Block, Pc>,
    fixups: Vec<(Fixup, Block)>,
    /// Static array indices feeding each GEP (MemCheck).
    gep_checks: HashMap<Value, Vec<(Value, u64)>>,
    /// Vector stores that only change some lanes, with the lanes they change (see `lvalues`).
    lane_stores: HashMap<Value, Vec<(u32, LaneSource)>>,
    /// Loads that only fed such stores: they are not executed.
    skipped_loads: HashSet<Value>,
    cur: OpInfo,
    /// Debug intrinsics met so far (only when `scope.debug`).
    dbg: Vec<DbgRecord>,
}

fn log2(align: u32) -> u8 {
    if align == 0 {
        0
    } else {
        align.trailing_zeros().min(15) as u8
    }
}

impl<'a> Lowerer<'a> {
    fn m(&self) -> &'a ModuleRef {
        self.scope.m
    }

    fn lower(&mut self, f: Value, first_block: u32) -> Result<(), Failure> {
        // Parameters first, then every value-producing instruction.
        for p in f.params() {
            let n = self.shape(p.ty()).map_err(|e| (e.into(), None))?.slots();
            let s = self.alloc(n);
            self.values.insert(p, s);
            self.out.params.push((s, n));
            self.out.fixed_slots.push((s, n));
        }
        let blocks = f.blocks();
        let mut insts = Vec::new();
        for &b in &blocks {
            for i in b.instructions() {
                insts.push(i);
                if i.ty().kind() != TypeKind::LLVMVoidTypeKind {
                    let n = self.shape(i.ty()).map_err(|e| (e.into(), Some(i)))?.slots();
                    let s = self.alloc(n);
                    self.values.insert(i, s);
                }
            }
        }
        self.out.insts = instruction_texts(self.m(), f, &insts);
        let speculated_uses =
            speculated::speculated_uses(blocks.first().copied(), &insts, &mut self.out.insts);
        for &i in &insts {
            if i.opcode() == Opcode::LLVMStore {
                self.find_lane_store(i);
            }
        }
        let mut ordinal = 0u32;
        for &b in &blocks {
            self.block_pc.insert(b, self.pc());
            if self.scope.count_blocks {
                let id = first_block + self.out.blocks.len() as u32;
                let count = b.instructions().len() as u32;
                self.out.blocks.push(CountedBlock {
                    id,
                    insts: ordinal..ordinal + count,
                });
                // No instruction of its own: the debugger never stops at it.
                self.cur = OpInfo::NONE;
                self.emit(Op::CountBlock { block: id });
            }
            for i in b.instructions() {
                let (line, col) = i.debug_loc();
                let file = self.file_index(i.debug_file(), i.debug_directory());
                self.cur = OpInfo {
                    inst: ordinal,
                    line,
                    col,
                    file,
                };
                let info = &mut self.out.insts[ordinal as usize];
                (info.line, info.file) = (line, file);
                for &k in speculated_uses.get(&i).into_iter().flatten() {
                    self.speculated_use(insts[k], k as u32)
                        .map_err(|e| (e, Some(i)))?;
                }
                ordinal += 1;
                self.inst(i, b).map_err(|e| (e, Some(i)))?;
                if spin::may_wait_here(i) {
                    self.emit(Op::SpinPoint);
                }
            }
        }
        self.patch_branches();
        self.out.num_slots = self.out.frame_init.len() as u32;
        self.out.check_registers().map_err(|e| (e.into(), None))
    }

    fn file_index(&mut self, name: String, directory: String) -> u32 {
        // Two headers of one name from different directories are different files.
        let path = std::path::Path::new(&directory)
            .join(&name)
            .to_string_lossy()
            .into_owned();
        match self.out.file_paths.iter().position(|p| *p == path) {
            Some(i) => i as u32,
            None => {
                self.out.file_paths.push(path);
                self.out.files.push(name);
                self.out.files.len() as u32 - 1
            }
        }
    }

    // ----- slots, constants, emission -----

    fn alloc(&mut self, n: u32) -> Slot {
        let s = self.out.frame_init.len() as Slot;
        self.out
            .frame_init
            .resize(self.out.frame_init.len() + n as usize, 0);
        s
    }

    fn pc(&self) -> Pc {
        self.out.code.len() as Pc
    }

    fn emit(&mut self, op: Op) -> Pc {
        let pc = self.pc();
        self.out.code.push(op);
        self.out.info.push(self.cur);
        pc
    }

    fn shape(&self, t: Type) -> Result<Shape, TypeError> {
        shape_of(self.m(), t)
    }

    fn vt(&self, t: Type) -> Result<VType, Unsupported> {
        match self.shape(t)? {
            Shape::Val(v) => Ok(v),
            _ => Err(Unsupported::Aggregate(t.print())),
        }
    }

    fn slots(&self, t: Type) -> Result<u32, Unsupported> {
        Ok(self.shape(t)?.slots())
    }

    fn dst(&self, i: Value) -> Result<Slot, Unsupported> {
        self.values
            .get(&i)
            .copied()
            .ok_or(Unsupported::NoResultSlot)
    }

    fn bits_const(&mut self, v: u64) -> Slot {
        if let Some(s) = self.bit_consts.get(&v) {
            return *s;
        }
        let s = self.alloc(1);
        self.out.frame_init[s as usize] = v;
        self.out.fixed_slots.push((s, 1));
        self.bit_consts.insert(v, s);
        s
    }

    /// `n` new slots holding `undef`.
    fn undef_slots(&mut self, n: u32) -> Slot {
        let s = self.alloc(n);
        self.out.fixed_slots.push((s, n));
        self.out.undef_slots.extend(s..s + n);
        s
    }

    fn operand(&mut self, v: Value) -> Result<Slot, Unsupported> {
        if let Some(s) = self.values.get(&v) {
            return Ok(*s);
        }
        if let Some(s) = self.consts.get(&v) {
            return Ok(*s);
        }
        if !v.is_constant() {
            return Err(Unsupported::Operand(v.print()));
        }
        let consts = Consts {
            m: self.m(),
            globals: self.scope.globals,
        };
        let leaves = consts.leaves(v)?;
        // Ops read as many slots as the type has: a constant short of them would read past it.
        let slots = self.slots(v.ty())?;
        if leaves.len() != slots as usize {
            return Err(Unsupported::ConstantSlots {
                values: leaves.len(),
                slots,
                constant: v.print(),
            });
        }
        let s = self.alloc(leaves.len() as u32);
        self.out.fixed_slots.push((s, leaves.len() as u32));
        for (i, leaf) in leaves.into_iter().enumerate() {
            match leaf {
                CVal::Bits(b) => self.out.frame_init[s as usize + i] = b,
                CVal::Undef => self.out.undef_slots.push(s + i as u32),
                CVal::Global { id, addend } => self.out.relocs.push(Reloc {
                    slot: s + i as u32,
                    global: id,
                    addend,
                }),
            }
        }
        self.consts.insert(v, s);
        Ok(s)
    }

    /// Lanes at the end of a vector value that are undefined by construction: a shuffle's
    /// undefined mask elements, undef elements of a constant, through lane inserts before
    /// them.
    fn undefined_tail(v: Value) -> u16 {
        let n = match v.kind() {
            ValueKind::LLVMInstructionValueKind if v.opcode() == Opcode::LLVMInsertElement => {
                let lanes = v.ty().vector_len() as usize;
                let below = Self::undefined_tail(v.operand(0)) as usize;
                match Self::const_int(v.operand(2)) {
                    Some(k) if (k as usize) < lanes => below.min(lanes - 1 - k as usize),
                    _ => 0,
                }
            }
            ValueKind::LLVMInstructionValueKind if v.opcode() == Opcode::LLVMShuffleVector => {
                let lanes = v.num_mask_elements();
                (0..lanes)
                    .rev()
                    .take_while(|&k| v.mask_element(k).is_none())
                    .count()
            }
            ValueKind::LLVMConstantVectorValueKind => {
                let lanes = v.ty().vector_len();
                (0..lanes)
                    .rev()
                    .take_while(|&k| {
                        v.aggregate_element(k).is_some_and(|e| {
                            matches!(
                                e.kind(),
                                ValueKind::LLVMUndefValueValueKind | ValueKind::LLVMPoisonValueKind
                            )
                        })
                    })
                    .count()
            }
            _ => 0,
        };
        n as u16
    }

    /// Whether insertelement `i` puts lane `k` into an undefined vector, and that lane is
    /// all its users read: each a shuffle that picks no other lane of it (a splat's start).
    fn splat_start(i: Value, k: u32) -> bool {
        let base = i.operand(0).kind();
        let users = i.users();
        matches!(
            base,
            ValueKind::LLVMUndefValueValueKind | ValueKind::LLVMPoisonValueKind
        ) && !users.is_empty()
            && users.iter().all(|&u| {
                if !u.is_instruction() || u.opcode() != Opcode::LLVMShuffleVector {
                    return false;
                }
                let n1 = i.ty().vector_len();
                (0..u.num_mask_elements()).all(|j| match u.mask_element(j) {
                    None => true,
                    Some(m) if m < n1 => u.operand(0) != i || m == k,
                    Some(m) => u.operand(1) != i || m - n1 == k,
                })
            })
    }

    fn const_int(v: Value) -> Option<u64> {
        (v.kind() == ValueKind::LLVMConstantIntValueKind).then(|| v.const_zext())
    }

    fn mov(&mut self, d: Slot, s: Slot, n: u32) {
        match n {
            0 => {}
            _ if d == s => {}
            1 => {
                self.emit(Op::Mov { d, s });
            }
            _ => {
                self.emit(Op::MovN { d, s, n });
            }
        }
    }

    // ----- control flow -----

    fn has_phis(b: Block) -> bool {
        b.instructions()
            .first()
            .is_some_and(|i| i.opcode() == Opcode::LLVMPHI)
    }

    /// Parallel copy of `to`'s phis for the edge `from -> to`.
    fn phi_moves(&mut self, from: Block, to: Block) -> Result<(), Unsupported> {
        let mut moves = Vec::new();
        for phi in to.instructions() {
            if phi.opcode() != Opcode::LLVMPHI {
                break;
            }
            let (value, _) = phi
                .incoming()
                .into_iter()
                .find(|(_, b)| *b == from)
                .ok_or(Unsupported::PhiEdge)?;
            let n = self.slots(phi.ty())?;
            let src = match value.is_undef() {
                // Its own slots: the Uninitialized checker's origin of an `undef` is its slot,
                // and two variables left unset on one edge must not share one.
                true => self.undef_slots(n),
                false => self.operand(value)?,
            };
            moves.push((self.dst(phi)?, src, n));
        }
        let overlaps = |s: Slot, n: u32, moves: &[(Slot, Slot, u32)]| {
            moves.iter().any(|&(d, _, dn)| s < d + dn && d < s + n)
        };
        if moves.iter().any(|&(_, s, n)| overlaps(s, n, &moves)) {
            // A phi reads another phi of the same block: go through temporaries.
            let temps: Vec<Slot> = moves.iter().map(|&(_, _, n)| self.alloc(n)).collect();
            for (&(_, s, n), &t) in moves.iter().zip(&temps) {
                self.mov(t, s, n);
            }
            for (&(d, _, n), &t) in moves.iter().zip(&temps) {
                self.mov(d, t, n);
            }
        } else {
            for (d, s, n) in moves {
                self.mov(d, s, n);
            }
        }
        Ok(())
    }

    /// Jumps from `from` to `to`: phi moves then a branch.
    fn jump(&mut self, from: Block, to: Block) -> Result<(), Unsupported> {
        self.phi_moves(from, to)?;
        let pc = self.emit(Op::Br { t: 0 });
        self.fixups.push((Fixup::Op { pc, side: 0 }, to));
        Ok(())
    }

    /// Target pc for an edge: the block itself, or a stub holding the edge's phi moves.
    fn edge(&mut self, from: Block, to: Block, fixup: Fixup) -> Result<Option<Pc>, Unsupported> {
        if Self::has_phis(to) {
            let stub = self.pc();
            self.jump(from, to)?;
            Ok(Some(stub))
        } else {
            self.fixups.push((fixup, to));
            Ok(None)
        }
    }

    fn patch_branches(&mut self) {
        for (fix, block) in std::mem::take(&mut self.fixups) {
            let target = self.block_pc[&block];
            self.set_target(fix, target);
        }
    }

    fn set_target(&mut self, fix: Fixup, target: Pc) {
        match fix {
            Fixup::Op { pc, side } => match &mut self.out.code[pc as usize] {
                Op::Br { t } => *t = target,
                Op::CondBr { t, f, .. } => {
                    if side == 0 {
                        *t = target
                    } else {
                        *f = target
                    }
                }
                _ => unreachable!("fixup on a non-branch"),
            },
            Fixup::Switch { table, case } => {
                let t = &mut self.out.switches[table as usize];
                match case {
                    None => t.default = target,
                    Some(i) => t.cases[i].1 = target,
                }
            }
        }
    }

    // ----- instructions -----

    /// The read of speculated load `load` (instruction number `ordinal`) where its value is
    /// used: at the current instruction's position, naming the load.
    fn speculated_use(&mut self, load: Value, ordinal: u32) -> Result<(), Unsupported> {
        let address = load.operand(0);
        let space = space_of(address.ty().address_space())?;
        let size = self.m().store_size(load.ty()) as u32;
        let p = self.operand(address)?;
        let at = self.cur;
        self.cur.inst = ordinal;
        self.emit(Op::SpeculatedUse { p, space, size });
        self.cur = at;
        Ok(())
    }

    /// One instruction, by family.
    fn inst(&mut self, i: Value, bb: Block) -> Result<(), Unsupported> {
        use Opcode::*;
        let op = i.opcode();
        match op {
            LLVMRet | LLVMBr | LLVMSwitch | LLVMUnreachable | LLVMPHI => {
                self.control_flow(i, bb, op)
            }
            LLVMAdd | LLVMSub | LLVMMul | LLVMUDiv | LLVMSDiv | LLVMURem | LLVMSRem | LLVMShl
            | LLVMLShr | LLVMAShr | LLVMAnd | LLVMOr | LLVMXor | LLVMFAdd | LLVMFSub | LLVMFMul
            | LLVMFDiv | LLVMFRem => self.binary(i, op),
            LLVMFNeg => self.fneg(i),
            LLVMICmp | LLVMFCmp | LLVMSelect => self.compare_op(i, op),
            LLVMTrunc | LLVMZExt | LLVMSExt | LLVMFPTrunc | LLVMFPExt | LLVMFPToUI | LLVMFPToSI
            | LLVMUIToFP | LLVMSIToFP | LLVMPtrToInt | LLVMIntToPtr | LLVMBitCast
            | LLVMAddrSpaceCast => self.cast(i, op),
            LLVMExtractElement | LLVMInsertElement | LLVMShuffleVector => self.vector_op(i, op),
            LLVMFreeze | LLVMExtractValue | LLVMInsertValue => self.aggregate_op(i, op),
            LLVMAlloca | LLVMLoad | LLVMStore | LLVMGetElementPtr | LLVMAtomicRMW
            | LLVMAtomicCmpXchg | LLVMFence => self.memory_op(i, op),
            LLVMCall => self.call(i),
            _ => Err(Unsupported::Instruction(opcode_name(op))),
        }
    }

    /// Returns and branches; a phi is lowered as moves on the edges that reach it.
    fn control_flow(&mut self, i: Value, bb: Block, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        match op {
            LLVMRet => {
                if i.num_operands() == 0 {
                    self.emit(Op::RetVoid);
                } else {
                    let v = i.operand(0);
                    let n = self.slots(v.ty())?;
                    let s = self.operand(v)?;
                    self.emit(Op::Ret { s, n });
                }
            }
            LLVMBr => {
                if !i.is_conditional() {
                    self.jump(bb, i.successor(0))?;
                } else {
                    let c = self.operand(i.condition())?;
                    let pc = self.emit(Op::CondBr { c, t: 0, f: 0 });
                    for side in 0..2u8 {
                        let to = i.successor(side as u32);
                        if let Some(stub) = self.edge(bb, to, Fixup::Op { pc, side })? {
                            self.set_target(Fixup::Op { pc, side }, stub);
                        }
                    }
                }
            }
            LLVMSwitch => self.switch(i, bb)?,
            LLVMUnreachable => {
                self.trap("Encountered unreachable instruction");
            }
            LLVMPHI => {}
            _ => return Err(Unsupported::Instruction(opcode_name(op))),
        }
        Ok(())
    }

    fn fneg(&mut self, i: Value) -> Result<(), Unsupported> {
        let vt = self.vt(i.ty())?;
        let s = self.operand(i.operand(0))?;
        let ty = vt.elem.float().ok_or(Malformed("fneg of a non-float"))?;
        let d = self.dst(i)?;
        self.emit(Op::FloatUn {
            op: FloatUnOp::Neg,
            ty,
            d,
            s,
            lanes: vt.lanes,
        });
        Ok(())
    }

    /// Comparisons, and selects by a condition.
    fn compare_op(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        match op {
            LLVMICmp => {
                let vt = self.vt(i.operand(0).ty())?;
                let (a, b) = (self.operand(i.operand(0))?, self.operand(i.operand(1))?);
                let pred = int_pred(i.int_predicate());
                let bits = vt.elem.int_bits();
                let d = self.dst(i)?;
                if vt.lanes == 1 {
                    self.emit(Op::ICmp {
                        pred,
                        d,
                        a,
                        b,
                        bits,
                    });
                } else {
                    self.emit(Op::ICmpV {
                        pred,
                        d,
                        a,
                        b,
                        bits,
                        lanes: vt.lanes,
                    });
                }
            }
            LLVMFCmp => {
                let vt = self.vt(i.operand(0).ty())?;
                let (a, b) = (self.operand(i.operand(0))?, self.operand(i.operand(1))?);
                let ty = vt.elem.float().ok_or(Malformed("fcmp of a non-float"))?;
                let d = self.dst(i)?;
                self.emit(Op::FCmp {
                    pred: float_pred(i.real_predicate()),
                    ty,
                    d,
                    a,
                    b,
                    lanes: vt.lanes,
                });
            }
            LLVMSelect => {
                let c = self.operand(i.operand(0))?;
                let (t, f) = (self.operand(i.operand(1))?, self.operand(i.operand(2))?);
                let d = self.dst(i)?;
                let cond_lanes = self.vt(i.operand(0).ty())?.lanes;
                if cond_lanes == 1 {
                    let n = self.slots(i.ty())?;
                    self.emit(Op::Select { d, c, t, f, n });
                } else {
                    self.emit(Op::SelectV {
                        d,
                        c,
                        t,
                        f,
                        lanes: cond_lanes,
                    });
                }
            }
            _ => return Err(Unsupported::Instruction(opcode_name(op))),
        }
        Ok(())
    }

    /// Lanes of vectors: extracted, inserted, shuffled.
    fn vector_op(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        match op {
            LLVMExtractElement => {
                let lanes = self.vt(i.operand(0).ty())?.lanes;
                let v = self.operand(i.operand(0))?;
                let d = self.dst(i)?;
                match Self::const_int(i.operand(1)) {
                    Some(k) if k < lanes as u64 => self.mov(d, v + k as u32, 1),
                    Some(_) => {
                        let z = self.bits_const(0);
                        self.mov(d, z, 1);
                    }
                    None => {
                        let idx = self.operand(i.operand(1))?;
                        self.emit(Op::ExtractDyn { d, v, idx, lanes });
                    }
                }
            }
            LLVMInsertElement => {
                let lanes = self.vt(i.ty())?.lanes;
                let e = self.operand(i.operand(1))?;
                match Self::const_int(i.operand(2)) {
                    Some(k) if k < lanes as u64 && Self::splat_start(i, k as u32) => {
                        // The base is undefined, and its lanes are never read: lowered, it
                        // would only make `undef` slots of nothing.
                        let d = self.dst(i)?;
                        self.mov(d + k as u32, e, 1);
                    }
                    Some(k) => {
                        let v = self.operand(i.operand(0))?;
                        let d = self.dst(i)?;
                        self.mov(d, v, lanes as u32);
                        if k < lanes as u64 {
                            self.mov(d + k as u32, e, 1);
                        }
                    }
                    None => {
                        let v = self.operand(i.operand(0))?;
                        let d = self.dst(i)?;
                        let idx = self.operand(i.operand(2))?;
                        self.emit(Op::InsertDyn {
                            d,
                            v,
                            e,
                            idx,
                            lanes,
                        });
                    }
                }
            }
            LLVMShuffleVector => {
                let n1 = self.vt(i.operand(0).ty())?.lanes as u32;
                let mask: Vec<Option<u32>> = (0..i.num_mask_elements())
                    .map(|k| i.mask_element(k))
                    .collect();
                // An operand none of whose lanes is picked (a splat's second) is not lowered:
                // an undefined one would make `undef` slots of nothing.
                let a = match mask.iter().any(|m| m.is_some_and(|m| m < n1)) {
                    true => self.operand(i.operand(0))?,
                    false => 0,
                };
                let b = match mask.iter().any(|m| m.is_some_and(|m| m >= n1)) {
                    true => self.operand(i.operand(1))?,
                    false => 0,
                };
                let d = self.dst(i)?;
                for (k, m) in (0u32..).zip(mask) {
                    let src = match m {
                        Some(m) if m < n1 => a + m,
                        Some(m) => b + (m - n1),
                        None => self.bits_const(0),
                    };
                    self.mov(d + k, src, 1);
                }
            }
            _ => return Err(Unsupported::Instruction(opcode_name(op))),
        }
        Ok(())
    }

    /// Members of structs and arrays, extracted and inserted; `freeze`, a copy.
    fn aggregate_op(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        match op {
            LLVMFreeze => {
                let n = self.slots(i.ty())?;
                let s = self.operand(i.operand(0))?;
                let d = self.dst(i)?;
                self.mov(d, s, n);
            }
            LLVMExtractValue => {
                let agg = i.operand(0);
                let off = self.aggregate_offset(agg.ty(), &i.indices())?;
                let n = self.slots(i.ty())?;
                let s = self.operand(agg)?;
                let d = self.dst(i)?;
                self.mov(d, s + off, n);
            }
            LLVMInsertValue => {
                let agg = i.operand(0);
                let off = self.aggregate_offset(agg.ty(), &i.indices())?;
                let total = self.slots(agg.ty())?;
                let n = self.slots(i.operand(1).ty())?;
                let s = self.operand(agg)?;
                let v = self.operand(i.operand(1))?;
                let d = self.dst(i)?;
                self.mov(d, s, total);
                self.mov(d + off, v, n);
            }
            _ => return Err(Unsupported::Instruction(opcode_name(op))),
        }
        Ok(())
    }

    /// Private allocations, loads and stores, address computations and atomics.
    fn memory_op(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        match op {
            LLVMAlloca => {
                let t = i.allocated_type();
                let count = Self::const_int(i.operand(0)).ok_or(Unsupported::VariableAlloca)?;
                let size = self.m().alloc_size(t).saturating_mul(count);
                let size = u32::try_from(size).map_err(|_| Unsupported::LargeAlloca)?;
                let d = self.dst(i)?;
                let padding = match types::padding(self.m(), t, self.scope.declared) {
                    Some(p) if !p.is_empty() && count == 1 => {
                        self.out.paddings.push(p);
                        self.out.paddings.len() as u32 - 1
                    }
                    _ => u32::MAX,
                };
                self.emit(Op::Alloca { d, size, padding });
            }
            LLVMLoad if self.skipped_loads.contains(&i) => {}
            LLVMStore if self.lane_stores.contains_key(&i) => self.lane_store(i)?,
            LLVMLoad => self.memory_access(i, false)?,
            LLVMStore => self.memory_access(i, true)?,
            LLVMGetElementPtr => self.gep(i)?,
            LLVMAtomicRMW => {
                let p = i.operand(0);
                let space = space_of(p.ty().address_space())?;
                let ty = self.vt(i.operand(1).ty())?.elem;
                let (ps, v) = (self.operand(p)?, self.operand(i.operand(1))?);
                let d = self.dst(i)?;
                self.emit(Op::AtomicRmw {
                    op: rmw_op(i.rmw_op()),
                    d,
                    p: ps,
                    v,
                    space,
                    ty,
                });
            }
            LLVMAtomicCmpXchg => {
                let p = i.operand(0);
                let space = space_of(p.ty().address_space())?;
                let ty = self.vt(i.operand(1).ty())?.elem.mem_ty();
                let ps = self.operand(p)?;
                let cmp = self.operand(i.operand(1))?;
                let new = self.operand(i.operand(2))?;
                let d = self.dst(i)?;
                self.emit(Op::CmpXchg {
                    d,
                    p: ps,
                    cmp,
                    new,
                    space,
                    ty,
                });
            }
            LLVMFence => {}
            _ => return Err(Unsupported::Instruction(opcode_name(op))),
        }
        Ok(())
    }

    fn trap(&mut self, msg: &str) {
        let id = self.out.traps.len() as u32;
        self.out.traps.push(msg.to_string());
        self.emit(Op::Trap { msg: id });
    }

    fn switch(&mut self, i: Value, bb: Block) -> Result<(), Unsupported> {
        let c = self.operand(i.operand(0))?;
        let bits = self.vt(i.operand(0).ty())?.elem.int_bits();
        let table = self.out.switches.len() as u32;
        let mut cases = Vec::new();
        let mut k = 2;
        while k + 1 < i.num_operands() {
            let v = Self::const_int(i.operand(k)).ok_or(Malformed("non-constant switch case"))?;
            cases.push((v & mask(bits), i.operand(k + 1).as_block()));
            k += 2;
        }
        self.out.switches.push(SwitchTable {
            bits,
            default: 0,
            cases: cases.iter().map(|(v, _)| (*v, 0)).collect(),
        });
        self.emit(Op::Switch { c, table });
        // One stub per distinct target that has phis.
        let mut stubs: HashMap<Block, Pc> = HashMap::new();
        let targets: Vec<(Option<usize>, Block)> = std::iter::once((None, i.switch_default()))
            .chain(cases.iter().enumerate().map(|(n, (_, b))| (Some(n), *b)))
            .collect();
        for (case, to) in targets {
            let fix = Fixup::Switch { table, case };
            if let Some(&stub) = stubs.get(&to) {
                self.set_target(fix, stub);
            } else if let Some(stub) = self.edge(bb, to, Fixup::Switch { table, case })? {
                stubs.insert(to, stub);
                self.set_target(fix, stub);
            }
        }
        Ok(())
    }

    fn binary(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        let vt = self.vt(i.ty())?;
        let a = self.operand(i.operand(0))?;
        let b = self.operand(i.operand(1))?;
        let d = self.dst(i)?;
        let lanes = vt.lanes;
        if let Some(ty) = vt.elem.float() {
            let fop = match op {
                LLVMFAdd => FloatBinOp::Add,
                LLVMFSub => FloatBinOp::Sub,
                LLVMFMul => FloatBinOp::Mul,
                LLVMFDiv => FloatBinOp::Div,
                LLVMFRem => FloatBinOp::Rem,
                _ => return Err(Malformed("integer operation on floats")),
            };
            let fast = match (ty, fop, lanes) {
                (FloatTy::F32, FloatBinOp::Add, 1) => Some(Op::FAdd32 { d, a, b }),
                (FloatTy::F32, FloatBinOp::Sub, 1) => Some(Op::FSub32 { d, a, b }),
                (FloatTy::F32, FloatBinOp::Mul, 1) => Some(Op::FMul32 { d, a, b }),
                (FloatTy::F32, FloatBinOp::Div, 1) => Some(Op::FDiv32 { d, a, b }),
                (FloatTy::F64, FloatBinOp::Add, 1) => Some(Op::FAdd64 { d, a, b }),
                (FloatTy::F64, FloatBinOp::Sub, 1) => Some(Op::FSub64 { d, a, b }),
                (FloatTy::F64, FloatBinOp::Mul, 1) => Some(Op::FMul64 { d, a, b }),
                (FloatTy::F64, FloatBinOp::Div, 1) => Some(Op::FDiv64 { d, a, b }),
                _ => None,
            };
            self.emit(fast.unwrap_or(Op::FloatBin {
                op: fop,
                ty,
                d,
                a,
                b,
                lanes,
            }));
            return Ok(());
        }
        let bits = match vt.elem {
            ScalarTy::Int(b) => b,
            _ => return Err(Malformed("arithmetic on pointers")),
        };
        let iop = match op {
            LLVMAdd => IntBinOp::Add,
            LLVMSub => IntBinOp::Sub,
            LLVMMul => IntBinOp::Mul,
            LLVMUDiv => IntBinOp::UDiv,
            LLVMSDiv => IntBinOp::SDiv,
            LLVMURem => IntBinOp::URem,
            LLVMSRem => IntBinOp::SRem,
            LLVMShl => IntBinOp::Shl,
            LLVMLShr => IntBinOp::LShr,
            LLVMAShr => IntBinOp::AShr,
            LLVMAnd => IntBinOp::And,
            LLVMOr => IntBinOp::Or,
            LLVMXor => IntBinOp::Xor,
            _ => return Err(Malformed("float operation on integers")),
        };
        let fast = if lanes == 1 {
            match iop {
                IntBinOp::Add => Some(Op::Add { d, a, b, bits }),
                IntBinOp::Sub => Some(Op::Sub { d, a, b, bits }),
                IntBinOp::Mul => Some(Op::Mul { d, a, b, bits }),
                IntBinOp::And => Some(Op::And { d, a, b }),
                IntBinOp::Or => Some(Op::Or { d, a, b }),
                IntBinOp::Xor => Some(Op::Xor { d, a, b }),
                IntBinOp::Shl => Some(Op::Shl { d, a, b, bits }),
                IntBinOp::LShr => Some(Op::LShr { d, a, b, bits }),
                IntBinOp::AShr => Some(Op::AShr { d, a, b, bits }),
                _ => None,
            }
        } else {
            None
        };
        self.emit(fast.unwrap_or(Op::IntBin {
            op: iop,
            d,
            a,
            b,
            bits,
            lanes,
        }));
        Ok(())
    }

    fn cast(&mut self, i: Value, op: Opcode) -> Result<(), Unsupported> {
        use Opcode::*;
        let src = i.operand(0);
        let d = self.dst(i)?;
        let s = self.operand(src)?;
        let from_shape = self.shape(src.ty())?;
        let to_shape = self.shape(i.ty())?;
        let (from, to) = match (from_shape.vtype(), to_shape.vtype()) {
            (Some(f), Some(t)) => (f, t),
            _ => {
                // Casts of aggregates only happen as no-op bitcasts.
                let n = to_shape.slots();
                self.mov(d, s, n);
                return Ok(());
            }
        };
        let lanes = to.lanes;
        let cast = |me: &mut Self, cop: CastOp| {
            me.emit(Op::Cast {
                op: cop,
                d,
                s,
                lanes,
            });
        };
        let fbits = from.elem.int_bits();
        let tbits = to.elem.int_bits();
        match op {
            LLVMAddrSpaceCast => {
                let fs = space_of(src.ty().address_space())?;
                let ts = space_of(i.ty().address_space())?;
                if lanes != 1 {
                    return Err(Unsupported::PointerVectorCast);
                }
                match (fs, ts) {
                    (f, AddrSpace::Generic) if f != AddrSpace::Generic => {
                        self.emit(Op::ToGeneric { d, s, space: f });
                    }
                    (AddrSpace::Generic, t) if t != AddrSpace::Generic => {
                        self.emit(Op::FromGeneric { d, s });
                    }
                    _ => self.mov(d, s, 1),
                }
            }
            LLVMZExt | LLVMIntToPtr => self.mov(d, s, lanes as u32),
            LLVMTrunc | LLVMPtrToInt => {
                if tbits >= fbits {
                    self.mov(d, s, lanes as u32)
                } else if lanes == 1 {
                    self.emit(Op::Trunc { d, s, bits: tbits });
                } else {
                    cast(self, CastOp::Trunc { to: tbits })
                }
            }
            LLVMSExt => {
                if lanes == 1 {
                    self.emit(Op::SExt {
                        d,
                        s,
                        from: fbits,
                        to: tbits,
                    });
                } else {
                    cast(
                        self,
                        CastOp::SExt {
                            from: fbits,
                            to: tbits,
                        },
                    )
                }
            }
            LLVMFPTrunc | LLVMFPExt => {
                let ft = from
                    .elem
                    .float()
                    .ok_or(Malformed("fptrunc or fpext of a non-float"))?;
                let tt = to
                    .elem
                    .float()
                    .ok_or(Malformed("fptrunc or fpext to a non-float"))?;
                cast(
                    self,
                    if op == LLVMFPTrunc {
                        CastOp::FpTrunc { from: ft, to: tt }
                    } else {
                        CastOp::FpExt { from: ft, to: tt }
                    },
                )
            }
            LLVMFPToSI | LLVMFPToUI => {
                let ft = from.elem.float().ok_or(Malformed("fptoi of a non-float"))?;
                cast(
                    self,
                    if op == LLVMFPToSI {
                        CastOp::FpToSi {
                            from: ft,
                            to: tbits,
                        }
                    } else {
                        CastOp::FpToUi {
                            from: ft,
                            to: tbits,
                        }
                    },
                )
            }
            LLVMSIToFP | LLVMUIToFP => {
                let tt = to.elem.float().ok_or(Malformed("itofp to a non-float"))?;
                cast(
                    self,
                    if op == LLVMSIToFP {
                        CastOp::SiToFp {
                            from: fbits,
                            to: tt,
                        }
                    } else {
                        CastOp::UiToFp {
                            from: fbits,
                            to: tt,
                        }
                    },
                )
            }
            LLVMBitCast => {
                let same_lanes = from.lanes == to.lanes && from.elem.size() == to.elem.size();
                if same_lanes && from.elem != ScalarTy::Int(1) {
                    self.mov(d, s, lanes as u32);
                } else {
                    self.emit(Op::Bitcast { d, s, from, to });
                }
            }
            _ => unreachable!(),
        }
        Ok(())
    }

    /// Slot offset of the member of an aggregate selected by `indices`.
    fn aggregate_offset(&self, mut t: Type, indices: &[u32]) -> Result<u32, Unsupported> {
        let mut off = 0;
        for &k in indices {
            match t.kind() {
                TypeKind::LLVMStructTypeKind => {
                    let fields = t.struct_fields();
                    for f in &fields[..k as usize] {
                        off += self.slots(*f)?;
                    }
                    t = fields[k as usize];
                }
                TypeKind::LLVMArrayTypeKind => {
                    let e = t.element();
                    off += k * self.slots(e)?;
                    t = e;
                }
                _ => return Err(Malformed("bad aggregate index")),
            }
        }
        Ok(off)
    }

    /// MemCheck's static array checks for the GEP chain feeding a memory access.
    fn array_checks(&mut self, mut p: Value) -> Result<(), Unsupported> {
        for _ in 0..64 {
            if !p.is_instruction() {
                return Ok(());
            }
            match p.opcode() {
                Opcode::LLVMGetElementPtr => {
                    for (idx, len) in self.gep_checks.get(&p).cloned().unwrap_or_default() {
                        match Self::const_int(idx) {
                            Some(c) if c < len => {}
                            _ => {
                                let slot = self.operand(idx)?;
                                let bits = idx.ty().int_width() as u8;
                                self.emit(Op::CheckIndex {
                                    idx: slot,
                                    bits,
                                    len: len.min(u32::MAX as u64) as u32,
                                });
                            }
                        }
                    }
                    p = p.operand(0);
                }
                Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => p = p.operand(0),
                _ => return Ok(()),
            }
        }
        Ok(())
    }

    /// A load or a store: the value's shape picks the scalar, vector or aggregate op.
    fn memory_access(&mut self, i: Value, store: bool) -> Result<(), Unsupported> {
        // For a load the instruction is the value; a store names it as operand 0.
        let (v, p) = if store {
            (i.operand(0), i.operand(1))
        } else {
            (i, i.operand(0))
        };
        let space = space_of(p.ty().address_space())?;
        let ps = self.operand(p)?;
        // Where the value comes from (store) or goes to (load).
        let s = if store {
            self.operand(v)?
        } else {
            self.dst(i)?
        };
        let align = log2(i.alignment());
        let op = match self.shape(v.ty())? {
            Shape::Val(vt) if vt.lanes == 1 => {
                let ty = vt.elem.mem_ty();
                if store {
                    Op::Store {
                        p: ps,
                        s,
                        space,
                        ty,
                        align,
                    }
                } else {
                    Op::Load {
                        d: s,
                        p: ps,
                        space,
                        ty,
                        align,
                    }
                }
            }
            Shape::Val(vt) => {
                if vt.elem == ScalarTy::Int(1) {
                    return Err(Unsupported::BoolVectorAccess);
                }
                let (ty, mut lanes) = (vt.elem.mem_ty(), vt.lanes);
                if store {
                    // A 3-element vector is stored as 4 whose last lane is undefined (clang's
                    // `float3` stores): only the defined lanes are stored, so that the lane
                    // that is padding keeps its state (for the Uninitialized checker).
                    lanes -= Self::undefined_tail(v).min(lanes - 1);
                    Op::StoreV {
                        p: ps,
                        s,
                        space,
                        ty,
                        lanes,
                        align,
                    }
                } else {
                    Op::LoadV {
                        d: s,
                        p: ps,
                        space,
                        ty,
                        lanes,
                        align,
                    }
                }
            }
            Shape::Agg(l) => {
                let layout = self.out.layouts.len() as u32;
                self.out.layouts.push(l);
                if store {
                    Op::StoreAgg {
                        p: ps,
                        s,
                        space,
                        layout,
                    }
                } else {
                    Op::LoadAgg {
                        d: s,
                        p: ps,
                        space,
                        layout,
                    }
                }
            }
            Shape::Void => return Err(Malformed("memory access of void")),
        };
        self.emit(op);
        // Oclgrind checks static array indices after the access itself.
        self.array_checks(p)
    }

    fn gep(&mut self, i: Value) -> Result<(), Unsupported> {
        if i.ty().kind() == TypeKind::LLVMVectorTypeKind {
            return Err(ConstError::VectorOfPointers.into());
        }
        let indices: Vec<Value> = (1..i.num_operands()).map(|k| i.operand(k)).collect();
        let info = gep_info(self.m(), i.gep_source_type(), &indices)?;
        if !info.checks.is_empty() {
            self.gep_checks.insert(i, info.checks.clone());
        }
        let base = self.operand(i.operand(0))?;
        let d = self.dst(i)?;
        match info.vars.as_slice() {
            [] if info.offset == 0 => self.mov(d, base, 1),
            [] => {
                self.emit(Op::GepConst {
                    d,
                    base,
                    offset: info.offset,
                });
            }
            [(idx, scale)]
                if i32::try_from(*scale).is_ok() && i32::try_from(info.offset).is_ok() =>
            {
                let idx_bits = idx.ty().int_width() as u8;
                let idx = self.operand(*idx)?;
                self.emit(Op::Gep {
                    d,
                    base,
                    idx,
                    idx_bits,
                    scale: *scale as i32,
                    offset: info.offset as i32,
                });
            }
            vars => {
                let mut terms = Vec::new();
                for (idx, scale) in vars {
                    let bits = idx.ty().int_width() as u8;
                    terms.push((self.operand(*idx)?, bits, *scale));
                }
                let table = self.out.geps.len() as u32;
                self.out.geps.push(GepTable {
                    offset: info.offset,
                    terms,
                });
                self.emit(Op::GepN { d, base, table });
            }
        }
        Ok(())
    }

    fn call(&mut self, i: Value) -> Result<(), Unsupported> {
        let callee = i.called_value();
        if callee.kind() == ValueKind::LLVMInlineAsmValueKind {
            return Err(Unsupported::InlineAsm);
        }
        if !callee.is_function() {
            return Err(Unsupported::IndirectCall);
        }
        let id = callee.intrinsic_id();
        if id != 0 {
            return self.intrinsic(i, &intrinsic_name(id));
        }
        let nargs = i.num_call_args();
        if let Some(&func) = self.scope.functions.get(&callee) {
            self.check_signature(i, callee)?;
            let mut args = Vec::new();
            for k in 0..nargs {
                let a = i.operand(k);
                let byval = callee
                    .param_type_attr(k, self.scope.byval_kind)
                    .map(|t| self.m().alloc_size(t) as u32);
                args.push(CallArg {
                    slot: self.operand(a)?,
                    byval,
                });
            }
            let ret_n = self.slots(i.ty())?;
            let dst = if ret_n > 0 { self.dst(i)? } else { 0 };
            let ret_ty = if ret_n > 0 {
                self.vt(i.ty()).ok()
            } else {
                None
            };
            let site = self.out.calls.len() as u32;
            self.out.calls.push(CallSite {
                func,
                args,
                dst,
                ret_n,
                ret_ty,
            });
            self.emit(Op::Call { site });
            return Ok(());
        }
        if !callee.is_declaration() {
            return Err(Unsupported::UnknownFunction(callee.name()));
        }
        // An external function: a builtin.
        let mut args = Vec::new();
        for k in 0..nargs {
            let a = i.operand(k);
            let ty = self.vt(a.ty()).map_err(|e| Unsupported::Argument {
                error: Box::new(e),
                index: k,
                callee: callee.name(),
            })?;
            args.push(Arg {
                slot: self.operand(a)?,
                ty,
                constant: Self::const_int(a),
            });
        }
        let ret = match self.shape(i.ty())? {
            Shape::Void => None,
            Shape::Val(ty) => Some(Arg {
                slot: self.dst(i)?,
                ty,
                constant: None,
            }),
            Shape::Agg(_) => return Err(Unsupported::AggregateReturn(callee.name())),
        };
        let name = callee.name();
        let mut call = builtins::Call::new(&name, args, ret)
            .ok_or_else(|| Unresolved::Undefined(name.clone()))?;
        call.ret_used = i.num_uses() > 0;
        Ok(builtins::resolve(&call, self)?)
    }

    /// A call must match its callee (IR from a binary may not): otherwise arguments and the
    /// result would land in the wrong slots.
    fn check_signature(&self, call: Value, callee: Value) -> Result<(), Unsupported> {
        let params = callee.params();
        let mismatch = || Unsupported::Signature(callee.name());
        if params.len() != call.num_call_args() as usize {
            return Err(mismatch());
        }
        for (k, p) in params.iter().enumerate() {
            if self.slots(call.operand(k as u32).ty())? != self.slots(p.ty())? {
                return Err(mismatch());
            }
        }
        let ret = callee.global_value_type().return_type();
        if self.slots(call.ty())? != self.slots(ret)? {
            return Err(mismatch());
        }
        Ok(())
    }
}

impl Emit for Lowerer<'_> {
    fn op(&mut self, op: Op) {
        self.emit(op);
    }
    fn site(&mut self, site: BuiltinSite) {
        let id = self.out.builtins.len() as u32;
        self.out.builtins.push(site);
        self.emit(Op::Builtin { site: id });
    }
    fn temp(&mut self, n: u32) -> Slot {
        self.alloc(n)
    }
    fn constant(&mut self, value: u64) -> Slot {
        self.bits_const(value)
    }
}

fn int_pred(p: IntPredicate) -> IntPred {
    use IntPredicate::*;
    match p {
        LLVMIntEQ => IntPred::Eq,
        LLVMIntNE => IntPred::Ne,
        LLVMIntUGT => IntPred::Ugt,
        LLVMIntUGE => IntPred::Uge,
        LLVMIntULT => IntPred::Ult,
        LLVMIntULE => IntPred::Ule,
        LLVMIntSGT => IntPred::Sgt,
        LLVMIntSGE => IntPred::Sge,
        LLVMIntSLT => IntPred::Slt,
        LLVMIntSLE => IntPred::Sle,
    }
}

fn float_pred(p: RealPredicate) -> FloatPred {
    use RealPredicate::*;
    match p {
        LLVMRealPredicateFalse => FloatPred::False,
        LLVMRealOEQ => FloatPred::Oeq,
        LLVMRealOGT => FloatPred::Ogt,
        LLVMRealOGE => FloatPred::Oge,
        LLVMRealOLT => FloatPred::Olt,
        LLVMRealOLE => FloatPred::Ole,
        LLVMRealONE => FloatPred::One,
        LLVMRealORD => FloatPred::Ord,
        LLVMRealUNO => FloatPred::Uno,
        LLVMRealUEQ => FloatPred::Ueq,
        LLVMRealUGT => FloatPred::Ugt,
        LLVMRealUGE => FloatPred::Uge,
        LLVMRealULT => FloatPred::Ult,
        LLVMRealULE => FloatPred::Ule,
        LLVMRealUNE => FloatPred::Une,
        LLVMRealPredicateTrue => FloatPred::True,
    }
}

fn rmw_op(op: RmwBinOp) -> RmwOp {
    use RmwBinOp::*;
    match op {
        LLVMAtomicRMWBinOpXchg => RmwOp::Xchg,
        LLVMAtomicRMWBinOpAdd => RmwOp::Add,
        LLVMAtomicRMWBinOpSub => RmwOp::Sub,
        LLVMAtomicRMWBinOpAnd => RmwOp::And,
        LLVMAtomicRMWBinOpNand => RmwOp::Nand,
        LLVMAtomicRMWBinOpOr => RmwOp::Or,
        LLVMAtomicRMWBinOpXor => RmwOp::Xor,
        LLVMAtomicRMWBinOpMax => RmwOp::Max,
        LLVMAtomicRMWBinOpMin => RmwOp::Min,
        LLVMAtomicRMWBinOpUMax => RmwOp::UMax,
        LLVMAtomicRMWBinOpUMin => RmwOp::UMin,
        LLVMAtomicRMWBinOpFAdd => RmwOp::FAdd,
        LLVMAtomicRMWBinOpFSub => RmwOp::FSub,
        LLVMAtomicRMWBinOpFMax => RmwOp::FMax,
        LLVMAtomicRMWBinOpFMin => RmwOp::FMin,
        LLVMAtomicRMWBinOpUIncWrap => RmwOp::UIncWrap,
        LLVMAtomicRMWBinOpUDecWrap => RmwOp::UDecWrap,
    }
}
