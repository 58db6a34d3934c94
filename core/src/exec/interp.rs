//! The interpreter loop: runs one work-item's bytecode until it finishes or reaches a barrier.
//!
//! Hot ops are handled inline; register-only ops that are less frequent go through
//! `pure_ops::run_pure`. Memory faults and other diagnostics leave the loop through cold paths.

use super::env::{Env, Mems};
use super::group::{GroupRunner, Stop};
use super::launch::{Launch, Where};
use super::memops::{self, OpCx};
use super::pure_ops::{move_slots, run_pure};
use super::semantics::*;
use super::workitem::{Frame, WiIds, WorkItem};
use crate::bytecode::{MemTy, Op, Pc, WiQuery};
use crate::diagnostics::Level;
use crate::memory::{flags, load_bytes, resolve, store_bytes, AddrSpace, Fault, FaultKind, Scalar};
use crate::plugins::{Access, Interest, LaunchInfo};

#[inline(always)]
pub(crate) unsafe fn load_mem(ty: MemTy, p: *const u8) -> u64 {
    match ty {
        MemTy::U8 => u8::load(p) as u64,
        MemTy::U16 => u16::load(p) as u64,
        MemTy::U32 => u32::load(p) as u64,
        MemTy::U64 => u64::load(p),
        MemTy::Bytes(n) => {
            let mut b = [0u8; 8];
            load_bytes(p, &mut b[..n as usize]);
            u64::from_le_bytes(b)
        }
    }
}

#[inline(always)]
pub(crate) unsafe fn store_mem(ty: MemTy, p: *mut u8, v: u64) {
    match ty {
        MemTy::U8 => u8::store(p, v as u8),
        MemTy::U16 => u16::store(p, v as u16),
        MemTy::U32 => u32::store(p, v as u32),
        MemTy::U64 => u64::store(p, v),
        MemTy::Bytes(n) => store_bytes(p, &v.to_le_bytes()[..n as usize]),
    }
}

/// Value of a work-item query; out-of-range dimensions give 0 for ids and 1 for sizes.
fn query(
    q: WiQuery,
    dim: u64,
    ids: &WiIds,
    group: &[u64; 3],
    size: &[u64; 3],
    info: &LaunchInfo,
) -> u64 {
    let d = dim as usize;
    let in_range = d < 3;
    let pick = |v: &[u64; 3], default: u64| if in_range { v[d] } else { default };
    match q {
        WiQuery::GlobalId => pick(&ids.global, 0),
        WiQuery::LocalId => pick(&ids.local, 0),
        WiQuery::GroupId => pick(group, 0),
        WiQuery::GlobalSize => pick(&info.global_size, 1),
        WiQuery::GlobalOffset => pick(&info.global_offset, 0),
        WiQuery::LocalSize => pick(size, 1),
        WiQuery::EnqueuedLocalSize => pick(&info.local_size, 1),
        WiQuery::NumGroups => pick(&info.num_groups, 1),
        WiQuery::WorkDim => info.work_dim as u64,
        WiQuery::GlobalLinearId => {
            let g = |k: usize| ids.global[k] - info.global_offset[k];
            (g(2) * info.global_size[1] + g(1)) * info.global_size[0] + g(0)
        }
        WiQuery::LocalLinearId => (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0],
    }
}

/// Reports a fault to the plugins that check memory.
#[cold]
#[inline(never)]
pub(crate) fn fault(launch: &Launch, at: Where, f: Fault) {
    for p in launch.ctx.plugins().each(Interest::FAULTS) {
        launch.with_context(at, true, |cx| p.memory_fault(cx, &f));
    }
}

#[cold]
#[inline(never)]
pub(crate) fn misaligned(launch: &Launch, at: Where, is_store: bool) {
    let what = if is_store { "store" } else { "load" };
    launch.report(
        at,
        Level::Error,
        &format!("Invalid memory {what} - source pointer is not aligned to the pointed type"),
    );
}

