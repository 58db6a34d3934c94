//! What a work-group did to global memory, kept while the group runs ahead of the plugins that
//! watch it (the lane executor with
//! [`Plugin::takes_interleaved_events`](crate::plugins::Plugin::takes_interleaved_events)), so
//! that a group whose work-items turn out to depend on the order they ran in can be undone
//! and run again, one work-item after another.
//!
//! A store is undone by putting back the bytes it overwrote. An atomic addition, subtraction
//! or exclusive or is undone by its inverse, applied atomically: other groups' atomics on the
//! same word in between (a histogram's) then stay counted, which putting back bytes would
//! lose. Kernels with other atomics do not run ahead (`KernelCode::atomics_undoable`).

use super::atomic;
use super::recorder::Recorder;
use crate::bytecode::{RmwOp, ScalarTy};
use crate::memory::{load_bytes, store_bytes};

#[derive(Clone, Copy)]
enum Undo {
    /// Put back `len` bytes at `p` (the next ones, from the end, of `overwritten`).
    Bytes { p: *mut u8, len: u32 },
    /// Apply `op` with `value` to the `size`-byte integer at `p`, atomically.
    Atomic {
        p: *mut u8,
        size: u32,
        op: RmwOp,
        value: u64,
    },
}

/// `UndoLog::flags`: the group may start over (`begin`): global stores and atomics are kept.
pub(crate) const SPECULATING: u8 = 1;
/// A debugged group records its history: every write goes to `history` (`keep_written`).
pub(crate) const RECORDING: u8 = 2;

#[derive(Default)]
pub(crate) struct UndoLog {
    /// What is kept now (`SPECULATING`, `RECORDING`): one byte, tested on every access of
    /// every launch, zero in plain runs that do not speculate.
    pub flags: u8,
    /// In the order the group made them.
    steps: Vec<Undo>,
    overwritten: Vec<u8>,
    /// While stores were kept, the memory refused a load (its value is unspecified), or a
    /// load read local or global bytes not written yet: only a run with shadows can follow
    /// what it read (`ShadowPlan::Deferred`).
    pub needs_shadows: bool,
    /// A debugged group's history, while the group runs here (`RECORDING`).
    pub history: Option<Box<Recorder>>,
    /// A finished group's, whose memory the next group's reuses.
    pub spare_history: Option<Box<Recorder>>,
}

// SAFETY: the pointers are into global buffers, which outlive the launch; only the worker
// that keeps them writes through them, while the launch runs.
unsafe impl Send for UndoLog {}

impl UndoLog {
    /// Whether the group may start over.
    #[inline(always)]
    pub fn speculating(&self) -> bool {
        self.flags & SPECULATING != 0
    }

    /// Starts keeping a group's stores.
    pub fn begin(&mut self) {
        self.flags |= SPECULATING;
        self.needs_shadows = false;
        self.steps.clear();
        self.overwritten.clear();
    }

    /// Stops keeping them: the group is committed.
    pub fn end(&mut self) {
        self.flags &= !SPECULATING;
    }

    /// Keeps the `len` bytes at `p`, which a store is about to overwrite.
    #[cold]
    #[inline(never)]
    pub fn overwriting(&mut self, p: *mut u8, len: u64) {
        let len_bytes = len as usize;
        if len_bytes <= 16 {
            // A scalar's or small vector's bytes, without zeroing them in the log first.
            let mut old = [0u8; 16];
            // SAFETY: the caller located `len` bytes at `p` in a buffer.
            unsafe { load_bytes(p, &mut old[..len_bytes]) };
            self.overwritten.extend_from_slice(&old[..len_bytes]);
        } else {
            let from = self.overwritten.len();
            self.overwritten.resize(from + len_bytes, 0);
            // SAFETY: as above.
            unsafe { load_bytes(p, &mut self.overwritten[from..]) };
        }
        // A store right after the last one (a warp's lanes storing consecutive elements, a
        // loop filling an array) extends it: the log grows by little more than the bytes.
        if let Some(Undo::Bytes {
            p: last,
            len: last_len,
        }) = self.steps.last_mut()
        {
            let adjacent = (*last as usize).wrapping_add(*last_len as usize) == p as usize;
            if adjacent && u64::from(*last_len) + len <= u64::from(u32::MAX) {
                *last_len += len as u32;
                return;
            }
        }
        self.steps.push(Undo::Bytes { p, len: len as u32 });
    }

