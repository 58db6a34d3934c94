//! Global (and constant) memory of a context: buffers shared by the host and every worker thread.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, OnceLock, RwLock};

use super::access::{copy_bytes, load_bytes, store_bytes};
use super::storage::Storage;
use super::table::{BufEntry, MemView, ShadowPlaces, SvmRange};
use super::{decode_address, encode_address, GLOBAL_OFFSET_BITS};

/// Host storage of one global buffer.
pub struct GlobalBuffer {
    ptr: *mut u8,
    size: u64,
    /// Access-check flags (memory::flags); MAPPED changes while the buffer lives.
    flags: AtomicU32,
    /// The storage when we allocated it (freed with the buffer); `None` when it aliases host
    /// memory.
    storage: Option<Storage>,
    /// The shadow of every byte (its uninitialised bits), made by the first launch that
    /// checks for uninitialised values. Memory that aliases the host's or another buffer's
    /// has none: it counts as initialised.
    shadow: OnceLock<Shadow>,
    /// The host wrote some of the buffer before it had a shadow: it starts initialised.
    host_written: AtomicBool,
}

/// A global buffer's shadow: the uninitialised bits of each byte, and where the bits of each
/// 4-byte granule came from (an origin code, `u32`).
struct Shadow {
    bits: Storage,
    origins: Storage,
    /// No bit of `bits` is set: loads need not read them, nor stores of initialised values
    /// write them (a shadow the host's writes made is all zero, and most kernels' inputs
    /// stay so). Cleared before the first uninitialised bit is written.
    clean: AtomicBool,
}

/// Bytes that share one origin.
const GRANULE: u64 = 4;

// SAFETY: the storage is only ever accessed through relaxed atomics (memory::access).
unsafe impl Send for GlobalBuffer {}
unsafe impl Sync for GlobalBuffer {}

impl GlobalBuffer {
    fn new(size: u64, flags: u32) -> Option<GlobalBuffer> {
        GlobalBuffer::aligned(size, flags, 64)
    }

    fn aligned(size: u64, flags: u32, align: usize) -> Option<GlobalBuffer> {
        let storage = Storage::aligned(size, align, true)?;
        Some(GlobalBuffer {
            ptr: storage.ptr,
            size,
            flags: AtomicU32::new(flags),
            storage: Some(storage),
            shadow: OnceLock::new(),
            host_written: AtomicBool::new(false),
        })
    }

    /// The buffer's shadow and origins, made now if it has none yet: uninitialised (with
    /// origin `origin`) unless the host wrote to the buffer. Null for memory that aliases other
    /// memory (always initialised) or when the host has no memory left for it.
    fn shadow(&self, origin: u32) -> ShadowAt {
        if self.storage.is_none() {
            return ShadowAt::NONE;
        }
        let made = self.shadow.get_or_init(|| {
            let granules = self.size.div_ceil(GRANULE).max(1);
            let (Some(bits), Some(origins)) = (Storage::new(self.size), Storage::new(granules * 4))
            else {
                return Shadow {
                    bits: Storage::none(),
                    origins: Storage::none(),
                    clean: AtomicBool::new(true),
                };
            };
            let host_written = self.host_written.load(Ordering::Relaxed);
            if !host_written {
                // SAFETY: fresh allocations of these sizes, not yet shared; u32 granules are
                // 64-byte aligned.
                unsafe {
                    std::ptr::write_bytes(bits.ptr, 0xff, self.size as usize);
                    let o = origins.ptr as *mut u32;
                    for g in 0..granules as usize {
                        o.add(g).write(origin);
                    }
                }
            }
            Shadow {
                bits,
                origins,
                clean: AtomicBool::new(host_written),
            }
        });
        if made.bits.ptr.is_null() {
            return ShadowAt::NONE;
        }
        ShadowAt {
            bits: made.bits.ptr.expose_provenance(),
            origins: made.origins.ptr.expose_provenance(),
            clean: std::ptr::from_ref(&made.clean).expose_provenance(),
        }
    }

