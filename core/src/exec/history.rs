//! A debugged work-group's history (issue 43, docs/plans/reverse-execution.md §2): a log of
//! every change its ops make, with the old and the new value, that reads in both directions:
//! undoing records goes back in time, redoing them goes forward.
//!
//! The log is a byte stream in chunks. Each record is `[kind][fields][kind]`, and the
//! variable-length ones end `[fields][total length u32][kind]`, so a reader that stands after a
//! record knows from its last byte where it starts. Each op of the group begins with a header,
//! `OpAt` (where it runs: work-item, function, pc) or `Op` (one byte: where the previous op
//! would go on, pc + 1, or where the transition record before it says). Between two ops, a
//! `Jump` (within a function) or a `Leap` (to another function or work-item) says where the
//! previous op went when that is not the next pc. So each op's place can be decoded both ways
//! from the log alone: forwards from a chunk's first op (always an `OpAt`), backwards from the
//! last op, whose place the log keeps.
//!
//! Position *k* is the state before the group's *k*-th op (gdb's instruction number). A size
//! cap bounds the bytes kept: when a new chunk starts and the cap would be passed, the oldest
//! chunks go, and the first position kept moves up. Chunks start only at an op's header, so
//! every op kept is kept whole.
//!
//! A leaf: it knows nothing of the interpreter's types. What the exec side keeps in a record
//! (a frame, an arena mark, the bytes an arena dropped) it passes as plain numbers and bytes.

use std::collections::VecDeque;
use std::sync::Mutex;

use crate::memory::AddrSpace;

/// Bytes of one chunk of the log, unless a smaller cap asks for less.
pub const CHUNK_BYTES: usize = 1 << 20;

/// Where an op runs: the work-item (its local linear index), the function, the pc.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Cursor {
    pub item: u32,
    pub func: u32,
    pub pc: u32,
}

impl Cursor {
    /// The op after this one in the same function.
    fn next(self) -> Cursor {
        Cursor {
            pc: self.pc.wrapping_add(1),
            ..self
        }
    }

    /// The op before this one in the same function.
    fn prev(self) -> Cursor {
        Cursor {
            pc: self.pc.wrapping_sub(1),
            ..self
        }
    }
}

/// A point to which a private arena can be released (`ArenaMark`'s two counts).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    pub entries: u64,
    pub words: u64,
}

/// A caller's frame as a `Ret` popped it (`exec::Frame`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SavedFrame {
    pub func: u32,
    pub base: u32,
    pub ret_pc: u32,
    pub ret_dst: u32,
    pub mark: Mark,
}

/// A register's shadow: its uninitialised bits and their origin.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shadow {
    pub bits: u64,
    pub origin: u32,
}

/// An entry of the group's work-item table (`GroupItems::entries`): its state's code and
/// the slot of its registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct EntryValue {
    pub state: u8,
    pub slot: u32,
}

/// Which bytes a `Mem` record holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    /// The memory's bytes.
    Data,
    /// Their shadow (the Uninitialized checker's uninitialised bits).
    Shadow,
    /// The origins of their shadow, as the arena or the shadow memory keeps them.
    Origins,
}

