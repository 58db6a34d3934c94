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
    for (i, b) in out.iter_mut().enumerate() {
        *b = (*AtomicU8::from_ptr(p.add(i) as *mut u8)).load(Relaxed);
    }
}

/// Copies `data` into simulated memory.
///
/// # Safety
/// `p` must be valid for `data.len()` bytes.
#[inline]
pub unsafe fn store_bytes(p: *mut u8, data: &[u8]) {
    for (i, b) in data.iter().enumerate() {
        (*AtomicU8::from_ptr(p.add(i))).store(*b, Relaxed);
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
}
