//! What a running work-item offers to builtins: its registers, the memories it can reach, and
//! the launch's output and diagnostics.

use super::async_copy::AsyncState;
use super::atomic;
use super::batch::LaneBatch;
use super::checks::{
    access, located, memory_after, observe, observe_atomic, quiet_atomic, record_written,
    undone_atomic, Dir,
};
use super::combine::PendingAtomics;
use super::shadow_memory;
use super::shadow_values::{origin_code, ShadowRegs, Shadows};
use super::shared::{Launch, Mems, Where};
use crate::builtins::{AsyncCopy, BuiltinEnv, LaneMove};
use crate::bytecode::{MemTy, RmwOp, ScalarTy, Slot};
use crate::diagnostics::{Level, Rule};
use crate::exchange::Exchange;
use crate::memory::{load_bytes, resolve, store_bytes, AddrSpace};
use crate::output::Record;
use crate::plugins::{AccessKind, UninitKind};
use crate::semantics::mask;

pub(crate) struct Env<'e, 'm> {
    pub regs: &'e mut [u64],
    pub mems: &'e mut Mems<'m>,
    pub launch: &'e Launch<'e>,
    pub at: Where,
    pub asyncs: &'e mut AsyncState,
    /// The group's values of work-group functions.
    pub exchange: &'e mut Exchange,
    /// The work-item's local linear id.
    pub wi_index: u64,
    /// With shadows: whether the builtin's inputs (its arguments, the memory it has read so
    /// far) had uninitialised bits, which makes what it writes uninitialised, and the origin
    /// code of the first that had.
    pub taint: Option<(bool, u32)>,
    /// With shadows: the frame's.
    pub shadows: Option<Shadows<'e>>,
    /// The builtin moved its shadows itself (`move_lanes`): no default rule.
    pub exact: bool,
    /// For a builtin that works lane by lane: `taint` per lane (`shadow_memory::builtin_lanes`).
    pub lanes: Option<Vec<(bool, u32)>>,
    /// Under lanes: the batch the builtin's atomic joins, and the lane's local linear index.
    pub batch: Option<(&'e mut LaneBatch, u32)>,
}

/// Shadow bytes a builtin's access fits in without a heap allocation (atomics, vectors).
const SMALL: usize = 128;

/// `len` bytes of scratch space: in `small` when they fit, else in `large`.
fn scratch<'a>(small: &'a mut [u8; SMALL], large: &'a mut Vec<u8>, len: usize) -> &'a mut [u8] {
    match small.get_mut(..len) {
        Some(bytes) => bytes,
        None => {
            large.resize(len, 0);
            large
        }
    }
}

impl Env<'_, '_> {
    /// Checks an access as the work-item's own would be checked.
    fn access(&mut self, space: AddrSpace, addr: u64, size: u64, dir: Dir) -> Option<*mut u8> {
        let at = self.at;
        access(self.mems, space, addr, size, dir, self.launch, || at)
    }

    fn observe_atomic(&mut self, access: (AddrSpace, u64, u32, AccessKind), p: Option<*mut u8>) {
        let (space, addr, size, kind) = access;
        if self.launch.observe_memory && !quiet_atomic(self.launch, space, addr) {
            if let Some((batch, lane)) = &mut self.batch {
                let (after, n) = memory_after(p, size as u64, kind);
                if batch.join(*lane, (space, size as u64, kind), addr, &after[..n]) {
                    return;
                }
            }
            let access = (space, addr, size as u64, kind);
            observe_atomic(self.launch, self.mems, self.at, access, p);
        }
    }

    /// With shadows: the bytes a builtin reads taint what it produces.
    fn read_taint(&mut self, space: AddrSpace, addr: u64, len: usize) {
        if let Some((false, _)) = self.taint {
            let (mut small, mut large) = ([0u8; SMALL], Vec::new());
            let shadow = scratch(&mut small, &mut large, len);
            if shadow_memory::load_bytes_of(self.launch, self.mems, space, addr, shadow) {
                let origin =
                    shadow_memory::origin_of(self.launch, self.mems, space, addr, len as u64);
                self.taint = Some((true, origin));
                // What it read is not split into lanes: the whole rule.
                self.lanes = None;
            }
        }
    }