    /// Records that the host wrote `len` bytes at `offset`: initialised from now on.
    fn host_wrote(&self, offset: u64, len: u64) {
        self.host_written.store(true, Ordering::Relaxed);
        if let Some(s) = self.shadow.get().filter(|s| !s.bits.ptr.is_null()) {
            // SAFETY: the caller checked the range against the buffer's size.
            unsafe { store_bytes(s.bits.ptr.add(offset as usize), &vec![0; len as usize]) };
        }
    }

    pub fn size(&self) -> u64 {
        self.size
    }

    pub fn flags(&self) -> u32 {
        self.flags.load(Ordering::Relaxed)
    }

    /// Host pointer to the first byte (for USE_HOST_PTR-style aliasing and map operations).
    pub fn host_ptr(&self) -> *mut u8 {
        self.ptr
    }
}

#[derive(Default)]
struct Table {
    /// Index 0 is never used.
    buffers: Vec<Option<Arc<GlobalBuffer>>>,
    free: VecDeque<usize>,
    /// The buffers of shared virtual memory, by host address.
    svm: Vec<SvmRange>,
    /// Bytes of the live buffers that have memory of their own (not aliasing the host's or
    /// another buffer's).
    owned: u64,
}

/// A buffer over `size` bytes at `ptr` that it does not own (whose contents count as
/// written); `None` for a null pointer or a size past the address bits.
fn aliased(ptr: *mut u8, size: u64, flags: u32) -> Option<GlobalBuffer> {
    (size < 1u64 << GLOBAL_OFFSET_BITS && !ptr.is_null()).then(|| GlobalBuffer {
        ptr,
        size,
        flags: AtomicU32::new(flags),
        storage: None,
        shadow: OnceLock::new(),
        host_written: AtomicBool::new(true),
    })
}

/// The global memory of one context.
pub struct GlobalMemory {
    table: RwLock<Table>,
}

/// Largest number of live global buffers. Addresses have 16 index bits, but generic pointers
/// keep their address space in the top two (memory::to_generic), which leaves 14; the last
/// index is never a buffer's (`released_argument_address`).
const MAX_BUFFERS: usize = (1 << (64 - GLOBAL_OFFSET_BITS - 2)) - 2;

/// The buffer index of the addresses that stand for released buffers.
const RELEASED_INDEX: u64 = MAX_BUFFERS as u64 + 1;
/// Where the argument's position goes in such an address: above any offset a kernel adds.
const RELEASED_ARG_SHIFT: u32 = 36;

/// The address a launch binds to kernel argument `arg` when the buffer set for it was
/// released: no buffer has it, so every access faults, and MemCheck can name the argument.
pub fn released_argument_address(arg: usize) -> u64 {
    encode_address(
        RELEASED_INDEX,
        (arg as u64) << RELEASED_ARG_SHIFT,
        GLOBAL_OFFSET_BITS,
    )
}

/// The kernel argument whose released buffer `addr` points into, if it does.
pub fn released_argument(addr: u64) -> Option<usize> {
    let (index, offset) = decode_address(addr, GLOBAL_OFFSET_BITS);
    (index == RELEASED_INDEX).then_some((offset >> RELEASED_ARG_SHIFT) as usize)
}

impl Default for GlobalMemory {
    fn default() -> Self {
        Self::new()
    }
}

impl GlobalMemory {
    pub fn new() -> Self {
        GlobalMemory {
            table: RwLock::new(Table {
                buffers: vec![None],
                free: VecDeque::new(),
                svm: Vec::new(),
                owned: 0,
            }),
        }
    }

    /// Allocates a zero-filled buffer; `None` if out of host memory or buffer indices.
    pub fn allocate(&self, size: u64, flags: u32) -> Option<u64> {
        if size >= 1u64 << GLOBAL_OFFSET_BITS {
            return None;
        }
        self.insert(GlobalBuffer::new(size, flags)?)
    }

    /// Makes `size` bytes of memory we do not own a buffer (OpenCL's `CL_MEM_USE_HOST_PTR`,
    /// sub-buffers, images over buffers).
    ///
    /// # Safety
    /// `ptr` must stay valid for reads and writes of `size` bytes until the buffer is freed
    /// and every launch that uses it has finished.
    pub unsafe fn allocate_aliased(&self, ptr: *mut u8, size: u64, flags: u32) -> Option<u64> {
        self.insert(aliased(ptr, size, flags)?)
    }

