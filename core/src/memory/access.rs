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

/// Copies `out.len()` bytes from simulated memory.
///
/// # Safety
/// `p` must be valid for `out.len()` bytes.
#[inline]
pub unsafe fn load_bytes(p: *const u8, out: &mut [u8]) {
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
}
