//! Combining atomics nobody reads back, per worker thread.
//!
//! A histogram's `atomic_inc(&bins[h])` from every work-group hits the same few cache lines:
//! with one host atomic per simulated one, worker threads spend their time passing those lines
//! between cores (histogram: 3.6× from 16 threads where other kernels reach 10–15×), while a
//! GPU performs such atomics in its caches without that cost. Where the kernel ignores the old
//! value, an OpenCL 1.x atomic (relaxed: no order with other locations) may take effect later,
//! so a worker adds up its updates of each address and applies the sum with one host atomic
//! when its work-group ends. Its own work-items still see every update: any other access by
//! this worker to an address range with pending updates applies them first
//! (`checks::access`). Other work-groups see them when this one ends, as if its work-items
//! had run a little later.
//!
//! The access itself is checked when the atomic runs (MemCheck's messages are unchanged).
//! What shows memory to anyone else while the launch runs keeps an atomic from waiting: a
//! plugin that hears of it, shadows that follow its value, the debugger (`AtomicPlan`). A
//! group that may start over (`undo`) keeps what undoes the updates applied before its end,
//! and drops the pending ones if it does start over.

use super::atomic;
use super::undo::UndoLog;
use crate::bytecode::{RmwOp, ScalarTy};
use crate::semantics;

/// Addresses with pending updates, direct-mapped (a different address in the same entry
/// applies the old one): a histogram's bins fit, a scattered pattern degrades to one host
/// atomic per update, as without combining.
const ENTRIES: usize = 256;

/// No address: simulated addresses never reach it.
const EMPTY: u64 = u64::MAX;

#[derive(Clone, Copy)]
struct Pending {
    addr: u64,
    /// The host location, checked when the first update was made (buffers outlive launches).
    ptr: *mut u8,
    size: u32,
    op: RmwOp,
    /// The combined operand: `op(op(old, a), b) == op(old, combine(a, b))`.
    operand: u64,
}

const NONE: Pending = Pending {
    addr: EMPTY,
    ptr: std::ptr::null_mut(),
    size: 0,
    op: RmwOp::Add,
    operand: 0,
};

/// One worker thread's pending updates of global memory.
pub(crate) struct PendingAtomics {
    /// `ENTRIES` long once anything was combined; empty until then (a launch that combines
    /// nothing allocates nothing).
    entries: Vec<Pending>,
    /// Simulated address range that holds every pending update (empty: `lo > hi`).
    lo: u64,
    hi: u64,
    count: usize,
    /// The size of every pending update: aligned updates of one size never overlap in part,
    /// so their order does not matter.
    size: u32,
}

// SAFETY: the pointers are into global buffers, which every worker thread may access (only
// through atomics, as here).
unsafe impl Send for PendingAtomics {}

impl Default for PendingAtomics {
    fn default() -> Self {
        PendingAtomics {
            entries: Vec::new(),
            lo: EMPTY,
            hi: 0,
            count: 0,
            size: 0,
        }
    }
}

impl PendingAtomics {
    /// Whether `op` can wait: its effects compose into one update of the same kind.
    pub fn combines(op: RmwOp) -> bool {
        use RmwOp::*;
        matches!(op, Add | Sub | And | Or | Xor | Max | Min | UMax | UMin)
    }

    /// Whether an access of `size` bytes at `addr` could touch a pending update.
    #[inline(always)]
    pub fn overlaps(&self, addr: u64, size: u64) -> bool {
        addr <= self.hi && addr.saturating_add(size) > self.lo
    }

    /// Records `op(value)` on the integer of `size` bytes at `addr` (host location `ptr`, an
    /// aligned location of a global buffer). Updates of another size are applied first, as
    /// is the one whose entry this update takes (kept in `undo` while the group may start
    /// over).
    ///
    /// # Safety
    /// `ptr` must be valid for `size` bytes for as long as the update is pending.
    pub unsafe fn add(
        &mut self,
        (addr, ptr): (u64, *mut u8),
        size: u32,
        (op, value): (RmwOp, u64),
        undo: &mut UndoLog,
    ) {
        // A subtraction is the addition of the negated operand, so both combine.
        let (op, value) = match op {
            RmwOp::Sub => (RmwOp::Add, value.wrapping_neg()),
            other => (other, value),
        };
        if self.entries.is_empty() {
            self.entries = vec![NONE; ENTRIES];
        }
        if size != self.size {
            self.flush(undo);
            self.size = size;
        }
        let i = ((addr / size as u64) as usize) % ENTRIES;
        let e = &mut self.entries[i];
        if e.addr == addr && e.op == op && e.size == size {
            let ty = ScalarTy::Int((size * 8) as u8);
            e.operand = semantics::rmw(op, ty, e.operand, value);
            return;
        }
        if e.addr != EMPTY {
            apply(e, undo);
            self.count -= 1;
        }
        *e = Pending {
            addr,
            ptr,
            size,
            op,
            operand: value,
        };
        self.count += 1;
        self.lo = self.lo.min(addr);
        self.hi = self.hi.max(addr + size as u64 - 1);
    }

    /// Applies every pending update (kept in `undo` while the group may start over).
    pub fn flush(&mut self, undo: &mut UndoLog) {
        if self.count == 0 {
            return;
        }
        for e in self.entries.iter_mut().filter(|e| e.addr != EMPTY) {
            apply(e, undo);
        }
        self.emptied();
    }