/// One record of the log. Slices borrow the log's bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Record<'a> {
    /// An op's header, with its place: the first op of a chunk, or one whose place the
    /// previous op does not give.
    OpAt(Cursor),
    /// An op's header: it runs where the previous op went on.
    Op,
    /// The previous op, at `from`, went on at `to` in the same function and work-item.
    Jump { from: u32, to: u32 },
    /// The previous op, at `from`, was followed by one at `to`: a call, a return, another
    /// work-item's turn.
    Leap { from: Cursor, to: Cursor },
    /// A register the op wrote (`Op::writes`, a return's result), by its index in the
    /// work-item's register file.
    Reg { slot: u32, old: u64, new: u64 },
    /// The same register's shadow (with the Uninitialized checker).
    RegShadow { slot: u32, old: Shadow, new: Shadow },
    /// Bytes the op wrote in private, local or global memory (`old` and `new` have the same
    /// length), or their shadows.
    Mem {
        layer: Layer,
        space: AddrSpace,
        addr: u64,
        old: &'a [u8],
        new: &'a [u8],
    },
    /// Global writes, kept in the launch's journal: its entries `from..to` (the op's own,
    /// and any that other work-groups made after it, before the group's next op).
    Global { from: u64, to: u64 },
    /// A call: the caller's frame it pushed (the callee's registers, which it set, are
    /// `Reg` records).
    Call { frame: SavedFrame },
    /// A return: the caller's frame it popped, and what releasing the callee's private
    /// memory dropped (the arena's tail, as the exec side writes it).
    Ret { frame: SavedFrame, freed: &'a [u8] },
    /// The private arena grew from `mark` (an alloca, a call's by-value copies): what it
    /// added, as the exec side writes an arena's tail.
    Grow { mark: Mark, added: &'a [u8] },
    /// An entry of the work-item table changed.
    Entry {
        index: u32,
        old: EntryValue,
        new: EntryValue,
    },
    /// The records up to the next op's header are changes the user made at the present
    /// (`set var`), not the op's.
    Edit,
}

// Kind bytes: each record's first and last byte.
const K_OP_AT: u8 = 1;
const K_OP: u8 = 2;
const K_JUMP: u8 = 3;
const K_LEAP: u8 = 4;
const K_REG: u8 = 5;
const K_REG_SHADOW: u8 = 6;
const K_MEM: u8 = 7;
const K_GLOBAL: u8 = 8;
const K_CALL: u8 = 9;
const K_RET: u8 = 10;
const K_GROW: u8 = 11;
const K_ENTRY: u8 = 13;
const K_EDIT: u8 = 14;

/// The length of a record of fixed size, from its kind; `None` for those that end with
/// their length.
fn fixed_len(kind: u8) -> Option<usize> {
    Some(match kind {
        K_OP | K_EDIT => 1,
        K_OP_AT => 2 + 12,
        K_JUMP => 2 + 8,
        K_LEAP => 2 + 24,
        K_REG => 2 + 20,
        K_REG_SHADOW => 2 + 28,
        K_GLOBAL => 2 + 16,
        K_ENTRY => 2 + 14,
        K_CALL => 2 + 32,
        K_MEM | K_RET | K_GROW => return None,
        _ => panic!("history: no record kind {kind}"),
    })
}

fn space_code(space: AddrSpace) -> u8 {
    space.llvm_number() as u8
}

fn layer_code(layer: Layer) -> u8 {
    match layer {
        Layer::Data => 0,
        Layer::Shadow => 1,
        Layer::Origins => 2,
    }
}

struct Out<'v>(&'v mut Vec<u8>);

impl Out<'_> {
    fn u8(&mut self, v: u8) {
        self.0.push(v);
    }
    fn u32(&mut self, v: u32) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn u64(&mut self, v: u64) {
        self.0.extend_from_slice(&v.to_le_bytes());
    }
    fn cursor(&mut self, c: Cursor) {
        self.u32(c.item);
        self.u32(c.func);
        self.u32(c.pc);
    }
    fn mark(&mut self, m: Mark) {
        self.u64(m.entries);
        self.u64(m.words);
    }
    fn frame(&mut self, f: SavedFrame) {
        self.u32(f.func);
        self.u32(f.base);
        self.u32(f.ret_pc);
        self.u32(f.ret_dst);
        self.mark(f.mark);
    }
    fn bytes(&mut self, b: &[u8]) {
        self.u32(b.len() as u32);
        self.0.extend_from_slice(b);
    }
    fn shadow(&mut self, s: Shadow) {
        self.u64(s.bits);
        self.u32(s.origin);
    }
    fn entry(&mut self, e: EntryValue) {
        self.u8(e.state);
        self.u32(e.slot);
    }
}

/// Reads fields from the front of a record.
struct In<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> In<'a> {
    fn take(&mut self, n: usize) -> &'a [u8] {
        let s = &self.bytes[self.at..self.at + n];
        self.at += n;
        s
    }
    fn u8(&mut self) -> u8 {
        self.take(1)[0]
    }
    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take(4).try_into().unwrap())
    }
    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take(8).try_into().unwrap())
    }
    fn cursor(&mut self) -> Cursor {
        Cursor {
            item: self.u32(),
            func: self.u32(),
            pc: self.u32(),
        }
    }
    fn mark(&mut self) -> Mark {
        Mark {
            entries: self.u64(),
            words: self.u64(),
        }
    }
    fn frame(&mut self) -> SavedFrame {
        SavedFrame {
            func: self.u32(),
            base: self.u32(),
            ret_pc: self.u32(),
            ret_dst: self.u32(),
            mark: self.mark(),
        }
    }
    fn bytes(&mut self) -> &'a [u8] {
        let n = self.u32() as usize;
        self.take(n)
    }
    fn shadow(&mut self) -> Shadow {
        Shadow {
            bits: self.u64(),
            origin: self.u32(),
        }
    }
    fn entry(&mut self) -> EntryValue {
        EntryValue {
            state: self.u8(),
            slot: self.u32(),
        }
    }
}

impl<'a> Record<'a> {
    fn kind(&self) -> u8 {
        match self {
            Record::OpAt(_) => K_OP_AT,
            Record::Op => K_OP,
            Record::Jump { .. } => K_JUMP,
            Record::Leap { .. } => K_LEAP,
            Record::Reg { .. } => K_REG,
            Record::RegShadow { .. } => K_REG_SHADOW,
            Record::Mem { .. } => K_MEM,
            Record::Global { .. } => K_GLOBAL,
            Record::Call { .. } => K_CALL,
            Record::Ret { .. } => K_RET,
            Record::Grow { .. } => K_GROW,
            Record::Entry { .. } => K_ENTRY,
            Record::Edit => K_EDIT,
        }
    }

