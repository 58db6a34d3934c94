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

use std::sync::Arc;

pub use crate::bytecode::builtin_call::{
    AsyncCopy, BuiltinEnv, BuiltinFn, BuiltinSite, LaneMove, Trap, UnreadAtomic,
};
use crate::bytecode::{Op, ScalarTy, Slot, VType};
use crate::memory::AddrSpace;
pub use mangle::{demangle, Demangled, MType};
pub use misuse::{Misuse, Problem, Unresolved};

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
