//! The one step function: what each op does, for one work-item and for a warp of them alike.
//!
//! `step` holds every op's meaning in one `match` (the register-only ops as
//! `pure_ops::register_ops!` defines them, then memory, control flow and builtins), generic over
//! the [`State`] it runs on, as cranelift's interpreter is over its own: one work-item
//! (`interp::Item`, with the Uninitialized checker's shadows when it listens) or the lanes of
//! a warp (`warp::WarpOps`). The state says how an op reaches its lanes (`each_frame` for
//! registers, `each_lane` for memory and builtins, a [`Lane`] each) and where they go next
//! (`branch`), and may take a short cut that does for all lanes at once what the op does for
//! each (`together`, `unread_atomic`); what the op does is written here once. Monomorphised
//! and inlined into each executor's loop, the state's methods cost nothing.
//!
//! Ops that move a work-item's call stack or make it wait (calls, returns, barriers) come back
//! as [`Flow::Item`]: the scalar executor runs them, and a warp hands them to each of its
//! work-items on its own.

use super::async_copy::AsyncState;
use super::batch::LaneBatch;
use super::checks::{
    access, array_index, check_alignment, load_mem, observe_allocation, speculated_use, store_mem,
    Dir,
};
use super::env::Env;
use super::memops::{self, OpCx};
use super::pure_ops::{register_ops, specialize};
use super::shadow_memory;
use super::shadow_values::{origin_code, ShadowMode, ShadowRegs, Shadows};
use super::shared::{Here, Launch, Mems, Where};
use super::workitem::{query, Stop};
use crate::builtins::BuiltinSite;
use crate::bytecode::{Function, GepTable, MemTy, Op, Slot, SwitchTable, WiQuery};
use crate::exchange::Exchange;
use crate::memory::AddrSpace;
use crate::plugins::{AccessKind, UninitKind};
use crate::semantics::{index_address, mask, sext};

/// Where control goes after an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Flow {
    /// On to the next op.
    Next,
    /// To the op at this pc, every lane.
    Jump(u32),
    /// A warp's lanes went different ways, or some stopped: each lane's place is written back.
    Parted,
    /// The work-item stopped: `Stop::Finished` at the op (a fatal error), the others after it.
    Stop(Stop),
    /// An op of the work-item's own call stack or waits (`Call`, `Ret`, `RetVoid`, `Barrier`,
    /// `SubGroupMeet`, `WaitEvents`): the scalar executor runs it, for each lane on its own.
    Item,
}

/// An access every lane makes: `size` bytes of `space` at the address in its register `p`,
/// which should be a multiple of `1 << align`; what `State::together` may make at once.
#[derive(Clone, Copy)]
pub(super) struct Span {
    pub p: Slot,
    pub space: AddrSpace,
    pub size: u64,
    pub align: u8,
    pub dir: Dir,
}

/// The shadows of a lane's registers in mode `M`.
pub(super) type Sh<'s, M> = <M as ShadowMode>::Frame<'s>;