    /// An op's header.
    pub fn is_header(&self) -> bool {
        matches!(self, Record::OpAt(_) | Record::Op)
    }

    /// The record's bytes appended to `out`.
    #[inline]
    pub fn encode(&self, out: &mut Vec<u8>) {
        // The two records of almost every op, written at once.
        match *self {
            Record::Op => return out.push(K_OP),
            Record::Reg { slot, old, new } => {
                let mut b = [K_REG; 22];
                b[1..5].copy_from_slice(&slot.to_le_bytes());
                b[5..13].copy_from_slice(&old.to_le_bytes());
                b[13..21].copy_from_slice(&new.to_le_bytes());
                return out.extend_from_slice(&b);
            }
            _ => {}
        }
        self.encode_any(out)
    }

    fn encode_any(&self, out: &mut Vec<u8>) {
        let start = out.len();
        let kind = self.kind();
        let mut o = Out(out);
        o.u8(kind);
        if kind == K_OP || kind == K_EDIT {
            // One byte, first and last at once.
            return;
        }
        match *self {
            Record::OpAt(c) => o.cursor(c),
            Record::Op | Record::Edit => unreachable!(),
            Record::Jump { from, to } => {
                o.u32(from);
                o.u32(to);
            }
            Record::Leap { from, to } => {
                o.cursor(from);
                o.cursor(to);
            }
            Record::Reg { slot, old, new } => {
                o.u32(slot);
                o.u64(old);
                o.u64(new);
            }
            Record::RegShadow { slot, old, new } => {
                o.u32(slot);
                o.shadow(old);
                o.shadow(new);
            }
            Record::Mem {
                layer,
                space,
                addr,
                old,
                new,
            } => {
                assert_eq!(old.len(), new.len(), "a Mem record's old and new bytes");
                o.u8(layer_code(layer));
                o.u8(space_code(space));
                o.u64(addr);
                o.u32(old.len() as u32);
                o.0.extend_from_slice(old);
                o.0.extend_from_slice(new);
            }
            Record::Global { from, to } => {
                o.u64(from);
                o.u64(to);
            }
            Record::Call { frame } => o.frame(frame),
            Record::Ret { frame, freed } => {
                o.frame(frame);
                o.bytes(freed);
            }
            Record::Grow { mark, added } => {
                o.mark(mark);
                o.bytes(added);
            }
            Record::Entry { index, old, new } => {
                o.u32(index);
                o.entry(old);
                o.entry(new);
            }
        }
        if fixed_len(kind).is_none() {
            // The total, with this field and the last byte.
            let total = o.0.len() - start + 5;
            o.u32(total as u32);
        }
        o.u8(kind);
        debug_assert!(fixed_len(kind).is_none_or(|n| n == out.len() - start));
    }

    /// The record that starts `bytes`, and its length.
    pub fn decode(bytes: &'a [u8]) -> (Record<'a>, usize) {
        let mut i = In { bytes, at: 0 };
        let kind = i.u8();
        let record = match kind {
            K_OP => return (Record::Op, 1),
            K_EDIT => return (Record::Edit, 1),
            K_OP_AT => Record::OpAt(i.cursor()),
            K_JUMP => Record::Jump {
                from: i.u32(),
                to: i.u32(),
            },
            K_LEAP => Record::Leap {
                from: i.cursor(),
                to: i.cursor(),
            },
            K_REG => Record::Reg {
                slot: i.u32(),
                old: i.u64(),
                new: i.u64(),
            },
            K_REG_SHADOW => Record::RegShadow {
                slot: i.u32(),
                old: i.shadow(),
                new: i.shadow(),
            },
            K_MEM => {
                let layer = match i.u8() {
                    0 => Layer::Data,
                    1 => Layer::Shadow,
                    2 => Layer::Origins,
                    l => panic!("history: no layer {l}"),
                };
                let space = i.u8();
                let space = AddrSpace::from_llvm(space as u32)
                    .unwrap_or_else(|| panic!("history: no address space {space}"));
                let addr = i.u64();
                let n = i.u32() as usize;
                let (old, new) = (i.take(n), i.take(n));
                Record::Mem {
                    layer,
                    space,
                    addr,
                    old,
                    new,
                }
            }
            K_GLOBAL => Record::Global {
                from: i.u64(),
                to: i.u64(),
            },
            K_CALL => Record::Call { frame: i.frame() },
            K_RET => Record::Ret {
                frame: i.frame(),
                freed: i.bytes(),
            },
            K_GROW => Record::Grow {
                mark: i.mark(),
                added: i.bytes(),
            },
            K_ENTRY => Record::Entry {
                index: i.u32(),
                old: i.entry(),
                new: i.entry(),
            },
            _ => panic!("history: no record kind {kind}"),
        };
        if fixed_len(kind).is_none() {
            let total = i.u32() as usize;
            debug_assert_eq!(total, i.at + 1, "history: a record's length");
        }
        let last = i.u8();
        assert_eq!(last, kind, "history: a record's last byte");
        (record, i.at)
    }