    fn insert(&self, buffer: GlobalBuffer) -> Option<u64> {
        let owned = if buffer.storage.is_some() {
            buffer.size
        } else {
            0
        };
        let buffer = Arc::new(buffer);
        let mut t = self.table.write().expect("global memory lock poisoned");
        // Freed indices are reused oldest first, as Oclgrind does (addresses in messages match).
        let index = match t.free.pop_front() {
            Some(i) => {
                t.buffers[i] = Some(buffer);
                i
            }
            None => {
                if t.buffers.len() > MAX_BUFFERS {
                    return None;
                }
                t.buffers.push(Some(buffer));
                t.buffers.len() - 1
            }
        };
        t.owned += owned;
        Some(encode_address(index as u64, 0, GLOBAL_OFFSET_BITS))
    }

    /// Bytes the live buffers take of their own: what counts against the device's global
    /// memory.
    pub fn owned_bytes(&self) -> u64 {
        self.table
            .read()
            .expect("global memory lock poisoned")
            .owned
    }

    /// Frees the buffer that starts at `addr`. Returns false if there is none.
    pub fn free(&self, addr: u64) -> bool {
        let index = (addr >> GLOBAL_OFFSET_BITS) as usize;
        let mut t = self.table.write().expect("global memory lock poisoned");
        match t.buffers.get_mut(index) {
            Some(slot @ Some(_)) if index != 0 => {
                let owned = slot
                    .take()
                    .filter(|b| b.storage.is_some())
                    .map_or(0, |b| b.size);
                t.owned -= owned;
                t.free.push_back(index);
                t.svm.retain(|r| r.index != index as u64);
                true
            }
            _ => false,
        }
    }

    /// Allocates `size` zeroed bytes of shared virtual memory, the first at a multiple of
    /// `align` (a power of two): a buffer whose device address is its host address, so that
    /// pointers stored in it mean the same to the host and to kernels. Returns that address,
    /// and the buffer's in the table's terms; `None` if out of host memory or buffer indices.
    pub fn allocate_svm(&self, size: u64, flags: u32, align: usize) -> Option<(u64, u64)> {
        if size >= 1u64 << GLOBAL_OFFSET_BITS {
            return None;
        }
        let buffer = GlobalBuffer::aligned(size, flags, align.max(64))?;
        // The host's contents count as written: kernels see what the host put there.
        buffer.host_written.store(true, Ordering::Relaxed);
        self.insert_svm(buffer)
    }

    /// Makes `size` bytes of memory we do not own at `ptr` shared virtual memory, as
    /// [`allocate_svm`](Self::allocate_svm) would have placed it there (a replayed capture
    /// puts SVM at the addresses it had, so that the pointers its bytes hold stay valid).
    ///
    /// # Safety
    /// As [`allocate_aliased`](Self::allocate_aliased).
    pub unsafe fn register_svm(&self, ptr: *mut u8, size: u64, flags: u32) -> Option<(u64, u64)> {
        self.insert_svm(aliased(ptr, size, flags)?)
    }

    /// The start and size of every SVM buffer, in address order.
    pub fn svm_buffers(&self) -> Vec<(u64, u64)> {
        let t = self.table.read().expect("global memory lock poisoned");
        t.svm.iter().map(|r| (r.start, r.size)).collect()
    }

    fn insert_svm(&self, buffer: GlobalBuffer) -> Option<(u64, u64)> {
        let (start, size) = (buffer.ptr.expose_provenance() as u64, buffer.size);
        // Host addresses sit below buffer index 1's (user space has 47 bits): in index 0's.
        if start >> GLOBAL_OFFSET_BITS != 0 {
            return None;
        }
        let address = self.insert(buffer)?;
        let index = decode_address(address, GLOBAL_OFFSET_BITS).0;
        let mut t = self.table.write().expect("global memory lock poisoned");
        let at = t.svm.partition_point(|r| r.start < start);
        t.svm.insert(at, SvmRange { start, size, index });
        Some((start, address))
    }

