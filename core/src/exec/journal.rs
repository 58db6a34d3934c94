//! The journal of a debug launch's global writes (issue 43): every work-group's, in the
//! order they were made, each with the bytes it overwrote and the bytes it wrote. A group's
//! history names the journal's entries its ops cover (`history::Record::Global`); going back
//! undoes every entry from the target's on, whichever group made it, so the global memory a
//! past position shows is exactly what it was then, and going forward redoes them in order.
//!
//! A debug launch that records history runs its groups on one worker, so entries are
//! appended one at a time and none is appended while a group is in its past: a group goes
//! back to the present before any other runs (the debugger refuses to switch groups in the
//! past).

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

use crate::memory::{store_bytes, ShadowPlaces};

/// One global write.
struct Write {
    addr: u64,
    p: *mut u8,
    /// Where its old bytes start in `Entries::bytes` (its new bytes follow them).
    at: usize,
    len: usize,
    /// With the Uninitialized checker: where the bytes' shadow and their granules' origins
    /// are; their old values follow the old bytes, their new ones the new bytes.
    shadow: Option<ShadowPlaces>,
}

impl Write {
    /// The bytes of one side (old or new): the data, then the shadow, then the origins.
    fn side(&self) -> usize {
        self.len + self.shadow.map_or(0, |s| self.len + 4 * s.granules)
    }

    /// Stores one side's bytes (`bytes`, as `side` lays them out) back in memory.
    ///
    /// # Safety
    /// The write's pointers must still be valid (global buffers outlive the launch).
    unsafe fn put(&self, bytes: &[u8]) {
        store_bytes(self.p, &bytes[..self.len]);
        if let Some(s) = self.shadow {
            store_bytes(s.shadow, &bytes[self.len..2 * self.len]);
            store_bytes(s.origins.cast::<u8>(), &bytes[2 * self.len..]);
        }
    }
}

#[derive(Default)]
struct Entries {
    writes: Vec<Write>,
    bytes: Vec<u8>,
    /// The ticket of `writes[0]`: older entries were dropped (the cap).
    first: u64,
    /// Entries from this ticket on are undone.
    applied: u64,
    cap: u64,
}

// SAFETY: the pointers are into global buffers, which outlive the launch; entries are read
// and applied under the lock, by the one worker that runs the launch's groups.
unsafe impl Send for Entries {}

/// The launch's global writes.
pub(crate) struct Journal {
    entries: Mutex<Entries>,
    /// The ticket the next write gets, read by every op of a debugged group (without the
    /// lock).
    end: AtomicU64,
}

