//! The Uninitialized checker's side of running ops: the shadows of memory (which bits of each
//! byte are uninitialised, and where they came from), and the uses of uninitialised values it
//! reports. Only reached when the launch keeps shadows; kept out of the interpreter's loop.

use super::checks::{load_mem, store_mem};
use super::shadow_values::{origin_code, width, ShadowRegs, Shadows};
use super::shared::{Launch, Mems, Where};
use crate::builtins::BuiltinSite;
use crate::bytecode::{MemTy, ScalarTy, Slot};
use crate::memory::{load_bytes, resolve, store_bytes, AddrSpace};
use crate::plugins::{Interest, Origin, UninitKind, UninitUse, Workers};
use crate::semantics::mask;

/// The shadow of the bytes at `addr`, for a load the memory accepted; `None` for memory that
/// counts as initialised (constant memory, memory aliasing the host's, a global buffer with no
/// uninitialised bit).
fn shadow_to_read(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
) -> Option<*mut u8> {
    match resolve(space, addr) {
        (AddrSpace::Private, a) => mems.private.shadow_ptr(a),
        (AddrSpace::Local, a) => mems.local.shadow_ptr(a),
        (AddrSpace::Global, a) => launch.global.shadow_to_read(a),
        _ => None,
    }
}

/// The shadow of the bytes at `addr`, for a store the memory accepted of a value with
/// uninitialised bits or not (`uninit`); `None` where there is nothing to write.
fn shadow_to_write(
    launch: &Launch,
    mems: &mut Mems,
    (space, addr): (AddrSpace, u64),
    uninit: bool,
) -> Option<*mut u8> {
    match resolve(space, addr) {
        (AddrSpace::Private, a) => mems.private.shadow_ptr(a),
        (AddrSpace::Local, a) => mems.local.shadow_ptr(a),
        (AddrSpace::Global, a) => launch.global.shadow_to_write(a, uninit),
        _ => None,
    }
}

/// The origin code of the uninitialised bits of the `len` bytes at `addr`.
pub(crate) fn origin_of(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    len: u64,
) -> u32 {
    match resolve(space, addr) {
        (AddrSpace::Private, a) => mems.private.origin(a, len),
        (AddrSpace::Local, a) => mems.local.origin(a, len),
        (AddrSpace::Global, a) => launch.global.origin(a, len),
        _ => 0,
    }
}

/// Records where the uninitialised bits of the `len` bytes at `addr` came from.
pub(crate) fn set_origin(
    launch: &Launch,
    mems: &mut Mems,
    (space, addr): (AddrSpace, u64),
    len: u64,
    origin: u32,
) {
    match resolve(space, addr) {
        (AddrSpace::Private, a) => mems.private.set_origin(a, len, origin),
        (AddrSpace::Local, a) => mems.local.set_origin(a, len, origin),
        (AddrSpace::Global, a) => {
            let origin = launch
                .ctx
                .written_origins
                .intern((launch.kernel, &launch.info), origin);
            launch.global.set_origin(a, len, origin)
        }
        _ => {}
    }
}

/// The shadow of a `ty` value loaded from `addr`, with its origin.
pub(crate) fn load(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    ty: MemTy,
) -> (u64, u32) {
    let shadow = match shadow_to_read(launch, mems, space, addr) {
        // SAFETY: the access was checked; the shadow has the buffer's size.
        Some(p) => unsafe { load_mem(ty, p) },
        None => 0,
    };
    let origin = if shadow != 0 {
        origin_of(launch, mems, space, addr, ty.size() as u64)
    } else {
        0
    };
    (shadow, origin)
}

/// Stores the shadow (and origin) of a `ty` value stored at `addr`.
pub(crate) fn store(
    launch: &Launch,
    mems: &mut Mems,
    (space, addr): (AddrSpace, u64),
    ty: MemTy,
    (shadow, origin): (u64, u32),
) {
    if let Some(p) = shadow_to_write(launch, mems, (space, addr), shadow != 0) {
        // SAFETY: as above.
        unsafe { store_mem(ty, p, shadow) };
        if shadow != 0 {
            set_origin(launch, mems, (space, addr), ty.size() as u64, origin);
        }
    }
}

/// The shadows of `out.len()` bytes at `addr` (all initialised where there are none); true
/// if any bit is uninitialised.
pub(crate) fn load_bytes_of(
    launch: &Launch,
    mems: &mut Mems,
    space: AddrSpace,
    addr: u64,
    out: &mut [u8],
) -> bool {
    match shadow_to_read(launch, mems, space, addr) {
        // SAFETY: as above.
        Some(p) => unsafe { load_bytes(p, out) },
        None => out.fill(0),
    }
    out.iter().any(|&b| b != 0)
}