    /// The SVM buffer holding the `len` bytes at host address `addr`: its start and size.
    pub fn svm_buffer(&self, addr: u64, len: u64) -> Option<(u64, u64)> {
        let t = self.table.read().expect("global memory lock poisoned");
        let i = t.svm.partition_point(|r| r.start <= addr).checked_sub(1)?;
        let r = t.svm[i];
        let offset = addr - r.start;
        (len <= r.size && offset <= r.size - len).then_some((r.start, r.size))
    }

    /// `addr` in the buffer table's terms: an SVM buffer's host address becomes its buffer
    /// index and offset (other addresses are returned as they are), for the host's reads,
    /// writes and copies.
    pub fn canonical(&self, addr: u64) -> u64 {
        let t = self.table.read().expect("global memory lock poisoned");
        MemView::new(&[], std::ptr::null_mut(), GLOBAL_OFFSET_BITS)
            .with_svm(&t.svm)
            .canonical(addr)
    }

    /// Host read; `false` if the range is not inside one buffer.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> bool {
        // SAFETY: with_range checked the range.
        self.with_range(addr, out.len() as u64, |p| unsafe { load_bytes(p, out) })
    }

    /// Host write; `false` if the range is not inside one buffer. The bytes are initialised.
    pub fn write(&self, addr: u64, data: &[u8]) -> bool {
        let len = data.len() as u64;
        let t = self.table.read().expect("global memory lock poisoned");
        let Some((b, offset)) = buffer_range(&t, addr, len) else {
            return false;
        };
        // SAFETY: buffer_range checked the range.
        unsafe { store_bytes(b.ptr.add(offset as usize), data) };
        b.host_wrote(offset, len);
        true
    }

    /// Whether none of the `len` bytes at `addr` was ever written, as the Uninitialized
    /// checker tracks them (meaningful only while it runs, since launches without it record
    /// nothing): the host never wrote the buffer, and no kernel wrote these bytes.
    pub fn never_written(&self, addr: u64, len: u64) -> bool {
        let t = self.table.read().expect("global memory lock poisoned");
        let Some((b, offset)) = buffer_range(&t, addr, len) else {
            return false;
        };
        if b.host_written.load(Ordering::Relaxed) {
            return false;
        }
        match b.shadow.get() {
            None => true,
            Some(s) if s.bits.ptr.is_null() => false,
            Some(s) => {
                let mut bits = vec![0u8; len as usize];
                // SAFETY: buffer_range checked the range; the shadow has the buffer's size.
                unsafe { load_bytes(s.bits.ptr.add(offset as usize), &mut bits) };
                bits.iter().all(|&b| b == 0xff)
            }
        }
    }

    /// The host wrote `len` bytes at `addr` directly (through a mapping for writing): they
    /// are initialised.
    pub fn host_wrote(&self, addr: u64, len: u64) {
        let t = self.table.read().expect("global memory lock poisoned");
        if let Some((b, offset)) = buffer_range(&t, addr, len) {
            b.host_wrote(offset, len);
        }
    }

    /// Sets or clears `flag` on the buffer at `addr` (launches that start later see it).
    pub fn set_flag(&self, addr: u64, flag: u32, on: bool) -> bool {
        let (index, _) = decode_address(addr, GLOBAL_OFFSET_BITS);
        let t = self.table.read().expect("global memory lock poisoned");
        match t.buffers.get(index as usize) {
            Some(Some(b)) => {
                if on {
                    b.flags.fetch_or(flag, Ordering::Relaxed);
                } else {
                    b.flags.fetch_and(!flag, Ordering::Relaxed);
                }
                true
            }
            _ => false,
        }
    }

    /// Host pointer to the `len` bytes at `addr`, if one buffer holds them. It stays valid
    /// while that buffer is allocated.
    pub fn host_ptr(&self, addr: u64, len: u64) -> Option<*mut u8> {
        let mut out = None;
        self.with_range(addr, len, |p| out = Some(p));
        out
    }

    /// Copies `len` bytes between (possibly overlapping) ranges of global memory; false if a
    /// range is not inside one buffer.
    pub fn copy(&self, dst: u64, src: u64, len: u64) -> bool {
        let t = self.table.read().expect("global memory lock poisoned");
        let (Some(d), Some(s)) = (range_ptr(&t, dst, len), range_ptr(&t, src, len)) else {
            return false;
        };
        let n = len as usize;
        if (d as usize) < s as usize + n && (s as usize) < d as usize + n {
            // Overlapping (a buffer and its sub-buffer): through a copy, as memmove would.
            let mut tmp = vec![0u8; n];
            // SAFETY: both ranges were checked; `tmp` is ours.
            unsafe {
                load_bytes(s, &mut tmp);
                store_bytes(d, &tmp);
            }
        } else {
            // SAFETY: both ranges were checked and do not overlap.
            unsafe { copy_bytes(d, s, n) };
        }
        copy_shadow(&t, dst, src, len);
        true
    }

    /// Runs `f` on the host pointer of `len` bytes at `addr` (under the table lock, so the
    /// buffer cannot go away meanwhile); false if no buffer holds the range.
    fn with_range(&self, addr: u64, len: u64, f: impl FnOnce(*mut u8)) -> bool {
        let t = self.table.read().expect("global memory lock poisoned");
        match range_ptr(&t, addr, len) {
            Some(p) => {
                f(p);
                true
            }
            None => false,
        }
    }

    /// A snapshot of the buffer table for a kernel launch; keeps every buffer alive. With
    /// `shadows`, every buffer gets its shadow (for the Uninitialized checker); `origin` gives
    /// the origin code of a buffer index's never-written bytes.
    pub fn view(&self, shadows: Option<&dyn Fn(u64) -> u32>) -> GlobalView {
        let t = self.table.read().expect("global memory lock poisoned");
        let shadows = match shadows {
            Some(origin) => (t.buffers.iter().enumerate())
                .map(|(i, b)| {
                    b.as_ref()
                        .map_or(ShadowAt::NONE, |b| b.shadow(origin(i as u64)))
                })
                .collect(),
            None => Vec::new(),
        };
        let entries = t
            .buffers
            .iter()
            .map(|b| match b {
                Some(b) => BufEntry {
                    base: b.ptr.expose_provenance(),
                    size: b.size,
                    flags: b.flags(),
                },
                None => BufEntry::INVALID,
            })
            .collect();
        GlobalView {
            entries,
            keep: t.buffers.iter().flatten().cloned().collect(),
            shadows,
            svm: t.svm.clone(),
        }
    }

    /// (address, size) of every live buffer in index order.
    pub fn live_buffers(&self) -> Vec<(u64, u64)> {
        let t = self.table.read().expect("global memory lock poisoned");
        t.buffers
            .iter()
            .enumerate()
            .filter_map(|(i, b)| {
                b.as_ref()
                    .map(|b| (encode_address(i as u64, 0, GLOBAL_OFFSET_BITS), b.size))
            })
            .collect()
    }
}

