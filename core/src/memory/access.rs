//! Reading and writing simulated memory through relaxed atomics.
//!
//! Global memory is shared by every worker thread and may be written concurrently by a racy
//! kernel. Plain Rust loads and stores on such memory would be undefined behaviour, so every
//! access goes through atomics: on x86 an aligned relaxed atomic load or store is a plain `mov`.
//! Unaligned accesses fall back to byte-wise atomics.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::Relaxed};

/// A primitive that can be moved between simulated memory and a register slot.
pub trait Scalar: Copy {
    const SIZE: usize;
    /// # Safety
    /// `p` must be valid for `SIZE` bytes.
    unsafe fn load(p: *const u8) -> Self;
    /// # Safety
    /// `p` must be valid for `SIZE` bytes.
    unsafe fn store(p: *mut u8, v: Self);
    fn to_slot(self) -> u64;
    fn from_slot(v: u64) -> Self;
}

macro_rules! atomic_scalar {
    ($t:ty, $atomic:ty) => {
        impl Scalar for $t {
            const SIZE: usize = std::mem::size_of::<$t>();
            #[inline(always)]
            unsafe fn load(p: *const u8) -> Self {
                if p.cast::<$t>().is_aligned() {
                    (*<$atomic>::from_ptr(p as *mut $t)).load(Relaxed)
                } else {
                    let mut b = [0u8; std::mem::size_of::<$t>()];
                    load_bytes(p, &mut b);
                    <$t>::from_le_bytes(b)
                }
            }
            #[inline(always)]
            unsafe fn store(p: *mut u8, v: Self) {
                if p.cast::<$t>().is_aligned() {
                    (*<$atomic>::from_ptr(p as *mut $t)).store(v, Relaxed)
                } else {
                    store_bytes(p, &v.to_le_bytes());
                }
            }
            #[inline(always)]
            fn to_slot(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn from_slot(v: u64) -> Self {
                v as $t
            }
        }
    };
}

atomic_scalar!(u8, AtomicU8);
atomic_scalar!(u16, AtomicU16);
atomic_scalar!(u32, AtomicU32);
atomic_scalar!(u64, AtomicU64);

/// Copies of at least this many bytes (host transfers, large `memcpy`s) go through
/// [`bulk_copy`]; smaller ones, mostly single values, through the loops below.
const BULK_COPY: usize = 256;

/// Copies `n` bytes from `src` to `dst` at memory-copy speed, when `n` is large enough for
/// that to pay and the processor is one we have a copy for; false if nothing was copied.
///
/// Either side may be simulated memory that other threads access at the same time. The copy
/// has the effect of a relaxed atomic load and store of each byte (C++'s proposed
/// `atomic_load_per_byte_memcpy`): on x86 a byte move, or a vector move of bytes, is exactly
/// what such accesses compile to, and inline assembly is opaque to the compiler, so it can
/// assume nothing about the memory being unshared.
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of `n` bytes, and the ranges must not
/// overlap.
#[inline]
unsafe fn bulk_copy(dst: *mut u8, src: *const u8, n: usize) -> bool {
    #[cfg(target_arch = "x86_64")]
    if n >= BULK_COPY {
        // A forward copy whose destination is a little ahead of its source in the page
        // (a buffer at 64 bytes into its allocation, a host array at 16) makes every load
        // look as if it depended on the store just before it ("4K aliasing"): `rep movsb`
        // then runs at two thirds of its speed. Backwards, the loads come first.
        let ahead = (dst as usize).wrapping_sub(src as usize) % 4096;
        if ahead > 0 && ahead < 128 {
            let blocks = n / 64;
            let done = blocks * 64;
            string_move(dst.add(done), src.add(done), n - done);
            // SAFETY (of the block): 64-byte steps from the end of the whole blocks down to
            // their start, inside the ranges the caller vouched for; SSE2 is part of x86_64.
            std::arch::asm!(
                "2:",
                "sub {s}, 64",
                "sub {d}, 64",
                "movdqu xmm0, [{s} + 48]",
                "movdqu xmm1, [{s} + 32]",
                "movdqu xmm2, [{s} + 16]",
                "movdqu xmm3, [{s}]",
                "movdqu [{d} + 48], xmm0",
                "movdqu [{d} + 32], xmm1",
                "movdqu [{d} + 16], xmm2",
                "movdqu [{d}], xmm3",
                "dec {k}",
                "jnz 2b",
                s = inout(reg) src.add(done) => _,
                d = inout(reg) dst.add(done) => _,
                k = inout(reg) blocks => _,
                out("xmm0") _,
                out("xmm1") _,
                out("xmm2") _,
                out("xmm3") _,
                options(nostack)
            );
        } else {
            string_move(dst, src, n);
        }
        return true;
    }
    let _ = (dst, src, n);
    false
}

/// `rep movsb`: the processor's own copy loop, as fast as `memcpy` from a few hundred bytes on.
///
/// # Safety
/// As for [`bulk_copy`].
#[cfg(target_arch = "x86_64")]
#[inline]
unsafe fn string_move(dst: *mut u8, src: *const u8, n: usize) {
    // The direction flag is clear on entry to inline assembly: the copy runs forwards.
    std::arch::asm!(
        "rep movsb",
        inout("rcx") n => _,
        inout("rsi") src => _,
        inout("rdi") dst => _,
        options(nostack, preserves_flags)
    );
}

/// Copies `n` bytes from simulated memory to simulated memory.
///
/// # Safety
/// As for [`bulk_copy`]: valid, non-overlapping ranges.
pub unsafe fn copy_bytes(dst: *mut u8, src: *const u8, n: usize) {
    if bulk_copy(dst, src, n) {
        return;
    }
    for i in 0..n {
        let b = (*AtomicU8::from_ptr(src.add(i) as *mut u8)).load(Relaxed);
        (*AtomicU8::from_ptr(dst.add(i))).store(b, Relaxed);
    }
}

/// Copies `out.len()` bytes from simulated memory.
///
/// # Safety
/// `p` must be valid for `out.len()` bytes.
#[inline]
pub unsafe fn load_bytes(p: *const u8, out: &mut [u8]) {
    // A scalar's aligned bytes in one load (a store's, kept to be undone).
    match out.len() {
        4 if p.cast::<u32>().is_aligned() => {
            let v = (*AtomicU32::from_ptr(p as *mut u32)).load(Relaxed);
            out.copy_from_slice(&v.to_le_bytes());
            return;
        }
        8 if p.cast::<u64>().is_aligned() => {
            let v = (*AtomicU64::from_ptr(p as *mut u64)).load(Relaxed);
            out.copy_from_slice(&v.to_le_bytes());
            return;
        }
        _ => {}
    }
    if bulk_copy(out.as_mut_ptr(), p, out.len()) {
        return;
    }
    // Bytes up to an 8-byte boundary, then whole words, then the tail.
    let n = out.len();
    let mut i = 0;
    while i < n && !p.add(i).cast::<u64>().is_aligned() {
        out[i] = (*AtomicU8::from_ptr(p.add(i) as *mut u8)).load(Relaxed);
        i += 1;
    }
    while i + 8 <= n {
        let w = (*AtomicU64::from_ptr(p.add(i) as *mut u64)).load(Relaxed);
        out[i..i + 8].copy_from_slice(&w.to_le_bytes());
        i += 8;
    }
    while i < n {
        out[i] = (*AtomicU8::from_ptr(p.add(i) as *mut u8)).load(Relaxed);
        i += 1;
    }
}

/// Copies `data` into simulated memory.
///
/// # Safety
/// `p` must be valid for `data.len()` bytes.
#[inline]
pub unsafe fn store_bytes(p: *mut u8, data: &[u8]) {
    if bulk_copy(p, data.as_ptr(), data.len()) {
        return;
    }
    let n = data.len();
    let mut i = 0;
    while i < n && !p.add(i).cast::<u64>().is_aligned() {
        (*AtomicU8::from_ptr(p.add(i))).store(data[i], Relaxed);
        i += 1;
    }
    while i + 8 <= n {
        let w = u64::from_le_bytes(data[i..i + 8].try_into().expect("8 bytes"));
        (*AtomicU64::from_ptr(p.add(i) as *mut u64)).store(w, Relaxed);
        i += 8;
    }
    while i < n {
        (*AtomicU8::from_ptr(p.add(i))).store(data[i], Relaxed);
        i += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_and_unaligned_round_trip() {
        let mut mem = [0u64; 4];
        let base = mem.as_mut_ptr() as *mut u8;
        unsafe {
            u32::store(base.add(4), 0xdeadbeef);
            assert_eq!(u32::load(base.add(4)), 0xdeadbeef);
            u64::store(base.add(3), 0x0102030405060708);
            assert_eq!(u64::load(base.add(3)), 0x0102030405060708);
            assert_eq!(u8::load(base.add(3)), 0x08); // little endian
            u16::store(base.add(17), 0xabcd);
            assert_eq!(u16::load(base.add(17)), 0xabcd);
        }
    }

    #[test]
    fn byte_copies_across_word_boundaries() {
        let mut mem = [0u64; 6];
        let base = mem.as_mut_ptr() as *mut u8;
        let data: Vec<u8> = (1..=29).collect();
        unsafe {
            store_bytes(base.add(3), &data);
            let mut out = vec![0u8; 29];
            load_bytes(base.add(3), &mut out);
            assert_eq!(out, data);
            assert_eq!(u8::load(base.add(2)), 0);
            assert_eq!(u8::load(base.add(32)), 0);
        }
    }

    #[test]
    fn bulk_copies_stay_in_their_range() {
        // Sizes around the bulk threshold, at odd offsets: nothing outside the range changes.
        for n in [BULK_COPY - 1, BULK_COPY, 3 * BULK_COPY + 5] {
            let mut mem = vec![0u8; n + 16];
            let data: Vec<u8> = (0..n).map(|i| (i % 251) as u8 + 1).collect();
            let mut out = vec![0u8; n];
            unsafe {
                store_bytes(mem.as_mut_ptr().add(5), &data);
                load_bytes(mem.as_ptr().add(5), &mut out);
            }
            assert_eq!(out, data);
            assert_eq!(&mem[..5], &[0; 5]);
            assert!(mem[5 + n..].iter().all(|b| *b == 0));
        }
    }

    #[test]
    fn bulk_copies_with_the_destination_just_ahead_run_backwards() {
        // The destination 48 bytes ahead of the source modulo a page takes the backward loop.
        for n in [BULK_COPY, 64 * 40 + 7] {
            let mut mem = vec![0u8; 8192 + n + 64];
            let data: Vec<u8> = (0..n).map(|i| (i % 253) as u8 + 1).collect();
            mem[..n].copy_from_slice(&data);
            let base = mem.as_mut_ptr();
            unsafe { copy_bytes(base.add(4096 + 48), base, n) };
            assert_eq!(&mem[4096 + 48..4096 + 48 + n], &data[..]);
            assert_eq!(mem[4096 + 47], 0);
            assert_eq!(mem[4096 + 48 + n], 0);
        }
    }
}