    /// With shadows: what a builtin writes is as initialised as its inputs were (`done`: the
    /// write happened); uninitialised bits written outside private memory are reported.
    fn write_taint(&mut self, space: AddrSpace, addr: u64, len: usize, done: bool) {
        let Some((taint, origin)) = self.taint.filter(|_| !self.exact) else {
            return;
        };
        // A builtin that works lane by lane stores a vector of its lanes (an out-pointer).
        let lanes = self.lanes.as_ref().filter(|l| len.is_multiple_of(l.len()));
        let (mut small, mut large) = ([0u8; SMALL], Vec::new());
        let shadow = scratch(&mut small, &mut large, len);
        let first = match lanes {
            Some(lanes) => {
                let each = len / lanes.len();
                for (bytes, &(poisoned, _)) in shadow.chunks_mut(each).zip(lanes) {
                    bytes.fill(if poisoned { 0xff } else { 0 });
                }
                lanes.iter().find(|l| l.0).copied()
            }
            None => {
                shadow.fill(if taint { 0xff } else { 0 });
                taint.then_some((true, origin))
            }
        };
        if let Some((_, origin)) = first.filter(|_| shadow_memory::reported_space(space, addr)) {
            let (launch, at) = (self.launch, self.at);
            let kind = (UninitKind::StoredValue, origin);
            shadow_memory::report(launch, self.mems.workers, at, kind, space, addr);
        }
        if done {
            let origin = first.map_or(origin, |(_, o)| o);
            shadow_memory::store_bytes_of(self.launch, self.mems, (space, addr), shadow, origin);
        }
    }

    /// With shadows, an atomic's result has the old value's shadow (the builtin's taint) and
    /// memory becomes uninitialised as a whole when the old value or an argument was.
    fn atomic_shadow(&mut self, space: AddrSpace, addr: u64, size: u32, done: bool) {
        if done {
            self.read_taint(space, addr, size as usize);
        } else if let Some((false, _)) = self.taint {
            // Refused: it read an unspecified value, so what it computes from it is
            // uninitialised, and so is what it would have written (reported, not kept).
            self.taint = Some((true, origin_code::INVALID_READ));
            self.lanes = None;
        }
        self.write_taint(space, addr, size as usize, done);
    }

    /// Shows a builtin's access to the plugins that watch memory.
    fn observe(
        &mut self,
        space: AddrSpace,
        address: u64,
        size: u64,
        kind: AccessKind,
        data: &[u8],
    ) {
        if self.launch.observe_accesses {
            observe(
                self.launch,
                self.mems,
                self.at,
                space,
                address,
                size,
                kind,
                data,
            );
        }
    }
}

impl BuiltinEnv for Env<'_, '_> {
    fn regs(&mut self) -> &mut [u64] {
        self.regs
    }

    fn load(&mut self, space: AddrSpace, addr: u64, out: &mut [u8]) -> bool {
        let size = out.len() as u64;
        let done = match self.access(space, addr, size, Dir::Load) {
            // SAFETY: access() checked that the whole range lies in one buffer.
            Some(p) => {
                unsafe { load_bytes(p, out) };
                self.read_taint(space, addr, out.len());
                true
            }
            None => {
                out.fill(0);
                // An unspecified value: what the builtin makes of it is uninitialised.
                if let Some((false, _)) = self.taint {
                    self.taint = Some((true, origin_code::INVALID_READ));
                    self.lanes = None;
                }
                false
            }
        };
        self.observe(space, addr, size, AccessKind::Load, &[]);
        done
    }

    fn store(&mut self, space: AddrSpace, addr: u64, data: &[u8]) -> bool {
        self.observe(space, addr, data.len() as u64, AccessKind::Store, data);
        let p = self.access(space, addr, data.len() as u64, Dir::Store);
        // SAFETY: as above.
        let done = p.map(|p| unsafe { store_bytes(p, data) }).is_some();
        self.write_taint(space, addr, data.len(), done);
        done
    }

    fn atomic_rmw(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        op: RmwOp,
        value: u64,
    ) -> Option<u64> {
        let p = self.access(space, addr, size as u64, Dir::Atomic);
        // SAFETY: as above.
        let old =
            p.map(|p| unsafe { atomic::rmw(p, size, op, ScalarTy::Int((size * 8) as u8), value) });
        if let (Some(p), Some(old)) = (p, old) {
            undone_atomic(self.mems, (space, addr), p, size, (op, value), old);
        }
        self.atomic_shadow(space, addr, size, p.is_some());
        self.observe_atomic((space, addr, size, AccessKind::Atomic), p);
        old
    }

    fn atomic_store(&mut self, space: AddrSpace, addr: u64, size: u32, value: u64) {
        let p = self.access(space, addr, size as u64, Dir::Store);
        let int = ScalarTy::Int((size * 8) as u8);
        // SAFETY: as above (the store was kept for `undo` as a plain one).
        p.map(|p| unsafe { atomic::rmw(p, size, RmwOp::Xchg, int, value) });
        // Nothing is read: memory takes the value's shadow.
        self.write_taint(space, addr, size as usize, p.is_some());
        self.observe_atomic((space, addr, size, AccessKind::Atomic), p);
    }

