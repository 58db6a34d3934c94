//! The checks around every memory access: bounds, read-only/write-only buffers, alignment,
//! static array indices, and the plugin events they raise. Shared by the interpreter, the
//! builtins' environment and the work-group's async copies.

use super::env::Mems;
use super::launch::{Launch, Where};
use crate::bytecode::MemTy;
use crate::diagnostics::Level;
use crate::memory::{flags, load_bytes, resolve, store_bytes, AddrSpace, Fault, FaultKind, Scalar};
use crate::plugins::{Access, Interest};

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

/// Reports a fault to the plugins that check memory.
#[cold]
#[inline(never)]
pub(crate) fn fault(launch: &Launch, at: Where, f: Fault) {
    for p in launch.ctx.plugins().each(Interest::FAULTS) {
        launch.with_context(at, true, |cx| p.memory_fault(cx, &f));
    }
}

/// Reports an access whose address is not a multiple of its alignment (`align`: log2).
/// The access still happens.
#[inline(always)]
pub(crate) fn check_alignment(
    addr: u64,
    align: u8,
    is_store: bool,
    launch: &Launch,
    at: impl Fn() -> Where,
) {
    if addr & ((1u64 << align) - 1) != 0 {
        misaligned(launch, at(), is_store);
    }
}

#[cold]
#[inline(never)]
fn misaligned(launch: &Launch, at: Where, is_store: bool) {
    let what = if is_store { "store" } else { "load" };
    launch.report(
        at,
        Level::Error,
        &format!("Invalid memory {what} - source pointer is not aligned to the pointed type"),
    );
}

#[cold]
#[inline(never)]
pub(crate) fn array_index(launch: &Launch, at: Where, index: i64, len: u64) {
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
            if fl & flags::MAPPED != 0 {
                if dir.reads() {
                    report(FaultKind::MappedAccess, false);
                }
                if dir.writes() {
                    report(FaultKind::MappedAccess, true);
                }
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