/// The buffer of `t` that holds the `len` bytes at `addr`, and their offset in it.
fn buffer_range(t: &Table, addr: u64, len: u64) -> Option<(&GlobalBuffer, u64)> {
    let (index, offset) = decode_address(addr, GLOBAL_OFFSET_BITS);
    match t.buffers.get(index as usize) {
        Some(Some(b)) if len <= b.size && offset <= b.size - len => Some((b, offset)),
        _ => None,
    }
}

/// Host pointer to the `len` bytes at `addr`, if one buffer of `t` holds them.
fn range_ptr(t: &Table, addr: u64, len: u64) -> Option<*mut u8> {
    buffer_range(t, addr, len).map(|(b, offset)| b.ptr.wrapping_add(offset as usize))
}

/// Copies the shadow of a copy between buffers (`clEnqueueCopyBuffer`): the destination gets
/// the source's state, or becomes initialised when the source has no shadow.
fn copy_shadow(t: &Table, dst: u64, src: u64, len: u64) {
    let (Some((d, d_off)), Some((s, s_off))) =
        (buffer_range(t, dst, len), buffer_range(t, src, len))
    else {
        return;
    };
    let Some(d_shadow) = d.shadow.get().filter(|s| !s.bits.ptr.is_null()) else {
        // No launch has checked the destination yet: the copy gives it initialised bytes,
        // as a host write would (a source no launch checked is the host's too).
        d.host_written.store(true, Ordering::Relaxed);
        return;
    };
    let mut bytes = vec![0u8; len as usize];
    if let Some(s_shadow) = s.shadow.get().filter(|s| !s.bits.ptr.is_null()) {
        // SAFETY: the ranges were checked against both buffers by the caller.
        unsafe { load_bytes(s_shadow.bits.ptr.add(s_off as usize), &mut bytes) };
        if bytes.iter().any(|&b| b != 0) {
            d_shadow.clean.store(false, Ordering::Relaxed);
        }
    }
    // SAFETY: as above. (Origins stay: copied bytes that are uninitialised keep the
    // destination's granule origins, an approximation for host-side copies.)
    unsafe { store_bytes(d_shadow.bits.ptr.add(d_off as usize), &bytes) };
}

