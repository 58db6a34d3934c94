//! Buffer tables: the lookup from an address to host memory, and the arena-backed memories used
//! for private (per work-item) and local (per work-group) address spaces.

use super::{decode_address, encode_address, AddrSpace};

/// One buffer as the interpreter sees it: where its bytes are and how big it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BufEntry {
    /// Host address (global memory, provenance exposed) or byte offset into the owning arena
    /// (private, local).
    pub base: usize,
    pub size: u64,
    pub flags: u32,
}

impl BufEntry {
    /// Entry 0 of every table, and every freed slot: no access fits.
    pub const INVALID: BufEntry = BufEntry {
        base: 0,
        size: 0,
        flags: 0,
    };
}

/// A buffer of shared virtual memory (`clSVMAlloc`) as global memory's lookup sees it: its
/// device address is its host address, which is below every buffer index's addresses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SvmRange {
    /// The host (and device) address of its first byte.
    pub start: u64,
    pub size: u64,
    /// Its index in the buffer table.
    pub index: u64,
}

/// A borrowed buffer table, ready for address lookups.
#[derive(Clone, Copy)]
pub struct MemView<'a> {
    entries: &'a [BufEntry],
    /// The arena start (private, local), or null when entries hold host addresses (global).
    origin: *mut u8,
    shift: u32,
    /// Global memory's SVM buffers, by start (none elsewhere).
    svm: &'a [SvmRange],
}

impl<'a> MemView<'a> {
    pub fn new(entries: &'a [BufEntry], origin: *mut u8, shift: u32) -> Self {
        MemView {
            entries,
            origin,
            shift,
            svm: &[],
        }
    }

    /// The view that also finds the SVM buffers `svm` (sorted by start) at their host
    /// addresses.
    pub fn with_svm(self, svm: &'a [SvmRange]) -> Self {
        MemView { svm, ..self }
    }

    /// Host pointer and flags for an access of `size` bytes at `addr`, if one buffer holds it all.
    #[inline(always)]
    pub fn locate(&self, addr: u64, size: u64) -> Option<(*mut u8, u32)> {
        let index = (addr >> self.shift) as usize;
        let offset = addr & ((1u64 << self.shift) - 1);
        self.in_entry(index, offset, size)
    }

    /// `locate` of accesses of `size` bytes at addresses from `lo` to `hi` (one op's, in a
    /// warp's lanes), when one buffer holds them all: the host pointer of `lo` and the
    /// buffer's flags.
    #[inline(always)]
    pub fn locate_span(&self, lo: u64, hi: u64, size: u64) -> Option<(*mut u8, u32)> {
        if lo >> self.shift != hi >> self.shift {
            return None;
        }
        self.locate(lo, hi.checked_sub(lo)?.checked_add(size)?)
    }

    /// `locate` in buffer `index`, at `offset`.
    #[inline(always)]
    fn in_entry(&self, index: usize, offset: u64, size: u64) -> Option<(*mut u8, u32)> {
        let e = self.entries.get(index)?;
        // Written so that it cannot overflow, whatever `size` a kernel computes.
        if size > e.size || offset > e.size - size {
            return None;
        }
        let p = if self.origin.is_null() {
            std::ptr::with_exposed_provenance_mut::<u8>(e.base)
        } else {
            self.origin.wrapping_add(e.base)
        };
        Some((p.wrapping_add(offset as usize), e.flags))
    }

    /// `locate` of an address `locate` refused: an SVM buffer's host address (a lookup kept
    /// out of `locate`, whose every extra branch slows the interpreter's loop).
    #[cold]
    #[inline(never)]
    pub fn locate_svm(&self, addr: u64, size: u64) -> Option<(*mut u8, u32)> {
        if addr >> self.shift != 0 || self.svm.is_empty() {
            return None;
        }
        let (index, offset) = decode_address(self.svm_address(addr)?, self.shift);
        self.in_entry(index as usize, offset, size)
    }

    /// `locate`, SVM buffers' host addresses included (off the interpreter's paths).
    pub fn locate_any(&self, addr: u64, size: u64) -> Option<(*mut u8, u32)> {
        self.locate(addr, size)
            .or_else(|| self.locate_svm(addr, size))
    }

