//! Memory ops that are too big for the interpreter's loop: vector and aggregate accesses,
//! atomics, memcpy/memset and event lists. Each works on the current frame's registers.

use super::atomic;
use super::batch::LaneBatch;
use super::checks::{
    access, check_alignment, load_mem, observe, observe_atomic, quiet_atomic, store_mem,
    undone_atomic, Dir,
};
use super::shadow_memory;
use super::shadow_values::{ShadowRegs, Shadows};
use super::shared::{Here, Mems};
use crate::bytecode::{Layout, MemTy, RmwOp, ScalarTy, Slot};
use crate::diagnostics::{Level, Rule};
use crate::memory::{load_bytes, store_bytes, AddrSpace, Scalar};
use crate::plugins::{AccessKind, UninitKind};
use crate::semantics::mask;

/// Largest `wait_group_events` list we read (far beyond any real kernel's).
const MAX_WAIT_EVENTS: u64 = 1 << 16;

/// What every op here needs besides its operands.
pub(crate) struct OpCx<'a, 'l> {
    pub mems: &'a mut Mems<'l>,
    pub here: Here<'a>,
    /// Under lanes: the batch the op's access joins, and the lane's local linear index.
    pub batch: Option<(&'a mut LaneBatch, u32)>,
}

impl OpCx<'_, '_> {
    fn access(&mut self, space: AddrSpace, addr: u64, size: u64, dir: Dir) -> Option<*mut u8> {
        // `here` by reference: copying it reloads what was just stored, a stall on every
        // access (its fields are read only for a message).
        let here = &self.here;
        access(self.mems, space, addr, size, dir, here.launch, || here.at())
    }

    /// Loads and stores are shown to plugins (`Launch::observe_accesses`).
    fn observing(&self) -> bool {
        self.here.launch.observe_accesses
    }

    pub(super) fn observe(
        &mut self,
        space: AddrSpace,
        address: u64,
        size: u64,
        kind: AccessKind,
        data: &[u8],
    ) {
        if self.observing() {
            if let Some((batch, lane)) = &mut self.batch {
                if batch.join(*lane, (space, size, kind), address, data) {
                    return;
                }
            }
            let (launch, at) = (self.here.launch, self.here.at());
            observe(launch, self.mems, at, space, address, size, kind, data);
        }
    }

    fn observe_atomic(&mut self, access: (AddrSpace, u64, u64, AccessKind), ptr: Option<*mut u8>) {
        if self.here.launch.observe_memory && !quiet_atomic(self.here.launch, access.0, access.1) {
            let (launch, at) = (self.here.launch, self.here.at());
            observe_atomic(launch, self.mems, at, access, ptr);
        }
    }

    fn check_align(&self, addr: u64, align: u8, store: bool) {
        check_alignment(addr, align, store, self.here.launch, || self.here.at());
    }

    /// The shadow and origin of a `ty` value at `addr`, for an access that was accepted.
    fn load_shadow(&mut self, space: AddrSpace, addr: u64, ty: MemTy) -> (u64, u32) {
        shadow_memory::load(self.here.launch, self.mems, space, addr, ty)
    }

    fn store_shadow(&mut self, space: AddrSpace, addr: u64, ty: MemTy, shadow: (u64, u32)) {
        shadow_memory::store(self.here.launch, self.mems, (space, addr), ty, shadow)
    }

    /// Reports a use of the uninitialised bits that came from `origin`.
    fn report(&mut self, kind: UninitKind, origin: u32, space: AddrSpace, addr: u64) {
        let (launch, at) = (self.here.launch, self.here.at());
        shadow_memory::report(launch, self.mems.workers, at, (kind, origin), space, addr);
    }
}

/// `n` zeroed bytes: in `stack` when they fit (most vectors and structs), else in `heap`.
fn scratch<'b>(stack: &'b mut [u8; 128], heap: &'b mut Vec<u8>, n: usize) -> &'b mut [u8] {
    if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, 0);
        heap
    }
}