#[cold]
#[inline(never)]
fn array_index(launch: &Launch, at: Where, index: i64, len: u64) {
    for p in launch.ctx.plugins().each(Interest::FAULTS) {
        launch.with_context(at, true, |cx| p.array_index_fault(cx, index, len));
    }
}

/// Which way an access goes: atomics both read and write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dir {
    Load,
    Store,
    Atomic,
}

impl Dir {
    fn reads(self) -> bool {
        self != Dir::Store
    }

    fn writes(self) -> bool {
        self != Dir::Load
    }
}

/// Looks up an access (resolving generic pointers); reports refused and flagged accesses.
/// `None` means: skip the access.
#[inline(always)]
pub(crate) fn access(
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    size: u64,
    dir: Dir,
    launch: &Launch,
    at: impl Fn() -> Where,
) -> Option<*mut u8> {
    let (space, addr) = resolve(space, addr);
    let located = mems.view(space).locate(addr, size);
    let flagged = match located {
        Some((_, fl)) => fl != 0,
        None => true,
    };
    if flagged {
        report_access(
            located.map(|(_, fl)| fl),
            space,
            addr,
            size,
            dir,
            launch,
            at(),
        );
    }
    located.map(|(p, _)| p)
}

/// The faults of a refused (`flags` None) or flagged access, reads first as Oclgrind does.
#[cold]
#[inline(never)]
fn report_access(
    flags: Option<u32>,
    space: AddrSpace,
    address: u64,
    size: u64,
    dir: Dir,
    launch: &Launch,
    at: Where,
) {
    let report = |kind, is_store| {
        let f = Fault {
            kind,
            space,
            address,
            size,
            is_store,
        };
        fault(launch, at, f);
    };
    match flags {
        None => {
            if dir.reads() {
                report(FaultKind::OutOfBounds, false);
            }
            if dir.writes() {
                report(FaultKind::OutOfBounds, true);
            }
        }
        Some(fl) => {
            if dir.reads() && fl & flags::WRITE_ONLY != 0 {
                report(FaultKind::ReadFromWriteOnly, false);
            }
            if dir.writes() && fl & flags::READ_ONLY != 0 {
                report(FaultKind::WriteToReadOnly, true);
            }
        }
    }
}

#[cold]
#[inline(never)]
pub(crate) fn observe(
    launch: &Launch,
    at: Where,
    access: Access,
    store: Option<&[u8]>,
    atomic: bool,
) {
    for p in launch.ctx.plugins().each(Interest::MEMORY) {
        launch.with_context(at, true, |cx| match (store, atomic) {
            (_, true) => {
                p.memory_atomic_load(cx, &access);
                p.memory_atomic_store(cx, &access);
            }
            (Some(data), false) => p.memory_store(cx, &access, data),
            (None, false) => p.memory_load(cx, &access),
        });
    }
}

/// `file:line` of the simulator source, for fatal error messages.
macro_rules! here {
    () => {
        concat!(file!(), ":", line!())
    };
}

/// Largest private memory of one work-item (its allocas and by-value copies).
const MAX_PRIVATE_BYTES: u64 = 1 << 30;

/// The op being executed, for diagnostics: built only when something is reported.
#[derive(Clone, Copy)]
pub(crate) struct Here<'a> {
    pub launch: &'a Launch<'a>,
    /// Work-item and group; `func` and `pc` are filled in by `at`.
    pub template: &'a Where,
    pub func: u32,
    pub pc: Pc,
}

impl Here<'_> {
    pub fn at(&self) -> Where {
        Where {
            func: self.func,
            pc: self.pc,
            ..*self.template
        }
    }
}

