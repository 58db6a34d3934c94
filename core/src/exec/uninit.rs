//! The Uninitialized checker's side of running ops: the shadows of memory (which bits of each
//! byte are uninitialised), and the uses of uninitialised values it reports. Only reached when
//! the launch keeps shadows; kept out of the interpreter's loop.

use super::checks::{load_mem, store_mem};
use super::env::Mems;
use super::launch::{Launch, Where};
use super::semantics::mask;
use super::shadow::{width, ShadowRegs, Shadows};
use crate::bytecode::{MemTy, ScalarTy, Slot};
use crate::memory::{load_bytes, resolve, store_bytes, AddrSpace};
use crate::plugins::{Interest, UninitKind, UninitUse, Workers};

/// The shadow of the bytes at `addr`, for an access the memory accepted; `None` for memory
/// that counts as initialised (constant memory, memory aliasing the host's).
fn shadow_ptr(launch: &Launch, mems: &mut Mems, space: AddrSpace, addr: u64) -> Option<*mut u8> {
    match resolve(space, addr) {
        (AddrSpace::Private, a) => mems.private.shadow_ptr(a),
        (AddrSpace::Local, a) => mems.local.shadow_ptr(a),
        (AddrSpace::Global, a) => launch.global.shadow_ptr(a),
        _ => None,
    }
}

/// The shadow of a `ty` value loaded from `addr`.
pub(crate) fn load(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    ty: MemTy,
) -> u64 {
    match shadow_ptr(launch, mems, space, addr) {
        // SAFETY: the access was checked; the shadow has the buffer's size.
        Some(p) => unsafe { load_mem(ty, p) },
        None => 0,
    }
}

/// Stores the shadow of a `ty` value stored at `addr`.
pub(crate) fn store(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    ty: MemTy,
    shadow: u64,
) {
    if let Some(p) = shadow_ptr(launch, mems, space, addr) {
        // SAFETY: as above.
        unsafe { store_mem(ty, p, shadow) };
    }
}

/// The shadows of `out.len()` bytes at `addr` (all initialised where there are none).
pub(crate) fn load_bytes_of(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    out: &mut [u8],
) {
    match shadow_ptr(launch, mems, space, addr) {
        // SAFETY: as above.
        Some(p) => unsafe { load_bytes(p, out) },
        None => out.fill(0),
    }
}

/// Sets the shadows of `bytes.len()` bytes at `addr`.
pub(crate) fn store_bytes_of(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    bytes: &[u8],
) {
    if let Some(p) = shadow_ptr(launch, mems, space, addr) {
        // SAFETY: as above.
        unsafe { store_bytes(p, bytes) };
    }
}

/// True for stores whose uninitialised bits are reported: to any memory but the work-item's
/// own.
pub(crate) fn reported_space(space: AddrSpace, addr: u64) -> bool {
    resolve(space, addr).0 != AddrSpace::Private
}

/// Tells the Uninitialized plugin about a use of an uninitialised value. Addresses are named
/// in the space they point into.
#[cold]
#[inline(never)]
pub(crate) fn report(
    launch: &Launch,
    workers: &mut Workers,
    at: Where,
    kind: UninitKind,
    space: AddrSpace,
    address: u64,
) {
    let (space, address) = resolve(space, address);
    let u = UninitUse {
        kind,
        space,
        address,
    };
    for w in workers.each(Interest::UNINITIALIZED) {
        launch.with_context(at, true, |cx| w.uninitialized_use(cx, &u));
    }
}

/// A use that names no memory (branches, indices).
#[cold]
#[inline(never)]
pub(crate) fn report_use(launch: &Launch, workers: &mut Workers, at: Where, kind: UninitKind) {
    report(launch, workers, at, kind, AddrSpace::Private, 0);
}

/// A load's side: reports an uninitialised address (`target`: space, address, the address's
/// shadow); returns the loaded value's shadow (initialised when the load was refused).
pub(crate) fn on_load(
    launch: &Launch,
    mems: &mut Mems,
    at: impl Fn() -> Where,
    target: (AddrSpace, u64, u64),
    ty: MemTy,
    done: bool,
) -> u64 {
    let (space, addr, addr_shadow) = target;
    if addr_shadow != 0 {
        report(
            launch,
            mems.workers,
            at(),
            UninitKind::ReadAddress,
            space,
            addr,
        );
    }
    if done {
        load(launch, mems, space, addr, ty)
    } else {
        0
    }
}

/// A store's side: reports an uninitialised address, and uninitialised bits stored outside
/// the work-item's private memory; keeps the stored value's shadow.
pub(crate) fn on_store(
    launch: &Launch,
    mems: &mut Mems,
    at: impl Fn() -> Where,
    target: (AddrSpace, u64, u64),
    ty: MemTy,
    value_shadow: u64,
    done: bool,
) {
    let (space, addr, addr_shadow) = target;
    let shadow = value_shadow & mask(ty.size() as u8 * 8);
    if addr_shadow != 0 {
        report(
            launch,
            mems.workers,
            at(),
            UninitKind::WriteAddress,
            space,
            addr,
        );
    }
    if shadow != 0 && reported_space(space, addr) {
        report(
            launch,
            mems.workers,
            at(),
            UninitKind::StoredValue,
            space,
            addr,
        );
    }
    if done {
        store(launch, mems, space, addr, ty, shadow);
    }
}

/// A `memcpy` whose pointers are uninitialised.
pub(crate) fn copy_operands(
    launch: &Launch,
    mems: &mut Mems,
    at: Where,
    (to, to_shadow): (u64, u64),
    (from, from_shadow): (u64, u64),
    (dst_space, src_space): (AddrSpace, AddrSpace),
) {
    if from_shadow != 0 {
        report(
            launch,
            mems.workers,
            at,
            UninitKind::ReadAddress,
            src_space,
            from,
        );
    }
    if to_shadow != 0 {
        report(
            launch,
            mems.workers,
            at,
            UninitKind::WriteAddress,
            dst_space,
            to,
        );
    }
}

/// The shadow of a by-value copy in private memory follows its original.
pub(crate) fn copy_private(launch: &Launch, mems: &mut Mems, (from, to): (u64, u64), n: u32) {
    let mut shadow = vec![0u8; n as usize];
    load_bytes_of(launch, mems, AddrSpace::Private, from, &mut shadow);
    store_bytes_of(launch, mems, AddrSpace::Private, to, &shadow);
}

/// A builtin's result: uninitialised as a whole when any of its arguments (or the memory it
/// read) had uninitialised bits.
pub(crate) fn builtin_result(frame: &mut Shadows, ret: Option<(Slot, u32, ScalarTy)>, taint: bool) {
    if let Some((slot, lanes, elem)) = ret {
        let lane = if taint { mask(width(elem)) } else { 0 };
        for k in 0..lanes {
            frame.set(slot + k, lane);
        }
    }
}