/// Loads the `lanes` elements of a vector at `ptr` into the slots from `d` (zeros when the
/// access was refused: `None`).
///
/// # Safety
/// `ptr` must be valid for the whole vector.
#[inline(always)]
pub(crate) unsafe fn load_lanes(
    f: &mut [u64],
    d: Slot,
    ptr: Option<*mut u8>,
    ty: MemTy,
    lanes: u16,
) {
    let out = &mut f[d as usize..][..lanes as usize];
    let Some(ptr) = ptr else {
        out.fill(0);
        return;
    };
    // The element type chosen once, outside the loop over the lanes: each arm's loop is
    // straight loads (a float4 of local memory read by every lane: nbody's inner loop).
    macro_rules! each {
        ($t:ty) => {
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = <$t>::load(ptr.add(i * size_of::<$t>())) as u64;
            }
        };
    }
    match ty {
        MemTy::U8 => each!(u8),
        MemTy::U16 => each!(u16),
        MemTy::U32 => each!(u32),
        MemTy::U64 => each!(u64),
        MemTy::Bytes(_) => {
            let es = ty.size() as usize;
            for (i, slot) in out.iter_mut().enumerate() {
                *slot = load_mem(ty, ptr.add(i * es));
            }
        }
    }
}

/// Stores the `lanes` elements in the slots from `s` at `ptr` (nothing when the access was
/// refused: `None`).
///
/// # Safety
/// `ptr` must be valid for the whole vector.
#[inline(always)]
pub(crate) unsafe fn store_lanes(f: &[u64], s: Slot, ptr: Option<*mut u8>, ty: MemTy, lanes: u16) {
    let Some(ptr) = ptr else {
        return;
    };
    let values = &f[s as usize..][..lanes as usize];
    // As `load_lanes`: the element type chosen once.
    macro_rules! each {
        ($t:ty) => {
            for (i, &v) in values.iter().enumerate() {
                <$t>::store(ptr.add(i * size_of::<$t>()), v as $t);
            }
        };
    }
    match ty {
        MemTy::U8 => each!(u8),
        MemTy::U16 => each!(u16),
        MemTy::U32 => each!(u32),
        MemTy::U64 => each!(u64),
        MemTy::Bytes(_) => {
            let es = ty.size() as usize;
            for (i, &v) in values.iter().enumerate() {
                store_mem(ty, ptr.add(i * es), v);
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn load_vector(
    cx: &mut OpCx,
    f: &mut [u64],
    sh: Option<Shadows>,
    d: Slot,
    p: Slot,
    space: AddrSpace,
    ty: MemTy,
    lanes: u16,
    align: u8,
) {
    let addr = f[p as usize];
    cx.check_align(addr, align, false);
    let es = ty.size() as usize;
    let size = (es * lanes as usize) as u64;
    let ptr = cx.access(space, addr, size, Dir::Load);
    // SAFETY: access() checked the whole vector.
    unsafe { load_lanes(f, d, ptr, ty, lanes) };
    if let Some(mut sh) = sh {
        if sh.get(p) != 0 {
            cx.report(UninitKind::ReadAddress, sh.origin(p), space, addr);
        }
        for i in 0..lanes as u32 {
            let lane = addr + (i as usize * es) as u64;
            let (s, origin) = if ptr.is_some() {
                cx.load_shadow(space, lane, ty)
            } else {
                shadow_memory::refused(ty)
            };
            sh.set_with_origin(d + i, s, origin);
        }
    }
    cx.observe(space, addr, size, AccessKind::Load, &[]);
}

#[allow(clippy::too_many_arguments)]
pub(crate) fn store_vector(
    cx: &mut OpCx,
    f: &[u64],
    sh: Option<Shadows>,
    p: Slot,
    s: Slot,
    space: AddrSpace,
    ty: MemTy,
    lanes: u16,
    align: u8,
) {
    let addr = f[p as usize];
    cx.check_align(addr, align, true);
    let es = ty.size() as usize;
    let size = (es * lanes as usize) as u64;
    if cx.observing() {
        let (mut stack, mut heap) = ([0u8; 128], Vec::new());
        let bytes = scratch(&mut stack, &mut heap, size as usize);
        for (i, chunk) in bytes.chunks_exact_mut(es).enumerate() {
            chunk.copy_from_slice(&f[s as usize + i].to_le_bytes()[..es]);
        }
        cx.observe(space, addr, size, AccessKind::Store, bytes);
    }
    let ptr = cx.access(space, addr, size, Dir::Store);
    // SAFETY: access() checked the whole vector.
    unsafe { store_lanes(f, s, ptr, ty, lanes) };
    if let Some(sh) = sh {
        if sh.get(p) != 0 {
            cx.report(UninitKind::WriteAddress, sh.origin(p), space, addr);
        }
        let lane_mask = mask(es as u8 * 8);
        let poisoned = (0..lanes as u32).find(|&i| sh.get(s + i) & lane_mask != 0);
        if let Some(i) = poisoned.filter(|_| shadow_memory::reported_space(space, addr)) {
            cx.report(UninitKind::StoredValue, sh.origin(s + i), space, addr);
        }
        if ptr.is_some() {
            for i in 0..lanes as u32 {
                let lane = addr + (i as usize * es) as u64;
                let shadow = (sh.get(s + i) & lane_mask, sh.origin(s + i));
                cx.store_shadow(space, lane, ty, shadow);
            }
        }
    }
}

pub(crate) fn load_aggregate(
    cx: &mut OpCx,
    f: &mut [u64],
    sh: Option<Shadows>,
    d: Slot,
    p: Slot,
    space: AddrSpace,
    l: &Layout,
) {
    let addr = f[p as usize];
    let ptr = cx.access(space, addr, l.size as u64, Dir::Load);
    for (i, leaf) in l.leaves.iter().enumerate() {
        f[d as usize + i] = match ptr {
            // SAFETY: access() checked the whole aggregate; leaves lie inside it.
            Some(ptr) => unsafe { load_mem(leaf.ty.mem_ty(), ptr.add(leaf.offset as usize)) },
            None => 0,
        };
    }
    if let Some(mut sh) = sh {
        if sh.get(p) != 0 {
            cx.report(UninitKind::ReadAddress, sh.origin(p), space, addr);
        }
        for (i, leaf) in l.leaves.iter().enumerate() {
            let at = addr + leaf.offset as u64;
            let (s, origin) = if ptr.is_some() {
                cx.load_shadow(space, at, leaf.ty.mem_ty())
            } else {
                shadow_memory::refused(leaf.ty.mem_ty())
            };
            sh.set_with_origin(d + i as u32, s, origin);
        }
    }
    cx.observe(space, addr, l.size as u64, AccessKind::Load, &[]);
}

pub(crate) fn store_aggregate(
    cx: &mut OpCx,
    f: &[u64],
    sh: Option<Shadows>,
    p: Slot,
    s: Slot,
    space: AddrSpace,
    l: &Layout,
) {
    let addr = f[p as usize];
    if cx.observing() {
        let (mut stack, mut heap) = ([0u8; 128], Vec::new());
        let bytes = scratch(&mut stack, &mut heap, l.size as usize);
        for (i, leaf) in l.leaves.iter().enumerate() {
            let (at, n) = (leaf.offset as usize, leaf.ty.mem_ty().size() as usize);
            bytes[at..at + n].copy_from_slice(&f[s as usize + i].to_le_bytes()[..n]);
        }
        cx.observe(space, addr, l.size as u64, AccessKind::Store, bytes);
    }
    let ptr = cx.access(space, addr, l.size as u64, Dir::Store);
    if let Some(ptr) = ptr {
        for (i, leaf) in l.leaves.iter().enumerate() {
            // SAFETY: as above.
            unsafe {
                store_mem(
                    leaf.ty.mem_ty(),
                    ptr.add(leaf.offset as usize),
                    f[s as usize + i],
                )
            };
        }
    }
    if let Some(sh) = sh {
        if sh.get(p) != 0 {
            cx.report(UninitKind::WriteAddress, sh.origin(p), space, addr);
        }
        // Padding between the leaves is not stored: it keeps its shadow.
        let leaf_shadow = |i: usize, ty: MemTy| {
            let slot = s + i as u32;
            (sh.get(slot) & mask(ty.size() as u8 * 8), sh.origin(slot))
        };
        let poisoned = (l.leaves.iter().enumerate())
            .map(|(i, leaf)| leaf_shadow(i, leaf.ty.mem_ty()))
            .find(|&(bits, _)| bits != 0);
        if let Some((_, origin)) = poisoned.filter(|_| shadow_memory::reported_space(space, addr)) {
            cx.report(UninitKind::StoredValue, origin, space, addr);
        }
        if ptr.is_some() {
            for (i, leaf) in l.leaves.iter().enumerate() {
                let ty = leaf.ty.mem_ty();
                cx.store_shadow(space, addr + leaf.offset as u64, ty, leaf_shadow(i, ty));
            }
        }
    }
}

/// `atomicrmw` (slots: result, pointer, operand): the old value, or 0 if the access was
/// refused. With shadows, the result has the old value's; memory becomes uninitialised as a
/// whole when either the old value or the operand had uninitialised bits.
pub(crate) fn atomic_rmw(
    cx: &mut OpCx,
    f: &mut [u64],
    sh: Option<Shadows>,
    (d, p, v): (Slot, Slot, Slot),
    op: RmwOp,
    space: AddrSpace,
    ty: ScalarTy,
) {
    let (addr, value) = (f[p as usize], f[v as usize]);
    let size = ty.size() as u64;
    if !addr.is_multiple_of(size) {
        cx.here.launch.report(
            cx.here.at(),
            Rule::MisalignedAccess,
            Level::Error,
            "Unaligned address on atomicrmw".into(),
        );
    }
    let ptr = cx.access(space, addr, size, Dir::Atomic);
    let old = match ptr {
        // SAFETY: access() checked the range.
        Some(ptr) => unsafe { atomic::rmw(ptr, size as u32, op, ty, value) },
        None => 0,
    };
    if let Some(p) = ptr {
        undone_atomic(cx.mems, (space, addr), p, size as u32, (op, value), old);
    }
    f[d as usize] = old;
    if let Some(mut sh) = sh {
        atomic_shadow(
            cx,
            &mut sh,
            (d, p, v),
            space,
            addr,
            ty.mem_ty(),
            ptr.is_some(),
        );
    }
    cx.observe_atomic((space, addr, size, AccessKind::Atomic), ptr);
}

/// The shadows of an atomic (slots: result, pointer, operand).
fn atomic_shadow(
    cx: &mut OpCx,
    sh: &mut Shadows,
    (d, p, v): (Slot, Slot, Slot),
    space: AddrSpace,
    addr: u64,
    ty: MemTy,
    done: bool,
) {
    if sh.get(p) != 0 {
        cx.report(UninitKind::WriteAddress, sh.origin(p), space, addr);
    }
    // A refused atomic read an unspecified value: what it computes from it is uninitialised,
    // and so is what it would have written (reported, not kept).
    let (old, old_origin) = if done {
        cx.load_shadow(space, addr, ty)
    } else {
        shadow_memory::refused(ty)
    };
    let operand = (sh.get(v), sh.origin(v));
    sh.set_with_origin(d, old, old_origin);
    let full = mask(ty.size() as u8 * 8);
    let new = match (old, operand) {
        (0, (0, _)) => (0, 0),
        (0, (_, origin)) => (full, origin),
        _ => (full, old_origin),
    };
    if new.0 != 0 && shadow_memory::reported_space(space, addr) {
        cx.report(UninitKind::StoredValue, new.1, space, addr);
    }
    if done {
        cx.store_shadow(space, addr, ty, new);
    }
}

/// `cmpxchg` (slots: result and success flag, pointer, expected, new): the old value, or 0
/// if the access was refused. With shadows, an uninitialised expected value decides the
/// outcome (reported as control flow), and the result follows the old value.
pub(crate) fn compare_exchange(
    cx: &mut OpCx,
    f: &mut [u64],
    sh: Option<Shadows>,
    (d, p, cmp, new): (Slot, Slot, Slot, Slot),
    space: AddrSpace,
    ty: MemTy,
) {
    let (addr, expected, replacement) = (f[p as usize], f[cmp as usize], f[new as usize]);
    let size = ty.size() as u64;
    let ptr = cx.access(space, addr, size, Dir::Atomic);
    let old = match ptr {
        // SAFETY: access() checked the range.
        Some(ptr) => unsafe {
            atomic::update(ptr, size as u32, &mut |old| {
                if old == expected {
                    replacement
                } else {
                    old
                }
            })
        },
        None => 0,
    };
    if let Some(p) = ptr {
        let swap = (RmwOp::Xchg, replacement);
        undone_atomic(cx.mems, (space, addr), p, size as u32, swap, old);
    }
    f[d as usize] = old;
    f[d as usize + 1] = (old == expected) as u64;
    if let Some(mut sh) = sh {
        if sh.get(cmp) != 0 {
            cx.report(UninitKind::ControlFlow, sh.origin(cmp), space, 0);
        }
        atomic_shadow(cx, &mut sh, (d, p, new), space, addr, ty, ptr.is_some());
        sh.set(d + 1, (sh.get(d) | sh.get(cmp) != 0) as u64);
    }
    // One that found another value only read memory (Oclgrind #155).
    let kind = match ptr.is_some() && old == expected {
        true => AccessKind::Atomic,
        false => AccessKind::AtomicLoad,
    };
    cx.observe_atomic((space, addr, size, kind), ptr);
}

/// `llvm.memcpy` / `llvm.memmove`: both ranges are checked before anything is copied. With
/// shadows, `padding` is that of what is copied when its type is known.
pub(crate) fn mem_copy(
    cx: &mut OpCx,
    to: u64,
    from: u64,
    n: u64,
    (dst_space, src_space): (AddrSpace, AddrSpace),
    (shadows, padding): (bool, Option<&[(u32, u32)]>),
) {
    let src = cx.access(src_space, from, n, Dir::Load);
    let dst = cx.access(dst_space, to, n, Dir::Store);
    // Both ranges lie inside real buffers, so the temporary is no larger than memory itself.
    let mut bytes = Vec::new();
    if let Some(s) = src {
        bytes.resize(n as usize, 0);
        // SAFETY: access() checked the range.
        unsafe { load_bytes(s, &mut bytes) };
    }
    cx.observe(src_space, from, n, AccessKind::Load, &[]);
    if src.is_some() {
        cx.observe(dst_space, to, n, AccessKind::Store, &bytes);
    }
    if let (Some(d), Some(_)) = (dst, src) {
        // SAFETY: as above; the copy goes through `bytes`, so overlap is fine.
        unsafe { store_bytes(d, &bytes) };
        if shadows {
            // The copy is as initialised as its source, and reported for a member never set.
            let copied = shadow_memory::copy(
                cx.here.launch,
                cx.mems,
                (src_space, from),
                (dst_space, to),
                (n, padding),
            );
            if let Some((at, origin)) =
                copied.filter(|_| shadow_memory::reported_space(dst_space, to))
            {
                cx.report(UninitKind::StoredValue, origin, dst_space, to + at);
            }
        }
    }
}

/// `llvm.memset` of `value` (with its shadow byte and origin).
pub(crate) fn mem_set(
    cx: &mut OpCx,
    to: u64,
    (value, (shadow, origin)): (u8, (u8, u32)),
    n: u64,
    space: AddrSpace,
    shadows: bool,
) {
    let dst = cx.access(space, to, n, Dir::Store);
    if let Some(d) = dst {
        let mut bytes = vec![value; n as usize];
        cx.observe(space, to, n, AccessKind::Store, &bytes);
        // SAFETY: access() checked the range.
        unsafe { store_bytes(d, &bytes) };
        if shadows {
            bytes.fill(shadow);
            shadow_memory::store_bytes_of(cx.here.launch, cx.mems, (space, to), &bytes, origin);
        }
    }
}

/// The events named by `wait_group_events(count, list)`.
pub(crate) fn read_events(
    cx: &mut OpCx,
    count: u64,
    list: u64,
    space: AddrSpace,
    out: &mut Vec<u64>,
) {
    out.clear();
    if count > MAX_WAIT_EVENTS {
        cx.here.launch.report(
            cx.here.at(),
            Rule::InvalidWaitEvent,
            Level::Error,
            "Invalid wait event".into(),
        );
        return;
    }
    let mut bytes = vec![0u8; count as usize * 8];
    if let Some(ptr) = cx.access(space, list, bytes.len() as u64, Dir::Load) {
        // SAFETY: access() checked the range.
        unsafe { load_bytes(ptr, &mut bytes) };
        out.extend(
            bytes
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().expect("8-byte chunk"))),
        );
    }
}