    fn atomic_unread(&mut self, space: AddrSpace, addr: u64, size: u32, op: RmwOp, value: u64) {
        let (resolved, at) = resolve(space, addr);
        // Nobody hears of it (a plugin watching memory would hear the value it left) and no
        // shadow follows it.
        let unheard = !self.launch.observe_memory || quiet_atomic(self.launch, space, addr);
        let combine = self
            .launch
            .plan
            .combines_unheard_atomic(unheard && self.taint.is_none())
            && resolved == AddrSpace::Global
            && PendingAtomics::combines(op)
            && matches!(size, 4 | 8)
            && at.is_multiple_of(size as u64);
        if !combine {
            self.atomic_rmw(space, addr, size, op, value);
            return;
        }
        let here = self.at;
        let (len, dir) = (size as u64, Dir::Atomic);
        if let Some(p) = located(self.mems, resolved, at, len, dir, self.launch, || here) {
            // SAFETY: a checked location of a global buffer, which outlives the launch.
            unsafe {
                self.mems
                    .pending
                    .add((at, p), size, (op, value), self.mems.undo)
            };
        }
    }

    fn compare_exchange(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        (expected, new): (u64, u64),
    ) -> Option<u64> {
        let p = self.access(space, addr, size as u64, Dir::Atomic);
        let swap = &mut |old| if old == expected { new } else { old };
        // SAFETY: as above.
        let old = p.map(|p| unsafe { atomic::update(p, size, swap) });
        if let (Some(p), Some(old)) = (p, old) {
            undone_atomic(self.mems, (space, addr), p, size, (RmwOp::Xchg, new), old);
        }
        self.atomic_shadow(space, addr, size, p.is_some());
        // One that found another value only read memory (Oclgrind #155).
        let kind = match old == Some(expected) {
            true => AccessKind::Atomic,
            false => AccessKind::AtomicLoad,
        };
        self.observe_atomic((space, addr, size, kind), p);
        old
    }

    fn print(&mut self, text: &[u8]) {
        self.launch.emit(self.at, Record::Stdout(text.to_vec()));
    }

    fn error(&mut self, rule: Rule, headline: &str) {
        (self.launch).report(self.at, rule, Level::Error, headline.to_string());
    }

    fn move_lanes(
        &mut self,
        dir: LaneMove,
        (space, addr): (AddrSpace, u64),
        slot: Slot,
        lanes: u32,
        size: u32,
    ) {
        let Some(sh) = &mut self.shadows else { return };
        self.exact = true;
        let len = (lanes * size) as u64;
        let ty = MemTy::Bytes(size as u8);
        // Only where the access itself is valid (the load or store reports it otherwise); a
        // refused load gives unspecified lanes.
        let (resolved, at) = resolve(space, addr);
        let Some((p, _)) = self.mems.view(resolved).locate_any(at, len) else {
            if dir == LaneMove::FromMemory {
                let (s, origin) = shadow_memory::refused(ty);
                for k in 0..lanes {
                    sh.set_with_origin(slot + k, s, origin);
                }
            }
            return;
        };
        if dir == LaneMove::ToMemory {
            // The lanes' shadows go to memory before its bytes do (`store`).
            record_written(self.mems, &self.launch.global, resolved, (at, p, len));
        }
        let (launch, mems) = (self.launch, &mut *self.mems);
        let lane_at = |k: u32| (space, addr + (k * size) as u64);
        match dir {
            LaneMove::FromMemory => {
                for k in 0..lanes {
                    let (s, origin) = shadow_memory::load(launch, mems, space, lane_at(k).1, ty);
                    sh.set_with_origin(slot + k, s, origin);
                }
            }
            LaneMove::ToMemory => {
                let lane_mask = mask(size as u8 * 8);
                let poisoned = (0..lanes).find(|&k| sh.get(slot + k) & lane_mask != 0);
                if let Some(k) = poisoned.filter(|_| shadow_memory::reported_space(space, addr)) {
                    let kind = (UninitKind::StoredValue, sh.origin(slot + k));
                    shadow_memory::report(launch, mems.workers, self.at, kind, space, addr);
                }
                for k in 0..lanes {
                    let shadow = (sh.get(slot + k) & lane_mask, sh.origin(slot + k));
                    shadow_memory::store(launch, mems, lane_at(k), ty, shadow);
                }
            }
        }
    }

    fn check_index(&mut self, slots: &[Slot]) {
        let Some(sh) = &self.shadows else { return };
        if let Some(&s) = slots.iter().find(|&&s| sh.get(s) != 0) {
            let (launch, at, origin) = (self.launch, self.at, sh.origin(s));
            let kind = (UninitKind::Index, origin);
            shadow_memory::report(launch, self.mems.workers, at, kind, AddrSpace::Private, 0);
        }
    }

    fn async_copy(&mut self, copy: AsyncCopy) -> u64 {
        self.asyncs.issue(self.launch, self.at, self.wi_index, copy)
    }

    fn exchange_put(&mut self, lanes: &[u64]) {
        self.exchange.put(self.wi_index as usize, lanes);
    }

    fn exchange(&mut self) -> (&Exchange, usize) {
        (self.exchange, self.wi_index as usize)
    }

    fn sub_group_shape(&mut self) -> (u64, u64) {
        let size = self.launch.ctx.config.sub_group_size.max(1);
        (size, self.launch.info.local_size.iter().product())
    }
}
