//! Atomic read-modify-write of simulated memory, shared by atomic ops and atomic builtins.
//!
//! Naturally aligned accesses use the host's atomics (a compare-and-swap loop), so atomics from
//! work-groups on different worker threads really are atomic. Misaligned ones (already reported
//! as errors) fall back to a global lock.

use std::sync::atomic::{
    AtomicI32, AtomicI64, AtomicU16, AtomicU32, AtomicU64, AtomicU8, Ordering::*,
};
use std::sync::Mutex;

use crate::bytecode::{RmwOp, ScalarTy};
use crate::memory::{load_bytes, store_bytes};
use crate::semantics;

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

macro_rules! native_rmw {
    ($atomic:ty, $signed:ty, $t:ty, $st:ty, $ptr:expr, $op:expr, $v:expr) => {{
        let a = &*<$atomic>::from_ptr($ptr as *mut $t);
        let v = $v as $t;
        let signed = || &*<$signed>::from_ptr($ptr as *mut $st);
        let old: Option<$t> = match $op {
            RmwOp::Add => Some(a.fetch_add(v, SeqCst)),
            RmwOp::Sub => Some(a.fetch_sub(v, SeqCst)),
            RmwOp::And => Some(a.fetch_and(v, SeqCst)),
            RmwOp::Or => Some(a.fetch_or(v, SeqCst)),
            RmwOp::Xor => Some(a.fetch_xor(v, SeqCst)),
            RmwOp::Xchg => Some(a.swap(v, SeqCst)),
            RmwOp::UMax => Some(a.fetch_max(v, SeqCst)),
            RmwOp::UMin => Some(a.fetch_min(v, SeqCst)),
            RmwOp::Max => Some(signed().fetch_max(v as $st, SeqCst) as $t),
            RmwOp::Min => Some(signed().fetch_min(v as $st, SeqCst) as $t),
            _ => None,
        };
        old.map(|o| o as u64)
    }};
}

/// An atomic read-modify-write; returns the old value. Integer operations on aligned 32- and
/// 64-bit words use the host's instructions (one round trip even when contended); the rest go
/// through a compare-and-swap loop.
///
/// # Safety
/// `ptr` must be valid for `size` bytes.
pub unsafe fn rmw(ptr: *mut u8, size: u32, op: RmwOp, ty: ScalarTy, v: u64) -> u64 {
    let int = matches!(ty, ScalarTy::Int(_));
    let native = match size {
        4 if int && ptr.cast::<u32>().is_aligned() => {
            native_rmw!(AtomicU32, AtomicI32, u32, i32, ptr, op, v)
        }
        8 if int && ptr.cast::<u64>().is_aligned() => {
            native_rmw!(AtomicU64, AtomicI64, u64, i64, ptr, op, v)
        }
        _ => None,
    };
    match native {
        Some(old) => old,
        None => update(ptr, size, &mut |old| semantics::rmw(op, ty, old, v)),
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

    #[test]
    fn native_and_emulated_operations() {
        let mut w = [5u64, 0];
        let p = w.as_mut_ptr() as *mut u8;
        let i32t = ScalarTy::Int(32);
        unsafe {
            assert_eq!(rmw(p, 4, RmwOp::Add, i32t, 3), 5);
            assert_eq!(rmw(p, 4, RmwOp::Max, i32t, 0xffff_ffff), 8); // -1 < 8
            assert_eq!(rmw(p, 4, RmwOp::UMax, i32t, 0xffff_ffff), 8);
            assert_eq!(rmw(p, 4, RmwOp::UIncWrap, i32t, 100), 0xffff_ffff);
            assert_eq!(w[0] as u32, 0);
            assert_eq!(
                rmw(
                    p.add(8),
                    4,
                    RmwOp::FAdd,
                    ScalarTy::F32,
                    1.5f32.to_bits() as u64
                ),
                0
            );
            assert_eq!(f32::from_bits(w[1] as u32), 1.5);
        }
    }
}
