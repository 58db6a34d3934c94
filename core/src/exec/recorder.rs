//! The recording side of a debugged group's history (docs/plans/reverse-execution.md §1):
//! what the interpreter's debug path (`interp`'s `exec` with `DEBUG`) and the memory checks
//! (`checks::keep_written`) hand over as an op runs, made into the log's records
//! (`history`). An op's registers are kept before it runs and read again after it, its
//! memory writes' old bytes before each write and their new bytes once the op is over.

use std::ops::Range;

use super::history::{Cursor, EntryValue, History, Layer, Mark, Record, SavedFrame, Shadow};
use super::journal::Journal;
use super::shadow_values::ShadowFile;
use super::workitem::Frame;
use crate::memory::{load_bytes, AddrSpace, ArenaMark, ArenaMemory, ShadowPlaces};

/// A write of the op being recorded: where, its host pointer, and its old bytes (in
/// `Recorder::old` from `at`).
struct Written {
    space: AddrSpace,
    addr: u64,
    p: *mut u8,
    len: usize,
    at: usize,
    /// In private or local memory with shadows: where its shadow and origins are, their old
    /// bytes following its own in `old`.
    shadow: Option<ShadowPlaces>,
}

/// Where a work-item was at the present (`WorkItem`'s place), kept while its group is in
/// its past.
#[derive(Clone, Copy)]
pub(crate) struct Place {
    pub func: u32,
    pub pc: u32,
    pub base: u32,
}

pub(crate) struct Recorder {
    pub log: History,
    /// Where the group is in its history: the log's frontier at the present, less while it
    /// is in its past.
    pub position: u64,
    /// The work-items' places (by slot) at the present, while the group is in its past.
    pub present: Option<Vec<Place>>,
    /// The registers the op writes (indices into the work-item's register file), with their
    /// values and shadows before it.
    regs: Vec<(u32, u64, Shadow)>,
    /// The memory it writes.
    writes: Vec<Written>,
    old: Vec<u8>,
    new: Vec<u8>,
    /// A return's popped frame, kept before it runs (the private memory it frees is in
    /// `freed`).
    ret: Option<SavedFrame>,
    freed: Vec<u8>,
    /// The work-item's frames before the op (a call adds one).
    depth: usize,
    /// Its private arena before the op (an alloca or a call's copies grow it).
    arena: ArenaMark,
    /// The journal's entries before this one are named in the log (or came before it).
    ticket: u64,
}

// SAFETY: the pointers are into memory that outlives the op that wrote there; only the
// worker that runs the group reads through them, before the op's end.
unsafe impl Send for Recorder {}

fn mark(m: ArenaMark) -> Mark {
    let (entries, words) = ArenaMemory::mark_counts(m);
    Mark { entries, words }
}

pub(crate) fn saved(f: &Frame) -> SavedFrame {
    SavedFrame {
        func: f.func,
        base: f.base,
        ret_pc: f.ret_pc,
        ret_dst: f.ret_dst,
        mark: mark(f.mark),
    }
}

/// The frame a `SavedFrame` was made from.
pub(crate) fn frame_of(f: SavedFrame) -> Frame {
    Frame {
        func: f.func,
        base: f.base,
        ret_pc: f.ret_pc,
        ret_dst: f.ret_dst,
        mark: arena_mark(f.mark),
    }
}

pub(crate) fn arena_mark(m: Mark) -> ArenaMark {
    ArenaMemory::mark_of_counts(m.entries, m.words)
}

fn shadow_of(shadow: Option<&ShadowFile>, slot: usize) -> Shadow {
    shadow.map_or(Shadow::default(), |s| Shadow {
        bits: s.bits[slot],
        origin: s.origins[slot],
    })
}

impl Recorder {
    /// Empty again, for another group, keeping at most `cap` bytes (its memory is reused).
    pub fn reset(&mut self, cap: u64) {
        self.log.reset(cap);
        self.position = 0;
        self.present = None;
        self.regs.clear();
        self.writes.clear();
        self.old.clear();
        self.ret = None;
        self.ticket = 0;
    }

