//! The OpenCL C builtin library.
//!
//! At lowering time every call to an external function is resolved here, once, by demangled name
//! and parameter kinds: the hottest builtins become ops, the rest become a `BuiltinSite` — a
//! closure with its argument slots already bound. Nothing is looked up by name at run time.
//! Families live in their own files; each offers `resolve(&Call, &mut Emit) -> Option<..>`.

mod address;
mod async_copy;
mod atomics;
mod c11_atomics;
mod collectives;
mod common;
mod convert;
mod geometric;
mod group_arith;
pub mod images;
mod integer;
mod lanes;
pub mod mangle;
mod math;
mod misuse;
mod num;
pub mod printf;
mod relational;
mod sub_group_functions;
pub(crate) mod subgroups;
mod sync;
mod vectors;
pub(crate) mod workitem;

use std::fmt;
use std::sync::Arc;

use crate::bytecode::{Op, RmwOp, ScalarTy, Slot, VType};
use crate::diagnostics::Rule;
use crate::exec::exchange::Exchange;
use crate::memory::AddrSpace;
pub use mangle::{demangle, Demangled, MType};
pub use misuse::{Misuse, Problem, Unresolved};

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

/// One actual argument (or the result) of a call, as the lowering sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    pub slot: Slot,
    pub ty: VType,
    /// The argument's value when it is a compile-time integer constant.
    pub constant: Option<u64>,
}

impl Arg {
    pub fn lanes(&self) -> u32 {
        self.ty.lanes as u32
    }

    pub fn space(&self) -> Option<AddrSpace> {
        match self.ty.elem {
            ScalarTy::Ptr(s) => Some(s),
            _ => None,
        }
    }
}

/// A call to an external function, to be resolved.
#[derive(Clone, Debug)]
pub struct Call {
    /// The symbol as it appears in the module (`_Z3maxii`, `printf`).
    pub symbol: String,
    pub name: String,
    /// Parameter kinds from the mangled name (empty for unmangled names).
    pub params: Vec<MType>,
    pub args: Vec<Arg>,
    pub ret: Option<Arg>,
    /// Whether anything uses the result (false for an `atomic_inc` whose old value is
    /// ignored).
    pub ret_used: bool,
}

impl Call {
    pub fn new(symbol: &str, args: Vec<Arg>, ret: Option<Arg>) -> Option<Call> {
        let d = demangle(symbol)?;
        Some(Call {
            symbol: symbol.to_string(),
            name: d.name,
            params: d.params,
            args,
            ret,
            ret_used: true,
        })
    }

    pub fn arg(&self, i: usize) -> Result<Arg, Misuse> {
        self.args
            .get(i)
            .copied()
            .ok_or_else(|| self.misuse(Problem::MissingArgument(i)))
    }

    pub fn ret(&self) -> Result<Arg, Misuse> {
        self.ret.ok_or_else(|| self.misuse(Problem::MissingResult))
    }

    /// `problem` of a call to this builtin.
    pub fn misuse(&self, problem: Problem) -> Misuse {
        Misuse {
            builtin: self.name.clone(),
            problem,
        }
    }

    /// Parameter kind from the mangling (falls back to `Void` when unmangled).
    pub fn param(&self, i: usize) -> &MType {
        self.params.get(i).unwrap_or(&MType::Void)
    }
}

/// Where resolved calls put their code: ops, plus temporary and constant slots they need.
pub trait Emit {
    fn op(&mut self, op: Op);
    fn site(&mut self, site: BuiltinSite);
    /// `n` fresh slots.
    fn temp(&mut self, n: u32) -> Slot;
    /// A slot holding a constant.
    fn constant(&mut self, value: u64) -> Slot;
}

/// The operation an atomic builtin names, without `atomic_`/`atom_` and `_explicit`
/// (`atomic_fetch_add_explicit` → `fetch_add`); None for other names.
pub fn atomic_operation(name: &str) -> Option<&str> {
    let base = name
        .strip_prefix("atomic_")
        .or_else(|| name.strip_prefix("atom_"))?;
    Some(base.strip_suffix("_explicit").unwrap_or(base))
}

/// Outcome of resolving one call in a family that knows its builtin.
pub type Resolution = Result<(), Misuse>;

/// Resolves a call to an external function into ops or a builtin site.
///
/// `Err` explains why a known builtin could not be lowered, or says that no builtin has the
/// symbol's name (`Undefined external function: <symbol>`, as Oclgrind says).
pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Result<(), Unresolved> {
    type Family = fn(&Call, &mut dyn Emit) -> Option<Resolution>;
    // With whether every function of the family works lane by lane.
    let families: [(Family, bool); 18] = [
        (workitem::resolve, false),
        (address::resolve, false),
        (async_copy::resolve, false),
        (sync::resolve, false),
        (math::resolve, true),
        (integer::resolve, true),
        (common::resolve, true),
        (relational::resolve, false),
        (geometric::resolve, false),
        (vectors::resolve, false),
        (convert::resolve, true),
        (c11_atomics::resolve, false),
        (collectives::resolve, false),
        (subgroups::resolve, false),
        (sub_group_functions::resolve, false),
        (atomics::resolve, false),
        (images::resolve, false),
        (printf::resolve, false),
    ];
    for (family, by_lane) in families {
        let found = if by_lane {
            family(call, &mut Lanewise(emit))
        } else {
            family(call, emit)
        };
        if let Some(r) = found {
            return r.map_err(|misuse| Unresolved::Misused {
                misuse,
                symbol: call.symbol.clone(),
            });
        }
    }
    Err(Unresolved::Undefined(call.symbol.clone()))
}

/// Builds a site from a closure.
pub(crate) fn site(
    call: &Call,
    f: impl Fn(&mut dyn BuiltinEnv) -> Result<(), Trap> + Send + Sync + 'static,
) -> BuiltinSite {
    BuiltinSite {
        name: call.name.clone(),
        run: Arc::new(f),
        args: call.args.iter().map(|a| (a.slot, a.lanes())).collect(),
        ret: call.ret.map(|r| (r.slot, r.lanes(), r.ty.elem)),
        lanewise: false,
        unread_atomic: None,
    }
}

/// An `Emit` that marks the sites it passes on as lane by lane (`BuiltinSite::lanewise`).
struct Lanewise<'a>(&'a mut dyn Emit);

impl Emit for Lanewise<'_> {
    fn op(&mut self, op: Op) {
        self.0.op(op);
    }
    fn site(&mut self, mut site: BuiltinSite) {
        site.lanewise = true;
        self.0.site(site);
    }
    fn temp(&mut self, n: u32) -> Slot {
        self.0.temp(n)
    }
    fn constant(&mut self, value: u64) -> Slot {
        self.0.constant(value)
    }
}

#[cfg(test)]
pub(crate) mod testing;
