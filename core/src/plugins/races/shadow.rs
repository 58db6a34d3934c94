//! The accesses of the work-group a worker is running: what races within the group between
//! synchronisation points, and what the group did to global memory as a whole (for races
//! between groups).
//!
//! Memory is shadowed by the 4-byte word: a word has one cell while every access to it covered
//! it whole (almost all do), and is split into a cell per byte once one does not. For each
//! kind (loads, stores) a cell keeps the accesses of up to two different work-items since the
//! last synchronisation of its space: the one Oclgrind compares later accesses with (the first,
//! or while that is atomic, the latest) and one of another work-item, so that a conflicting
//! access is found whenever there is one. Global cells also keep the group's first load and
//! first store, across synchronisations.
//!
//! Work-items of a group run one after another between barriers, in order, so the accesses
//! of an interval arrive work-item by work-item, as Oclgrind compares them when it
//! synchronises: a race is named with the later work-item first.
//!
//! Slots hold record ids, which only grow while a worker lives: a slot older than the last
//! synchronisation (or the group's start) is stale, so nothing is cleared between intervals
//! or groups, and pages of cells are reused.

use std::collections::HashMap;

use super::report::{AccessId, Race, RaceList, Who};
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{Access, AccessKind, Site};

/// The entity of the accesses a work-group makes itself (async copies).
pub const GROUP: u32 = u32::MAX >> 1;

const WORD: u64 = 4;
/// Words of global memory in one page of cells.
const PAGE_WORDS: usize = 1024;
const PAGE_BYTES: u64 = PAGE_WORDS as u64 * WORD;
/// Record ids start over (and cells are cleared) before they could wrap.
const MAX_ID: u32 = u32::MAX - (1 << 24);

/// An access as the shadow keeps it: recorded once it is the first of its kind somewhere.
#[derive(Clone, Copy, Debug)]
pub struct Record {
    /// The work-item's local linear index, or GROUP.
    pub wi: u32,
    pub site: Option<Site>,
    pub store: bool,
    pub atomic: bool,
    /// Address of the access's first byte.
    pub start: u64,
    /// Where its stored bytes are in the data pool (stores).
    data: u32,
}

/// A record in a cell: its id (0: none), its work-item and whether it is atomic, packed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot(u64);

impl Slot {
    fn new(id: u32, wi: u32, atomic: bool) -> Slot {
        Slot(id as u64 | (wi as u64) << 32 | (atomic as u64) << 63)
    }

    fn id(self) -> u32 {
        self.0 as u32
    }

    fn wi(self) -> u32 {
        (self.0 >> 32) as u32 & GROUP
    }

    fn atomic(self) -> bool {
        self.0 >> 63 != 0
    }
}

/// Up to two accesses of different work-items.
type Pair = [Slot; 2];

#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    loads: Pair,
    stores: Pair,
    /// The group's first load and store (global memory only).
    first_load: Slot,
    first_store: Slot,
}

/// Cells of a stretch of memory: one per word, and per byte for split words.
#[derive(Default)]
struct Cells {
    /// The first address.
    base: u64,
    /// Bytes accesses may touch (beyond: invalid, ignored).
    valid: u64,
    words: Vec<Cell>,
    /// Whether a word is split (bit per word).
    split_bits: Vec<u64>,
    split: HashMap<usize, [Cell; 4]>,
    /// Words touched by the current group (global memory), as a range.
    touched: Option<(usize, usize)>,
}

impl Cells {
    fn reset(&mut self, base: u64, valid: u64) {
        let words = valid.div_ceil(WORD) as usize;
        self.base = base;
        self.valid = valid;
        self.words.resize(words, Cell::default());
        self.split_bits.clear();
        self.split_bits.resize(words.div_ceil(64), 0);
        self.split.clear();
        self.touched = None;
    }

    fn is_split(&self, w: usize) -> bool {
        self.split_bits[w / 64] >> (w % 64) & 1 != 0
    }

    /// The byte cells of word `w`, splitting it.
    fn split_word(&mut self, w: usize) -> &mut [Cell; 4] {
        if !self.is_split(w) {
            self.split_bits[w / 64] |= 1 << (w % 64);
            self.split.insert(w, [self.words[w]; 4]);
        }
        self.split.get_mut(&w).expect("just split")
    }