    /// Keeps what undoes an atomic `op` with `value` on the `size`-byte integer at `p`, which
    /// held `old` before it.
    #[cold]
    #[inline(never)]
    pub fn atomic(&mut self, p: *mut u8, size: u32, (op, value): (RmwOp, u64), old: u64) {
        let inverse = match op {
            RmwOp::Add => Some(RmwOp::Sub),
            RmwOp::Sub => Some(RmwOp::Add),
            RmwOp::Xor => Some(RmwOp::Xor),
            _ => None,
        };
        match inverse {
            Some(op) => self.steps.push(Undo::Atomic { p, size, op, value }),
            // Not one that runs ahead (`atomics_undoable`): the old value, as a store's.
            None => {
                self.overwritten
                    .extend_from_slice(&old.to_le_bytes()[..size as usize]);
                self.steps.push(Undo::Bytes { p, len: size });
            }
        }
    }

    /// Undoes what the group did to global memory, the last first, and stops keeping it.
    pub fn undo(&mut self) {
        let mut end = self.overwritten.len();
        for &step in self.steps.iter().rev() {
            match step {
                Undo::Bytes { p, len } => {
                    let from = end - len as usize;
                    // SAFETY: `overwriting` read these bytes from there.
                    unsafe { store_bytes(p, &self.overwritten[from..end]) };
                    end = from;
                }
                Undo::Atomic { p, size, op, value } => {
                    let int = ScalarTy::Int((size * 8) as u8);
                    // SAFETY: the atomic being undone was made there.
                    unsafe { atomic::rmw(p, size, op, int, value) };
                }
            }
        }
        self.steps.clear();
        self.overwritten.clear();
        self.flags &= !SPECULATING;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_puts_back_overlapping_and_adjacent_stores_last_first() {
        let mut memory = [1u8, 2, 3, 4, 5, 6, 7, 8];
        let p = memory.as_mut_ptr();
        let mut log = UndoLog::default();
        log.begin();
        // SAFETY: every pointer is into `memory`, and each store stays within it.
        unsafe {
            for (at, len, value) in [(0, 2, 9), (2, 2, 8), (1, 4, 7), (6, 2, 6)] {
                log.overwriting(p.add(at), len);
                std::ptr::write_bytes(p.add(at), value, len as usize);
            }
        }
        // The first two stores are one entry.
        assert_eq!(log.steps.len(), 3);
        assert_eq!(memory, [9, 7, 7, 7, 7, 6, 6, 6]);
        log.undo();
        assert_eq!(memory, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(!log.speculating());
    }

    #[test]
    fn an_atomic_addition_is_undone_by_its_inverse_keeping_others_made_since() {
        let mut word = [0u32; 2];
        let p = word.as_mut_ptr().cast::<u8>();
        let mut log = UndoLog::default();
        log.begin();
        let int = ScalarTy::Int(32);
        // SAFETY: both words are in `word`, aligned.
        unsafe {
            let old = atomic::rmw(p, 4, RmwOp::Add, int, 5);
            log.atomic(p, 4, (RmwOp::Add, 5), old);
            // Another group's addition, not undone.
            atomic::rmw(p, 4, RmwOp::Add, int, 100);
            let q = p.add(4);
            let old = atomic::rmw(q, 4, RmwOp::Max, int, 7);
            log.atomic(q, 4, (RmwOp::Max, 7), old);
        }
        log.undo();
        assert_eq!(word, [100, 0]);
    }
}