impl GroupRunner<'_> {
    pub(crate) fn run(&mut self, wi: &mut WorkItem) -> Stop {
        if self.launch.observe_instructions {
            self.exec::<true>(wi)
        } else {
            self.exec::<false>(wi)
        }
    }

    fn exec<const OBSERVE: bool>(&mut self, wi: &mut WorkItem) -> Stop {
        let launch = self.launch;
        let kernel = &launch.kernel.code;
        let observe = launch.observe_memory;
        let WorkItem {
            regs,
            frames,
            private,
            ids,
            wait_events,
            ..
        } = wi;
        let mut fidx = wi.func;
        let mut func = &kernel.functions[fidx as usize];
        let mut code = &func.code[..];
        let mut pc = wi.pc as usize;
        let mut base = wi.base as usize;
        let mut mems = Mems {
            global: launch.global.mem(),
            local: &mut self.local,
            private,
        };
        let asyncs = &mut self.asyncs;
        let (ids, group, size) = (*ids, self.group, self.size);
        let wi_index = (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0];
        let template = Where {
            seq: self.seq,
            group,
            wi: Some(ids),
            func: 0,
            pc: 0,
        };
        let here = |func: u32, pc: usize| Here {
            launch,
            template: &template,
            func,
            pc: pc as Pc,
        };
        macro_rules! r {
            ($s:expr) => {
                regs[base + $s as usize]
            };
        }
        // Context for the ops in `memops`, borrowing the memories for one call.
        macro_rules! cx {
            ($pc:expr) => {
                OpCx {
                    mems: &mut mems,
                    here: here(fidx, $pc),
                    observe,
                }
            };
        }
        loop {
            let op_pc = pc;
            let op = &code[pc];
            pc += 1;
            match *op {
                Op::Add { d, a, b, bits } => r!(d) = r!(a).wrapping_add(r!(b)) & mask(bits),
                Op::Sub { d, a, b, bits } => r!(d) = r!(a).wrapping_sub(r!(b)) & mask(bits),
                Op::Mul { d, a, b, bits } => r!(d) = r!(a).wrapping_mul(r!(b)) & mask(bits),
                Op::And { d, a, b } => r!(d) = r!(a) & r!(b),
                Op::Or { d, a, b } => r!(d) = r!(a) | r!(b),
                Op::Xor { d, a, b } => r!(d) = r!(a) ^ r!(b),
                Op::Shl { d, a, b, bits } => r!(d) = shl(r!(a), r!(b), bits),
                Op::LShr { d, a, b, bits } => r!(d) = lshr(r!(a), r!(b), bits),
                Op::AShr { d, a, b, bits } => r!(d) = ashr(r!(a), r!(b), bits),
                Op::ICmp {
                    pred,
                    d,
                    a,
                    b,
                    bits,
                } => r!(d) = icmp(pred, r!(a), r!(b), bits) as u64,
                Op::FAdd32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) + f32_of(r!(b))),
                Op::FSub32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) - f32_of(r!(b))),
                Op::FMul32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) * f32_of(r!(b))),
                Op::FDiv32 { d, a, b } => r!(d) = slot_f32(f32_of(r!(a)) / f32_of(r!(b))),
                Op::FAdd64 { d, a, b } => r!(d) = slot_f64(f64_of(r!(a)) + f64_of(r!(b))),
                Op::FMul64 { d, a, b } => r!(d) = slot_f64(f64_of(r!(a)) * f64_of(r!(b))),
                Op::Mov { d, s } => r!(d) = r!(s),
                Op::MovN { d, s, n } => move_slots(&mut regs[base..], d, s, n),
                Op::SExt { d, s, from, to } => r!(d) = (sext(r!(s), from) as u64) & mask(to),
                Op::Trunc { d, s, bits } => r!(d) = r!(s) & mask(bits),
                Op::Gep {
                    d,
                    base: b,
                    idx,
                    idx_bits,
                    scale,
                    offset,
                } => {
                    let i = sext(r!(idx), idx_bits);
                    r!(d) = r!(b)
                        .wrapping_add(i.wrapping_mul(scale as i64) as u64)
                        .wrapping_add(offset as i64 as u64);
                }
                Op::GepConst { d, base: b, offset } => r!(d) = r!(b).wrapping_add(offset as u64),
                Op::GepN { d, base: b, table } => {
                    let t = &func.geps[table as usize];
                    let mut a = r!(b).wrapping_add(t.offset as u64);
                    for &(s, bits, scale) in &t.terms {
                        a = a.wrapping_add(sext(r!(s), bits).wrapping_mul(scale) as u64);
                    }
                    r!(d) = a;
                }
                Op::Br { t } => pc = t as usize,
                Op::CondBr { c, t, f } => {
                    pc = if r!(c) & 1 != 0 {
                        t as usize
                    } else {
                        f as usize
                    }
                }
                Op::Select { d, c, t, f, n: 1 } => {
                    r!(d) = if r!(c) & 1 != 0 { r!(t) } else { r!(f) }
                }
                // Scalar forms of the general ops, kept out of the slower `run_pure` call.
                Op::FCmp {
                    pred,
                    ty,
                    d,
                    a,
                    b,
                    lanes: 1,
                } => r!(d) = fcmp(pred, float_of(ty, r!(a)), float_of(ty, r!(b))) as u64,
                Op::Fma {
                    ty,
                    fused,
                    d,
                    a,
                    b,
                    c,
                    lanes: 1,
                } => r!(d) = fma(ty, fused, r!(a), r!(b), r!(c)),
                Op::Cast { op, d, s, lanes: 1 } => r!(d) = cast(op, r!(s)),
                Op::IntBin {
                    op,
                    d,
                    a,
                    b,
                    bits,
                    lanes: 1,
                } => r!(d) = int_bin(op, r!(a), r!(b), bits),
                Op::FloatBin {
                    op,
                    ty,
                    d,
                    a,
                    b,
                    lanes: 1,
                } => r!(d) = float_bin(op, ty, r!(a), r!(b)),
                Op::FloatUn {
                    op,
                    ty,
                    d,
                    s,
                    lanes: 1,
                } => r!(d) = float_un(op, ty, r!(s)),
                Op::Load {
                    d,
                    p,
                    space,
                    ty,
                    align,
                } => {
                    let addr = r!(p);
                    if addr & ((1u64 << align) - 1) != 0 {
                        misaligned(launch, here(fidx, op_pc).at(), false);
                    }
                    let size = ty.size() as u64;
                    let at = || here(fidx, op_pc).at();
                    r!(d) = match access(&mut mems, space, addr, size, Dir::Load, launch, at) {
                        // SAFETY: access() checked the range.
                        Some(ptr) => unsafe { load_mem(ty, ptr) },
                        None => 0,
                    };
                    if observe {
                        let access = Access {
                            space,
                            address: addr,
                            size,
                        };
                        self::observe(launch, at(), access, None, false);
                    }
                }
                Op::Store {
                    p,
                    s,
                    space,
                    ty,
                    align,
                } => {
                    let addr = r!(p);
                    if addr & ((1u64 << align) - 1) != 0 {
                        misaligned(launch, here(fidx, op_pc).at(), true);
                    }
                    let size = ty.size() as u64;
                    let value = r!(s);
                    let at = || here(fidx, op_pc).at();
                    if observe {
                        let access = Access {
                            space,
                            address: addr,
                            size,
                        };
                        let bytes = value.to_le_bytes();
                        self::observe(launch, at(), access, Some(&bytes[..size as usize]), false);
                    }
                    if let Some(ptr) = access(&mut mems, space, addr, size, Dir::Store, launch, at)
                    {
                        // SAFETY: access() checked the range.
                        unsafe { store_mem(ty, ptr, value) };
                    }
                }
                Op::LoadV {
                    d,
                    p,
                    space,
                    ty,
                    lanes,
                    align,
                } => memops::load_vector(
                    &mut cx!(op_pc),
                    &mut regs[base..],
                    d,
                    p,
                    space,
                    ty,
                    lanes,
                    align,
                ),
                Op::StoreV {
                    p,
                    s,
                    space,
                    ty,
                    lanes,
                    align,
                } => memops::store_vector(
                    &mut cx!(op_pc),
                    &regs[base..],
                    p,
                    s,
                    space,
                    ty,
                    lanes,
                    align,
                ),
                Op::LoadAgg {
                    d,
                    p,
                    space,
                    layout,
                } => {
                    let l = &func.layouts[layout as usize];
                    memops::load_aggregate(&mut cx!(op_pc), &mut regs[base..], d, p, space, l)
                }
                Op::StoreAgg {
                    p,
                    s,
                    space,
                    layout,
                } => {
                    let l = &func.layouts[layout as usize];
                    memops::store_aggregate(&mut cx!(op_pc), &regs[base..], p, s, space, l)
                }
                Op::AtomicRmw {
                    op,
                    d,
                    p,
                    v,
                    space,
                    ty,
                } => r!(d) = memops::atomic_rmw(&mut cx!(op_pc), r!(p), r!(v), op, space, ty),
                Op::CmpXchg {
                    d,
                    p,
                    cmp,
                    new,
                    space,
                    ty,
                } => {
                    let expected = r!(cmp);
                    let old = memops::compare_exchange(
                        &mut cx!(op_pc),
                        r!(p),
                        expected,
                        r!(new),
                        space,
                        ty,
                    );
                    r!(d) = old;
                    r!(d + 1) = (old == expected) as u64;
                }
                Op::MemCpy {
                    dst,
                    src,
                    len,
                    dst_space,
                    src_space,
                } => memops::mem_copy(
                    &mut cx!(op_pc),
                    r!(dst),
                    r!(src),
                    r!(len),
                    dst_space,
                    src_space,
                ),
                Op::MemSet {
                    dst,
                    val,
                    len,
                    space,
                } => memops::mem_set(&mut cx!(op_pc), r!(dst), r!(val) as u8, r!(len), space),
                Op::Alloca { d, size } => {
                    if mems.private.bytes_used() + size as u64 > MAX_PRIVATE_BYTES {
                        let msg = "Insufficient private memory (alloca)";
                        launch.report_fatal(here(fidx, op_pc).at(), msg, here!());
                        (wi.func, wi.pc) = (fidx, op_pc as u32);
                        return Stop::Finished;
                    }
                    r!(d) = mems.private.allocate(size as u64);
                }
                Op::CheckIndex { idx, bits, len } => {
                    let i = sext(r!(idx), bits);
                    if i as u64 >= len as u64 {
                        array_index(launch, here(fidx, op_pc).at(), i, len as u64);
                    }
                }
                Op::WorkItem { q, d, dim } => {
                    r!(d) = query(q, dim as u64, &ids, &group, &size, &launch.info)
                }
                Op::WorkItemDyn { q, d, dim } => {
                    r!(d) = query(q, r!(dim), &ids, &group, &size, &launch.info)
                }
                Op::Switch { c, table } => {
                    let t = &func.switches[table as usize];
                    let v = r!(c) & mask(t.bits);
                    pc = t
                        .cases
                        .iter()
                        .find(|(cv, _)| *cv == v)
                        .map_or(t.default, |(_, target)| *target) as usize;
                }
                Op::Call { site } => {
                    let cs = &func.calls[site as usize];
                    let callee = &kernel.functions[cs.func as usize];
                    let new_base = base + func.num_slots as usize;
                    let n = callee.num_slots as usize;
                    regs[new_base..new_base + n]
                        .copy_from_slice(&launch.kernel.frames[cs.func as usize]);
                    let mark = mems.private.mark();
                    for (k, arg) in cs.args.iter().enumerate() {
                        let (pslot, pn) = callee.params[k];
                        let to = new_base + pslot as usize;
                        match arg.byval {
                            None => {
                                let from = base + arg.slot as usize;
                                regs.copy_within(from..from + pn as usize, to);
                            }
                            Some(bytes) => {
                                // By-value structs are copied into a new private buffer.
                                let src = r!(arg.slot);
                                let mut copy = vec![0u8; bytes as usize];
                                let at = || here(fidx, op_pc).at();
                                if let Some(ptr) = access(
                                    &mut mems,
                                    AddrSpace::Private,
                                    src,
                                    bytes as u64,
                                    Dir::Load,
                                    launch,
                                    at,
                                ) {
                                    // SAFETY: access() checked the range.
                                    unsafe { load_bytes(ptr, &mut copy) };
                                }
                                regs[to] = mems.private.allocate_with(&copy);
                            }
                        }
                    }
                    frames.push(Frame {
                        func: fidx,
                        base: base as u32,
                        ret_pc: pc as u32,
                        ret_dst: cs.dst,
                        mark,
                    });
                    fidx = cs.func;
                    func = callee;
                    code = &func.code[..];
                    pc = 0;
                    base = new_base;
                }
                Op::Ret { .. } | Op::RetVoid => {
                    let Some(fr) = frames.pop() else {
                        // Remembered for messages about the group's last work-item.
                        wi.func = fidx;
                        wi.pc = op_pc as u32;
                        return Stop::Finished;
                    };
                    if let Op::Ret { s, n } = *op {
                        let from = base + s as usize;
                        regs.copy_within(
                            from..from + n as usize,
                            fr.base as usize + fr.ret_dst as usize,
                        );
                    }
                    mems.private.release_to(fr.mark);
                    fidx = fr.func;
                    func = &kernel.functions[fidx as usize];
                    code = &func.code[..];
                    pc = fr.ret_pc as usize;
                    base = fr.base as usize;
                }
                Op::Barrier { fence } => {
                    wait_events.clear();
                    wi.func = fidx;
                    wi.pc = pc as u32;
                    wi.base = base as u32;
                    wi.barrier_at = (fidx, op_pc as u32);
                    return Stop::Barrier { fence };
                }
                Op::WaitEvents { n, list, space } => {
                    memops::read_events(
                        &mut cx!(op_pc),
                        r!(n) & 0xffff_ffff,
                        r!(list),
                        space,
                        wait_events,
                    );
                    wi.func = fidx;
                    wi.pc = pc as u32;
                    wi.base = base as u32;
                    wi.barrier_at = (fidx, op_pc as u32);
                    // CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE
                    return Stop::Barrier { fence: 3 };
                }
                Op::Builtin { site } => {
                    let s = &func.builtins[site as usize];
                    let at = here(fidx, op_pc).at();
                    let mut env = Env {
                        regs: &mut regs[base..],
                        mems: &mut mems,
                        launch,
                        at,
                        asyncs,
                        wi_index,
                    };
                    if let Err(trap) = (s.run)(&mut env) {
                        launch.report_fatal(at, &trap.0, here!());
                        (wi.func, wi.pc) = (fidx, op_pc as u32);
                        return Stop::Finished;
                    }
                }
                Op::Trap { msg } => {
                    launch.report_fatal(here(fidx, op_pc).at(), &func.traps[msg as usize], here!());
                    (wi.func, wi.pc) = (fidx, op_pc as u32);
                    return Stop::Finished;
                }
                // The register-only ops not handled above (listed, so that a new op cannot be
                // forgotten here).
                ref op @ (Op::Nop
                | Op::IntBin { .. }
                | Op::IntUn { .. }
                | Op::Funnel { .. }
                | Op::Overflow { .. }
                | Op::ICmpV { .. }
                | Op::FSub64 { .. }
                | Op::FDiv64 { .. }
                | Op::FloatBin { .. }
                | Op::FloatUn { .. }
                | Op::Fma { .. }
                | Op::FCmp { .. }
                | Op::Select { .. }
                | Op::SelectV { .. }
                | Op::Cast { .. }
                | Op::Bitcast { .. }
                | Op::ExtractDyn { .. }
                | Op::InsertDyn { .. }
                | Op::ToGeneric { .. }
                | Op::FromGeneric { .. }
                | Op::GenericTo { .. }) => {
                    run_pure(op, &mut regs[base..]);
                }
            }
            if OBSERVE {
                let at = here(fidx, op_pc).at();
                for p in launch.ctx.plugins().each(Interest::INSTRUCTION) {
                    launch.with_context(at, true, |cx| p.instruction_executed(cx));
                }
            }
        }
    }
}