    /// The record that ends `bytes`, and where it starts.
    pub fn decode_back(bytes: &'a [u8]) -> (Record<'a>, usize) {
        let end = bytes.len();
        let kind = bytes[end - 1];
        let len = match fixed_len(kind) {
            Some(n) => n,
            None => u32::from_le_bytes(bytes[end - 5..end - 1].try_into().unwrap()) as usize,
        };
        let start = end - len;
        let (record, n) = Record::decode(&bytes[start..]);
        debug_assert_eq!(n, len);
        (record, start)
    }
}

/// Bytes of a chunk under a cap of `cap`: an eighth of it at most, so that dropping the
/// oldest chunk keeps most of the history.
fn chunk_bytes(cap: u64) -> usize {
    CHUNK_BYTES.min((cap / 8).max(1) as usize)
}

/// One chunk of the log: the position of its first op and its bytes.
struct Chunk {
    first: u64,
    bytes: Vec<u8>,
}

/// A group's history: the log, its cap, the positions it holds.
pub struct History {
    chunks: VecDeque<Chunk>,
    /// Bytes of a chunk before the next op starts another.
    chunk_bytes: usize,
    /// Most bytes kept (a chunk may pass `chunk_bytes` by the records of its last op).
    cap: u64,
    /// Bytes of all chunks.
    bytes: u64,
    /// Ops recorded since the start: the frontier's position.
    frontier: u64,
    /// A chunk's memory kept for the next chunk (`reset`).
    spare: Option<Vec<u8>>,
    /// The place of the last op recorded.
    last: Option<Cursor>,
    /// Ops located lately (position, where): a replay moves one op at a time, and finding
    /// an op otherwise reads its chunk from the front.
    found: Mutex<[Option<(u64, Loc)>; 4]>,
}

/// One op of the log, as a reader finds it: its position, its place, its records (the
/// header and the transition after it left out).
#[derive(Clone, Copy, Debug)]
pub struct OpRecords<'a> {
    pub position: u64,
    pub at: Cursor,
    body: &'a [u8],
}

impl<'a> OpRecords<'a> {
    /// The op's records in the order they were made (redo's order).
    pub fn records(&self) -> impl Iterator<Item = Record<'a>> + 'a {
        walk(self.body, |rest| {
            let (r, n) = Record::decode(rest);
            (r, &rest[n..])
        })
    }

    /// The op's records, last first (undo's order).
    pub fn records_back(&self) -> impl Iterator<Item = Record<'a>> + 'a {
        walk(self.body, |rest| {
            let (r, start) = Record::decode_back(rest);
            (r, &rest[..start])
        })
    }

    /// Bytes of the op's records.
    pub fn len(&self) -> usize {
        self.body.len()
    }

    pub fn is_empty(&self) -> bool {
        self.body.is_empty()
    }
}

/// The records of `body`, each taken by `next` (which returns the bytes left).
fn walk<'a>(
    mut rest: &'a [u8],
    next: fn(&'a [u8]) -> (Record<'a>, &'a [u8]),
) -> impl Iterator<Item = Record<'a>> + 'a {
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (r, left) = next(rest);
        rest = left;
        Some(r)
    })
}

/// Where an op is in the log: its chunk, its header's offset, its place.
#[derive(Clone, Copy, Debug)]
struct Loc {
    chunk: usize,
    offset: usize,
    at: Cursor,
}

impl History {
    /// An empty history that keeps at most `cap` bytes (at least one chunk's records).
    pub fn new(cap: u64) -> History {
        History::with_chunks(cap, chunk_bytes(cap))
    }

    /// An empty history with chunks of `chunk_bytes` (tests use small ones).
    pub fn with_chunks(cap: u64, chunk_bytes: usize) -> History {
        assert!(chunk_bytes > 0, "history: chunks of no bytes");
        History {
            chunks: VecDeque::new(),
            chunk_bytes,
            cap,
            bytes: 0,
            frontier: 0,
            spare: None,
            last: None,
            found: Mutex::default(),
        }
    }

    /// Empty again, keeping at most `cap` bytes; one chunk's memory is kept for the next.
    pub fn reset(&mut self, cap: u64) {
        self.spare = self
            .chunks
            .drain(..)
            .map(|c| c.bytes)
            .max_by_key(Vec::capacity);
        self.cap = cap;
        self.chunk_bytes = chunk_bytes(cap);
        self.bytes = 0;
        self.frontier = 0;
        self.last = None;
        *self.found.get_mut().unwrap_or_else(|e| e.into_inner()) = Default::default();
    }