impl Journal {
    /// A journal that keeps at most about `cap` bytes of old and new values.
    pub fn new(cap: u64) -> Journal {
        Journal {
            entries: Mutex::new(Entries {
                cap,
                ..Entries::default()
            }),
            end: AtomicU64::new(0),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Entries> {
        self.entries.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The ticket the next write gets.
    #[inline]
    pub fn end(&self) -> u64 {
        self.end.load(Relaxed)
    }

    /// The oldest ticket kept: going back stops before an op that needs an older one.
    pub fn first(&self) -> u64 {
        self.lock().first
    }

    /// Appends a write of `len` bytes at `addr` (host pointer `p`), from `old` to `new`
    /// (each the bytes, then with `shadow` their shadow and origins).
    pub fn append(
        &self,
        addr: u64,
        (p, len): (*mut u8, usize),
        shadow: Option<ShadowPlaces>,
        old: &[u8],
        new: &[u8],
    ) {
        let mut e = self.lock();
        debug_assert_eq!(
            e.applied,
            e.first + e.writes.len() as u64,
            "a write in the past"
        );
        if (e.bytes.len() + 2 * old.len()) as u64 > e.cap && !e.writes.is_empty() {
            e.drop_oldest_half();
        }
        let at = e.bytes.len();
        e.bytes.extend_from_slice(old);
        e.bytes.extend_from_slice(new);
        e.writes.push(Write {
            addr,
            p,
            at,
            len,
            shadow,
        });
        e.applied += 1;
        self.end.store(e.applied, Relaxed);
    }

    /// Undoes the entries from ticket `to` on (newest first). False if `to` was dropped.
    pub fn revert_to(&self, to: u64) -> bool {
        let mut e = self.lock();
        if to < e.first {
            return false;
        }
        while e.applied > to {
            e.applied -= 1;
            let w = &e.writes[(e.applied - e.first) as usize];
            // SAFETY: the bytes were written there through a located access.
            unsafe { w.put(&e.bytes[w.at..w.at + w.side()]) };
        }
        true
    }

    /// Redoes the entries before ticket `to` that are undone (oldest first).
    pub fn redo_to(&self, to: u64) {
        let mut e = self.lock();
        let end = e.first + e.writes.len() as u64;
        while e.applied < to.min(end) {
            let w = &e.writes[(e.applied - e.first) as usize];
            let new = &e.bytes[w.at + w.side()..w.at + 2 * w.side()];
            // SAFETY: as in `revert_to`.
            unsafe { w.put(new) };
            e.applied += 1;
        }
    }

    /// Calls `each(address, old, new)` for the entries `from..to` that are kept, newest
    /// first.
    pub fn each_back(&self, from: u64, to: u64, mut each: impl FnMut(u64, &[u8], &[u8])) {
        let e = self.lock();
        let end = e.first + e.writes.len() as u64;
        for t in (from.max(e.first)..to.min(end)).rev() {
            let w = &e.writes[(t - e.first) as usize];
            let (old, new) = e.bytes[w.at..w.at + 2 * w.side()].split_at(w.side());
            each(w.addr, &old[..w.len], &new[..w.len]);
        }
    }

    /// Bytes the journal holds.
    pub fn bytes(&self) -> u64 {
        self.lock().bytes.len() as u64
    }
}

impl Entries {
    /// Past the cap: the older half of the entries goes.
    fn drop_oldest_half(&mut self) {
        let n = self.writes.len().div_ceil(2);
        let cut = self.writes.get(n).map_or(self.bytes.len(), |w| w.at);
        self.writes.drain(..n);
        self.bytes.drain(..cut);
        for w in &mut self.writes {
            w.at -= cut;
        }
        self.first += n as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undo_and_redo_in_ticket_order() {
        let mut memory = [0u8; 4];
        let p = memory.as_mut_ptr();
        let j = Journal::new(1 << 20);
        // Two writers of the same byte, one after the other, then another byte.
        let write = |j: &Journal, at: usize, old: u8, new: u8| {
            j.append(at as u64, (p.wrapping_add(at), 1), None, &[old], &[new]);
            unsafe { *p.add(at) = new };
        };
        write(&j, 0, 0, 1);
        write(&j, 0, 1, 2);
        write(&j, 3, 0, 9);
        assert_eq!(j.end(), 3);
        assert!(j.revert_to(1));
        assert_eq!(memory, [1, 0, 0, 0]);
        let mut seen = Vec::new();
        j.each_back(0, 3, |a, o, n| seen.push((a, o[0], n[0])));
        assert_eq!(seen, [(3, 0, 9), (0, 1, 2), (0, 0, 1)]);
        assert!(j.revert_to(0));
        assert_eq!(memory, [0, 0, 0, 0]);
        j.redo_to(3);
        assert_eq!(memory, [2, 0, 0, 9]);
    }

    #[test]
    fn the_oldest_entries_go_past_the_cap() {
        let mut memory = [0u8; 8];
        let p = memory.as_mut_ptr();
        let j = Journal::new(8);
        for k in 0..8u8 {
            j.append(
                k as u64,
                (p.wrapping_add(k as usize), 1),
                None,
                &[0],
                &[k + 1],
            );
            unsafe { *p.add(k as usize) = k + 1 };
        }
        assert!(j.first() > 0 && j.bytes() <= 8 + 2);
        assert!(!j.revert_to(0));
        assert!(j.revert_to(j.first()));
        let kept = j.first() as usize;
        assert!(memory[..kept].iter().all(|&b| b != 0));
        assert!(memory[kept..].iter().all(|&b| b == 0));
        j.redo_to(8);
        assert_eq!(memory, [1, 2, 3, 4, 5, 6, 7, 8]);
    }
}
