//! Atomic read-modify-write of simulated memory, shared by atomic ops and atomic builtins.
//!
//! Naturally aligned accesses use the host's atomics (a compare-and-swap loop), so atomics from
//! work-groups on different worker threads really are atomic. Misaligned ones (already reported
//! as errors) fall back to a global lock.

use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::*};
use std::sync::Mutex;

use crate::memory::{load_bytes, store_bytes};

static MISALIGNED: Mutex<()> = Mutex::new(());

macro_rules! cas_loop {
    ($atomic:ty, $t:ty, $ptr:expr, $f:expr) => {{
        let a = &*<$atomic>::from_ptr($ptr as *mut $t);
        let mut old = a.load(Relaxed);
        loop {
            let new = $f(old as u64) as $t;
            match a.compare_exchange_weak(old, new, SeqCst, Relaxed) {
                Ok(_) => return old as u64,
                Err(actual) => old = actual,
            }
        }
    }};
}

/// Replaces the `size`-byte little-endian value at `ptr` by `f(old)`; returns `old`.
/// `f` may run more than once and must not have side effects.
///
/// # Safety
/// `ptr` must be valid for `size` bytes.
pub unsafe fn update(ptr: *mut u8, size: u32, f: &mut dyn FnMut(u64) -> u64) -> u64 {
    let aligned = (ptr as usize).is_multiple_of(size.max(1) as usize);
    match (size, aligned) {
        (1, _) => cas_loop!(AtomicU8, u8, ptr, f),
        (2, true) => cas_loop!(AtomicU16, u16, ptr, f),
        (4, true) => cas_loop!(AtomicU32, u32, ptr, f),
        (8, true) => cas_loop!(AtomicU64, u64, ptr, f),
        _ => {
            let _guard = MISALIGNED.lock().unwrap_or_else(|e| e.into_inner());
            let n = size.min(8) as usize;
            let mut buf = [0u8; 8];
            load_bytes(ptr, &mut buf[..n]);
            let old = u64::from_le_bytes(buf);
            store_bytes(ptr, &f(old).to_le_bytes()[..n]);
            old
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concurrent_increments_are_not_lost() {
        let mut word = [0u64; 2];
        let p = word.as_mut_ptr() as usize;
        std::thread::scope(|s| {
            for _ in 0..4 {
                s.spawn(move || {
                    for _ in 0..10_000 {
                        unsafe { update(p as *mut u8, 4, &mut |v| v + 1) };
                        unsafe { update((p + 9) as *mut u8, 4, &mut |v| v + 1) };
                    }
                });
            }
        });
        assert_eq!(word[0] as u32, 40_000);
        let unaligned = unsafe { u32::from_le_bytes(*((p + 9) as *const [u8; 4])) };
        assert_eq!(unaligned, 40_000);
    }
}