/// Global memory as seen by one kernel launch.
pub struct GlobalView {
    entries: Vec<BufEntry>,
    keep: Vec<Arc<GlobalBuffer>>,
    /// Each buffer's shadow, when the launch keeps shadows.
    shadows: Vec<ShadowAt>,
    /// The SVM buffers, by host address.
    svm: Vec<SvmRange>,
}

/// A buffer's shadow as a launch sees it: exposed host addresses of its bits, its origin
/// granules (`u32` each) and its `Shadow::clean` flag; 0 for none.
#[derive(Clone, Copy)]
struct ShadowAt {
    bits: usize,
    origins: usize,
    clean: usize,
}

impl ShadowAt {
    const NONE: ShadowAt = ShadowAt {
        bits: 0,
        origins: 0,
        clean: 0,
    };

    fn clean(&self) -> &AtomicBool {
        // SAFETY: the flag of a shadow that the view's `keep` keeps alive.
        unsafe { &*std::ptr::with_exposed_provenance::<AtomicBool>(self.clean) }
    }
}

impl GlobalView {
    /// The shadow of the buffer holding `addr` (if it has one), and `addr`'s offset in it.
    #[inline]
    fn shadow_of(&self, addr: u64) -> Option<(&ShadowAt, usize)> {
        let (index, offset) = decode_address(addr, GLOBAL_OFFSET_BITS);
        let at = self.shadows.get(index as usize).filter(|at| at.bits != 0)?;
        Some((at, offset as usize))
    }

    /// The shadow of the byte at `addr`, for an access the view's `locate` accepted; `None`
    /// when the buffer has no shadow (it counts as initialised).
    #[inline]
    pub fn shadow_ptr(&self, addr: u64) -> Option<*mut u8> {
        let (at, offset) = self.shadow_of(addr)?;
        Some(std::ptr::with_exposed_provenance_mut::<u8>(
            at.bits + offset,
        ))
    }

    /// Where the shadow of the `len` bytes at `addr` (an access the view accepted) and the
    /// origins of their granules are, if the buffer has a shadow (a debugged group's history
    /// keeps them as they change).
    pub fn shadow_places(&self, addr: u64, len: u64) -> Option<ShadowPlaces> {
        let (at, offset) = self.shadow_of(addr)?;
        let first_granule = offset as u64 / GRANULE;
        let last_granule = (offset as u64 + len.max(1) - 1) / GRANULE;
        Some(ShadowPlaces {
            shadow: std::ptr::with_exposed_provenance_mut::<u8>(at.bits + offset),
            origins: std::ptr::with_exposed_provenance_mut::<u32>(
                at.origins + 4 * first_granule as usize,
            ),
            first: addr - addr % GRANULE,
            granules: (last_granule - first_granule + 1) as usize,
        })
    }