/// Sets the shadows of `bytes.len()` bytes at `addr`, and their origin.
pub(crate) fn store_bytes_of(
    launch: &Launch,
    mems: &mut Mems,
    (space, addr): (AddrSpace, u64),
    bytes: &[u8],
    origin: u32,
) {
    let uninit = bytes.iter().any(|&b| b != 0);
    if let Some(p) = shadow_to_write(launch, mems, (space, addr), uninit) {
        // SAFETY: as above.
        unsafe { store_bytes(p, bytes) };
        if uninit {
            set_origin(launch, mems, (space, addr), bytes.len() as u64, origin);
        }
    }
}

/// Copies the shadows (and origins) of `n` bytes, as a copy of the bytes themselves does;
/// returns the offset and origin of the first uninitialised byte copied that is reported.
/// With `padding` (that of the copied type, when known) it is any byte that is not padding,
/// and the padding arrives initialised: it is no value. Otherwise only bytes of memory whose
/// type the checker knows (a private variable, a kernel-scope `__local` array), whose padding
/// is initialised from the start: the bytes of buffers that arguments point to may be a
/// struct's padding (as Oclgrind, which reports no copy).
pub(crate) fn copy(
    launch: &Launch,
    mems: &mut Mems,
    from: (AddrSpace, u64),
    to: (AddrSpace, u64),
    (n, padding): (u64, Option<&[(u32, u32)]>),
) -> Option<(u64, u32)> {
    let mut shadow = vec![0u8; n as usize];
    if !load_bytes_of(launch, mems, from.0, from.1, &mut shadow) {
        store_bytes_of(launch, mems, to, &shadow, 0);
        return None;
    }
    let first_arg = launch.kernel.code.first_local_arg_index();
    let typed = |origin: u32| match launch.ctx.written_origins.decode(launch.kernel, origin) {
        Origin::Local { index, .. } => index < first_arg,
        Origin::Global { .. } => false,
        _ => true,
    };
    if let Some(padding) = padding {
        for &(offset, len) in padding {
            let (start, end) = (offset as usize, offset as usize + len as usize);
            if let Some(bytes) = shadow.get_mut(start..end.min(n as usize)) {
                bytes.fill(0);
            }
        }
    }
    let mut first = None;
    let mut origin = 0;
    // Origins are kept per 4-byte granule: one look for each granule with such bytes.
    let mut seen = None;
    for (at, _) in shadow.iter().enumerate().filter(|(_, &b)| b != 0) {
        let granule = (from.1 + at as u64) / 4;
        if seen.replace(granule) == Some(granule) {
            continue;
        }
        let o = origin_of(launch, mems, from.0, from.1 + at as u64, 1);
        origin = if origin == 0 { o } else { origin };
        if padding.is_some() || typed(o) {
            first = Some((at as u64, o));
            break;
        }
    }
    store_bytes_of(launch, mems, to, &shadow, first.map_or(origin, |(_, o)| o));
    first
}

/// True for stores whose uninitialised bits are reported: to any memory but the work-item's
/// own.
pub(crate) fn reported_space(space: AddrSpace, addr: u64) -> bool {
    resolve(space, addr).0 != AddrSpace::Private
}

/// Tells the Uninitialized plugin about a use of an uninitialised value (whose bits came from
/// `origin`, a code). Addresses are named in the space they point into.
pub(crate) fn report(
    launch: &Launch,
    workers: &mut Workers,
    at: Where,
    kind: (UninitKind, u32),
    space: AddrSpace,
    address: u64,
) {
    report_operand(launch, workers, at, kind, (space, address), None);
}

/// `report`, naming the register that held the uninitialised value.
#[cold]
#[inline(never)]
pub(crate) fn report_operand(
    launch: &Launch,
    workers: &mut Workers,
    at: Where,
    (kind, origin): (UninitKind, u32),
    (space, address): (AddrSpace, u64),
    operand: Option<Slot>,
) {
    let (space, address) = resolve(space, address);
    let u = UninitUse {
        kind,
        space,
        address,
        origin: launch.ctx.written_origins.decode(launch.kernel, origin),
        operand,
    };
    for w in workers.each(Interest::UNINITIALIZED) {
        launch.with_context(at, true, |cx| w.uninitialized_use(cx, &u));
    }
}

/// A use that names no memory (branches): the condition in `operand`.
pub(crate) fn report_use(
    launch: &Launch,
    workers: &mut Workers,
    at: Where,
    kind: UninitKind,
    (operand, origin): (Slot, u32),
) {
    let memory = (AddrSpace::Private, 0);
    report_operand(launch, workers, at, (kind, origin), memory, Some(operand));
}