/// What an op runs on: one work-item, or the lanes of a warp.
pub(super) trait State<'l> {
    /// Whether registers have shadows: `NoShadow`, or the Uninitialized checker's
    /// (`WithShadows`).
    type Mode: ShadowMode;

    fn launch(&self) -> &'l Launch<'l>;

    /// The function being run.
    fn func(&self) -> &'l Function;

    /// The group's id and size.
    fn group(&self) -> ([u64; 3], [u64; 3]);

    /// Runs `f` for each lane with its registers (the frame from the index given) and their
    /// shadows: the register-only ops.
    fn each_frame(&mut self, f: impl FnMut(&mut [u64], usize, &mut Sh<'_, Self::Mode>));

    /// Runs `f` for each lane with its frame, its memories and its place (`Lane`); a lane for
    /// which `f` gives `Stop::Finished` ends there. `batch`: plugins may hear of the lanes'
    /// accesses in one batch (`LaneBatch`) rather than one by one.
    fn each_lane(
        &mut self,
        batch: bool,
        f: impl FnMut(&mut Lane<'_, '_, Sh<'_, Self::Mode>>) -> Option<Stop>,
    ) -> Flow;

    /// `each_lane` for the lanes whose frame passes `test` alone: an op with something to do
    /// for few of them (a report), which need not make every lane's `Lane`.
    fn each_lane_if(
        &mut self,
        test: impl Fn(&[u64]) -> bool,
        f: impl FnMut(&mut Lane<'_, '_, Sh<'_, Self::Mode>>) -> Option<Stop>,
    ) -> Flow;

    /// Makes `span`'s access for every lane at once where that does what each lane's own
    /// would (`each` with the lane's frame and the host pointer of its bytes; `stored` puts a
    /// store's bytes for the plugins); false if it cannot, and nothing was done.
    fn together(
        &mut self,
        span: Span,
        each: impl FnMut(&mut [u64], *mut u8),
        stored: impl FnMut(&[u64], &mut Vec<u8>),
    ) -> bool;

    /// Makes the atomic of builtin `site`, whose old value nothing reads, for every lane at
    /// once where it can (`BuiltinSite::unread_atomic`); false if it cannot.
    fn unread_atomic(&mut self, site: &BuiltinSite) -> bool;

    /// Goes on at `t` for the lanes whose frame passes `taken`, at `f` for the others.
    fn branch(&mut self, taken: impl Fn(&[u64]) -> bool, targets: (u32, u32)) -> Flow;

    /// Goes on where `to` says each lane goes (given the lane's frame).
    fn branch_to(&mut self, to: impl Fn(&[u64]) -> u32) -> Flow;

    /// A spin point (`Op::SpinPoint`): an atomic or volatile access a work-item may wait on.
    fn spin(&mut self) -> Flow;

    /// Counts a run of basic block `block` by each lane.
    fn count_block(&mut self, block: u32);
}

/// One lane's side of an op: its frame, their shadows, its memories and place, and what its
/// group shares. Kept apart rather than as an `OpCx` (`cx`), which the ops of `memops` take
/// by reference: an op that only reads its fields leaves them in registers.
pub(super) struct Lane<'a, 'm, Sh> {
    /// The registers of the frame being run.
    pub f: &'a mut [u64],
    pub sh: &'a mut Sh,
    pub mems: &'a mut Mems<'m>,
    pub here: Here<'a>,
    /// Under a warp: the batch the lane's accesses join, and its local linear index.
    pub batch: Option<(&'a mut LaneBatch, u32)>,
    pub asyncs: &'a mut AsyncState,
    pub exchange: &'a mut Exchange,
    /// The group's size.
    pub size: [u64; 3],
    /// Plugins hear of loads and stores (`Launch::observe_accesses`, read once per op).
    pub observe: bool,
}

/// Runs `op` on `st`: one dispatch, each op's meaning in its arm or in the function it calls.
#[inline(always)]
pub(super) fn step<'l, S: State<'l>>(st: &mut S, op: &Op) -> Flow {
    let func = st.func();
    let launch = st.launch();
    // `register_ops!`'s way to run an op's body: for every lane.
    macro_rules! each {
        ($r:ident, $base:ident, $sh:ident, $body:block) => {
            st.each_frame(
                #[inline(always)]
                |$r, $base, $sh| $body,
            )
        };
    }
    register_ops!(op, r, base, sh, each, {
        Op::GepN { d, base, table } => gep_n(st, d, base, &func.geps[table as usize]),
        Op::Br { t } => return Flow::Jump(t),
        Op::CondBr { c, t, f } => {
            branches_on(st, c, 1);
            return st.branch(#[inline(always)] |r| r[c as usize] & 1 != 0, (t, f));
        }
        Op::Switch { c, table } => return switch(st, c, &func.switches[table as usize]),
        Op::Load { d, p, space, ty, align } => return load(st, (d, p), space, ty, align),
        Op::Store { p, s, space, ty, align } => return store(st, (p, s), space, ty, align),
        Op::LoadV { d, p, space, ty, lanes, align } => {
            return load_vector(st, (d, p), space, (ty, lanes), align);
        }
        Op::StoreV { p, s, space, ty, lanes, align } => {
            return store_vector(st, (p, s), space, (ty, lanes), align);
        }
        Op::LoadAgg { d, p, space, layout } => {
            let layout = &func.layouts[layout as usize];
            return memop(st, false, #[inline(always)] |cx, f, sh| {
                memops::load_aggregate(cx, f, sh, d, p, space, layout)
            });
        }
        Op::StoreAgg { p, s, space, layout } => {
            let layout = &func.layouts[layout as usize];
            return memop(st, false, #[inline(always)] |cx, f, sh| {
                memops::store_aggregate(cx, f, sh, p, s, space, layout)
            });
        }
        Op::AtomicRmw { op, d, p, v, space, ty } => {
            return memop(st, false, #[inline(always)] |cx, f, sh| {
                memops::atomic_rmw(cx, f, sh, (d, p, v), op, space, ty)
            });
        }
        Op::CmpXchg { d, p, cmp, new, space, ty } => {
            return memop(st, false, #[inline(always)] |cx, f, sh| {
                memops::compare_exchange(cx, f, sh, (d, p, cmp, new), space, ty)
            });
        }
        Op::MemCpy { dst, src, len, dst_space, src_space, padding } => {
            let padding = func.paddings.get(padding as usize).map(Vec::as_slice);
            let (slots, spaces) = ((dst, src, len), (dst_space, src_space));
            return st.each_lane(false, #[inline(always)] |l| l.mem_copy(slots, spaces, padding));
        }
        Op::MemSet { dst, val, len, space } => {
            return st.each_lane(false, #[inline(always)] |l| l.mem_set((dst, val, len), space));
        }
        // Without observers, nothing to do.
        Op::SpeculatedUse { p, space, size } if launch.observe_memory => {
            return st.each_lane(false, #[inline(always)] |l| {
                let (at, address) = (l.at(), l.f[p as usize]);
                speculated_use(launch, l.mems, at, space, address, size);
                None
            });
        }
        Op::SpeculatedUse { .. } => {}
        Op::Alloca { d, size, padding } => {
            let padding = func.paddings.get(padding as usize);
            return st.each_lane(false, #[inline(always)] |l| l.alloca(d, size, padding));
        }
        Op::CheckIndex { idx, bits, len } => return check_index(st, idx, bits, len),
        Op::WorkItem { q, d, dim } => return work_item(st, q, d, Dim::Known(dim as u64)),
        Op::WorkItemDyn { q, d, dim } => return work_item(st, q, d, Dim::In(dim)),
        Op::Builtin { site } => {
            let b = &func.builtins[site as usize];
            if !st.unread_atomic(b) {
                return st.each_lane(true, #[inline(always)] |l| l.builtin(b));
            }
        }
        Op::Trap { msg } => {
            return st.each_lane(false, #[inline(always)] |l| {
                launch.report_fatal(l.at(), &func.traps[msg as usize]);
                Some(Stop::Finished)
            });
        }
        Op::SpinPoint => return st.spin(),
        Op::CountBlock { block } => st.count_block(block),
        Op::Call { .. }
        | Op::Ret { .. }
        | Op::RetVoid
        | Op::Barrier { .. }
        | Op::SubGroupMeet { .. }
        | Op::WaitEvents { .. } => return Flow::Item,
    });
    Flow::Next
}

/// `Op::GepN`: an address from a base and scaled indices (`t`).
#[inline(always)]
fn gep_n<'l, S: State<'l>>(st: &mut S, d: Slot, b: Slot, t: &GepTable) {
    st.each_frame(
        #[inline(always)]
        |r, base, sh| {
            let mut a = r[base + b as usize].wrapping_add(t.offset as u64);
            for &(s, bits, scale) in &t.terms {
                a = index_address(a, r[base + s as usize], bits, scale);
            }
            r[base + d as usize] = a;
            if sh.on() {
                let any = t.terms.iter().fold(sh.get(b), |a, &(s, ..)| a | sh.get(s));
                sh.set(d, if any != 0 { u64::MAX } else { 0 });
            }
        },
    );
}

/// A branch on the `bits` of register `c`: reports uninitialised ones, with shadows.
#[inline(always)]
fn branches_on<'l, S: State<'l>>(st: &mut S, c: Slot, bits: u64) {
    if <S::Mode as ShadowMode>::ON {
        st.each_lane(
            false,
            #[inline(always)]
            |l| {
                if l.sh.get(c) & bits != 0 {
                    let (at, origin) = (l.at(), l.sh.origin(c));
                    let (launch, workers) = (l.here.launch, &mut *l.mems.workers);
                    let kind = UninitKind::ControlFlow;
                    shadow_memory::report_use(launch, workers, at, kind, (c, origin));
                }
                None
            },
        );
    }
}

/// `Op::Switch` on register `c`: the target of its case, else the default.
#[inline(always)]
fn switch<'l, S: State<'l>>(st: &mut S, c: Slot, t: &SwitchTable) -> Flow {
    let bits = mask(t.bits);
    branches_on(st, c, bits);
    st.branch_to(
        #[inline(always)]
        |r| {
            let v = r[c as usize] & bits;
            let case = t.cases.iter().find(|(cv, _)| *cv == v);
            case.map_or(t.default, |(_, target)| *target)
        },
    )
}

/// `Op::Load` (slots: result, pointer).
#[inline(always)]
fn load<'l, S: State<'l>>(
    st: &mut S,
    (d, p): (Slot, Slot),
    space: AddrSpace,
    ty: MemTy,
    align: u8,
) -> Flow {
    let span = Span {
        p,
        space,
        size: ty.size() as u64,
        align,
        dir: Dir::Load,
    };
    // The load of the type picked once for all lanes.
    let done = specialize!(ty in [MemTy::U8, MemTy::U16, MemTy::U32, MemTy::U64], {
        st.together(
            span,
            // SAFETY: `together` gives pointers to the whole access.
            #[inline(always)]
            |r, ptr| r[d as usize] = unsafe { load_mem(ty, ptr) },
            |_, _| {},
        )
    });
    match done {
        true => Flow::Next,
        false => st.each_lane(
            true,
            #[inline(always)]
            |l| l.load((d, p), space, ty, align),
        ),
    }
}

/// `Op::Store` (slots: pointer, value).
#[inline(always)]
fn store<'l, S: State<'l>>(
    st: &mut S,
    (p, s): (Slot, Slot),
    space: AddrSpace,
    ty: MemTy,
    align: u8,
) -> Flow {
    let size = ty.size() as u64;
    let span = Span {
        p,
        space,
        size,
        align,
        dir: Dir::Store,
    };
    let done = specialize!(ty in [MemTy::U8, MemTy::U16, MemTy::U32, MemTy::U64], {
        st.together(
            span,
            // SAFETY: as for loads.
            #[inline(always)]
            |r, ptr| unsafe { store_mem(ty, ptr, r[s as usize]) },
            #[inline(always)]
            |r, data| data.extend_from_slice(&r[s as usize].to_le_bytes()[..size as usize]),
        )
    });
    match done {
        true => Flow::Next,
        false => st.each_lane(
            true,
            #[inline(always)]
            |l| l.store((p, s), space, ty, align),
        ),
    }
}

/// `Op::LoadV` (slots: the result's first, pointer) of `lanes` elements of `ty`.
#[inline(always)]
fn load_vector<'l, S: State<'l>>(
    st: &mut S,
    (d, p): (Slot, Slot),
    space: AddrSpace,
    (ty, lanes): (MemTy, u16),
    align: u8,
) -> Flow {
    let span = Span {
        p,
        space,
        size: ty.size() as u64 * lanes as u64,
        align,
        dir: Dir::Load,
    };
    let done = st.together(
        span,
        // SAFETY: `together` gives pointers to the whole vector.
        #[inline(always)]
        |r, ptr| unsafe { memops::load_lanes(r, d, Some(ptr), ty, lanes) },
        |_, _| {},
    );
    match done {
        true => Flow::Next,
        false => memop(
            st,
            true,
            #[inline(always)]
            |cx, f, sh| memops::load_vector(cx, f, sh, d, p, space, ty, lanes, align),
        ),
    }
}

/// `Op::StoreV` (slots: pointer, the value's first) of `lanes` elements of `ty`.
#[inline(always)]
fn store_vector<'l, S: State<'l>>(
    st: &mut S,
    (p, s): (Slot, Slot),
    space: AddrSpace,
    (ty, lanes): (MemTy, u16),
    align: u8,
) -> Flow {
    let es = ty.size() as usize;
    let span = Span {
        p,
        space,
        size: (es * lanes as usize) as u64,
        align,
        dir: Dir::Store,
    };
    let done = st.together(
        span,
        // SAFETY: as for loads.
        #[inline(always)]
        |r, ptr| unsafe { memops::store_lanes(r, s, Some(ptr), ty, lanes) },
        #[inline(always)]
        |r, data| {
            for k in 0..lanes as usize {
                data.extend_from_slice(&r[s as usize + k].to_le_bytes()[..es]);
            }
        },
    );
    match done {
        true => Flow::Next,
        false => memop(
            st,
            true,
            #[inline(always)]
            |cx, f, sh| memops::store_vector(cx, f, sh, p, s, space, ty, lanes, align),
        ),
    }
}

/// An op of `memops` (`op`, given each lane's `OpCx`, frame and shadows); `batch` as for
/// `State::each_lane`.
#[inline(always)]
fn memop<'l, S: State<'l>>(
    st: &mut S,
    batch: bool,
    op: impl Fn(&mut OpCx, &mut [u64], Option<Shadows>),
) -> Flow {
    st.each_lane(
        batch,
        #[inline(always)]
        |l| {
            let (mut cx, f, sh) = l.memop();
            op(&mut cx, f, sh);
            None
        },
    )
}

/// `Op::CheckIndex`: reports an index in register `idx` (of `bits`) past an array's `len`.
#[inline(always)]
fn check_index<'l, S: State<'l>>(st: &mut S, idx: Slot, bits: u8, len: u32) -> Flow {
    st.each_lane_if(
        #[inline(always)]
        |r| sext(r[idx as usize], bits) as u64 >= len as u64,
        #[inline(always)]
        |l| {
            let i = sext(l.f[idx as usize], bits);
            array_index(l.here.launch, l.mems.workers, l.at(), i, len as u64);
            None
        },
    )
}

/// The dimension a work-item query asks about.
#[derive(Clone, Copy)]
enum Dim {
    Known(u64),
    /// The value of a register.
    In(Slot),
}

/// `Op::WorkItem` and `Op::WorkItemDyn`: query `q` of dimension `dim` into register `d`.
#[inline(always)]
fn work_item<'l, S: State<'l>>(st: &mut S, q: WiQuery, d: Slot, dim: Dim) -> Flow {
    let info = &st.launch().info;
    // The group's, once: indexing a lane's copies would keep every lane's `Lane` in memory
    // (a tenth of a plain reduce run).
    let (group, size) = st.group();
    st.each_lane(
        false,
        #[inline(always)]
        |l| {
            let (value, unknown) = match dim {
                Dim::Known(value) => (value, false),
                Dim::In(slot) => (l.f[slot as usize], l.sh.get(slot) != 0),
            };
            l.f[d as usize] = query(q, value, l.here.place.wi, &group, &size, info);
            if <S::Mode as ShadowMode>::ON {
                l.sh.set(d, if unknown { u64::MAX } else { 0 });
            }
            None
        },
    )
}

impl<'m, Sh: ShadowRegs> Lane<'_, 'm, Sh> {
    /// Where the lane is, for a report.
    #[inline(always)]
    pub fn at(&self) -> Where {
        self.here.at()
    }

    /// What the ops of `memops` take.
    #[inline(always)]
    fn cx(&mut self) -> OpCx<'_, 'm> {
        OpCx {
            mems: &mut *self.mems,
            here: self.here,
            batch: self
                .batch
                .as_mut()
                .map(|(batch, lane)| (&mut **batch, *lane)),
        }
    }

    /// What the ops of `memops` take: the lane's `OpCx`, frame and shadows.
    #[inline(always)]
    fn memop(&mut self) -> (OpCx<'_, 'm>, &mut [u64], Option<Shadows<'_>>) {
        let cx = OpCx {
            mems: &mut *self.mems,
            here: self.here,
            batch: self
                .batch
                .as_mut()
                .map(|(batch, lane)| (&mut **batch, *lane)),
        };
        (cx, &mut *self.f, self.sh.frame())
    }

    /// Shows the plugins an access (joining the warp's batch, if any).
    #[inline(always)]
    fn observe(
        &mut self,
        (space, address, size): (AddrSpace, u64, u64),
        kind: AccessKind,
        data: &[u8],
    ) {
        if self.observe {
            self.cx().observe(space, address, size, kind, data);
        }
    }

    /// `Op::Load` (slots: result, pointer).
    #[inline(always)]
    fn load(
        &mut self,
        (d, p): (Slot, Slot),
        space: AddrSpace,
        ty: MemTy,
        align: u8,
    ) -> Option<Stop> {
        let addr = self.f[p as usize];
        let here = self.here;
        let (launch, at) = (here.launch, || here.at());
        check_alignment(addr, align, false, launch, at);
        let size = ty.size() as u64;
        let ptr = access(self.mems, space, addr, size, Dir::Load, launch, at);
        self.f[d as usize] = match ptr {
            // SAFETY: access() checked the range.
            Some(ptr) => unsafe { load_mem(ty, ptr) },
            None => 0,
        };
        if let Some(mut sh) = self.sh.frame() {
            let (target, done) = ((space, addr), ptr.is_some());
            shadow_memory::on_load(launch, self.mems, at, target, (p, d), ty, done, &mut sh);
        }
        self.observe((space, addr, size), AccessKind::Load, &[]);
        None
    }

    /// `Op::Store` (slots: pointer, value). Plugins hear of it before it is made.
    #[inline(always)]
    fn store(
        &mut self,
        (p, s): (Slot, Slot),
        space: AddrSpace,
        ty: MemTy,
        align: u8,
    ) -> Option<Stop> {
        let addr = self.f[p as usize];
        let here = self.here;
        let (launch, at) = (here.launch, || here.at());
        check_alignment(addr, align, true, launch, at);
        let size = ty.size() as u64;
        let value = self.f[s as usize];
        let bytes = value.to_le_bytes();
        self.observe(
            (space, addr, size),
            AccessKind::Store,
            &bytes[..size as usize],
        );
        let ptr = access(self.mems, space, addr, size, Dir::Store, launch, at);
        if let Some(ptr) = ptr {
            // SAFETY: access() checked the range.
            unsafe { store_mem(ty, ptr, value) };
        }
        if let Some(sh) = self.sh.frame() {
            let (target, done) = ((space, addr), ptr.is_some());
            shadow_memory::on_store(launch, self.mems, at, target, (p, s), ty, done, &sh);
        }
        None
    }

    /// `Op::MemCpy` (slots: destination, source, length).
    #[inline(always)]
    fn mem_copy(
        &mut self,
        (dst, src, len): (Slot, Slot, Slot),
        spaces: (AddrSpace, AddrSpace),
        padding: Option<&[(u32, u32)]>,
    ) -> Option<Stop> {
        let f = &*self.f;
        let (to, from, n) = (f[dst as usize], f[src as usize], f[len as usize]);
        if Sh::ON && (self.sh.get(dst) | self.sh.get(src)) != 0 {
            let (launch, at) = (self.here.launch, self.at());
            let (to, from) = ((to, dst), (from, src));
            shadow_memory::copy_operands(launch, self.mems, at, &*self.sh, to, from, spaces);
        }
        memops::mem_copy(&mut self.cx(), to, from, n, spaces, (Sh::ON, padding));
        None
    }

    /// `Op::MemSet` (slots: destination, byte value, length).
    #[inline(always)]
    fn mem_set(&mut self, (dst, val, len): (Slot, Slot, Slot), space: AddrSpace) -> Option<Stop> {
        let shadow = (self.sh.get(val) as u8, self.sh.origin(val));
        let (to, value, n) = (
            self.f[dst as usize],
            self.f[val as usize] as u8,
            self.f[len as usize],
        );
        if Sh::ON && self.sh.get(dst) != 0 {
            let (launch, at) = (self.here.launch, self.at());
            let kind = (UninitKind::WriteAddress, self.sh.origin(dst));
            shadow_memory::report(launch, self.mems.workers, at, kind, space, to);
        }
        memops::mem_set(&mut self.cx(), to, (value, shadow), n, space, Sh::ON);
        None
    }

    /// `Op::Alloca`: a private buffer of `size` bytes; the lane ends if there is no room.
    #[inline(always)]
    fn alloca(&mut self, d: Slot, size: u32, padding: Option<&Vec<(u32, u32)>>) -> Option<Stop> {
        let Some(address) = alloca(self.mems, self.here, size, padding) else {
            return Some(Stop::Finished);
        };
        self.f[d as usize] = address;
        if Sh::ON {
            self.sh.set(d, 0);
        }
        None
    }

    /// `Op::Builtin`: its function, with the shadow rule for what it writes; a trap ends the
    /// lane.
    #[inline(always)]
    fn builtin(&mut self, b: &BuiltinSite) -> Option<Stop> {
        let launch = self.here.launch;
        let at = self.at();
        let (ids, size) = (self.here.place.wi, self.size);
        let taint = Sh::ON.then(|| shadow_memory::builtin_inputs(&*self.sh, &b.args));
        let lanes = Sh::ON
            .then(|| shadow_memory::builtin_lanes(&*self.sh, b))
            .flatten();
        let mut env = Env {
            regs: &mut *self.f,
            mems: &mut *self.mems,
            launch,
            at,
            asyncs: &mut *self.asyncs,
            exchange: &mut *self.exchange,
            wi_index: (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0],
            taint,
            shadows: self.sh.frame(),
            exact: false,
            lanes,
            batch: self.batch.take(),
        };
        let ran = (b.run)(&mut env);
        let taint = env.taint.filter(|_| !env.exact);
        let lanes = env.lanes.take();
        if let (Some(taint), Some(mut frame)) = (taint, self.sh.frame()) {
            shadow_memory::builtin_result(&mut frame, b.ret, taint, lanes.as_deref());
        }
        match ran {
            Ok(()) => None,
            Err(trap) => {
                launch.report_fatal(at, &trap.0);
                Some(Stop::Finished)
            }
        }
    }
}

/// Largest private memory of one work-item (its allocas and by-value copies).
const MAX_PRIVATE_BYTES: u64 = 1 << 30;

/// `alloca`: the new private buffer's address, or `None` (reported) when private memory is
/// exhausted. Out of the loop: code in the loop's body, even on a rare path, slows every op
/// (one more `if` here made mandelbrot 20% slower).
#[inline(never)]
fn alloca(
    mems: &mut Mems,
    here: Here,
    size: u32,
    padding: Option<&Vec<(u32, u32)>>,
) -> Option<u64> {
    let launch = here.launch;
    if mems.private.bytes_used() + size as u64 > MAX_PRIVATE_BYTES {
        let msg = "Insufficient private memory (alloca)";
        launch.report_fatal(here.at(), msg);
        return None;
    }
    let address = mems.private.allocate(size as u64);
    if launch.plan.keeps_shadows() {
        // The variable's bytes are uninitialised, from this alloca; its padding is never
        // written, so initialised from the start.
        let origin = origin_code::alloca(here.place.site.func, here.place.site.pc);
        mems.private.set_origin(address, size as u64, origin);
        for &(offset, len) in padding.into_iter().flatten() {
            mems.private
                .clear_shadow(address + offset as u64, len as u64);
        }
    }
    if launch.observe_allocations {
        let (space, size) = (AddrSpace::Private, size as u64);
        observe_allocation(
            launch,
            mems.workers,
            (here.at(), true),
            space,
            address,
            size,
        );
    }
    Some(address)
}
