//! A call to a builtin as the bytecode holds it: the closure the lowering bound to its
//! argument slots ([`BuiltinSite`]), and what that closure may do to the work-item that runs
//! it ([`BuiltinEnv`], which each executor implements). The builtins themselves live in
//! `crate::builtins`, which makes these.

use std::fmt;
use std::sync::Arc;

use oclgrind_diagnostic::Rule;

use super::{RmwOp, ScalarTy, Slot};
use crate::exchange::Exchange;
use crate::memory::AddrSpace;

/// What a builtin may do to the work-item that calls it.
pub trait BuiltinEnv {
    /// The caller's register frame.
    fn regs(&mut self) -> &mut [u64];
    /// Reads simulated memory; a refused access is reported and returns false.
    fn load(&mut self, space: AddrSpace, addr: u64, out: &mut [u8]) -> bool;
    /// Writes simulated memory; a refused access is reported and returns false.
    fn store(&mut self, space: AddrSpace, addr: u64, data: &[u8]) -> bool;
    /// Atomic read-modify-write of the `size`-byte value at `addr`; returns the old value.
    fn atomic_rmw(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        op: RmwOp,
        value: u64,
    ) -> Option<u64>;
    /// An atomic store of the `size`-byte `value` at `addr` (`atomic_store`, `atomic_flag_clear`):
    /// an atomic access that reads nothing (a write-only buffer may take it).
    fn atomic_store(&mut self, space: AddrSpace, addr: u64, size: u32, value: u64) {
        self.atomic_rmw(space, addr, size, RmwOp::Xchg, value);
    }
    /// `atomic_rmw` whose old value the kernel ignores (an OpenCL 1.x atomic, so relaxed): it
    /// may take effect later, combined with others (`exec::combine`).
    fn atomic_unread(&mut self, space: AddrSpace, addr: u64, size: u32, op: RmwOp, value: u64) {
        self.atomic_rmw(space, addr, size, op, value);
    }
    /// Atomically replaces the `size`-byte value at `addr` by `new` if it is `expected`;
    /// returns the old value.
    fn compare_exchange(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        expected_new: (u64, u64),
    ) -> Option<u64>;
    /// Kernel output (printf), kept in order with other output of the work-group.
    fn print(&mut self, text: &[u8]);
    /// Reports an error at the current instruction (e.g. `Unaligned address on atomic_add`).
    fn error(&mut self, rule: Rule, headline: &str);
    /// Registers this work-item's part of a work-group copy; returns the copy's event.
    fn async_copy(&mut self, copy: AsyncCopy) -> u64;
    /// Work-group and sub-group functions: puts this work-item's value (its lanes) where the
    /// other work-items of its group see it.
    fn exchange_put(&mut self, lanes: &[u64]);
    /// What the group's work-items put, and this work-item's local linear index.
    fn exchange(&mut self) -> (&Exchange, usize);
    /// Sub-groups: the work-items of one (`--sub-group-size`), and the work-items of a full
    /// work-group of the launch (its enqueued local size).
    fn sub_group_shape(&mut self) -> (u64, u64);
    /// Reports an instruction that depends on an uninitialised index value, if one of these
    /// argument slots has uninitialised bits (the Uninitialized checker; nothing otherwise).
    fn check_index(&mut self, _slots: &[Slot]) {}
    /// For the Uninitialized checker: the builtin moves `lanes` elements of `size` bytes
    /// between memory at `addr` and the registers from `slot` (vloadN, vstoreN), so their
    /// shadows move lane by lane, instead of the default rule (everything it writes is
    /// uninitialised if any input was). Called before the store, or after the load.
    fn move_lanes(
        &mut self,
        _dir: LaneMove,
        _at: (AddrSpace, u64),
        _slot: Slot,
        _lanes: u32,
        _size: u32,
    ) {
    }
}

/// Which way `BuiltinEnv::move_lanes` moves data.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LaneMove {
    FromMemory,
    ToMemory,
}

/// An `async_work_group_(strided_)copy` as issued by a work-item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsyncCopy {
    pub dst: u64,
    pub dst_space: AddrSpace,
    pub src: u64,
    pub src_space: AddrSpace,
    /// Bytes of one element (3-element vectors count as 4 elements).
    pub elem_size: u64,
    pub count: u64,
    /// Strides in elements.
    pub src_stride: u64,
    pub dst_stride: u64,
    /// The event passed in (0 for a new one).
    pub event: u64,
}

/// A failure that stops the work-item (a fatal error in Oclgrind's terms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trap(pub String);

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

pub type BuiltinFn = Arc<dyn Fn(&mut dyn BuiltinEnv) -> Result<(), Trap> + Send + Sync>;

/// A resolved call to a builtin with its slots bound.
#[derive(Clone)]
pub struct BuiltinSite {
    pub name: String,
    pub run: BuiltinFn,
    /// The argument slots (first slot, lanes), for the Uninitialized checker's rule: a result,
    /// and what the builtin stores, is uninitialised when any argument has uninitialised bits.
    pub args: Vec<(Slot, u32)>,
    /// The result's slots (first slot, lanes, lane type).
    pub ret: Option<(Slot, u32, ScalarTy)>,
    /// Lane k of the result, and of what the builtin stores, depends only on lane k of each
    /// vector argument (and on its scalar arguments): math, common, integer builtins and
    /// conversions. The Uninitialized checker then follows lanes apart.
    pub lanewise: bool,
    /// An OpenCL 1.x atomic whose old value nothing reads, described for the lane executor,
    /// which combines a warp's updates without calling `run` lane by lane.
    pub unread_atomic: Option<UnreadAtomic>,
}

/// `atomic_add(p, v)` and its kin (`BuiltinSite::unread_atomic`): what `run` does when the
/// launch combines such atomics (`BuiltinEnv::atomic_unread`), and writes 0 to `result`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnreadAtomic {
    pub pointer: Slot,
    pub space: AddrSpace,
    pub size: u32,
    pub op: RmwOp,
    /// The operand's slot; none for `inc` and `dec`, whose operand is 1.
    pub value: Option<Slot>,
    pub result: Slot,
}

impl fmt::Debug for BuiltinSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BuiltinSite({})", self.name)
    }
}
