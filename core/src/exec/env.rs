//! What a running work-item offers to builtins: its registers, the memories it can reach, and
//! the launch's output and diagnostics.

use super::async_copy::AsyncState;
use super::atomic;
use super::checks::{access, Dir};
use super::launch::{Launch, Where};
use crate::builtins::{AsyncCopy, BuiltinEnv};
use crate::bytecode::{RmwOp, ScalarTy};
use crate::diagnostics::Level;
use crate::memory::{load_bytes, store_bytes, AddrSpace, ArenaMemory, MemView};
use crate::output::Record;

/// The memories a work-item can address.
pub(crate) struct Mems<'a> {
    pub global: MemView<'a>,
    pub local: &'a mut ArenaMemory,
    pub private: &'a mut ArenaMemory,
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
}

impl Env<'_, '_> {
    /// Checks an access as the work-item's own would be checked.
    fn access(&mut self, space: AddrSpace, addr: u64, size: u64, dir: Dir) -> Option<*mut u8> {
        let at = self.at;
        access(self.mems, space, addr, size, dir, self.launch, || at)
    }
}

impl BuiltinEnv for Env<'_, '_> {
    fn regs(&mut self) -> &mut [u64] {
        self.regs
    }

    fn load(&mut self, space: AddrSpace, addr: u64, out: &mut [u8]) -> bool {
        match self.access(space, addr, out.len() as u64, Dir::Load) {
            // SAFETY: access() checked that the whole range lies in one buffer.
            Some(p) => unsafe { load_bytes(p, out) },
            None => {
                out.fill(0);
                return false;
            }
        }
        true
    }

    fn store(&mut self, space: AddrSpace, addr: u64, data: &[u8]) -> bool {
        let p = self.access(space, addr, data.len() as u64, Dir::Store);
        // SAFETY: as above.
        p.map(|p| unsafe { store_bytes(p, data) }).is_some()
    }

    fn atomic_rmw(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        op: RmwOp,
        value: u64,
    ) -> Option<u64> {
        let p = self.access(space, addr, size as u64, Dir::Atomic)?;
        // SAFETY: as above.
        Some(unsafe { atomic::rmw(p, size, op, ScalarTy::Int((size * 8) as u8), value) })
    }

    fn atomic(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        f: &mut dyn FnMut(u64) -> u64,
    ) -> Option<u64> {
        let p = self.access(space, addr, size as u64, Dir::Atomic)?;
        // SAFETY: as above.
        Some(unsafe { atomic::update(p, size, f) })
    }

    fn print(&mut self, text: &[u8]) {
        self.launch.emit(self.at.seq, Record::Stdout(text.to_vec()));
    }

    fn error(&mut self, headline: &str) {
        self.launch.report(self.at, Level::Error, headline);
    }

    fn async_copy(&mut self, copy: AsyncCopy) -> u64 {
        self.asyncs.issue(self.launch, self.at, self.wi_index, copy)
    }
}
