//! The recording side of a debugged group's history (docs/plans/reverse-execution.md §1):
//! what the interpreter's debug path (`interp`'s `exec` with `DEBUG`) and the memory checks
//! (`checks::keep_written`) hand over as an op runs, made into the log's records
//! (`history`). An op's registers are kept before it runs and read again after it, its
//! memory writes' old bytes before each write and their new bytes once the op is over.

use super::history::{Cursor, History, Layer, Mark, Record, SavedFrame, Shadow, Words};
use super::shadow_values::ShadowFile;
use super::workitem::Frame;
use crate::memory::{load_bytes, AddrSpace, ArenaMark, ArenaMemory};

/// Bytes a debugged group's history keeps (`--history-size` will set it).
pub(crate) const DEFAULT_HISTORY_BYTES: u64 = 256 << 20;

/// A write of the op being recorded: where, its host pointer, and its old bytes (in
/// `Recorder::old` from `at`).
struct Written {
    space: AddrSpace,
    addr: u64,
    p: *mut u8,
    len: usize,
    at: usize,
}

pub(crate) struct Recorder {
    pub log: History,
    /// The registers the op writes (indices into the work-item's register file), with their
    /// values and shadows before it.
    regs: Vec<(u32, u64, Shadow)>,
    /// The memory it writes.
    writes: Vec<Written>,
    old: Vec<u8>,
    new: Vec<u8>,
    /// A return's popped frame and the private memory it frees, kept before it runs.
    ret: Option<(SavedFrame, Vec<u8>)>,
    /// The work-item's frames before the op (a call adds one).
    depth: usize,
}

// SAFETY: the pointers are into memory that outlives the op that wrote there; only the
// worker that runs the group reads through them, before the op's end.
unsafe impl Send for Recorder {}

fn mark(m: ArenaMark) -> Mark {
    let (entries, words) = ArenaMemory::mark_counts(m);
    Mark { entries, words }
}

fn saved(f: &Frame) -> SavedFrame {
    SavedFrame {
        func: f.func,
        base: f.base,
        ret_pc: f.ret_pc,
        ret_dst: f.ret_dst,
        mark: mark(f.mark),
    }
}

fn shadow_of(shadow: Option<&ShadowFile>, slot: usize) -> Shadow {
    shadow.map_or(Shadow::default(), |s| Shadow {
        bits: s.bits[slot],
        origin: s.origins[slot],
    })
}

impl Recorder {
    pub fn new(cap: u64) -> Recorder {
        Recorder {
            log: History::new(cap),
            regs: Vec::new(),
            writes: Vec::new(),
            old: Vec::new(),
            new: Vec::new(),
            ret: None,
            depth: 0,
        }
    }

    /// An op begins at `at`: first what was written since the last op ended (the debugger's
    /// edits at the stop before it, as `Edit`), then its header.
    pub fn begin_op(&mut self, at: Cursor, depth: usize) {
        self.flush(true);
        self.log.begin_op(at);
        self.regs.clear();
        self.ret = None;
        self.depth = depth;
    }

    /// Keeps register `slot`'s value before the op writes it.
    pub fn keep_register(&mut self, regs: &[u64], shadow: Option<&ShadowFile>, slot: usize) {
        self.regs
            .push((slot as u32, regs[slot], shadow_of(shadow, slot)));
    }

    /// A return about to pop `frame`, freeing private memory after its mark (`freed`, from
    /// `ArenaMemory::tail`).
    pub fn returning(&mut self, frame: &Frame, freed: Vec<u8>) {
        self.ret = Some((saved(frame), freed));
    }

    /// An alloca about to allocate, with the private arena at `at`.
    pub fn allocating(&mut self, at: ArenaMark) {
        self.log.push(&Record::Alloca { mark: mark(at) });
    }

    /// A barrier or event wait about to replace the work-item's wait.
    pub fn waiting(&mut self, barrier_at: (u32, u32, u32), events: &[u64]) {
        let bytes: Vec<u8> = events.iter().flat_map(|e| e.to_le_bytes()).collect();
        let events = Words::new(&bytes);
        self.log.push(&Record::Wait { barrier_at, events });
    }

    /// `size` bytes at `p` (`addr` in `space`) are about to be written: their old bytes.
    pub fn written(&mut self, space: AddrSpace, addr: u64, p: *mut u8, size: u64) {
        let at = self.old.len();
        self.old.resize(at + size as usize, 0);
        // SAFETY: the access was located: `size` bytes at `p` lie in a buffer.
        unsafe { load_bytes(p, &mut self.old[at..]) };
        self.writes.push(Written {
            space,
            addr,
            p,
            len: size as usize,
            at,
        });
    }

    /// The op is over: a call's or a return's record, the registers' new values, the new
    /// bytes of what it wrote.
    pub fn end_op(&mut self, regs: &[u64], shadow: Option<&ShadowFile>, frames: &[Frame]) {
        if let Some((frame, freed)) = self.ret.take() {
            self.log.push(&Record::Ret {
                frame,
                freed: &freed,
            });
        }
        if frames.len() > self.depth {
            let callee = frames.last().expect("a frame was pushed");
            let mark = mark(callee.mark);
            self.log.push(&Record::Call { mark });
        }
        for &(slot, old, old_shadow) in &self.regs {
            let new = regs[slot as usize];
            self.log.push(&Record::Reg { slot, old, new });
            if shadow.is_some() {
                let new = shadow_of(shadow, slot as usize);
                let (old, slot) = (old_shadow, slot);
                self.log.push(&Record::RegShadow { slot, old, new });
            }
        }
        self.regs.clear();
        self.flush(false);
    }

    /// Records the writes made since the op's old bytes were kept, with their new bytes:
    /// the op's own at its end; at a barrier's release, its async copies (the last op's);
    /// `edit`: the debugger's, before the next op.
    pub fn flush(&mut self, edit: bool) {
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
            self.new.resize(w.len, 0);
            // SAFETY: `written` located these bytes; the op that wrote them has not freed them.
            unsafe { load_bytes(w.p, &mut self.new[..]) };
            self.log.push(&Record::Mem {
                layer: Layer::Data,
                space: w.space,
                addr: w.addr,
                old: &self.old[w.at..w.at + w.len],
                new: &self.new[..w.len],
            });
        }
        self.old.clear();
    }
}