    /// Drops every pending update: the group that made them starts over.
    pub fn discard(&mut self) {
        if self.count == 0 {
            return;
        }
        self.entries.fill(NONE);
        self.emptied();
    }

    fn emptied(&mut self) {
        self.count = 0;
        self.lo = EMPTY;
        self.hi = 0;
    }
}

/// Applies one pending update with one host atomic, and empties its entry.
fn apply(e: &mut Pending, undo: &mut UndoLog) {
    let ty = ScalarTy::Int((e.size * 8) as u8);
    // SAFETY: `add`'s caller vouched for the pointer.
    let old = unsafe { atomic::rmw(e.ptr, e.size, e.op, ty, e.operand) };
    if undo.speculating() {
        undo.atomic(e.ptr, e.size, (e.op, e.operand), old);
    }
    *e = NONE;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combined_updates_equal_the_updates_one_by_one() {
        let mut words = [0u32; 4];
        let mut expected = [0u32; 4];
        words[2] = 100;
        expected[2] = 100;
        let base = words.as_mut_ptr() as *mut u8;
        let mut pending = PendingAtomics::default();
        let undo = &mut UndoLog::default();
        let ops = [
            (0, RmwOp::Add, 5u64),
            (0, RmwOp::Sub, 7),
            (0, RmwOp::Add, 1),
            (1, RmwOp::Or, 0b100),
            (1, RmwOp::Or, 0b001),
            (2, RmwOp::Min, -3i32 as u32 as u64),
            (2, RmwOp::Min, 4),
            (3, RmwOp::UMax, 9),
            (3, RmwOp::UMax, 2),
        ];
        for &(i, op, v) in &ops {
            let ty = ScalarTy::Int(32);
            expected[i] = semantics::rmw(op, ty, expected[i] as u64, v) as u32;
            unsafe { pending.add((0x1000 + 4 * i as u64, base.add(4 * i)), 4, (op, v), undo) };
        }
        assert!(pending.overlaps(0x1000, 1) && pending.overlaps(0x100c, 4));
        assert!(!pending.overlaps(0x0ffc, 4) && !pending.overlaps(0x1010, 4));
        assert_eq!(words, [0, 0, 100, 0], "nothing applied yet");
        pending.flush(undo);
        assert_eq!(words, expected);
        assert_eq!(expected[0], (-1i32) as u32);
        assert!(!pending.overlaps(0x1000, 16), "empty after a flush");
    }

    #[test]
    fn an_update_of_another_size_applies_the_pending_ones_first() {
        let mut word = [0u64; 1];
        let base = word.as_mut_ptr() as *mut u8;
        let mut pending = PendingAtomics::default();
        let undo = &mut UndoLog::default();
        unsafe {
            // A 64-bit maximum, then a 32-bit one on its upper half: in this order, 7 << 32.
            pending.add((0x1000, base), 8, (RmwOp::UMax, 5), undo);
            pending.add((0x1004, base.add(4)), 4, (RmwOp::UMax, 7), undo);
        }
        assert_eq!(word[0], 5, "the 64-bit update went first");
        pending.flush(undo);
        assert_eq!(word[0], (7 << 32) | 5);
    }

    #[test]
    fn a_different_address_in_the_same_entry_applies_the_first() {
        let mut words = vec![0u32; ENTRIES + 1];
        let base = words.as_mut_ptr() as *mut u8;
        let mut pending = PendingAtomics::default();
        let undo = &mut UndoLog::default();
        unsafe {
            pending.add((0, base), 4, (RmwOp::Add, 1), undo);
            pending.add(
                (4 * ENTRIES as u64, base.add(4 * ENTRIES)),
                4,
                (RmwOp::Add, 2),
                undo,
            );
        }
        assert_eq!((words[0], words[ENTRIES]), (1, 0));
        pending.flush(undo);
        assert_eq!((words[0], words[ENTRIES]), (1, 2));
    }

    #[test]
    fn a_group_that_starts_over_undoes_what_it_applied_and_drops_the_rest() {
        let mut words = vec![10u32; ENTRIES + 1];
        let base = words.as_mut_ptr() as *mut u8;
        let mut pending = PendingAtomics::default();
        let undo = &mut UndoLog::default();
        undo.begin();
        unsafe {
            pending.add((0, base), 4, (RmwOp::Add, 3), undo);
            pending.add((0, base), 4, (RmwOp::Sub, 1), undo);
            // Takes the first one's entry: 10 + 3 - 1 is applied now, and kept for undoing.
            pending.add(
                (4 * ENTRIES as u64, base.add(4 * ENTRIES)),
                4,
                (RmwOp::Xor, 5),
                undo,
            );
        }
        assert_eq!((words[0], words[ENTRIES]), (12, 10));
        // Another group's update of the same word in between stays counted.
        unsafe { atomic::rmw(base, 4, RmwOp::Add, ScalarTy::Int(32), 100) };
        pending.discard();
        undo.undo();
        assert_eq!((words[0], words[ENTRIES]), (110, 10));
        assert!(
            !pending.overlaps(0, 4 * ENTRIES as u64 + 4),
            "nothing pending"
        );
        pending.flush(undo);
        assert_eq!(words[ENTRIES], 10, "the dropped update never lands");
    }
}