    fn touch(&mut self, from: usize, to: usize) {
        self.touched = Some(match self.touched {
            Some((a, b)) => (a.min(from), b.max(to)),
            None => (from, to),
        });
    }
}

/// What a group did to one run of global bytes: the group's first load and first store of
/// each byte are the same records throughout.
#[derive(Clone, Debug)]
pub struct GlobalRun {
    pub start: u64,
    pub len: u64,
    pub load: Option<Record>,
    pub store: Option<Record>,
    /// The bytes stored, when there is a store.
    pub data: Vec<u8>,
}

/// How the current group's entities are named.
#[derive(Clone, Copy, Debug, Default)]
pub struct Names {
    pub group: [u64; 3],
    /// Work-items in the group.
    pub size: [u64; 3],
    /// The global id of its work-item (0,0,0).
    pub origin: [u64; 3],
}

impl Names {
    fn who(&self, wi: u32) -> Who {
        if wi == GROUP {
            return Who::Group(self.group);
        }
        let (i, s) = (wi as u64, self.size);
        let local = [i % s[0], (i / s[0]) % s[1], i / (s[0] * s[1])];
        Who::WorkItem(std::array::from_fn(|d| self.origin[d] + local[d]))
    }
}

/// The current work-group's accesses.
#[derive(Default)]
pub struct GroupShadow {
    /// This group's records; the first has id `first_id`.
    records: Vec<Record>,
    first_id: u32,
    data: Vec<u8>,
    /// Record ids up to which interval slots are stale, per space ([local, global]).
    synced: [u32; 2],
    /// Cells of each local buffer (by buffer index - 1).
    local: Vec<Cells>,
    pages: Pages,
    /// Races found since the last synchronisation of each space, by the later work-item.
    races: [RaceList; 2],
    names: Names,
}

/// The cells of the global pages the group touched.
#[derive(Default)]
struct Pages {
    pages: Vec<Cells>,
    /// Where each page number (address / page size) is in `pages`.
    index: HashMap<u64, usize>,
    /// Pages of earlier groups, for reuse.
    spare: Vec<Cells>,
    /// The last page looked up (most accesses fall in it): number and place.
    last: Option<(u64, usize)>,
}

impl Pages {
    /// The cells of page `page`, taken from the spares when first touched; None outside
    /// every buffer.
    fn get(&mut self, page: u64, global_size: &dyn Fn(u64) -> Option<u64>) -> Option<&mut Cells> {
        let i = match self.last {
            Some((p, i)) if p == page => i,
            _ => {
                let i = match self.index.get(&page) {
                    Some(&i) => i,
                    None => {
                        let base = page * PAGE_BYTES;
                        let (buffer, offset) = decode_address(base, GLOBAL_OFFSET_BITS);
                        let valid = global_size(buffer)?.saturating_sub(offset).min(PAGE_BYTES);
                        let mut cells = self.spare.pop().unwrap_or_default();
                        cells.reset(base, valid);
                        self.pages.push(cells);
                        self.index.insert(page, self.pages.len() - 1);
                        self.pages.len() - 1
                    }
                };
                self.last = Some((page, i));
                i
            }
        };
        Some(&mut self.pages[i])
    }

    /// The group is over: its pages become spares.
    fn recycle(&mut self) {
        self.spare.append(&mut self.pages);
        self.index.clear();
        self.last = None;
    }
}

/// An access being taken in, with its records made on first need.
struct Incoming<'a> {
    wi: u32,
    site: Option<Site>,
    kind: AccessKind,
    /// An atomic, or a load that counts as one.
    atomic: bool,
    start: u64,
    data: &'a [u8],
    load_id: u32,
    store_id: u32,
}

impl GroupShadow {
    /// Starts a group.
    pub fn begin(&mut self, names: Names) {
        let next = self.next_id();
        if next > MAX_ID {
            // Before ids wrap: forget every cell.
            self.pages = Pages::default();
            self.local.clear();
            self.first_id = 1;
        } else {
            self.first_id = next;
        }
        self.records.clear();
        self.data.clear();
        self.synced = [self.first_id - 1; 2];
        self.pages.recycle();
        self.races = Default::default();
        self.names = names;
    }