    /// The address in the buffer table's terms (buffer index and offset) of `addr` when it is
    /// the host address of a byte of an SVM buffer.
    fn svm_address(&self, addr: u64) -> Option<u64> {
        let i = self
            .svm
            .partition_point(|r| r.start <= addr)
            .checked_sub(1)?;
        let r = &self.svm[i];
        (addr - r.start < r.size).then(|| encode_address(r.index, addr - r.start, self.shift))
    }

    /// `addr` in the buffer table's terms: an SVM buffer's host address becomes its index and
    /// offset, as plugins name every buffer's bytes; any other address is returned as it is.
    #[inline(always)]
    pub fn canonical(&self, addr: u64) -> u64 {
        if addr >> self.shift != 0 || self.svm.is_empty() {
            return addr;
        }
        self.svm_address(addr).unwrap_or(addr)
    }
}

/// Private or local memory: buffers carved out of one growable arena.
///
/// Allocation is stack-like: a called function's allocas are released when it returns, a
/// work-group's local buffers when the next group starts. New buffers are zero-filled.
///
/// With shadows on (the Uninitialized checker), a second arena of the same layout holds the
/// shadow of every byte: its uninitialised bits. `allocate` makes a buffer uninitialised
/// (an alloca, a work-group's `__local` memory), `allocate_with` initialised.
pub struct ArenaMemory {
    arena: Vec<u64>,
    entries: Vec<BufEntry>,
    space: AddrSpace,
    /// Empty unless `shadows` is set.
    shadow: Vec<u64>,
    /// Where each 4-byte granule's uninitialised bits came from (an origin code), with shadows.
    origins: Vec<u32>,
    shadows: bool,
    /// With shadows: how many bytes of its buffers are uninitialised, as `allocate`,
    /// `allocate_with`, `clear_shadow` and `deferred_access` keep it. Never below the true
    /// count while only they write the shadow (a work-group that defers shadows: nothing else
    /// does then); freed bytes stay counted until `clear`.
    uninitialised: u64,
}

/// Bytes that share one origin.
const GRANULE: usize = 4;

/// Where an access's shadow and origins are (`ArenaMemory::shadow_places`).
#[derive(Clone, Copy, Debug)]
pub struct ShadowPlaces {
    pub shadow: *mut u8,
    pub origins: *mut u32,
    /// The address of the first granule.
    pub first: u64,
    pub granules: usize,
}

/// A point to which an `ArenaMemory` can be released.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ArenaMark {
    entries: usize,
    words: usize,
}

impl ArenaMemory {
    pub fn new(space: AddrSpace) -> Self {
        ArenaMemory {
            arena: Vec::new(),
            entries: vec![BufEntry::INVALID],
            space,
            shadow: Vec::new(),
            origins: Vec::new(),
            shadows: false,
            uninitialised: 0,
        }
    }

    /// Keeps the shadow of every byte from now on (set before the first allocation).
    pub fn track_shadows(&mut self) {
        self.shadows = true;
    }

    pub fn tracks_shadows(&self) -> bool {
        self.shadows
    }

    /// Allocates a zero-filled buffer, uninitialised as the shadow sees it, and returns its
    /// address.
    pub fn allocate(&mut self, size: u64) -> u64 {
        let words = size.div_ceil(8) as usize;
        let base = self.arena.len();
        self.arena.resize(base + words, 0);
        if self.shadows {
            self.shadow.resize(base + words, u64::MAX);
            self.origins.resize((base + words) * 8 / GRANULE, 0);
            self.uninitialised += size;
        }
        self.entries.push(BufEntry {
            base: base * 8,
            size,
            flags: 0,
        });
        encode_address((self.entries.len() - 1) as u64, 0, self.space.offset_bits())
    }

    /// Allocates a buffer holding a copy of `data`.
    pub fn allocate_with(&mut self, data: &[u8]) -> u64 {
        let addr = self.allocate(data.len() as u64);
        let base = self.entries.last().expect("just pushed").base;
        self.bytes_mut()[base..base + data.len()].copy_from_slice(data);
        if self.shadows {
            let words = data.len().div_ceil(8);
            let start = self.shadow.len() - words;
            self.shadow[start..].fill(0);
            self.uninitialised -= data.len() as u64;
        }
        addr
    }