    /// The first position kept: going back stops there.
    pub fn start(&self) -> u64 {
        self.chunks.front().map_or(self.frontier, |c| c.first)
    }

    /// The position after the last op recorded (the present).
    pub fn frontier(&self) -> u64 {
        self.frontier
    }

    /// Most bytes it keeps.
    pub fn cap(&self) -> u64 {
        self.cap
    }

    /// Bytes the log holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// The place of the last op recorded.
    pub fn last(&self) -> Option<Cursor> {
        self.last
    }

    /// Starts the record of the next op, at `at`: the transition from the previous op when it
    /// did not go on at the next pc, a new chunk when this one is full (the oldest go past
    /// the cap), and the op's header.
    #[inline]
    pub fn begin_op(&mut self, at: Cursor) {
        if let Some(last) = self.last {
            if last.item != at.item || last.func != at.func {
                self.push(&Record::Leap { from: last, to: at });
            } else if at.pc != last.pc.wrapping_add(1) {
                self.push(&Record::Jump {
                    from: last.pc,
                    to: at.pc,
                });
            }
        }
        if self
            .chunks
            .back()
            .is_none_or(|c| c.bytes.len() >= self.chunk_bytes)
        {
            self.new_chunk();
        }
        let chunk = self.chunks.back().unwrap();
        let header = match chunk.bytes.is_empty() {
            true => Record::OpAt(at),
            false => Record::Op,
        };
        self.push(&header);
        self.last = Some(at);
        self.frontier += 1;
    }

    /// Appends a record of the op begun last.
    #[inline]
    pub fn push(&mut self, record: &Record) {
        let chunk = self
            .chunks
            .back_mut()
            .expect("history: a record before any op");
        let before = chunk.bytes.len();
        record.encode(&mut chunk.bytes);
        self.bytes += (chunk.bytes.len() - before) as u64;
    }

    /// Starts a chunk for the next op, first dropping the oldest ones while the log and a
    /// full new chunk would pass the cap (all of them, when the cap is below two chunks).
    fn new_chunk(&mut self) {
        // Chunk indices move when the oldest go.
        *self.found.get_mut().unwrap_or_else(|e| e.into_inner()) = Default::default();
        let mut spare = self.spare.take();
        while !self.chunks.is_empty() && self.bytes + self.chunk_bytes as u64 > self.cap {
            let old = self.chunks.pop_front().unwrap();
            self.bytes -= old.bytes.len() as u64;
            spare = Some(old.bytes);
        }
        // The oldest chunk's memory, already mapped, takes the new one's records.
        let mut bytes =
            spare.unwrap_or_else(|| Vec::with_capacity(self.chunk_bytes.min(CHUNK_BYTES)));
        bytes.clear();
        self.chunks.push_back(Chunk {
            first: self.frontier,
            bytes,
        });
    }

    /// The op at `position` (start ≤ position < frontier), found by reading its chunk from
    /// the front.
    fn locate(&self, position: u64) -> Option<Loc> {
        if position < self.start() || position >= self.frontier {
            return None;
        }
        if let Some(loc) = self.remembered(position) {
            return Some(loc);
        }
        let chunk = self.chunks.partition_point(|c| c.first <= position) - 1;
        let bytes = &self.chunks[chunk].bytes[..];
        let mut k = self.chunks[chunk].first;
        let (mut offset, mut at, mut next) = (0, Cursor::default(), None);
        while offset < bytes.len() {
            let (r, n) = Record::decode(&bytes[offset..]);
            match r {
                Record::OpAt(c) => at = c,
                Record::Op => at = next.expect("history: an op without a place"),
                Record::Jump { to, .. } => next = Some(Cursor { pc: to, ..at }),
                Record::Leap { to, .. } => next = Some(to),
                _ => {}
            }
            if r.is_header() {
                if k == position {
                    let loc = Loc { chunk, offset, at };
                    self.remember(position, loc);
                    return Some(loc);
                }
                k += 1;
                next = Some(at.next());
            }
            offset += n;
        }
        None
    }

    /// Where the op at `position` is, if it was located lately.
    fn remembered(&self, position: u64) -> Option<Loc> {
        let found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        found
            .iter()
            .flatten()
            .find(|(p, _)| *p == position)
            .map(|&(_, loc)| loc)
    }

    /// Remembers where the op at `position` is (the oldest remembered goes).
    fn remember(&self, position: u64, loc: Loc) {
        let mut found = self.found.lock().unwrap_or_else(|e| e.into_inner());
        if found.iter().flatten().any(|(p, _)| *p == position) {
            return;
        }
        found.rotate_right(1);
        found[0] = Some((position, loc));
    }