    fn next_id(&self) -> u32 {
        (self.first_id + self.records.len() as u32).max(1)
    }

    /// A local buffer of the group.
    pub fn local_buffer(&mut self, address: u64, size: u64) {
        let (index, _) = decode_address(address, GLOBAL_OFFSET_BITS);
        let slot = index as usize - 1;
        if self.local.len() <= slot {
            self.local.resize_with(slot + 1, Cells::default);
        }
        self.local[slot].reset(address, size);
    }

    /// Takes an access of work-item `wi` (or GROUP) into account; `atomic` when it is one,
    /// or a load that counts as one. Accesses outside every buffer (refused by the core) are
    /// ignored. `global_size` gives a global buffer's size.
    pub fn access(
        &mut self,
        (wi, site): (u32, Option<Site>),
        a: &Access,
        atomic: bool,
        uniform_writes: bool,
        global_size: &dyn Fn(u64) -> Option<u64>,
    ) {
        if a.size == 0 {
            return;
        }
        let mut incoming = Incoming {
            wi,
            site,
            kind: a.kind,
            atomic,
            start: a.address,
            data: a.data,
            load_id: 0,
            store_id: 0,
        };
        let end = a.address.saturating_add(a.size);
        let (which, cells) = match a.space {
            AddrSpace::Local => {
                let (index, _) = decode_address(a.address, GLOBAL_OFFSET_BITS);
                let Some(cells) = (index as usize)
                    .checked_sub(1)
                    .and_then(|i| self.local.get_mut(i))
                else {
                    return;
                };
                if end > cells.base + cells.valid {
                    return;
                }
                (0, cells)
            }
            AddrSpace::Global => {
                let page = a.address / PAGE_BYTES;
                // An access crossing a page boundary, rare, goes in page by page.
                if (end - 1) / PAGE_BYTES != page {
                    let split = (page + 1) * PAGE_BYTES;
                    let (lo, hi) = (split - a.address, end - split);
                    let (d1, d2) = a.data.split_at(a.data.len().min(lo as usize));
                    for (address, size, data) in [(a.address, lo, d1), (split, hi, d2)] {
                        let part = Access {
                            address,
                            size,
                            data,
                            ..*a
                        };
                        self.access((wi, site), &part, atomic, uniform_writes, global_size);
                    }
                    return;
                }
                let Some(cells) = self.pages.get(page, global_size) else {
                    return;
                };
                if end > cells.base + cells.valid {
                    return;
                }
                (1, cells)
            }
            _ => return,
        };
        let mut log = Log {
            records: &mut self.records,
            first_id: self.first_id,
            data: &mut self.data,
            synced: self.synced[which],
            uniform_writes,
            races: &mut self.races[which],
            space: a.space,
            names: self.names,
            union: which == 1,
        };
        let from = ((a.address - cells.base) / WORD) as usize;
        let to = ((end - cells.base).div_ceil(WORD)) as usize;
        cells.touch(from, to);
        let whole = a.address % WORD == 0 && a.size % WORD == 0;
        for w in from..to {
            let word = cells.base + w as u64 * WORD;
            if whole && !cells.is_split(w) {
                log.take(&mut incoming, word, WORD, &mut cells.words[w]);
            } else {
                let bytes = cells.split_word(w);
                for (i, cell) in bytes.iter_mut().enumerate() {
                    let at = word + i as u64;
                    if (a.address..end).contains(&at) {
                        log.take(&mut incoming, at, 1, cell);
                    }
                }
            }
        }
    }

    /// A synchronisation of `space` (a barrier's fence, or the group's end): the races found
    /// since the last one, in report order; later accesses no longer race with earlier ones.
    pub fn sync(&mut self, space: AddrSpace) -> Vec<Race> {
        let which = usize::from(space == AddrSpace::Global);
        self.synced[which] = self.next_id() - 1;
        self.races[which].take()
    }