/// A load's side (slots: the pointer `p`, the result `d`): reports an uninitialised address;
/// the result gets the loaded bytes' shadow (initialised when the load was refused).
#[allow(clippy::too_many_arguments)]
pub(crate) fn on_load(
    launch: &Launch,
    mems: &mut Mems,
    at: impl Fn() -> Where,
    (space, addr): (AddrSpace, u64),
    (p, d): (Slot, Slot),
    ty: MemTy,
    done: bool,
    sh: &mut Shadows,
) {
    if sh.get(p) != 0 {
        let kind = (UninitKind::ReadAddress, sh.origin(p));
        report_operand(launch, mems.workers, at(), kind, (space, addr), Some(p));
    }
    let (shadow, origin) = if done {
        load(launch, mems, space, addr, ty)
    } else {
        refused(ty)
    };
    sh.set_with_origin(d, shadow, origin);
}

/// The shadow of a `ty` value a refused load gives: unspecified, so uninitialised.
pub(crate) fn refused(ty: MemTy) -> (u64, u32) {
    (mask(ty.size() as u8 * 8), origin_code::INVALID_READ)
}

/// A store's side (slots: the pointer `p`, the value `s`): reports an uninitialised address,
/// and uninitialised bits stored outside the work-item's private memory; keeps the stored
/// value's shadow.
#[allow(clippy::too_many_arguments)]
pub(crate) fn on_store(
    launch: &Launch,
    mems: &mut Mems,
    at: impl Fn() -> Where,
    (space, addr): (AddrSpace, u64),
    (p, s): (Slot, Slot),
    ty: MemTy,
    done: bool,
    sh: &Shadows,
) {
    let shadow = sh.get(s) & mask(ty.size() as u8 * 8);
    let origin = sh.origin(s);
    if sh.get(p) != 0 {
        let kind = (UninitKind::WriteAddress, sh.origin(p));
        report_operand(launch, mems.workers, at(), kind, (space, addr), Some(p));
    }
    if shadow != 0 && reported_space(space, addr) {
        let kind = (UninitKind::StoredValue, origin);
        report_operand(launch, mems.workers, at(), kind, (space, addr), Some(s));
    }
    if done {
        store(launch, mems, (space, addr), ty, (shadow, origin));
    }
}

/// A `memcpy` whose pointers are uninitialised (slots of the destination and source).
pub(crate) fn copy_operands(
    launch: &Launch,
    mems: &mut Mems,
    at: Where,
    sh: &impl ShadowRegs,
    (to, dst): (u64, Slot),
    (from, src): (u64, Slot),
    (dst_space, src_space): (AddrSpace, AddrSpace),
) {
    if sh.get(src) != 0 {
        let kind = (UninitKind::ReadAddress, sh.origin(src));
        report(launch, mems.workers, at, kind, src_space, from);
    }
    if sh.get(dst) != 0 {
        let kind = (UninitKind::WriteAddress, sh.origin(dst));
        report(launch, mems.workers, at, kind, dst_space, to);
    }
}

/// Whether a builtin's arguments have uninitialised bits, and the origin of the first that
/// has.
pub(crate) fn builtin_inputs(sh: &impl ShadowRegs, args: &[(Slot, u32)]) -> (bool, u32) {
    for &(slot, n) in args {
        if let Some(k) = (0..n).find(|&k| sh.get(slot + k) != 0) {
            return (true, sh.origin(slot + k));
        }
    }
    (false, 0)
}

/// For a builtin that works lane by lane with a vector result: whether lane k of its inputs
/// (lane k of each vector argument, any scalar argument) has uninitialised bits, with the
/// origin of the first that has. `None` for the others.
pub(crate) fn builtin_lanes(sh: &impl ShadowRegs, site: &BuiltinSite) -> Option<Vec<(bool, u32)>> {
    let (_, lanes, _) = site.ret?;
    if !site.lanewise || lanes < 2 {
        return None;
    }
    let mut out = vec![(false, 0); lanes as usize];
    for &(slot, n) in &site.args {
        for (k, lane) in out.iter_mut().enumerate() {
            let s = match n {
                1 => slot,
                n if n == lanes => slot + k as u32,
                _ => return None,
            };
            if !lane.0 && sh.get(s) != 0 {
                *lane = (true, sh.origin(s));
            }
        }
    }
    Some(out)
}

/// A builtin's result: uninitialised as a whole when any of its arguments (or the memory it
/// read) had uninitialised bits, or lane by lane (`lanes`) for the builtins that work so.
pub(crate) fn builtin_result(
    frame: &mut Shadows,
    ret: Option<(Slot, u32, ScalarTy)>,
    (taint, origin): (bool, u32),
    lanes: Option<&[(bool, u32)]>,
) {
    if let Some((slot, n, elem)) = ret {
        for k in 0..n {
            let (poisoned, origin) = lanes.map_or((taint, origin), |l| l[k as usize]);
            let lane = if poisoned { mask(width(elem)) } else { 0 };
            frame.set_with_origin(slot + k, lane, origin);
        }
    }
}
