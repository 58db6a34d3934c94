//! The accesses of the work-group a worker is running, byte by byte: what races within the
//! group between synchronisation points, and what the group did to global memory as a whole
//! (for races between groups).
//!
//! Every byte of local memory, and every byte of global memory the group touches, has a cell
//! of slots. For each kind (loads, stores) a cell keeps the accesses of up to two different
//! work-items since the last synchronisation of its space: the first, and the first of
//! another work-item, non-atomic ones replacing atomic ones. That is enough to find, for any
//! new access, a conflicting access of another work-item whenever one exists. Global cells
//! also keep the group's first load and first store of the byte, across synchronisations.
//!
//! Work-items of a group run one after another between barriers, in order, so the accesses
//! of an interval arrive work-item by work-item, as Oclgrind compares them when it
//! synchronises: a race is named with the later work-item first.

use std::collections::HashMap;

use super::report::{AccessId, Race, RaceList, Who};
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{Access, AccessKind, Site};

/// The entity of the accesses a work-group makes itself (async copies).
pub const GROUP: u32 = u32::MAX;

/// Bytes of global memory in one page of cells.
const PAGE_BITS: u32 = 12;
const PAGE: usize = 1 << PAGE_BITS;

/// An access as the shadow keeps it: recorded once it is the first of its kind for a byte.
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

/// A record in a cell: its id (0: none) and, beside it, what the checks look at.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot {
    id: u32,
    wi: u32,
    atomic: bool,
}

/// Up to two accesses of different work-items.
type Pair = [Slot; 2];

#[derive(Clone, Copy, Debug, Default)]
struct Cell {
    loads: Pair,
    stores: Pair,
}

/// A byte of global memory: its interval cell, and the group's first load and store of it.
#[derive(Clone, Copy, Debug, Default)]
struct GlobalCell {
    cell: Cell,
    first_load: Slot,
    first_store: Slot,
}

struct Page {
    /// The page's first address.
    base: u64,
    /// Bytes of the page inside its buffer (accesses beyond are invalid, and ignored).
    valid: usize,
    cells: Box<[GlobalCell]>,
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

/// The current work-group's accesses.
#[derive(Default)]
pub struct GroupShadow {
    /// Records, id - 1 indexing; cleared when the group ends.
    records: Vec<Record>,
    data: Vec<u8>,
    /// Record ids up to which interval slots are stale, per space ([local, global]).
    synced: [u32; 2],
    /// Cells of each local buffer (by buffer index - 1), with its address.
    local: Vec<(u64, Vec<Cell>)>,
    pages: Vec<Page>,
    /// Page of each page number (address >> PAGE_BITS) in `pages`.
    page_index: HashMap<u64, usize>,
    /// The last page looked up (most accesses fall in it).
    last_page: Option<(u64, usize)>,
    /// Races found since the last synchronisation of each space, by the later work-item.
    races: [RaceList; 2],

    /// This group, for naming entities.
    names: Names,
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

/// The group's pending access, with its records made on first need.
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
        self.records.clear();
        self.data.clear();
        self.synced = [0; 2];
        self.local.clear();
        self.pages.clear();
        self.page_index.clear();
        self.last_page = None;
        self.races = Default::default();
        self.names = names;
    }

    /// A local buffer of the group.
    pub fn local_buffer(&mut self, address: u64, size: u64) {
        let (index, _) = decode_address(address, GLOBAL_OFFSET_BITS);
        let slot = index as usize - 1;
        if self.local.len() <= slot {
            self.local.resize_with(slot + 1, || (0, Vec::new()));
        }
        self.local[slot] = (address, vec![Cell::default(); size as usize]);
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
        global_size: impl Fn(u64) -> Option<u64>,
    ) {
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
        match a.space {
            AddrSpace::Local => {
                let (index, offset) = decode_address(a.address, GLOBAL_OFFSET_BITS);
                let Some((_, cells)) = (index as usize)
                    .checked_sub(1)
                    .and_then(|i| self.local.get_mut(i))
                else {
                    return;
                };
                let (offset, end) = (offset as usize, offset as usize + a.size as usize);
                if end > cells.len() || a.size == 0 {
                    return;
                }
                let mut log = Log {
                    records: &mut self.records,
                    data: &mut self.data,
                    synced: self.synced[0],
                    uniform_writes,
                    races: &mut self.races[0],
                    space: AddrSpace::Local,
                    names: self.names,
                };
                for (i, cell) in cells[offset..end].iter_mut().enumerate() {
                    log.byte(&mut incoming, a.address + i as u64, cell);
                }
            }
            AddrSpace::Global => {
                let mut address = a.address;
                let end = a.address.saturating_add(a.size);
                // Page by page (an access may cross one).
                while address < end {
                    let Some(p) = self.page(address, &global_size) else {
                        return;
                    };
                    let page = &mut self.pages[p];
                    let from = (address - page.base) as usize;
                    let to = ((end - page.base) as usize).min(PAGE);
                    if to > page.valid {
                        return;
                    }
                    let mut log = Log {
                        records: &mut self.records,
                        data: &mut self.data,
                        synced: self.synced[1],
                        uniform_writes,
                        races: &mut self.races[1],
                            space: AddrSpace::Global,
                        names: self.names,
                    };
                    for (i, g) in page.cells[from..to].iter_mut().enumerate() {
                        let at = page.base + (from + i) as u64;
                        log.byte(&mut incoming, at, &mut g.cell);
                        if incoming.reads() && log.supersedes(g.first_load) {
                            g.first_load = log.record(&mut incoming, false);
                        }
                        if incoming.writes() && log.supersedes(g.first_store) {
                            g.first_store = log.record(&mut incoming, true);
                        }
                    }
                    address = page.base + to as u64;
                }
            }
            _ => {}
        }
    }