    /// Whether the view has shadows and no buffer holds an uninitialised bit now.
    pub fn shadows_clean(&self) -> bool {
        self.shadows.len() == self.entries.len()
            && (self.shadows.iter()).all(|at| at.bits == 0 || at.clean().load(Ordering::Relaxed))
    }

    /// `shadow_ptr` for a load: `None` also when no bit of the buffer is uninitialised.
    #[inline]
    pub fn shadow_to_read(&self, addr: u64) -> Option<*mut u8> {
        let (at, offset) = self.shadow_of(addr)?;
        if at.clean().load(Ordering::Relaxed) {
            return None;
        }
        Some(std::ptr::with_exposed_provenance_mut::<u8>(
            at.bits + offset,
        ))
    }

    /// `shadow_ptr` for a store of a value with uninitialised bits or not (`uninit`): `None`
    /// also for an initialised value stored to a buffer with no uninitialised bit, which has
    /// nothing to change.
    #[inline]
    pub fn shadow_to_write(&self, addr: u64, uninit: bool) -> Option<*mut u8> {
        let (at, offset) = self.shadow_of(addr)?;
        let clean = at.clean();
        if clean.load(Ordering::Relaxed) {
            if !uninit {
                return None;
            }
            clean.store(false, Ordering::Relaxed);
        }
        Some(std::ptr::with_exposed_provenance_mut::<u8>(
            at.bits + offset,
        ))
    }

    /// The origin of the uninitialised bits at `addr` (of an access the view accepted): the
    /// first granule's of `len` bytes that has one.
    pub fn origin(&self, addr: u64, len: u64) -> u32 {
        let Some((at, offset)) = self.shadow_of(addr) else {
            return 0;
        };
        let offset = offset as u64;
        let p = std::ptr::with_exposed_provenance::<u32>(at.origins);
        let (first, last) = (offset / GRANULE, (offset + len.max(1) - 1) / GRANULE);
        (first..=last)
            // SAFETY: the granules of a range inside the buffer; relaxed atomics, since other
            // threads may set them.
            .map(|g| unsafe {
                (*AtomicU32::from_ptr(p.add(g as usize) as *mut u32)).load(Ordering::Relaxed)
            })
            .find(|&o| o != 0)
            .unwrap_or(0)
    }

    /// Sets the origin of the granules of the `len` bytes at `addr`.
    pub fn set_origin(&self, addr: u64, len: u64, origin: u32) {
        let Some((at, offset)) = self.shadow_of(addr) else {
            return;
        };
        let offset = offset as u64;
        let base = at.origins;
        let p = std::ptr::with_exposed_provenance_mut::<u32>(base);
        for g in offset / GRANULE..=(offset + len.max(1) - 1) / GRANULE {
            // SAFETY: as in `origin`.
            unsafe { (*AtomicU32::from_ptr(p.add(g as usize))).store(origin, Ordering::Relaxed) };
        }
    }

    /// Reads the shadow of `out.len()` bytes at `addr` (for the debugger); false when there
    /// is none.
    pub fn read_shadow(&self, addr: u64, out: &mut [u8]) -> bool {
        let (index, offset) = decode_address(addr, GLOBAL_OFFSET_BITS);
        let fits = self
            .entries
            .get(index as usize)
            .is_some_and(|e| out.len() as u64 <= e.size && offset <= e.size - out.len() as u64);
        match self.shadow_ptr(addr) {
            // SAFETY: the range is inside the buffer, whose shadow has its size.
            Some(p) if fits => {
                unsafe { load_bytes(p, out) };
                true
            }
            _ => false,
        }
    }

