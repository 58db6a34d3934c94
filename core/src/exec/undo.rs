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