    /// The shadow of the byte at `addr`, for an access that `locate` accepted; `None` when
    /// shadows are off.
    #[inline]
    pub fn shadow_ptr(&mut self, addr: u64) -> Option<*mut u8> {
        if !self.shadows {
            return None;
        }
        let (index, offset) = decode_address(addr, self.space.offset_bits());
        let e = self.entries.get(index as usize)?;
        let at = e.base + offset as usize;
        (at < self.shadow.len() * 8).then(|| (self.shadow.as_mut_ptr() as *mut u8).wrapping_add(at))
    }

    /// Whether no byte of its buffers is uninitialised (`uninitialised`); true without
    /// shadows.
    #[inline(always)]
    pub fn all_initialised(&self) -> bool {
        self.uninitialised == 0
    }

    /// The shadow bytes of the `len` bytes at `addr` (an access `locate` accepted, in a live
    /// buffer), as far as the shadow arena reaches; `None` when shadows are off.
    fn shadow_bytes(&mut self, addr: u64, len: u64) -> Option<&mut [u8]> {
        let p = self.shadow_ptr(addr)?;
        let start = p as usize - self.shadow.as_ptr() as usize;
        let end = (start + len as usize).min(self.shadow.len() * 8);
        // SAFETY: the shadow arena's words, seen as bytes.
        let bytes =
            unsafe { std::slice::from_raw_parts_mut(self.shadow.as_mut_ptr() as *mut u8, end) };
        Some(&mut bytes[start..])
    }

    /// An access of a work-group that keeps no shadows but its local memory's
    /// (`ShadowPlan::Deferred`): whether no bit it reads (if `reads`) is uninitialised.
    /// What it writes (if `writes`) becomes initialised, as every value of such a group is.
    pub fn deferred_access(&mut self, addr: u64, len: u64, reads: bool, writes: bool) -> bool {
        let Some(bytes) = self.shadow_bytes(addr, len) else {
            return true;
        };
        let initialised = !reads || bytes.iter().all(|&b| b == 0);
        if writes {
            self.clear_shadow(addr, len);
        }
        initialised
    }

    /// Marks the `len` bytes at `addr` (in a live buffer) initialised.
    pub fn clear_shadow(&mut self, addr: u64, len: u64) {
        if let Some(bytes) = self.shadow_bytes(addr, len) {
            let cleared = bytes.iter().filter(|&&b| b != 0).count() as u64;
            bytes.fill(0);
            self.uninitialised = self.uninitialised.saturating_sub(cleared);
        }
    }

    /// The origin of the uninitialised bits of the `len` bytes at `addr` (an access `locate`
    /// accepted): the first granule's that has one.
    pub fn origin(&self, addr: u64, len: u64) -> u32 {
        let Some(range) = self.granules(addr, len) else {
            return 0;
        };
        self.origins[range]
            .iter()
            .copied()
            .find(|&o| o != 0)
            .unwrap_or(0)
    }

    /// Sets the origin of the granules of the `len` bytes at `addr`.
    pub fn set_origin(&mut self, addr: u64, len: u64, origin: u32) {
        if let Some(range) = self.granules(addr, len) {
            self.origins[range].fill(origin);
        }
    }

    /// Sets the origin of each 4-byte granule of a range (counted from 0 at `addr`, which is
    /// a granule's start), with shadows on.
    pub fn set_origins(&mut self, addr: u64, len: u64, origin: impl Fn(u64) -> u32) {
        if let Some(range) = self.granules(addr, len) {
            for (k, o) in self.origins[range].iter_mut().enumerate() {
                *o = origin(k as u64);
            }
        }
    }

    /// The origin granules of a range of a live buffer, with shadows on.
    fn granules(&self, addr: u64, len: u64) -> Option<std::ops::Range<usize>> {
        if !self.shadows {
            return None;
        }
        let (index, offset) = decode_address(addr, self.space.offset_bits());
        let e = self.entries.get(index as usize)?;
        let start = e.base + offset as usize;
        let end = (start + len.max(1) as usize).div_ceil(GRANULE);
        (end <= self.origins.len()).then_some(start / GRANULE..end)
    }