    pub fn new(cap: u64) -> Recorder {
        Recorder {
            log: History::new(cap),
            position: 0,
            present: None,
            regs: Vec::new(),
            writes: Vec::new(),
            old: Vec::new(),
            new: Vec::new(),
            ret: None,
            freed: Vec::new(),
            depth: 0,
            arena: ArenaMark::default(),
            ticket: 0,
        }
    }

    /// An op begins at `at`, with `depth` frames and the private arena at `arena`: first
    /// what was written since the last op ended (the debugger's edits at the stop before it,
    /// as `Edit`; other groups' global writes), then its header.
    #[inline]
    pub fn begin_op(&mut self, at: Cursor, depth: usize, arena: ArenaMark, journal: &Journal) {
        if !self.writes.is_empty() {
            self.flush(true, journal);
        }
        if self.log.frontier() == 0 {
            // What came before the first op is the state the history starts from.
            self.ticket = journal.end();
        }
        self.cover_journal(journal);
        self.log.begin_op(at);
        self.position = self.log.frontier();
        self.regs.clear();
        self.ret = None;
        self.depth = depth;
        self.arena = arena;
    }

    /// Names in the log the journal's entries made since it last did (they belong to the
    /// op recorded last).
    #[inline]
    pub fn cover_journal(&mut self, journal: &Journal) {
        let end = journal.end();
        if end != self.ticket && self.log.frontier() > 0 {
            self.log.push(&Record::Global {
                from: self.ticket,
                to: end,
            });
        }
        self.ticket = end;
    }

    /// Keeps register `slot`'s value before the op writes it.
    #[inline]
    pub fn keep_register(&mut self, regs: &[u64], shadow: Option<&ShadowFile>, slot: usize) {
        self.regs
            .push((slot as u32, regs[slot], shadow_of(shadow, slot)));
    }

    /// A return about to pop `frame`, freeing the private memory of `private` after its
    /// mark.
    pub fn returning(&mut self, frame: &Frame, private: &ArenaMemory) {
        self.ret = Some(saved(frame));
        self.freed.clear();
        private.tail_into(frame.mark, &mut self.freed);
    }

    /// `size` bytes at `p` (`addr` in `space`) are about to be written: their old bytes
    /// (and those of their shadow and origins, in an arena that keeps them).
    pub fn written(
        &mut self,
        space: AddrSpace,
        (addr, p, size): (u64, *mut u8, u64),
        shadow: Option<ShadowPlaces>,
    ) {
        let (at, len) = (self.old.len(), size as usize);
        self.old.resize(at + len, 0);
        // SAFETY: the access was located: `size` bytes at `p` lie in a buffer.
        unsafe { load_bytes(p, &mut self.old[at..]) };
        if let Some(s) = shadow {
            // SAFETY: the shadow and origins of the same located range.
            unsafe {
                let bytes = std::slice::from_raw_parts(s.shadow, len);
                self.old.extend_from_slice(bytes);
                let origins = std::slice::from_raw_parts(s.origins, s.granules);
                origins
                    .iter()
                    .for_each(|o| self.old.extend_from_slice(&o.to_le_bytes()));
            }
        }
        self.writes.push(Written {
            space,
            addr,
            p,
            len,
            at,
            shadow,
        });
    }

    /// Register `slot` changes from `old` to `new` outside an op (the debugger's edit).
    pub fn edited_register(&mut self, slot: u32, old: u64, new: u64) {
        if self.log.frontier() > 0 && old != new {
            self.log.push(&Record::Edit);
            self.log.push(&Record::Reg { slot, old, new });
        }
    }

    /// Work-item `index`'s entry in the group's table changed (between ops: it belongs to
    /// the op recorded last).
    pub fn entry(&mut self, index: usize, old: EntryValue, new: EntryValue) {
        if self.log.frontier() > 0 && old != new {
            let index = index as u32;
            self.log.push(&Record::Entry { index, old, new });
        }
    }

    /// A call about to set the callee's registers, `slots`: their values before (slots past
    /// the register file, which the call grows, as 0).
    pub fn calling(&mut self, regs: &[u64], shadow: Option<&ShadowFile>, slots: Range<usize>) {
        for slot in slots {
            match slot < regs.len() {
                true => self.keep_register(regs, shadow, slot),
                false => self.regs.push((slot as u32, 0, Shadow::default())),
            }
        }
    }