    /// The page of `address`, made when first touched; None outside every buffer.
    fn page(&mut self, address: u64, global_size: &impl Fn(u64) -> Option<u64>) -> Option<usize> {
        let number = address >> PAGE_BITS;
        if let Some((n, i)) = self.last_page {
            if n == number {
                return Some(i);
            }
        }
        let i = match self.page_index.get(&number) {
            Some(&i) => i,
            None => {
                let base = number << PAGE_BITS;
                let (buffer, offset) = decode_address(base, GLOBAL_OFFSET_BITS);
                let size = global_size(buffer)?;
                let valid = size.saturating_sub(offset).min(PAGE as u64) as usize;
                self.pages.push(Page {
                    base,
                    valid,
                    cells: vec![GlobalCell::default(); PAGE].into_boxed_slice(),
                });
                self.page_index.insert(number, self.pages.len() - 1);
                self.pages.len() - 1
            }
        };
        self.last_page = Some((number, i));
        Some(i)
    }

    /// A synchronisation of `space` (a barrier's fence, or the group's end): the races found
    /// since the last one, in report order; later accesses no longer race with earlier ones.
    pub fn sync(&mut self, space: AddrSpace) -> Vec<Race> {
        let which = usize::from(space == AddrSpace::Global);
        self.synced[which] = self.records.len() as u32;
        self.races[which].take()
    }

    /// What the group did to global memory, run by run in address order, when it ends.
    pub fn global_runs(&self) -> Vec<GlobalRun> {
        let mut order: Vec<&Page> = self.pages.iter().collect();
        order.sort_by_key(|p| p.base);
        let mut runs: Vec<GlobalRun> = Vec::new();
        for page in order {
            for (i, g) in page.cells[..page.valid].iter().enumerate() {
                if g.first_load.id == 0 && g.first_store.id == 0 {
                    continue;
                }
                let address = page.base + i as u64;
                let store_byte = (g.first_store.id != 0).then(|| self.stored_byte(g.first_store.id, address));
                if let Some(run) = runs.last_mut() {
                    let same = run.start + run.len == address
                        && same_record(&run.load, g.first_load.id, &self.records)
                        && same_record(&run.store, g.first_store.id, &self.records);
                    if same {
                        run.len += 1;
                        run.data.extend(store_byte);
                        continue;
                    }
                }
                runs.push(GlobalRun {
                    start: address,
                    len: 1,
                    load: self.record(g.first_load.id),
                    store: self.record(g.first_store.id),
                    data: store_byte.into_iter().collect(),
                });
            }
        }
        runs
    }

    fn record(&self, id: u32) -> Option<Record> {
        id.checked_sub(1).map(|i| self.records[i as usize])
    }

    fn stored_byte(&self, id: u32, address: u64) -> u8 {
        let r = &self.records[id as usize - 1];
        self.data[r.data as usize + (address - r.start) as usize]
    }
}

/// Whether `run`'s record is the one with `id` (records are compared by their place).
fn same_record(run: &Option<Record>, id: u32, records: &[Record]) -> bool {
    match (run, id.checked_sub(1)) {
        (None, None) => true,
        (Some(r), Some(i)) => {
            let o = &records[i as usize];
            (r.wi, r.site, r.store, r.atomic, r.start) == (o.wi, o.site, o.store, o.atomic, o.start)
        }
        _ => false,
    }
}