    /// What the group did to global memory, run by run in address order, when it ends.
    pub fn global_runs(&self) -> Vec<GlobalRun> {
        let mut pages: Vec<&Cells> = self.pages.pages.iter().collect();
        pages.sort_by_key(|c| c.base);
        // Runs of bytes with the same first load and store (by id), then made into records.
        let mut spans: Vec<(u64, u64, u32, u32)> = Vec::new();
        let mut add = |c: &Cell, address: u64, len: u64| {
            let id = |s: Slot| if s.id() >= self.first_id { s.id() } else { 0 };
            let (load, store) = (id(c.first_load), id(c.first_store));
            if load == 0 && store == 0 {
                return;
            }
            if let Some(last) = spans.last_mut() {
                if last.0 + last.1 == address && (last.2, last.3) == (load, store) {
                    last.1 += len;
                    return;
                }
            }
            spans.push((address, len, load, store));
        };
        for cells in pages {
            let Some((from, to)) = cells.touched else {
                continue;
            };
            for w in from..to {
                let word = cells.base + w as u64 * WORD;
                if cells.is_split(w) {
                    for (i, c) in cells.split[&w].iter().enumerate() {
                        add(c, word + i as u64, 1);
                    }
                } else {
                    add(&cells.words[w], word, WORD.min(cells.base + cells.valid - word));
                }
            }
        }
        spans
            .into_iter()
            .map(|(start, len, load, store)| {
                let record = |id: u32| id.checked_sub(self.first_id).map(|i| self.records[i as usize]);
                let store = record(store).filter(|_| store != 0);
                let data = store.map_or_else(Vec::new, |r| {
                    let at = r.data as usize + (start - r.start) as usize;
                    self.data[at..at + len as usize].to_vec()
                });
                GlobalRun {
                    start,
                    len,
                    load: record(load).filter(|_| load != 0),
                    store,
                    data,
                }
            })
            .collect()
    }

}

impl Incoming<'_> {
    fn reads(&self) -> bool {
        self.kind.reads()
    }

    fn writes(&self) -> bool {
        self.kind.writes()
    }
}

/// What the word-by-word work needs besides the cell.
struct Log<'a> {
    records: &'a mut Vec<Record>,
    first_id: u32,
    data: &'a mut Vec<u8>,
    /// Slots with ids up to this are stale.
    synced: u32,
    uniform_writes: bool,
    races: &'a mut RaceList,
    space: AddrSpace,
    names: Names,
    /// Whether cells keep the group's first load and store (global memory).
    union: bool,
}