    /// The ops from `position` to the frontier, oldest first (redo's order). Empty when
    /// `position` is not kept.
    pub fn forward(&self, position: u64) -> Forward<'_> {
        Forward {
            history: self,
            loc: self.locate(position),
            position,
        }
    }

    /// The ops before `position`, newest first (undo's order), down to the first kept.
    pub fn back(&self, position: u64) -> Back<'_> {
        let position = position.min(self.frontier);
        // Where the op after the first one yielded starts, and its place.
        let end = match position == self.frontier {
            true => self.chunks.back().map(|c| {
                let last = self.last.unwrap();
                (self.chunks.len() - 1, c.bytes.len(), last.next())
            }),
            false => self.locate(position).map(|l| (l.chunk, l.offset, l.at)),
        };
        Back {
            history: self,
            end,
            position,
        }
    }
}

/// Reads ops forwards (`History::forward`).
pub struct Forward<'a> {
    history: &'a History,
    loc: Option<Loc>,
    position: u64,
}

impl<'a> Iterator for Forward<'a> {
    type Item = OpRecords<'a>;

    fn next(&mut self) -> Option<OpRecords<'a>> {
        let loc = self.loc?;
        let chunks = &self.history.chunks;
        let bytes = &chunks[loc.chunk].bytes[..];
        let (header, n) = Record::decode(&bytes[loc.offset..]);
        debug_assert!(header.is_header());
        let body_start = loc.offset + n;
        let mut offset = body_start;
        let mut next_at = loc.at.next();
        let mut body_end = None;
        while offset < bytes.len() {
            let (r, n) = Record::decode(&bytes[offset..]);
            match r {
                Record::OpAt(_) | Record::Op => break,
                Record::Jump { to, .. } => next_at.pc = to,
                Record::Leap { to, .. } => next_at = to,
                _ => {}
            }
            if matches!(r, Record::Jump { .. } | Record::Leap { .. }) {
                body_end.get_or_insert(offset);
            }
            offset += n;
        }
        let op = OpRecords {
            position: self.position,
            at: loc.at,
            body: &bytes[body_start..body_end.unwrap_or(offset)],
        };
        self.position += 1;
        self.loc = if offset < bytes.len() {
            Some(Loc {
                chunk: loc.chunk,
                offset,
                at: next_at,
            })
        } else if loc.chunk + 1 < chunks.len() {
            // A new chunk's first op says where it is.
            let (first, _) = Record::decode(&chunks[loc.chunk + 1].bytes);
            let Record::OpAt(at) = first else {
                panic!("history: a chunk without its first op's place")
            };
            debug_assert_eq!(at, next_at);
            Some(Loc {
                chunk: loc.chunk + 1,
                offset: 0,
                at,
            })
        } else {
            None
        };
        if let Some(next) = self.loc {
            self.history.remember(self.position, next);
        }
        Some(op)
    }
}

/// Reads ops backwards (`History::back`).
pub struct Back<'a> {
    history: &'a History,
    /// Where the op after the next one to yield starts (chunk, offset), and its place.
    end: Option<(usize, usize, Cursor)>,
    /// The position after the next op to yield.
    position: u64,
}

impl<'a> Iterator for Back<'a> {
    type Item = OpRecords<'a>;

