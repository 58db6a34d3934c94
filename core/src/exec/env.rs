//! What a running work-item offers to builtins: its registers, the memories it can reach, and
//! the launch's output and diagnostics.

use super::async_copy::AsyncState;
use super::atomic;
use super::checks::{access, observe, observe_atomic, Dir};
use super::launch::{Launch, Where};
use super::shadow::{ShadowRegs, Shadows};
use super::uninit;
use crate::builtins::{AsyncCopy, BuiltinEnv};
use crate::bytecode::{RmwOp, ScalarTy, Slot};
use crate::diagnostics::Level;
use crate::memory::{load_bytes, store_bytes, AddrSpace, ArenaMemory, MemView};
use crate::output::Record;
use crate::plugins::{AccessKind, UninitKind, Workers};

/// The memories a work-item can address, and the plugin workers that watch its accesses.
pub(crate) struct Mems<'a> {
    pub global: MemView<'a>,
    pub local: &'a mut ArenaMemory,
    pub private: &'a mut ArenaMemory,
    pub workers: &'a mut Workers,
}

impl Mems<'_> {
    #[inline(always)]
    pub fn view(&mut self, space: AddrSpace) -> MemView<'_> {
        match space {
            AddrSpace::Global | AddrSpace::Constant => self.global,
            AddrSpace::Local => self.local.view(),
            // Generic pointers are resolved before this (memory::resolve).
            AddrSpace::Private | AddrSpace::Generic => self.private.view(),
        }
    }
}

pub(crate) struct Env<'e, 'm> {
    pub regs: &'e mut [u64],
    pub mems: &'e mut Mems<'m>,
    pub launch: &'e Launch<'e>,
    pub at: Where,
    pub asyncs: &'e mut AsyncState,
    /// The work-item's local linear id.
    pub wi_index: u64,
    /// With shadows: whether the builtin's inputs (its arguments, the memory it has read so
    /// far) had uninitialised bits, which makes what it writes uninitialised, and the origin
    /// code of the first that had.
    pub taint: Option<(bool, u32)>,
    /// With shadows: the frame's.
    pub shadows: Option<Shadows<'e>>,
}

impl Env<'_, '_> {
    /// Checks an access as the work-item's own would be checked.
    fn access(&mut self, space: AddrSpace, addr: u64, size: u64, dir: Dir) -> Option<*mut u8> {
        let at = self.at;
        access(self.mems, space, addr, size, dir, self.launch, || at)
    }

    fn observe_atomic(&mut self, access: (AddrSpace, u64, u32, AccessKind), p: Option<*mut u8>) {
        if self.launch.observe_memory {
            let (space, addr, size, kind) = access;
            let access = (space, addr, size as u64, kind);
            observe_atomic(self.launch, self.mems, self.at, access, p);
        }
    }

    /// With shadows: the bytes a builtin reads taint what it produces.
    fn read_taint(&mut self, space: AddrSpace, addr: u64, len: usize) {
        if let Some((false, _)) = self.taint {
            let mut shadow = vec![0u8; len];
            if uninit::load_bytes_of(self.launch, self.mems, space, addr, &mut shadow) {
                let origin = uninit::origin_of(self.launch, self.mems, space, addr, len as u64);
                self.taint = Some((true, origin));
            }
        }
    }

    /// With shadows: what a builtin writes is as initialised as its inputs were (`done`: the
    /// write happened); uninitialised bits written outside private memory are reported.
    fn write_taint(&mut self, space: AddrSpace, addr: u64, len: usize, done: bool) {
        let Some((taint, origin)) = self.taint else {
            return;
        };
        if taint && uninit::reported_space(space, addr) {
            let (launch, at) = (self.launch, self.at);
            let kind = (UninitKind::StoredValue, origin);
            uninit::report(launch, self.mems.workers, at, kind, space, addr);
        }
        if done {
            let shadow = vec![if taint { 0xff } else { 0 }; len];
            uninit::store_bytes_of(self.launch, self.mems, (space, addr), &shadow, origin);
        }
    }

    /// With shadows, an atomic's result has the old value's shadow (the builtin's taint) and
    /// memory becomes uninitialised as a whole when the old value or an argument was.
    fn atomic_shadow(&mut self, space: AddrSpace, addr: u64, size: u32, done: bool) {
        if done {
            self.read_taint(space, addr, size as usize);
            self.write_taint(space, addr, size as usize, true);
        }
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
        if self.launch.observe_memory {
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
        self.atomic_shadow(space, addr, size, p.is_some());
        self.observe_atomic((space, addr, size, AccessKind::Atomic), p);
        old
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
        self.atomic_shadow(space, addr, size, p.is_some());
        self.observe_atomic((space, addr, size, AccessKind::CompareExchange), p);
        old
    }

    fn print(&mut self, text: &[u8]) {
        self.launch.emit(self.at.seq, Record::Stdout(text.to_vec()));
    }

    fn error(&mut self, headline: &str) {
        self.launch.report(self.at, Level::Error, headline);
    }

    fn check_index(&mut self, slots: &[Slot]) {
        let Some(sh) = &self.shadows else { return };
        if let Some(&s) = slots.iter().find(|&&s| sh.get(s) != 0) {
            let (launch, at, origin) = (self.launch, self.at, sh.origin(s));
            let kind = (UninitKind::Index, origin);
            uninit::report(launch, self.mems.workers, at, kind, AddrSpace::Private, 0);
        }
    }

    fn async_copy(&mut self, copy: AsyncCopy) -> u64 {
        self.asyncs.issue(self.launch, self.at, self.wi_index, copy)
    }
}
