//! What a work-group's stores to global memory overwrote, kept while the group runs ahead of
//! the plugins that watch it (the lane executor with
//! [`Plugin::takes_interleaved_events`](crate::plugins::Plugin::takes_interleaved_events)), so
//! that a group whose work-items turn out to depend on the order they ran in can be undone
//! and run again, one work-item after another.

use crate::memory::{load_bytes, store_bytes};

#[derive(Default)]
pub(crate) struct UndoLog {
    /// Whether stores are kept now.
    pub active: bool,
    /// Each store's place and length, in order; the bytes it overwrote one after another in
    /// `overwritten`.
    stores: Vec<(*mut u8, u32)>,
    overwritten: Vec<u8>,
}

// SAFETY: the pointers are into global buffers, which outlive the launch; only the worker
// that keeps them writes through them, while the launch runs.
unsafe impl Send for UndoLog {}

impl UndoLog {
    /// Starts keeping a group's stores.
    pub fn begin(&mut self) {
        self.active = true;
        self.stores.clear();
        self.overwritten.clear();
    }

    /// Stops keeping them: the group is committed.
    pub fn end(&mut self) {
        self.active = false;
    }

    /// Keeps the `len` bytes at `p`, which a store is about to overwrite.
    #[cold]
    #[inline(never)]
    pub fn overwriting(&mut self, p: *mut u8, len: u64) {
        let from = self.overwritten.len();
        self.overwritten.resize(from + len as usize, 0);
        // SAFETY: the caller located `len` bytes at `p` in a buffer.
        unsafe { load_bytes(p, &mut self.overwritten[from..]) };
        // A store right after the last one (a warp's lanes storing consecutive elements, a
        // loop filling an array) extends it: the log grows by little more than the bytes.
        if let Some((last, last_len)) = self.stores.last_mut() {
            let adjacent = (*last as usize).wrapping_add(*last_len as usize) == p as usize;
            if adjacent && u64::from(*last_len) + len <= u64::from(u32::MAX) {
                *last_len += len as u32;
                return;
            }
        }
        self.stores.push((p, len as u32));
    }

    /// Puts back what the group's stores overwrote, the last first, and stops keeping them.
    pub fn undo(&mut self) {
        let mut end = self.overwritten.len();
        for &(p, len) in self.stores.iter().rev() {
            let from = end - len as usize;
            // SAFETY: `overwriting` read these bytes from there.
            unsafe { store_bytes(p, &self.overwritten[from..end]) };
            end = from;
        }
        self.stores.clear();
        self.overwritten.clear();
        self.active = false;
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
        assert_eq!(log.stores.len(), 3);
        assert_eq!(memory, [9, 7, 7, 7, 7, 6, 6, 6]);
        log.undo();
        assert_eq!(memory, [1, 2, 3, 4, 5, 6, 7, 8]);
        assert!(!log.active);
    }
}