    /// The op is over: a call's or a return's record, the private memory it allocated, the
    /// registers' new values, the new bytes of what it wrote.
    #[inline]
    pub fn end_op(
        &mut self,
        regs: &[u64],
        shadow: Option<&ShadowFile>,
        frames: &[Frame],
        private: &ArenaMemory,
        journal: &Journal,
    ) {
        if let Some(frame) = self.ret.take() {
            let freed = &self.freed;
            self.log.push(&Record::Ret { frame, freed });
        } else if private.mark() != self.arena {
            self.freed.clear();
            private.tail_into(self.arena, &mut self.freed);
            let (mark, added) = (mark(self.arena), &self.freed);
            self.log.push(&Record::Grow { mark, added });
        }
        if frames.len() > self.depth {
            let frame = saved(frames.last().expect("a frame was pushed"));
            self.log.push(&Record::Call { frame });
        }
        for &(slot, old, old_shadow) in &self.regs {
            let Some(&new) = regs.get(slot as usize) else {
                // A call that could not grow the register file (a stack overflow).
                continue;
            };
            // Unchanged, it needs no undoing.
            if new != old {
                self.log.push(&Record::Reg { slot, old, new });
            }
            if shadow.is_some() {
                let new = shadow_of(shadow, slot as usize);
                if new != old_shadow {
                    let (old, slot) = (old_shadow, slot);
                    self.log.push(&Record::RegShadow { slot, old, new });
                }
            }
        }
        self.regs.clear();
        if !self.writes.is_empty() {
            self.flush(false, journal);
        }
    }

    /// Records the writes made since the op's old bytes were kept, with their new bytes
    /// (global ones in the journal): the op's own at its end; at a barrier's release, its
    /// async copies (the last op's); `edit`: the debugger's, before the next op.
    pub fn flush(&mut self, edit: bool, journal: &Journal) {
        if self.writes.is_empty() {
            return;
        }
        if self.log.frontier() == 0 {
            // Before the first op: part of the state the history starts from.
            self.writes.clear();
            self.old.clear();
            return;
        }
        if edit {
            self.log.push(&Record::Edit);
        }
        for w in self.writes.drain(..) {
            // The new bytes, then (with a shadow) the new shadow bytes and origins, laid out
            // as their old ones are in `old`.
            let extra = w.shadow.map_or(0, |s| w.len + 4 * s.granules);
            self.new.clear();
            self.new.resize(w.len + extra, 0);
            // SAFETY: `written` located these bytes (and their shadow); the op that wrote them
            // has not freed them.
            unsafe {
                load_bytes(w.p, &mut self.new[..w.len]);
                if let Some(s) = w.shadow {
                    let shadow = std::slice::from_raw_parts(s.shadow, w.len);
                    self.new[w.len..2 * w.len].copy_from_slice(shadow);
                    let origins = std::slice::from_raw_parts(s.origins, s.granules);
                    for (k, o) in origins.iter().enumerate() {
                        let at = 2 * w.len + 4 * k;
                        self.new[at..at + 4].copy_from_slice(&o.to_le_bytes());
                    }
                }
            }
            let old = &self.old[w.at..w.at + w.len + extra];
            let new = &self.new[..];
            if matches!(w.space, AddrSpace::Global | AddrSpace::Constant) {
                journal.append(w.addr, (w.p, w.len), w.shadow, old, new);
                continue;
            }
            // Data, shadow and origins: each a record where it changed.
            let (space, n) = (w.space, w.len);
            let mut layers = vec![(Layer::Data, w.addr, 0..n)];
            if let Some(s) = w.shadow {
                layers.push((Layer::Shadow, w.addr, n..2 * n));
                layers.push((Layer::Origins, s.first, 2 * n..2 * n + 4 * s.granules));
            }
            for (layer, addr, range) in layers {
                let (old, new) = (&old[range.clone()], &new[range]);
                if layer == Layer::Data || old != new {
                    self.log.push(&Record::Mem {
                        layer,
                        space,
                        addr,
                        old,
                        new,
                    });
                }
            }
        }
        self.old.clear();
        self.cover_journal(journal);
    }
}
