//! What the debugger sees of a stopped work-item: its variables and the simulated memory.

use oclgrind_core::debugging::{AddrSpace, KernelDebug, TypeId};

/// Where a value is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Place {
    /// In simulated memory.
    Memory { space: AddrSpace, addr: u64 },
    /// Its bytes, already read (values in registers, constants).
    Bytes(Vec<u8>),
    /// Bytes from registers some of whose bits are uninitialised (`shadow`, as many bytes:
    /// `--uninitialized`).
    Uninit { bytes: Vec<u8>, shadow: Vec<u8> },
    /// Optimised away at this point of the program.
    OptimizedOut,
}

/// A value of a source type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Value {
    pub ty: TypeId,
    pub place: Place,
}

/// The state the debugger inspects.
pub trait Target {
    /// Types and variables of the running kernel.
    fn debug(&self) -> &KernelDebug;
    /// `len` bytes of simulated memory at `addr` in `space`; `None` if they are not all
    /// inside one allocation.
    fn read(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>>;
    /// A variable visible where the work-item stopped: the selected frame's locals and
    /// parameters first, then program- and kernel-scope variables.
    fn lookup(&self, name: &str) -> Option<Value>;
    /// Which bits of `len` bytes of memory are uninitialised (with `--uninitialized`); `None`
    /// when that is not known.
    fn read_shadow(&self, _space: AddrSpace, _addr: u64, _len: u64) -> Option<Vec<u8>> {
        None
    }
    /// What the work-item function `name` returns to the stopped work-item given `args`:
    /// None when there is no such function, `Err(n)` when it takes `n` arguments.
    fn call(&self, _name: &str, _args: &[u64]) -> Option<Result<u64, usize>> {
        None
    }
}