impl Incoming<'_> {
    fn reads(&self) -> bool {
        self.kind.reads()
    }

    fn writes(&self) -> bool {
        self.kind.writes()
    }

    fn atomic(&self) -> bool {
        self.atomic
    }
}

/// What the byte-by-byte work needs besides the cell.
struct Log<'a> {
    records: &'a mut Vec<Record>,
    data: &'a mut Vec<u8>,
    /// Slots with ids up to this are stale.
    synced: u32,
    uniform_writes: bool,
    races: &'a mut RaceList,
    space: AddrSpace,
    names: Names,
}

impl Log<'_> {
    /// Whether `a` becomes the group's access of its kind to a byte whose access so far is
    /// `s`: the first, or while that is atomic, the latest (as in Oclgrind).
    fn supersedes(&self, s: Slot) -> bool {
        s.id == 0 || s.atomic
    }

    /// Records `a`'s load or store (once).
    fn record(&mut self, a: &mut Incoming, store: bool) -> Slot {
        let atomic = a.atomic();
        let id = if store { &mut a.store_id } else { &mut a.load_id };
        if *id == 0 {
            let data = self.data.len() as u32;
            if store {
                self.data.extend_from_slice(a.data);
            }
            self.records.push(Record {
                wi: a.wi,
                site: a.site,
                store,
                atomic,
                start: a.start,
                data,
            });
            *id = self.records.len() as u32;
        }
        Slot {
            id: *id,
            wi: a.wi,
            atomic,
        }
    }

    fn fresh(&self, s: Slot) -> bool {
        s.id > self.synced
    }

    /// Checks `a` against the byte's earlier accesses, then records it there. Only a
    /// work-item's first load and first store of a byte in an interval count (an atomic one
    /// gives way to the next), as Oclgrind keeps one of each per work-item.
    fn byte(&mut self, a: &mut Incoming, address: u64, cell: &mut Cell) {
        let load = a.reads() && self.counts(a, &cell.loads);
        let store = a.writes() && self.counts(a, &cell.stores);
        if load {
            for s in cell.stores {
                if self.conflicts(a, s) {
                    let ours = self.record(a, false);
                    self.race(address, ours, s);
                    break;
                }
            }
        }
        if store {
            for s in cell.loads {
                if self.conflicts(a, s) {
                    let ours = self.record(a, true);
                    self.race(address, ours, s);
                    break;
                }
            }
            for s in cell.stores {
                if self.conflicts(a, s) && (self.uniform_writes || self.differs(a, s, address)) {
                    let ours = self.record(a, true);
                    self.race(address, ours, s);
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
    }

    /// Whether `a` is its work-item's access of this kind to the byte: it has none in the
    /// pair yet, or only an atomic one.
    fn counts(&self, a: &Incoming, pair: &Pair) -> bool {
        let own = pair.iter().find(|s| self.fresh(**s) && s.wi == a.wi && a.wi != GROUP);
        own.is_none_or(|s| s.atomic)
    }

    /// Whether `s` is an access of another entity that `a` may race with.
    fn conflicts(&self, a: &Incoming, s: Slot) -> bool {
        self.fresh(s) && (s.wi != a.wi || a.wi == GROUP) && !(s.atomic && a.atomic())
    }

    /// Whether `a` stores another value to the byte than `s` did.
    fn differs(&self, a: &Incoming, s: Slot, address: u64) -> bool {
        let r = &self.records[s.id as usize - 1];
        let theirs = self.data[r.data as usize + (address - r.start) as usize];
        let ours = a.data.get((address - a.start) as usize).copied();
        ours != Some(theirs)
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
        } else if s1.atomic {
            let old = *s1;
            *s1 = self.record(a, store);
            if old.wi != a.wi && (!self.fresh(*s2) || s2.wi == a.wi || s2.atomic) {
                *s2 = old;
            } else if s2.wi == a.wi {
                *s2 = Slot::default();
            }
        } else if s1.wi != a.wi && (!self.fresh(*s2) || s2.atomic && !a.atomic()) {
            *s2 = self.record(a, store);
        }
    }

    /// Notes a race between `a` (just recorded as `ours`) and `theirs`, named later
    /// work-item first.
    fn race(&mut self, address: u64, ours: Slot, theirs: Slot) {
        let order = |wi: u32| if wi == GROUP { u64::MAX } else { wi as u64 };
        let (first, second) = if order(ours.wi) >= order(theirs.wi) {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        let race = Race {
            space: self.space,
            address,
            first: self.access_id(first),
            second: self.access_id(second),
        };
        self.races.insert(order(first.wi), race);
    }

    fn access_id(&self, s: Slot) -> AccessId {
        let r = &self.records[s.id as usize - 1];
        access_id(r, &self.names)
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
