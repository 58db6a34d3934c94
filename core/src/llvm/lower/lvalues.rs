//! Stores that change only some lanes of a vector in memory (`p->x = 1`): compiled as "load
//! the vector, insert the lane, store the vector", they would read memory the kernel only
//! writes. Like Oclgrind, we store just the changed lanes and skip the load.

use super::{log2, Lowerer, Unsupported};
use crate::bytecode::Op;
use crate::llvm::ir::{Opcode, TypeKind, Value, ValueKind};
use crate::llvm::types::{space_of, Shape};

impl Lowerer<'_> {
    /// Recognises `v = load p; v' = insertelement/shufflevector(v, ...); store v', p`: code
    /// that writes some lanes of a vector in memory (`p->x = 1`). Like Oclgrind, we store just
    /// those lanes, so that this is not a read (of a write-only buffer, say).
    pub(super) fn find_lane_store(&mut self, store: Value) {
        let (v, p) = (store.operand(0), store.operand(1));
        let Ok(Shape::Val(vt)) = self.shape(v.ty()) else {
            return;
        };
        if vt.lanes < 2 {
            return;
        }
        let mut load = None;
        let mut lanes = Vec::new();
        let mut chain = Vec::new();
        for lane in 0..vt.lanes as u32 {
            match lane_origin(v, lane, p, &mut chain) {
                LaneOrigin::Load(l, k) => {
                    // Lanes from the load must stay where they were.
                    if k != lane || l.ty() != v.ty() || load.is_some_and(|x| x != l) {
                        return;
                    }
                    load = Some(l);
                }
                LaneOrigin::Set(src) => lanes.push((lane, src)),
                LaneOrigin::Poison => {}
            }
        }
        // All lanes replaced: the load may still feed the chain (none of its lanes surviving),
        // or be left unused by clang at -O0 (`v.wzyx = w`).
        let is_old_value = |o: &Value| {
            o.is_instruction()
                && o.opcode() == Opcode::LLVMLoad
                && o.operand(0) == p
                && o.ty() == v.ty()
        };
        let load = load
            .or_else(|| chain.iter().flat_map(|c| c.operands()).find(is_old_value))
            .or_else(|| {
                p.users()
                    .into_iter()
                    .find(|u| is_old_value(u) && u.num_uses() == 0)
            });
        let Some(load) = load else {
            return;
        };
        // Skipping the load must not change what the store writes.
        if memory_may_change_between(load, store) {
            return;
        }
        // Rewrite only when nothing else sees the loaded or intermediate vectors.
        if load.num_uses() > 1 || chain.iter().any(|c| c.num_uses() != 1) {
            return;
        }
        self.skipped_loads.insert(load);
        self.lane_stores.insert(store, lanes);
    }

    /// Stores the changed lanes of a store found by `find_lane_store`, one scalar store each.
    pub(super) fn lane_store(&mut self, store: Value) -> Result<(), Unsupported> {
        let p = store.operand(1);
        let vt = self.vt(store.operand(0).ty())?;
        let space = space_of(p.ty().address_space())?;
        let ps = self.operand(p)?;
        let ty = vt.elem.mem_ty();
        let size = vt.elem.size();
        let align = log2(store.alignment()).min(log2(size));
        for (lane, src) in self.lane_stores[&store].clone() {
            let s = match src {
                LaneSource::Scalar(e) => self.operand(e)?,
                LaneSource::Lane(v, k) => self.operand(v)? + k,
            };
            let at = if lane == 0 {
                ps
            } else {
                let t = self.alloc(1);
                self.emit(Op::GepConst {
                    d: t,
                    base: ps,
                    offset: (lane * size) as i64,
                });
                t
            };
            self.emit(Op::Store {
                p: at,
                s,
                space,
                ty,
                align,
            });
        }
        self.array_checks(p)
    }
}

/// Where one lane of a vector value comes from.
#[derive(Clone, Copy, Debug)]
pub(super) enum LaneSource {
    /// A scalar inserted into the vector.
    Scalar(Value),
    /// A lane of another vector.
    Lane(Value, u32),
}

enum LaneOrigin {
    /// Lane `k` of a loaded vector.
    Load(Value, u32),
    Set(LaneSource),
    Poison,
}

/// Whether anything between `first` and `last` (in one block, in that order) could write
/// memory. Different blocks count as yes.
fn memory_may_change_between(first: Value, last: Value) -> bool {
    if first.parent() != last.parent() {
        return true;
    }
    let insts = first.parent().instructions();
    let (Some(a), Some(b)) = (
        insts.iter().position(|i| *i == first),
        insts.iter().position(|i| *i == last),
    ) else {
        return true;
    };
    a > b
        || insts[a + 1..b].iter().any(|i| {
            matches!(
                i.opcode(),
                Opcode::LLVMStore
                    | Opcode::LLVMCall
                    | Opcode::LLVMAtomicRMW
                    | Opcode::LLVMAtomicCmpXchg
                    | Opcode::LLVMFence
            )
        })
}

/// Follows lane `lane` of `v` back through insertelement and shufflevector to a load from `p`
/// or to the value that set it; `chain` collects the instructions passed.
fn lane_origin(v: Value, lane: u32, p: Value, chain: &mut Vec<Value>) -> LaneOrigin {
    let (mut v, mut lane) = (v, lane);
    for _ in 0..32 {
        if matches!(
            v.kind(),
            ValueKind::LLVMPoisonValueKind | ValueKind::LLVMUndefValueValueKind
        ) {
            return LaneOrigin::Poison;
        }
        if !v.is_instruction() {
            break;
        }
        match v.opcode() {
            Opcode::LLVMLoad if v.operand(0) == p => return LaneOrigin::Load(v, lane),
            Opcode::LLVMInsertElement => {
                let idx = v.operand(2);
                if idx.kind() != ValueKind::LLVMConstantIntValueKind {
                    break;
                }
                if !chain.contains(&v) {
                    chain.push(v);
                }
                if idx.const_zext() == lane as u64 {
                    return LaneOrigin::Set(LaneSource::Scalar(v.operand(1)));
                }
                v = v.operand(0);
            }
            Opcode::LLVMShuffleVector => {
                if !chain.contains(&v) {
                    chain.push(v);
                }
                let n1 = match v.operand(0).ty().kind() {
                    TypeKind::LLVMVectorTypeKind => v.operand(0).ty().vector_len(),
                    _ => break,
                };
                match v.mask_element(lane) {
                    None => return LaneOrigin::Poison,
                    Some(m) if m < n1 => {
                        v = v.operand(0);
                        lane = m;
                    }
                    Some(m) => {
                        v = v.operand(1);
                        lane = m - n1;
                    }
                }
            }
            _ => break,
        }
    }
    LaneOrigin::Set(LaneSource::Lane(v, lane))
}