    pub fn mem(&self) -> MemView<'_> {
        MemView::new(&self.entries, std::ptr::null_mut(), GLOBAL_OFFSET_BITS).with_svm(&self.svm)
    }

    /// (address, size) of every buffer, in index order (for memory dumps).
    pub fn buffers(&self) -> Vec<(u64, u64)> {
        self.entries
            .iter()
            .enumerate()
            .filter(|(i, e)| *i != 0 && **e != BufEntry::INVALID)
            .map(|(i, e)| (encode_address(i as u64, 0, GLOBAL_OFFSET_BITS), e.size))
            .collect()
    }

    /// Whether the launch has SVM buffers (whose bytes kernels reach at host addresses).
    pub fn has_svm(&self) -> bool {
        !self.svm.is_empty()
    }

    pub fn num_buffers(&self) -> usize {
        self.keep.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::flags;

    #[test]
    fn freed_indices_are_reused_fifo() {
        let m = GlobalMemory::new();
        let a = m.allocate(8, 0).unwrap();
        let b = m.allocate(8, 0).unwrap();
        let c = m.allocate(8, 0).unwrap();
        assert_eq!((a, b, c), (1 << 48, 2 << 48, 3 << 48));
        assert!(m.free(b));
        assert!(m.free(a));
        assert!(!m.free(a));
        assert_eq!(m.allocate(4, 0), Some(b));
        assert_eq!(m.allocate(4, 0), Some(a));
        assert_eq!(m.allocate(4, 0), Some(4 << 48));
    }

    #[test]
    fn host_access_is_bounds_checked() {
        let m = GlobalMemory::new();
        let a = m.allocate(8, 0).unwrap();
        assert!(m.write(a + 4, &[1, 2, 3, 4]));
        assert!(!m.write(a + 5, &[1, 2, 3, 4]));
        let mut out = [0u8; 2];
        assert!(m.read(a + 5, &mut out));
        assert_eq!(out, [2, 3]);
        assert!(!m.read(0, &mut out));
        assert_eq!(m.live_buffers(), vec![(a, 8)]);
    }

    #[test]
    fn aliased_buffers_share_storage() {
        let m = GlobalMemory::new();
        let a = m.allocate(16, 0).unwrap();
        let inner = m.host_ptr(a + 8, 8).unwrap();
        let b = unsafe { m.allocate_aliased(inner, 8, 0) }.unwrap();
        assert!(m.write(b + 2, &[7]));
        let mut out = [0u8; 1];
        assert!(m.read(a + 10, &mut out));
        assert_eq!(out, [7]);
        assert!(m.copy(a, a + 8, 8));
        assert!(m.read(a + 2, &mut out));
        assert_eq!(out, [7]);
        assert!(m.host_ptr(b, 9).is_none());
        // Overlapping ranges copy as memmove does.
        assert!(m.write(a, &(0..16).collect::<Vec<u8>>()));
        assert!(m.copy(a + 4, a, 8));
        let mut all = [0u8; 16];
        assert!(m.read(a, &mut all));
        assert_eq!(all, [0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15]);
        assert!(!m.copy(a + 9, a, 8));
        assert!(m.free(b));
        assert!(m.read(a + 10, &mut out));
    }

    #[test]
    fn svm_buffers_are_found_at_their_host_addresses() {
        let m = GlobalMemory::new();
        let plain = m.allocate(8, 0).unwrap();
        let (host, addr) = m.allocate_svm(100, flags::READ_ONLY, 256).unwrap();
        assert_eq!(host % 256, 0);
        assert_eq!(addr, 2 << GLOBAL_OFFSET_BITS);
        assert_eq!(m.canonical(host + 10), addr + 10);
        assert_eq!(
            m.canonical(host + 100),
            host + 100,
            "one past the end is no buffer's"
        );
        assert_eq!(m.canonical(plain + 4), plain + 4);
        assert_eq!(m.svm_buffer(host + 96, 4), Some((host, 100)));
        assert_eq!(m.svm_buffer(host + 97, 4), None);
        let view = m.view(None);
        let mem = view.mem();
        let (p, fl) = mem.locate_any(host + 96, 4).expect("the last word");
        assert_eq!((p as u64, fl), (host + 96, flags::READ_ONLY));
        assert!(mem.locate_any(host + 97, 4).is_none());
        assert!(mem.locate_any(host - 1, 1).is_none());
        assert!(mem.locate(plain, 8).is_some());
        assert!(m.free(addr));
        assert_eq!(m.canonical(host), host, "freed");
        assert!(m.view(None).mem().locate_any(host, 1).is_none());
        // The launch's view still reaches it (a kernel running while the host frees it).
        assert!(mem.locate_any(host, 1).is_some());
    }
}