    /// The shadow bytes of `out.len()` bytes at `addr` (for the debugger); false when shadows
    /// are off or no live buffer holds them all.
    pub fn read_shadow(&self, addr: u64, out: &mut [u8]) -> bool {
        let Some(start) = self
            .arena_offset(addr, out.len() as u64)
            .filter(|_| self.shadows)
        else {
            return false;
        };
        // SAFETY: u64 storage reinterpreted as bytes; the range is inside it.
        let bytes = unsafe {
            std::slice::from_raw_parts(self.shadow.as_ptr() as *const u8, self.shadow.len() * 8)
        };
        out.copy_from_slice(&bytes[start..start + out.len()]);
        true
    }

    /// Its buffers and words, as plain numbers (a debugged group's history keeps them).
    pub fn mark_counts(mark: ArenaMark) -> (u64, u64) {
        (mark.entries as u64, mark.words as u64)
    }

    /// The mark `mark_counts` gave these numbers for.
    pub fn mark_of_counts(entries: u64, words: u64) -> ArenaMark {
        ArenaMark {
            entries: entries as usize,
            words: words as usize,
        }
    }

    pub fn mark(&self) -> ArenaMark {
        ArenaMark {
            entries: self.entries.len(),
            words: self.arena.len(),
        }
    }

    /// What `release_to(mark)` would drop, as bytes (a debugged group's history keeps them:
    /// `restore_tail` puts them back). Buffers, their words, and their shadows and origins
    /// when the arena keeps them.
    pub fn tail(&self, mark: ArenaMark) -> Vec<u8> {
        let mut out = Vec::new();
        self.tail_into(mark, &mut out);
        out
    }

    /// `tail`, appended to `out`.
    pub fn tail_into(&self, mark: ArenaMark, out: &mut Vec<u8>) {
        let entries = &self.entries[mark.entries.min(self.entries.len())..];
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        for e in entries {
            out.extend_from_slice(&(e.base as u64).to_le_bytes());
            out.extend_from_slice(&e.size.to_le_bytes());
            out.extend_from_slice(&e.flags.to_le_bytes());
        }
        let words = |v: &[u64], out: &mut Vec<u8>| {
            let v = &v[mark.words.min(v.len())..];
            out.extend_from_slice(&(v.len() as u32).to_le_bytes());
            v.iter()
                .for_each(|w| out.extend_from_slice(&w.to_le_bytes()));
        };
        words(&self.arena, out);
        words(&self.shadow, out);
        let origins = &self.origins[(mark.words * 8 / GRANULE).min(self.origins.len())..];
        out.extend_from_slice(&(origins.len() as u32).to_le_bytes());
        origins
            .iter()
            .for_each(|o| out.extend_from_slice(&o.to_le_bytes()));
    }

    /// Puts back what `tail` gave, after `release_to` dropped it.
    pub fn restore_tail(&mut self, tail: &[u8]) {
        let mut at = 0;
        let mut take = |n: usize| {
            let s = &tail[at..at + n];
            at += n;
            s
        };
        let u32_of = |b: &[u8]| u32::from_le_bytes(b.try_into().unwrap());
        let u64_of = |b: &[u8]| u64::from_le_bytes(b.try_into().unwrap());
        for _ in 0..u32_of(take(4)) {
            self.entries.push(BufEntry {
                base: u64_of(take(8)) as usize,
                size: u64_of(take(8)),
                flags: u32_of(take(4)),
            });
        }
        for _ in 0..u32_of(take(4)) {
            self.arena.push(u64_of(take(8)));
        }
        for _ in 0..u32_of(take(4)) {
            self.shadow.push(u64_of(take(8)));
        }
        for _ in 0..u32_of(take(4)) {
            self.origins.push(u32_of(take(4)));
        }
    }

    /// Frees every buffer allocated after `mark`.
    pub fn release_to(&mut self, mark: ArenaMark) {
        self.entries.truncate(mark.entries);
        self.arena.truncate(mark.words);
        self.shadow.truncate(mark.words);
        self.origins.truncate(mark.words * 8 / GRANULE);
    }

    /// Frees every buffer.
    pub fn clear(&mut self) {
        self.entries.truncate(1);
        self.arena.clear();
        self.shadow.clear();
        self.origins.clear();
        self.uninitialised = 0;
    }