impl Log<'_> {
    fn fresh(&self, s: Slot) -> bool {
        s.id() > self.synced
    }

    fn of_group(&self, s: Slot) -> bool {
        s.id() >= self.first_id
    }

    fn rec(&self, s: Slot) -> &Record {
        &self.records[(s.id() - self.first_id) as usize]
    }

    /// Records `a`'s load or store (once).
    fn record(&mut self, a: &mut Incoming, store: bool) -> Slot {
        let id = if store { a.store_id } else { a.load_id };
        let id = if id != 0 {
            id
        } else {
            let data = self.data.len() as u32;
            if store {
                self.data.extend_from_slice(a.data);
            }
            self.records.push(Record {
                wi: a.wi,
                site: a.site,
                store,
                atomic: a.atomic,
                start: a.start,
                data,
            });
            let id = self.first_id + self.records.len() as u32 - 1;
            if store {
                a.store_id = id;
            } else {
                a.load_id = id;
            }
            id
        };
        Slot::new(id, a.wi, a.atomic)
    }

    /// Checks `a` against the earlier accesses of the `len` bytes at `address` (a word, or a
    /// byte of a split one), then records it there. Only a work-item's first load and first
    /// store of a byte in an interval count (an atomic one gives way to the next), as
    /// Oclgrind keeps one of each per work-item.
    fn take(&mut self, a: &mut Incoming, address: u64, len: u64, cell: &mut Cell) {
        let load = a.reads() && self.counts(a, &cell.loads);
        let store = a.writes() && self.counts(a, &cell.stores);
        if load {
            if let Some(s) = cell.stores.into_iter().find(|s| self.conflicts(a, *s)) {
                let ours = self.record(a, false);
                self.race(address, ours, s);
            }
        }
        if store {
            if let Some(s) = cell.loads.into_iter().find(|s| self.conflicts(a, *s)) {
                let ours = self.record(a, true);
                self.race(address, ours, s);
            }
            for s in cell.stores {
                if !self.conflicts(a, s) {
                    continue;
                }
                let at = if self.uniform_writes {
                    Some(0)
                } else {
                    self.differs(a, s, address, len)
                };
                if let Some(offset) = at {
                    let ours = self.record(a, true);
                    self.race(address + offset, ours, s);
                    break;
                }
            }
        }
        if load {
            self.keep(a, false, &mut cell.loads);
        }
        if store {
            self.keep(a, true, &mut cell.stores);
        }
        if self.union {
            // As in Oclgrind: the first, or while that is atomic, the latest.
            if a.reads() && (!self.of_group(cell.first_load) || cell.first_load.atomic()) {
                cell.first_load = self.record(a, false);
            }
            if a.writes() && (!self.of_group(cell.first_store) || cell.first_store.atomic()) {
                cell.first_store = self.record(a, true);
            }
        }
    }

    /// Whether `a` is its work-item's access of this kind here: it has none in the pair yet,
    /// or only an atomic one.
    fn counts(&self, a: &Incoming, pair: &Pair) -> bool {
        let own = pair
            .iter()
            .find(|s| self.fresh(**s) && s.wi() == a.wi && a.wi != GROUP);
        own.is_none_or(|s| s.atomic())
    }

    /// Whether `s` is an access of another entity that `a` may race with.
    fn conflicts(&self, a: &Incoming, s: Slot) -> bool {
        self.fresh(s) && (s.wi() != a.wi || a.wi == GROUP) && !(s.atomic() && a.atomic)
    }

    /// The first of the `len` bytes at `address` that `a` stores another value to than `s`
    /// did, as an offset.
    fn differs(&self, a: &Incoming, s: Slot, address: u64, len: u64) -> Option<u64> {
        let r = self.rec(s);
        (0..len).find(|&i| {
            let theirs = self.data[r.data as usize + (address + i - r.start) as usize];
            a.data.get((address + i - a.start) as usize) != Some(&theirs)
        })
    }

    /// Keeps `a` in the pair. The first slot is the access Oclgrind compares later ones with:
    /// the first, or while that is atomic, the latest. The second holds one of another
    /// work-item, so that a conflicting access is found whenever there is one; a non-atomic
    /// one replaces an atomic one there.
    fn keep(&mut self, a: &mut Incoming, store: bool, pair: &mut Pair) {
        let [s1, s2] = pair;
        if !self.fresh(*s1) {
            *s1 = self.record(a, store);
            *s2 = Slot::default();
        } else if s1.atomic() {
            let old = *s1;
            *s1 = self.record(a, store);
            if old.wi() != a.wi && (!self.fresh(*s2) || s2.wi() == a.wi || s2.atomic()) {
                *s2 = old;
            } else if s2.wi() == a.wi {
                *s2 = Slot::default();
            }
        } else if s1.wi() != a.wi && (!self.fresh(*s2) || s2.atomic() && !a.atomic) {
            *s2 = self.record(a, store);
        }
    }

    /// Notes a race between `a` (just recorded as `ours`) and `theirs`, named later
    /// work-item first.
    fn race(&mut self, address: u64, ours: Slot, theirs: Slot) {
        let order = |wi: u32| if wi == GROUP { u64::MAX } else { wi as u64 };
        let (first, second) = if order(ours.wi()) >= order(theirs.wi()) {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        let race = Race {
            space: self.space,
            address,
            first: access_id(self.rec(first), &self.names),
            second: access_id(self.rec(second), &self.names),
        };
        self.races.insert(order(first.wi()), race);
    }
}

/// A record as a race report names it.
pub fn access_id(r: &Record, names: &Names) -> AccessId {
    AccessId {
        who: names.who(r.wi),
        site: r.site,
        store: r.store,
        atomic: r.atomic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_pack_id_work_item_and_atomicity() {
        let s = Slot::new(7, GROUP, false);
        assert_eq!((s.id(), s.wi(), s.atomic()), (7, GROUP, false));
        let s = Slot::new(u32::MAX, 5, true);
        assert_eq!((s.id(), s.wi(), s.atomic()), (u32::MAX, 5, true));
    }
}