    fn next(&mut self) -> Option<OpRecords<'a>> {
        let (mut chunk, mut end, after) = self.end?;
        let chunks = &self.history.chunks;
        if end == 0 {
            // The op after was its chunk's first: this one ends the chunk before.
            if chunk == 0 {
                self.end = None;
                return None;
            }
            chunk -= 1;
            end = chunks[chunk].bytes.len();
        }
        let bytes = &chunks[chunk].bytes[..];
        // The transition to the op after, if it did not go on at the next pc.
        let (mut at, body_end) = match Record::decode_back(&bytes[..end]) {
            (Record::Jump { from, to }, start) => {
                debug_assert_eq!(to, after.pc);
                (Cursor { pc: from, ..after }, start)
            }
            (Record::Leap { from, to }, start) => {
                debug_assert_eq!(to, after);
                (from, start)
            }
            _ => (after.prev(), end),
        };
        let mut offset = body_end;
        loop {
            let (r, start) = Record::decode_back(&bytes[..offset]);
            offset = start;
            match r {
                Record::OpAt(c) => {
                    debug_assert_eq!(c, at);
                    at = c;
                    break;
                }
                Record::Op => break,
                _ => {}
            }
        }
        let header_len = Record::decode(&bytes[offset..]).1;
        self.position -= 1;
        self.end = Some((chunk, offset, at));
        let loc = Loc { chunk, offset, at };
        self.history.remember(self.position, loc);
        Some(OpRecords {
            position: self.position,
            at,
            body: &bytes[offset + header_len..body_end],
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind<'a>(old: &'a [u8], new: &'a [u8]) -> Vec<Record<'a>> {
        let c = |item, func, pc| Cursor { item, func, pc };
        let mark = Mark {
            entries: 3,
            words: 1 << 40,
        };
        let frame = SavedFrame {
            func: 1,
            base: 40,
            ret_pc: 17,
            ret_dst: 5,
            mark,
        };
        vec![
            Record::OpAt(c(7, 2, 0xdead_beef)),
            Record::Op,
            Record::Jump { from: 9, to: 2 },
            Record::Leap {
                from: c(1, 2, 3),
                to: c(4, 5, 6),
            },
            Record::Reg {
                slot: 12,
                old: u64::MAX,
                new: 0x0123_4567_89ab_cdef,
            },
            Record::RegShadow {
                slot: 3,
                old: Shadow {
                    bits: 0xff,
                    origin: 77,
                },
                new: Shadow::default(),
            },
            Record::Mem {
                layer: Layer::Data,
                space: AddrSpace::Local,
                addr: 0x3000_0000_0000_0010,
                old,
                new,
            },
            Record::Mem {
                layer: Layer::Origins,
                space: AddrSpace::Private,
                addr: 8,
                old: &[],
                new: &[],
            },
            Record::Global {
                from: 1 << 33,
                to: (1 << 33) + 2,
            },
            Record::Call { frame },
            Record::Ret { frame, freed: old },
            Record::Grow { mark, added: new },
            Record::Entry {
                index: 5,
                old: EntryValue { state: 1, slot: 2 },
                new: EntryValue {
                    state: 3,
                    slot: u32::MAX,
                },
            },
            Record::Edit,
        ]
    }

    #[test]
    fn every_record_reads_back_both_ways() {
        // Over 254 bytes, so that a length would not fit a byte.
        let old: Vec<u8> = (0..300).map(|i| i as u8).collect();
        let new: Vec<u8> = (0..300).map(|i| (i * 7) as u8).collect();
        let records = every_kind(&old, &new);
        let mut bytes = Vec::new();
        let mut ends = Vec::new();
        for r in &records {
            let start = bytes.len();
            r.encode(&mut bytes);
            // Alone, each reads back from its front and from its end.
            let one = &bytes[start..];
            assert_eq!(Record::decode(one), (*r, one.len()), "{r:?}");
            assert_eq!(Record::decode_back(one), (*r, 0), "{r:?}");
            ends.push(bytes.len());
        }
        // In a stream, forwards...
        let mut at = 0;
        for (r, &end) in records.iter().zip(&ends) {
            let (got, n) = Record::decode(&bytes[at..]);
            assert_eq!(got, *r);
            at += n;
            assert_eq!(at, end);
        }
        // ...and backwards.
        let mut end = bytes.len();
        for r in records.iter().rev() {
            let (got, start) = Record::decode_back(&bytes[..end]);
            assert_eq!(got, *r);
            end = start;
        }
        assert_eq!(end, 0);
    }

    #[test]
    fn record_sizes() {
        let size = |r: Record| {
            let mut v = Vec::new();
            r.encode(&mut v);
            v.len()
        };
        assert_eq!(size(Record::Op), 1);
        assert_eq!(size(Record::Jump { from: 1, to: 2 }), 10);
        let reg = Record::Reg {
            slot: 1,
            old: 2,
            new: 3,
        };
        assert_eq!(size(reg), 22);
        let four = [0u8; 4];
        let mem = Record::Mem {
            layer: Layer::Data,
            space: AddrSpace::Global,
            addr: 0,
            old: &four,
            new: &four,
        };
        assert_eq!(size(mem), 20 + 2 * 4);
    }

    #[test]
    #[should_panic(expected = "old and new bytes")]
    fn mem_records_keep_as_many_old_bytes_as_new() {
        let mem = Record::Mem {
            layer: Layer::Shadow,
            space: AddrSpace::Global,
            addr: 0,
            old: &[1, 2],
            new: &[1],
        };
        mem.encode(&mut Vec::new());
    }

    /// Records `n` ops of a made-up run: a loop of 5 ops, with a register write each, memory
    /// every 4th op, another function every 7th and another work-item every 11th. Returns
    /// each op's place and the register value it wrote.
    fn run(h: &mut History, n: u64) -> Vec<(Cursor, u64)> {
        let mut at = Cursor::default();
        let mut ops = Vec::new();
        for k in 0..n {
            h.begin_op(at);
            h.push(&Record::Reg {
                slot: k as u32,
                old: k,
                new: k * 3,
            });
            if k % 4 == 0 {
                let bytes = k.to_le_bytes();
                h.push(&Record::Mem {
                    layer: Layer::Data,
                    space: AddrSpace::Private,
                    addr: k,
                    old: &[0; 8],
                    new: &bytes,
                });
            }
            ops.push((at, k * 3));
            at = if k % 7 == 6 {
                Cursor {
                    func: 1 - at.func,
                    pc: 0,
                    ..at
                }
            } else if k % 11 == 10 {
                Cursor {
                    item: at.item + 1,
                    ..at
                }
            } else if at.pc == 4 {
                Cursor { pc: 0, ..at }
            } else {
                at.next()
            };
        }
        ops
    }

    fn reg_of(op: &OpRecords) -> u64 {
        match op.records().next() {
            Some(Record::Reg { new, .. }) => new,
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn positions_and_places_read_both_ways() {
        // Small chunks, no eviction.
        let mut h = History::with_chunks(u64::MAX, 64);
        let ops = run(&mut h, 100);
        assert!(h.chunks.len() > 10, "{}", h.chunks.len());
        assert_eq!((h.start(), h.frontier()), (0, 100));
        assert_eq!(h.last(), Some(ops[99].0));
        let fwd: Vec<_> = h.forward(0).collect();
        assert_eq!(fwd.len(), 100);
        for (k, op) in fwd.iter().enumerate() {
            assert_eq!(op.position, k as u64);
            assert_eq!(op.at, ops[k].0, "op {k}");
            assert_eq!(reg_of(op), ops[k].1);
            let n = 1 + (k % 4 == 0) as usize;
            assert_eq!(op.records().count(), n);
            assert_eq!(op.records_back().count(), n);
        }
        let back: Vec<_> = h.back(100).collect();
        assert_eq!(back.len(), 100);
        for (op, k) in back.iter().zip((0..100).rev()) {
            assert_eq!(op.position, k as u64);
            assert_eq!(op.at, ops[k].0, "op {k}");
            assert_eq!(reg_of(op), ops[k].1);
        }
        // From any position, both ways.
        for p in [1, 37, 63, 99] {
            let b: Vec<_> = h.back(p).map(|o| o.position).collect();
            assert_eq!(b, (0..p).rev().collect::<Vec<_>>());
            let f = h.forward(p).map(|o| (o.position, o.at)).collect::<Vec<_>>();
            let want: Vec<_> = (p..100).map(|k| (k, ops[k as usize].0)).collect();
            assert_eq!(f, want);
        }
        // A register (22 bytes) and 8 bytes of memory (20 + 2 × 8).
        assert_eq!((fwd[0].len(), fwd[1].len()), (22 + 36, 22));
        // Undo's order is the reverse of redo's.
        let op = &fwd[8];
        let mut r: Vec<_> = op.records().collect();
        r.reverse();
        assert_eq!(op.records_back().collect::<Vec<_>>(), r);
        assert_eq!(h.forward(100).count(), 0);
        assert_eq!(h.back(0).count(), 0);
    }

    #[test]
    fn the_oldest_chunks_go_past_the_cap() {
        let cap = 1000;
        let mut h = History::with_chunks(cap, 200);
        let ops = run(&mut h, 500);
        assert_eq!(h.frontier(), 500);
        let start = h.start();
        assert!(start > 300, "kept from {start}");
        // The last chunk passes its size by at most one op (14 + 22 + 36 bytes) and the
        // transition after it (26).
        assert!(h.bytes() <= cap + 98, "{} bytes", h.bytes());
        assert_eq!(
            h.bytes(),
            h.chunks.iter().map(|c| c.bytes.len() as u64).sum::<u64>()
        );
        // What is kept reads whole, both ways, and nothing before it.
        let back: Vec<_> = h.back(500).collect();
        assert_eq!(back.len() as u64, 500 - start);
        assert_eq!(back.last().unwrap().position, start);
        for op in &back {
            let k = op.position as usize;
            assert_eq!((op.at, reg_of(op)), ops[k]);
        }
        let fwd: Vec<_> = h.forward(start).collect();
        assert_eq!(fwd.len() as u64, 500 - start);
        assert_eq!(h.forward(start - 1).count(), 0);
        assert_eq!(h.back(start).count(), 0);
        // A cap below two chunks keeps only the chunk being written.
        let mut small = History::with_chunks(10, 64);
        run(&mut small, 50);
        assert_eq!(small.chunks.len(), 1);
        assert!(small.start() > 0 && small.frontier() == 50);
        assert_eq!(small.back(50).count() as u64, 50 - small.start());
    }

    #[test]
    fn transitions_are_written_only_where_needed() {
        let mut h = History::with_chunks(u64::MAX, 1 << 10);
        let c = |item, func, pc| Cursor { item, func, pc };
        h.begin_op(c(0, 0, 0));
        h.begin_op(c(0, 0, 1));
        h.begin_op(c(0, 0, 5));
        h.begin_op(c(0, 1, 0));
        h.begin_op(c(2, 1, 0));
        let bytes = &h.chunks[0].bytes;
        // OpAt, Op, Jump + Op, Leap + Op, Leap + Op.
        assert_eq!(bytes.len(), 14 + 1 + 11 + 27 + 27);
        assert_eq!(h.bytes(), bytes.len() as u64);
        let places: Vec<_> = h.back(5).map(|o| o.at).collect();
        assert_eq!(
            places,
            [c(2, 1, 0), c(0, 1, 0), c(0, 0, 5), c(0, 0, 1), c(0, 0, 0)]
        );
        assert!(h.back(5).all(|o| o.is_empty()));
    }
}