    pub fn view(&mut self) -> MemView<'_> {
        MemView::new(
            &self.entries,
            self.arena.as_mut_ptr() as *mut u8,
            self.space.offset_bits(),
        )
    }

    pub fn space(&self) -> AddrSpace {
        self.space
    }

    /// Bytes held by live buffers (rounded up to words).
    pub fn bytes_used(&self) -> u64 {
        self.arena.len() as u64 * 8
    }

    pub fn num_buffers(&self) -> usize {
        self.entries.len() - 1
    }

    /// Reads `out.len()` bytes at `addr` (for the debugger); false unless one live buffer
    /// holds them all.
    pub fn read(&self, addr: u64, out: &mut [u8]) -> bool {
        let Some(start) = self.arena_offset(addr, out.len() as u64) else {
            return false;
        };
        out.copy_from_slice(&self.bytes()[start..start + out.len()]);
        true
    }

    /// Writes `data` at `addr` (for the debugger), marking it initialised; false unless one
    /// live buffer holds it all.
    pub fn write(&mut self, addr: u64, data: &[u8]) -> bool {
        let Some(start) = self.arena_offset(addr, data.len() as u64) else {
            return false;
        };
        self.bytes_mut()[start..start + data.len()].copy_from_slice(data);
        self.clear_shadow(addr, data.len() as u64);
        true
    }

    /// Where the shadow of the `len` bytes at `addr` (a located access) and the origins of
    /// their granules are, with shadows on: (shadow bytes, origins, the address of the first
    /// granule, how many granules). A debugged group's history keeps them as they change.
    pub fn shadow_places(&mut self, addr: u64, len: u64) -> Option<ShadowPlaces> {
        let shadow = self.shadow_ptr(addr)?;
        let range = self.granules(addr, len)?;
        let first = addr - (addr % GRANULE as u64);
        let granules = range.len();
        let origins = self.origins[range].as_mut_ptr();
        Some(ShadowPlaces {
            shadow,
            origins,
            first,
            granules,
        })
    }

    /// Puts back the shadow bytes of the bytes at `addr` (a debugged group's history).
    pub fn put_back_shadow(&mut self, addr: u64, bytes: &[u8]) {
        if let Some(now) = self.shadow_bytes(addr, bytes.len() as u64) {
            let n = now.len().min(bytes.len());
            let was = now[..n].iter().filter(|&&b| b != 0).count() as u64;
            let will = bytes[..n].iter().filter(|&&b| b != 0).count() as u64;
            now[..n].copy_from_slice(&bytes[..n]);
            self.uninitialised = (self.uninitialised + will).saturating_sub(was);
        }
    }

    /// Puts back the origins (little-endian `u32`s) of the granules from the one at `addr`.
    pub fn put_back_origins(&mut self, addr: u64, bytes: &[u8]) {
        let len = (bytes.len() / 4 * GRANULE) as u64;
        if let Some(range) = self.granules(addr, len) {
            for (o, b) in self.origins[range].iter_mut().zip(bytes.chunks_exact(4)) {
                *o = u32::from_le_bytes(b.try_into().unwrap());
            }
        }
    }

    /// Puts `data` back at `addr`, its shadow left as it is (a debugged group's history
    /// keeps shadows apart); false unless one live buffer holds it all.
    pub fn put_back(&mut self, addr: u64, data: &[u8]) -> bool {
        let Some(start) = self.arena_offset(addr, data.len() as u64) else {
            return false;
        };
        self.bytes_mut()[start..start + data.len()].copy_from_slice(data);
        true
    }

    /// Where the `len` bytes at `addr` start in the arena, if one live buffer holds them.
    fn arena_offset(&self, addr: u64, len: u64) -> Option<usize> {
        let (index, offset) = decode_address(addr, self.space.offset_bits());
        let e = self.entries.get(index as usize).filter(|_| index != 0)?;
        (len <= e.size && offset <= e.size - len).then(|| e.base + offset as usize)
    }

    /// (address, bytes) of every live buffer, for memory dumps.
    pub fn buffers(&self) -> impl Iterator<Item = (u64, &[u8])> {
        let bytes = self.bytes();
        let bits = self.space.offset_bits();
        self.entries.iter().enumerate().skip(1).map(move |(i, e)| {
            (
                encode_address(i as u64, 0, bits),
                &bytes[e.base..e.base + e.size as usize],
            )
        })
    }

    fn bytes(&self) -> &[u8] {
        // SAFETY: u64 storage reinterpreted as bytes; length is exact.
        unsafe {
            std::slice::from_raw_parts(self.arena.as_ptr() as *const u8, self.arena.len() * 8)
        }
    }

    fn bytes_mut(&mut self) -> &mut [u8] {
        // SAFETY: as above; we hold the only reference.
        unsafe {
            std::slice::from_raw_parts_mut(self.arena.as_mut_ptr() as *mut u8, self.arena.len() * 8)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::Scalar;

    #[test]
    fn a_released_tail_comes_back() {
        for shadows in [false, true] {
            let mut m = ArenaMemory::new(AddrSpace::Private);
            if shadows {
                m.track_shadows();
            }
            m.allocate_with(&[9; 5]);
            let mark = m.mark();
            let a = m.allocate_with(&[1, 2, 3]);
            let b = m.allocate(20);
            assert!(m.write(b + 4, &[7, 7]));
            let (entries, arena, shadow, origins) = (
                m.entries.clone(),
                m.arena.clone(),
                m.shadow.clone(),
                m.origins.clone(),
            );
            let tail = m.tail(mark);
            m.release_to(mark);
            assert!(!m.read(a, &mut [0]));
            m.restore_tail(&tail);
            assert_eq!(m.entries, entries);
            assert_eq!(
                (&m.arena, &m.shadow, &m.origins),
                (&arena, &shadow, &origins)
            );
            let (mut two, mut three) = ([0; 2], [0; 3]);
            assert!(m.read(b + 4, &mut two) && m.read(a, &mut three));
            assert_eq!((two, three), ([7, 7], [1, 2, 3]));
            // Nothing after the mark: nothing to put back.
            let empty = m.tail(m.mark());
            m.restore_tail(&empty);
            assert_eq!(m.entries.len(), entries.len());
        }
    }

    #[test]
    fn allocations_are_bounds_checked_and_released() {
        let mut m = ArenaMemory::new(AddrSpace::Private);
        let a = m.allocate(16);
        assert_eq!(a, 0x1_0000_0000);
        let mark = m.mark();
        let b = m.allocate_with(&[1, 2, 3]);
        assert_eq!(b, 0x2_0000_0000);
        {
            let v = m.view();
            assert!(v.locate(a + 12, 4).is_some());
            assert!(v.locate(a + 13, 4).is_none());
            assert!(v.locate(0, 1).is_none());
            let (p, _) = v.locate(b + 1, 1).unwrap();
            assert_eq!(unsafe { u8::load(p) }, 2);
        }
        m.release_to(mark);
        assert!(m.view().locate(b, 1).is_none());
        assert_eq!(m.num_buffers(), 1);
    }

    #[test]
    fn debugger_writes_stay_in_their_buffer_and_are_initialised() {
        let mut m = ArenaMemory::new(AddrSpace::Private);
        m.track_shadows();
        let a = m.allocate(8);
        let _b = m.allocate(8);
        assert!(m.write(a + 2, &[7, 8]));
        let mut out = [0u8; 4];
        assert!(m.read(a + 1, &mut out));
        assert_eq!(out, [0, 7, 8, 0]);
        assert!(m.read_shadow(a + 1, &mut out));
        assert_eq!(out, [0xff, 0, 0, 0xff]);
        // Past the end of its buffer (into the next one's bytes): refused, nothing written.
        assert!(!m.write(a + 6, &[1, 2, 3]));
        assert!(m.read(a + 6, &mut out[..2]));
        assert_eq!(out[..2], [0, 0]);
        assert!(!m.write(0, &[1]));
    }

    #[test]
    fn local_addresses_use_48_offset_bits() {
        let mut m = ArenaMemory::new(AddrSpace::Local);
        assert_eq!(m.allocate(4), 0x1_0000_0000_0000);
        assert_eq!(m.allocate(4), 0x2_0000_0000_0000);
        let dumped: Vec<_> = m.buffers().map(|(a, b)| (a, b.len())).collect();
        assert_eq!(
            dumped,
            vec![(0x1_0000_0000_0000, 4), (0x2_0000_0000_0000, 4)]
        );
    }
}
