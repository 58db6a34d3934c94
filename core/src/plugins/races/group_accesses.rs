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
//! first store, across synchronisations. A store keeps the bytes it stored, for telling
//! same-value stores apart.
//!
//! Work-items of a group run one after another between barriers, in order, so the accesses
//! of an interval arrive work-item by work-item, as Oclgrind compares them when it
//! synchronises: a race is named with the later work-item first. A group whose work-items
//! run together (a lane executor) keeps its accesses in `segments` instead, not in cells;
//! any two work-items touching the same bytes in an interval, one writing (which a race
//! needs), make the group `dependent`: it runs again in order, in cells, and only what the
//! ordered run found is reported. Its global segments that overlap go through cells made for
//! them at its end (`union_cells`), for the group's first accesses.
//!
//! A slot is one word: the access's work-item, op and atomicity, and the epoch it was made in.
//! The epoch counts intervals over the worker's life: a slot older than the last
//! synchronisation of its space (or the group's start) is stale, so nothing is cleared between
//! intervals or groups, and pages of cells are reused.

use super::kernel::{Accessor, GroupRuns};
use super::report::{AccessId, Names, Race, RaceList, GROUP, WI_BITS};
use super::segments::{self, ClusterBuffers, Segment, SegmentLog};
use super::sites::{Sites, SITE_BITS};
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{Access, AccessBatch, AccessKind, LaneRun, Site};

const EPOCH_BITS: u32 = 63 - SITE_BITS - WI_BITS;

const WORD: u64 = 4;
/// Words of global memory in one page of cells.
const PAGE_WORDS: usize = 256;
const PAGE_BYTES: u64 = PAGE_WORDS as u64 * WORD;
/// The value of a byte a store's data does not include (it differs from every byte).
const UNKNOWN: u32 = 0x100;

/// An access as a cell keeps it: op number, work-item, epoch and atomicity, packed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Slot(u64);

const WI_SHIFT: u32 = SITE_BITS;
const EPOCH_SHIFT: u32 = SITE_BITS + WI_BITS;
const EPOCH_MASK: u64 = ((1 << EPOCH_BITS) - 1) << EPOCH_SHIFT;
const _: () = assert!(EPOCH_SHIFT + EPOCH_BITS == 63);

impl Slot {
    fn new(site: u32, wi: u32, epoch: u32, atomic: bool) -> Slot {
        Slot(
            site as u64
                | (wi as u64) << WI_SHIFT
                | (epoch as u64) << EPOCH_SHIFT
                | (atomic as u64) << 63,
        )
    }

    fn site(self) -> u32 {
        self.0 as u32 & ((1 << SITE_BITS) - 1)
    }

    fn wi(self) -> u32 {
        (self.0 >> WI_SHIFT) as u32 & GROUP
    }

    fn epoch(self) -> u32 {
        ((self.0 & EPOCH_MASK) >> EPOCH_SHIFT) as u32
    }

    fn atomic(self) -> bool {
        self.0 >> 63 != 0
    }

    /// The epoch, in place (for comparing with `epoch_bits`).
    fn epoch_bits(self) -> u64 {
        self.0 & EPOCH_MASK
    }

    /// The slot with another epoch.
    fn at(self, epoch: u32) -> Slot {
        Slot(self.0 & !EPOCH_MASK | (epoch as u64) << EPOCH_SHIFT)
    }

    /// The access without its epoch (the same for all of an op's accesses by a work-item).
    fn accessor(self) -> u64 {
        self.0 & !EPOCH_MASK
    }
}

/// An epoch as `Slot::epoch_bits` has it.
fn epoch_bits(epoch: u32) -> u64 {
    (epoch as u64) << EPOCH_SHIFT
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
    /// The bytes each of `stores` stored, and `first_store`: the word, little-endian (in a
    /// split word's byte cells, the byte, or UNKNOWN).
    values: [u32; 2],
    first_value: u32,
}

/// Cells of a stretch of memory: one per word, and per byte for split words.
#[derive(Default)]
struct Cells {
    /// The first address.
    base: u64,
    /// Bytes accesses may touch (beyond: invalid, ignored).
    valid: u64,
    words: Vec<Cell>,
    /// For each word, where its byte cells are in `bytes`, plus one (0: not split).
    split: Vec<u32>,
    bytes: Vec<[Cell; 4]>,
    /// Words touched by the current group (global memory), as a range.
    touched: Option<(usize, usize)>,
}

impl Cells {
    fn reset(&mut self, base: u64, valid: u64) {
        let words = valid.div_ceil(WORD) as usize;
        self.base = base;
        self.valid = valid;
        self.words.resize(words, Cell::default());
        // Only words touched by the last user were split.
        if let Some((from, to)) = self.touched {
            let to = to.min(self.split.len());
            self.split[from.min(to)..to].fill(0);
        }
        self.split.resize(words, 0);
        self.bytes.clear();
        self.touched = None;
    }

    /// Fresh cells, with no access, for the `valid` bytes from `base` on (a word boundary),
    /// all counted touched.
    fn clear_for(&mut self, base: u64, valid: u64) {
        let words = valid.div_ceil(WORD) as usize;
        (self.base, self.valid) = (base, valid);
        self.words.clear();
        self.words.resize(words, Cell::default());
        self.split.clear();
        self.split.resize(words, 0);
        self.bytes.clear();
        self.touched = Some((0, words));
    }

    fn is_split(&self, w: usize) -> bool {
        self.split[w] != 0
    }

    /// The byte cells of split word `w`.
    fn split_cells(&self, w: usize) -> &[Cell; 4] {
        &self.bytes[self.split[w] as usize - 1]
    }

    /// The byte cells of word `w`, splitting it.
    fn split_word(&mut self, w: usize) -> &mut [Cell; 4] {
        if !self.is_split(w) {
            let word = self.words[w];
            let byte = |v: u32, i: usize| v >> (8 * i) & 0xff;
            self.bytes.push(std::array::from_fn(|i| Cell {
                values: word.values.map(|v| byte(v, i)),
                first_value: byte(word.first_value, i),
                ..word
            }));
            self.split[w] = self.bytes.len() as u32;
        }
        &mut self.bytes[self.split[w] as usize - 1]
    }

    fn touch(&mut self, from: usize, to: usize) {
        self.touched = Some(match self.touched {
            Some((a, b)) => (a.min(from), b.max(to)),
            None => (from, to),
        });
    }

    /// Rewrites every slot's epoch (see `GroupShadow::rebase`).
    fn rebase(&mut self, epoch: &impl Fn(Slot) -> u32, first: &impl Fn(Slot) -> u32) {
        let each = |c: &mut Cell| {
            for s in c.loads.iter_mut().chain(c.stores.iter_mut()) {
                *s = s.at(epoch(*s));
            }
            c.first_load = c.first_load.at(first(c.first_load));
            c.first_store = c.first_store.at(first(c.first_store));
        };
        self.words.iter_mut().for_each(each);
        self.bytes.iter_mut().flatten().for_each(each);
    }
}

/// The current work-group's accesses.
pub struct GroupShadow {
    sites: Sites,
    /// The current interval's epoch, and the group's first.
    epoch: u32,
    first_epoch: u32,
    /// Epochs up to which slots are stale, per space ([local, global]).
    synced: [u32; 2],
    /// Cells of each local buffer (by buffer index - 1).
    local: Vec<Cells>,
    pages: Pages,
    /// Races found since the last synchronisation of each space, by the later work-item.
    races: [RaceList; 2],
    /// Whether races are given out as found (`take_found`), for a debugger.
    watch: bool,
    names: Names,
    /// The buffers of `global_runs`, kept for the next group: its stored bytes, and the
    /// pages' order.
    stored: Vec<u8>,
    order: Vec<usize>,
    /// Whether plain accesses that cannot race skip the full check (`Fresh::take_plain`);
    /// off only to test that it changes nothing.
    plain_fast_path: bool,
    /// Whether two work-items of the group touched the same bytes in an interval, one of them
    /// writing (atomics and same-value stores included): their order mattered.
    dependent: bool,
    /// Whether the group's work-items run together (`GroupContext::interleaved`): its
    /// accesses are kept in `segments`, not in cells.
    interleaved: bool,
    segments: SegmentLog,
    /// Synchronisations (barriers) since the group began.
    interval: u32,
    /// Sub-group barriers: per space, for each sub-group, the epoch its latest barrier of
    /// the space began (`SubGroupOrder`).
    sub_groups: SubGroupOrder,
    /// The group's barriers whose fence left a space out, per space ([local, global]): the
    /// epoch each began and its op, for telling a user that a race spans one.
    unfenced: [Vec<(u32, Site)>; 2],
    /// Cells for the group's global segments that overlap, and the buffers of
    /// `segments_runs`.
    scratch: Cells,
    clusters: Vec<u32>,
    cluster_buffers: ClusterBuffers,
}

/// The cells of the global pages the group touched.
#[derive(Default)]
struct Pages {
    pages: Vec<Cells>,
    /// Size of each global buffer, by buffer index (0: none).
    sizes: Vec<u64>,
    /// For each buffer, where each of its pages is in `pages`, plus one (0: untouched by the
    /// group); made when the buffer is first touched.
    index: Vec<Vec<u32>>,
    /// Pages of earlier groups, for reuse.
    spare: Vec<Cells>,
}

impl Pages {
    /// The cells of the page holding `address`, taken from the spares when first touched;
    /// None outside every buffer.
    fn get(&mut self, address: u64) -> Option<&mut Cells> {
        let (buffer, offset) = decode_address(address, GLOBAL_OFFSET_BITS);
        let size = *self.sizes.get(buffer as usize)?;
        let page = (offset / PAGE_BYTES) as usize;
        let index = &mut self.index[buffer as usize];
        if index.is_empty() {
            index.resize(size.div_ceil(PAGE_BYTES) as usize, 0);
        }
        let at = index.get_mut(page)?;
        if *at == 0 {
            let base = address - offset % PAGE_BYTES;
            let valid = (size - (offset - offset % PAGE_BYTES)).min(PAGE_BYTES);
            let mut cells = self.spare.pop().unwrap_or_default();
            cells.reset(base, valid);
            self.pages.push(cells);
            *at = self.pages.len() as u32;
        }
        Some(&mut self.pages[*at as usize - 1])
    }

    /// The group is over: its pages become spares.
    fn recycle(&mut self) {
        for cells in &self.pages {
            let (buffer, offset) = decode_address(cells.base, GLOBAL_OFFSET_BITS);
            self.index[buffer as usize][(offset / PAGE_BYTES) as usize] = 0;
        }
        self.spare.append(&mut self.pages);
    }
}

/// An access being taken in.
struct Incoming<'a> {
    slot: Slot,
    kind: AccessKind,
    start: u64,
    data: &'a [u8],
}

impl Incoming<'_> {
    fn reads(&self) -> bool {
        self.kind.reads()
    }

    fn writes(&self) -> bool {
        self.kind.writes()
    }

    fn wi(&self) -> u32 {
        self.slot.wi()
    }

    fn atomic(&self) -> bool {
        self.slot.atomic()
    }

    /// The stored bytes of the `len` (1 or 4) bytes at `address`, as a cell keeps them.
    fn value(&self, address: u64, len: u64) -> u32 {
        let at = (address - self.start) as usize;
        if len == WORD {
            let bytes = self
                .data
                .get(at..at + 4)
                .expect("whole words are in the data");
            u32::from_le_bytes(bytes.try_into().expect("four bytes"))
        } else {
            self.data.get(at).map_or(UNKNOWN, |&b| b as u32)
        }
    }
}

impl GroupShadow {
    /// For a launch whose global buffers have these sizes (by buffer index), running `sites`.
    /// With `watch`, each race is given out as soon as it is found (`take_found`), not at
    /// the next synchronisation.
    pub fn new(sites: Sites, buffer_sizes: Vec<u64>, watch: bool) -> GroupShadow {
        GroupShadow {
            sites,
            epoch: 0,
            first_epoch: 0,
            synced: [0; 2],
            local: Vec::new(),
            pages: Pages {
                index: vec![Vec::new(); buffer_sizes.len()],
                sizes: buffer_sizes,
                ..Pages::default()
            },
            races: Default::default(),
            watch,
            names: Names::default(),
            stored: Vec::new(),
            order: Vec::new(),
            plain_fast_path: true,
            dependent: false,
            interleaved: false,
            segments: SegmentLog::default(),
            interval: 0,
            sub_groups: SubGroupOrder::default(),
            unfenced: Default::default(),
            scratch: Cells::default(),
            clusters: Vec::new(),
            cluster_buffers: ClusterBuffers::default(),
        }
    }

    fn race_lists(&self) -> [RaceList; 2] {
        if self.watch {
            [RaceList::watching(), RaceList::watching()]
        } else {
            Default::default()
        }
    }

    /// Whether races were found since the last `take_found` (with `watch`).
    pub fn found(&self) -> bool {
        self.races.iter().any(RaceList::has_new)
    }

    pub fn take_found(&mut self) -> Vec<Race> {
        let [local, global] = &mut self.races;
        let mut races = local.take_new();
        races.extend(global.take_new());
        races
    }

    pub fn sites(&self) -> &Sites {
        &self.sites
    }

    /// Starts a group; `interleaved` when its work-items run together.
    pub fn begin(&mut self, names: Names, interleaved: bool) {
        self.pages.recycle();
        self.advance();
        self.first_epoch = self.epoch;
        self.synced = [self.epoch - 1; 2];
        self.races = self.race_lists();
        self.names = names;
        self.dependent = false;
        // A debugger is shown races as they are made: only cells find them.
        self.interleaved = interleaved && !self.watch;
        self.segments.begin();
        self.interval = 0;
        self.unfenced.iter_mut().for_each(Vec::clear);
    }

    /// Whether the group's work-items depended on one another's order (see `dependent`).
    pub fn dependent(&mut self) -> bool {
        if self.interleaved && !self.dependent {
            self.dependent = self.segments.conflict(&self.sites);
        }
        self.dependent
    }

    /// The next interval's epoch.
    fn advance(&mut self) {
        self.interval += 1;
        self.next_epoch();
    }

    /// The next epoch, renumbering every slot's first when the epochs run out.
    fn next_epoch(&mut self) {
        if self.epoch + 1 == 1 << EPOCH_BITS {
            self.rebase();
        }
        self.epoch += 1;
    }

    /// Sub-group `sub_group` (of `size` work-items) passed a barrier with a fence for the
    /// spaces `fenced` ([local, global]): its work-items' later accesses there no longer race
    /// with its earlier ones. Those of other sub-groups still do, until a work-group barrier.
    /// (A lane executor's segments do not know it: they take such accesses as an order that
    /// mattered, and the group runs again in cells.)
    pub fn sub_group_barrier(&mut self, sub_group: u32, size: u32, fenced: [bool; 2]) {
        self.next_epoch();
        self.sub_groups.size = size.max(1);
        for (which, &on) in fenced.iter().enumerate() {
            if on {
                let since = &mut self.sub_groups.since[which];
                if since.len() <= sub_group as usize {
                    since.resize(sub_group as usize + 1, 0);
                }
                since[sub_group as usize] = self.epoch;
            }
        }
    }

    /// Renumbers the epochs of every slot of the group so far: those of the current interval
    /// of their space become 2, the rest of the group's 1, and older ones 0; spares are
    /// dropped (their slots are all older).
    fn rebase(&mut self) {
        let (first, synced) = (self.first_epoch, self.synced);
        for (which, cells) in self
            .local
            .iter_mut()
            .map(|c| (0, c))
            .chain(self.pages.pages.iter_mut().map(|c| (1, c)))
        {
            let interval = |s: Slot| {
                if s.epoch() > synced[which] {
                    2
                } else {
                    u32::from(s.epoch() >= first && s.epoch() != 0)
                }
            };
            let group = |s: Slot| u32::from(s.epoch() >= first && s.epoch() != 0);
            cells.rebase(&interval, &group);
        }
        // A sub-group barrier of the current interval orders all of it: a race of a
        // sub-group's own work-items across the renumbering may go unseen, never a false one.
        for (which, since) in self.sub_groups.since.iter_mut().enumerate() {
            for e in since.iter_mut() {
                *e = if *e > synced[which] { 3 } else { 0 };
            }
        }
        self.pages.spare.clear();
        // Their epochs are gone: races found from now on have no barrier named.
        self.unfenced.iter_mut().for_each(Vec::clear);
        self.first_epoch = 1;
        self.synced = [1; 2];
        self.epoch = 2;
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

    /// Takes an access of work-item `wi` (or GROUP) at op number `site` into account;
    /// `atomic` when it is one, or a load that counts as one. Accesses outside every buffer
    /// (refused by the core) are ignored.
    pub fn access(
        &mut self,
        (wi, site): (u32, u32),
        a: &Access,
        atomic: bool,
        uniform_writes: bool,
    ) {
        if a.size == 0 {
            return;
        }
        if self.interleaved {
            let which = usize::from(a.space == AddrSpace::Global);
            if matches!(a.space, AddrSpace::Local | AddrSpace::Global)
                && self.valid(a.space, a.address, a.size)
            {
                let one = Segment::of_run(
                    &LaneRun::one(wi, a.address),
                    (a.size, a.kind),
                    (site, atomic, self.interval),
                );
                self.segments.push(which, one, a.data);
            }
            return;
        }
        let incoming = Incoming {
            slot: Slot::new(site, wi, self.epoch, atomic),
            kind: a.kind,
            start: a.address,
            data: a.data,
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
                        self.access((wi, site), &part, atomic, uniform_writes);
                    }
                    return;
                }
                let Some(cells) = self.pages.get(a.address) else {
                    return;
                };
                if end > cells.base + cells.valid {
                    return;
                }
                (1, cells)
            }
            _ => return,
        };
        let (synced, first) = (epoch_bits(self.synced[which]), epoch_bits(self.first_epoch));
        let mut from = ((a.address - cells.base) / WORD) as usize;
        let to = ((end - cells.base).div_ceil(WORD)) as usize;
        cells.touch(from, to);
        let whole = a.address.is_multiple_of(WORD)
            && a.size.is_multiple_of(WORD)
            && (!a.kind.writes() || a.data.len() as u64 >= a.size);
        if whole {
            // Words nothing else touched this interval (almost all), without a `Log`.
            let fresh = Fresh {
                slot: incoming.slot,
                reads: a.kind.reads(),
                writes: a.kind.writes(),
                union: which == 1,
                synced,
                first,
                plain: self.plain_fast_path,
            };
            let (words, split) = (&mut cells.words[from..to], &cells.split[from..to]);
            for (i, (cell, &split)) in words.iter_mut().zip(split).enumerate() {
                let value = match a.data.get(i * 4..i * 4 + 4) {
                    Some(bytes) => u32::from_le_bytes(bytes.try_into().expect("four bytes")),
                    None => 0,
                };
                if split != 0 || !fresh.take(cell, value) {
                    break;
                }
                from += 1;
            }
            if from == to {
                return;
            }
        }
        let mut log = Log {
            sites: &self.sites,
            synced,
            first,
            sub_groups: self.sub_groups.of(which),
            uniform_writes,
            races: &mut self.races[which],
            unfenced: &self.unfenced[which],
            space: a.space,
            names: &self.names,
            union: which == 1,
            plain_fast_path: self.plain_fast_path,
            dependent: &mut self.dependent,
        };
        for w in from..to {
            let word = cells.base + w as u64 * WORD;
            if whole && !cells.is_split(w) {
                log.take(&incoming, word, WORD, &mut cells.words[w]);
            } else {
                let bytes = cells.split_word(w);
                for (i, cell) in bytes.iter_mut().enumerate() {
                    let at = word + i as u64;
                    if (a.address..end).contains(&at) {
                        log.take(&incoming, at, 1, cell);
                    }
                }
            }
        }
    }

    /// Takes in one op's accesses in several work-items (`access` for each), the op's number
    /// `site`; `atomic` as for `access`.
    pub fn access_batch(
        &mut self,
        site: u32,
        batch: &AccessBatch,
        atomic: bool,
        uniform_writes: bool,
    ) {
        if !self.interleaved || batch.size == 0 {
            for (lane, access) in batch.accesses() {
                self.access((lane, site), &access, atomic, uniform_writes);
            }
            return;
        }
        let which = match batch.space {
            AddrSpace::Local => 0,
            AddrSpace::Global => 1,
            _ => return,
        };
        let facts = (site, atomic, self.interval);
        let (local, sizes) = (&self.local, &self.pages.sizes);
        let valid = |address, size| in_buffer(batch.space, local, sizes, address, size);
        self.segments.record(which, batch, facts, valid);
    }

    /// Whether the `size` bytes at `address` of `space` lie in one of its buffers.
    fn valid(&self, space: AddrSpace, address: u64, size: u64) -> bool {
        in_buffer(space, &self.local, &self.pages.sizes, address, size)
    }

    /// A barrier that synchronises no memory: later accesses are of a new interval all the
    /// same (which is first of a group's accesses depends on it).
    pub fn next_interval(&mut self) {
        self.advance();
    }

    /// A work-group barrier at `site` was passed, after its synchronisations: the spaces its
    /// fence (`[local, global]`) left out are not ordered by it.
    pub fn barrier_passed(&mut self, site: Option<Site>, fenced: [bool; 2]) {
        const MAX_KEPT: usize = 1 << 16;
        let Some(site) = site else {
            return;
        };
        for (which, &on) in fenced.iter().enumerate() {
            let list = &mut self.unfenced[which];
            if !on && list.len() < MAX_KEPT {
                list.push((self.epoch, site));
            }
        }
    }

    /// A synchronisation of `space` (a barrier's fence, or the group's end): the races found
    /// since the last one, in report order; later accesses no longer race with earlier ones.
    pub fn sync(&mut self, space: AddrSpace) -> Vec<Race> {
        let which = usize::from(space == AddrSpace::Global);
        if self.interleaved {
            self.segments.sync(which, &self.sites);
        }
        self.synced[which] = self.epoch;
        self.advance();
        self.races[which].take()
    }

    /// What the group did to global memory, run by run in address order, when it ends, in
    /// `runs` (empty).
    pub fn global_runs(&mut self, runs: &mut GroupRuns) {
        // Bytes with the same first load and store are pushed together.
        let mut span = Span {
            stored: std::mem::take(&mut self.stored),
            ..Span::default()
        };
        if self.interleaved {
            self.segments_runs(&mut span, runs);
        } else {
            // The pages in address order.
            let mut order = std::mem::take(&mut self.order);
            order.clear();
            order.extend(0..self.pages.pages.len());
            order.sort_unstable_by_key(|&i| self.pages.pages[i].base);
            for &i in &order {
                self.span_cells(&self.pages.pages[i], &mut span, runs);
            }
            self.order = order;
        }
        span.finish(self, runs);
        self.stored = span.stored;
        self.stored.clear();
    }

    /// `global_runs` of a group kept in segments: those of a kind that do not overlap
    /// pushed as they are, the others through cells.
    fn segments_runs(&mut self, span: &mut Span, runs: &mut GroupRuns) {
        let mut scratch = std::mem::take(&mut self.scratch);
        let mut order = std::mem::take(&mut self.clusters);
        let mut buffers = std::mem::take(&mut self.cluster_buffers);
        let this = &*self;
        let (list, data) = (this.segments.global(), &this.segments.data);
        runs.reserve(
            list.iter()
                .filter(|s| s.writes())
                .map(|s| s.len() as usize)
                .sum(),
        );
        segments::clusters(list, &mut order, |cluster, simple| {
            if simple {
                span.finish(this, runs);
                segments::push_cluster(runs, list, cluster, data, &mut buffers);
            } else {
                this.union_cells(&mut scratch, cluster);
                this.span_cells(&scratch, span, runs);
            }
        });
        (self.scratch, self.clusters, self.cluster_buffers) = (scratch, order, buffers);
    }

    /// The group's first load and store of each byte of a cluster of global segments (by
    /// their numbers), in cells made for it.
    fn union_cells(&self, cells: &mut Cells, cluster: &[u32]) {
        let (list, data) = (self.segments.global(), &self.segments.data);
        // In the order their accesses that count came (a later one of a work-item's that
        // joined an earlier segment comes late).
        let stamp = |&i: &u32| list[i as usize].stamp;
        let cluster = if cluster.is_sorted_by_key(stamp) {
            std::borrow::Cow::Borrowed(cluster)
        } else {
            let mut by_stamp = cluster.to_vec();
            by_stamp.sort_unstable_by_key(stamp);
            std::borrow::Cow::Owned(by_stamp)
        };
        let each = || cluster.iter().map(|&i| &list[i as usize]);
        let start = each().map(|s| s.start).min().unwrap_or(0);
        let end = each().map(Segment::end).max().unwrap_or(0);
        let base = start - start % WORD;
        cells.clear_for(base, end - base);
        let first = epoch_bits(self.first_epoch);
        let last_epoch = (1 << EPOCH_BITS) - 1;
        for s in each() {
            let epoch = (self.first_epoch + s.interval).min(last_epoch);
            for k in 0..s.elements() {
                let fresh = Fresh {
                    slot: Slot::new(s.site, s.element_wi(k), epoch, s.atomic),
                    reads: s.reads(),
                    writes: s.writes(),
                    union: true,
                    synced: 0,
                    first,
                    plain: false,
                };
                let at = s.start + k as u64 * s.elem;
                // The stored bytes from the `i`th of the element on.
                let stored = |i: u64, len: usize| {
                    let from = s.data + (k as u64 * s.elem + i) as usize;
                    let mut bytes = [0; 4];
                    if s.writes() {
                        bytes[..len].copy_from_slice(&data[from..from + len]);
                    }
                    u32::from_le_bytes(bytes)
                };
                let whole = at.is_multiple_of(WORD) && s.elem.is_multiple_of(WORD);
                let mut i = 0;
                while i < s.elem {
                    let w = ((at + i - base) / WORD) as usize;
                    if whole && !cells.is_split(w) {
                        fresh.union(&mut cells.words[w], stored(i, 4));
                        i += WORD;
                    } else {
                        let byte = (at + i - base) % WORD;
                        let cell = &mut cells.split_word(w)[byte as usize];
                        fresh.union(cell, stored(i, 1));
                        i += 1;
                    }
                }
            }
        }
    }

    /// Adds the group's first loads and stores in `cells` to the runs.
    fn span_cells(&self, cells: &Cells, span: &mut Span, runs: &mut GroupRuns) {
        let Some((from, to)) = cells.touched else {
            return;
        };
        // Only the last word may be partial, and only cells with byte cells have split
        // words.
        let any_split = !cells.bytes.is_empty();
        let last_len = cells.valid - (cells.valid - 1) / WORD * WORD;
        let last = cells.words.len() - 1;
        for (w, c) in cells.words.iter().enumerate().take(to).skip(from) {
            let word = cells.base + w as u64 * WORD;
            if any_split && cells.is_split(w) {
                for (i, c) in cells.split_cells(w).iter().enumerate() {
                    span.add(self, runs, c, word + i as u64, 1);
                }
            } else {
                let len = if w == last { last_len } else { WORD };
                if !span.extends(c, word, len) {
                    span.add(self, runs, c, word, len);
                }
            }
        }
    }

    fn of_group(&self, s: Slot) -> bool {
        s.epoch() >= self.first_epoch
    }

    fn accessor_of(&self, s: Slot) -> Accessor {
        Accessor {
            wi: s.wi(),
            site: s.site(),
            atomic: s.atomic(),
        }
    }
}

/// The group's first loads and stores of consecutive bytes, being gathered into runs: bytes
/// with the same accessors make an element, and elements of one length whose accessors are
/// those of the element before for the next work-item (`a[get_global_id(0)] = ...`) make one
/// strided run, so accessors are decoded once per run, not per element.
#[derive(Default)]
struct Span {
    /// The run: its first byte, length, element length and number of elements.
    start: u64,
    len: u64,
    elem: u64,
    count: u64,
    /// Accessor keys (loads, stores; 0: none) of the run's first and last element.
    first: (u64, u64),
    last: (u64, u64),
    /// The element being gathered: its start, length, keys and first cell's slots.
    element: u64,
    element_len: u64,
    keys: (u64, u64),
    slots: (Slot, Slot),
    /// Stored bytes of the run, then of the element.
    stored: Vec<u8>,
}

/// The key of a work-item's next accessor, from one key to the next in a strided run.
const NEXT_WORK_ITEM: u64 = 1 << WI_SHIFT;
/// A bit making every accessor's key non-zero.
const KEY_MARK: u64 = 1 << EPOCH_SHIFT;

impl Span {
    fn add(
        &mut self,
        shadow: &GroupShadow,
        runs: &mut GroupRuns,
        c: &Cell,
        address: u64,
        len: u64,
    ) {
        let key = |s: Slot| {
            if shadow.of_group(s) {
                s.accessor() | KEY_MARK
            } else {
                0
            }
        };
        let keys = (key(c.first_load), key(c.first_store));
        if keys == (0, 0) {
            return;
        }
        let (start, element_len) = (self.element, self.element_len);
        if element_len == 0 || start + element_len != address || self.keys != keys {
            self.end_element(shadow, runs);
            self.element = address;
            self.keys = keys;
            self.slots = (c.first_load, c.first_store);
        }
        self.element_len += len;
        if keys.1 != 0 {
            // A byte cell's UNKNOWN byte is kept as 0 (between groups, data is a byte).
            push_value(&mut self.stored, c.first_value, len);
        }
    }

    /// Adds the cell of a word to the element when its slots are those of the element's
    /// first cell (the common case, decided without decoding them).
    #[inline]
    fn extends(&mut self, c: &Cell, address: u64, len: u64) -> bool {
        let same = self.element_len != 0
            && self.element + self.element_len == address
            && (c.first_load, c.first_store) == self.slots;
        if same {
            self.element_len += len;
            if self.keys.1 != 0 {
                push_value(&mut self.stored, c.first_value, len);
            }
        }
        same
    }

    /// Ends the element being gathered: it continues the run, or starts the next.
    fn end_element(&mut self, shadow: &GroupShadow, runs: &mut GroupRuns) {
        let (start, len) = (self.element, self.element_len);
        if len == 0 {
            return;
        }
        let next = |last: u64, key: u64| {
            (last == 0 && key == 0)
                || (last != 0 && Slot(last).wi() != GROUP && key == last + NEXT_WORK_ITEM)
        };
        let continues = self.count > 0
            && self.start + self.len == start
            && self.elem == len
            && next(self.last.0, self.keys.0)
            && next(self.last.1, self.keys.1);
        if continues {
            self.len += len;
            self.count += 1;
        } else {
            let element_stored = if self.keys.1 != 0 { len as usize } else { 0 };
            self.flush(shadow, runs, self.stored.len() - element_stored);
            (self.start, self.len, self.elem, self.count) = (start, len, len, 1);
            self.first = self.keys;
        }
        self.last = self.keys;
        self.element_len = 0;
    }

    /// Hands over the run, whose stored bytes are the first `stored` ones.
    fn flush(&mut self, shadow: &GroupShadow, runs: &mut GroupRuns, stored: usize) {
        if self.count == 0 {
            return;
        }
        let accessor = |key: u64| (key != 0).then(|| shadow.accessor_of(Slot(key & !KEY_MARK)));
        let elem = if self.count > 1 { self.elem } else { 0 };
        let (load, store) = (accessor(self.first.0), accessor(self.first.1));
        runs.push(
            self.start,
            self.len,
            elem,
            load,
            store,
            &self.stored[..stored],
        );
        self.stored.drain(..stored);
        self.count = 0;
    }

    fn finish(&mut self, shadow: &GroupShadow, runs: &mut GroupRuns) {
        self.end_element(shadow, runs);
        self.flush(shadow, runs, self.stored.len());
    }
}

/// Whether the `size` bytes at `address` of `space` lie in one of its buffers: `local`'s
/// cells, or global buffers of these sizes (by index).
fn in_buffer(space: AddrSpace, local: &[Cells], sizes: &[u64], address: u64, size: u64) -> bool {
    let (index, offset) = decode_address(address, GLOBAL_OFFSET_BITS);
    let end = offset.checked_add(size);
    match space {
        AddrSpace::Local => (index as usize)
            .checked_sub(1)
            .and_then(|i| local.get(i))
            .is_some_and(|c| {
                address >= c.base
                    && address
                        .checked_add(size)
                        .is_some_and(|e| e <= c.base + c.valid)
            }),
        AddrSpace::Global => sizes
            .get(index as usize)
            .is_some_and(|&s| end.is_some_and(|e| e <= s)),
        _ => false,
    }
}

/// Appends the first `len` bytes of a cell's stored value (a word's four, in one copy).
#[inline(always)]
fn push_value(stored: &mut Vec<u8>, value: u32, len: u64) {
    let bytes = value.to_le_bytes();
    if len == WORD {
        stored.extend_from_slice(&bytes);
    } else {
        stored.extend_from_slice(&bytes[..len as usize]);
    }
}

/// A whole-word access, for the words nothing else touched in the interval.
struct Fresh {
    slot: Slot,
    reads: bool,
    writes: bool,
    union: bool,
    /// As in `Log`.
    synced: u64,
    first: u64,
    /// Whether `take_plain` may take the access (off only to test it).
    plain: bool,
}

impl Fresh {
    /// `Log::take` of a word, when its cell has no access of this interval yet; false
    /// (and nothing done) when it has.
    #[inline(always)]
    fn take(&self, cell: &mut Cell, value: u32) -> bool {
        let (loaded, stored) = (self.fresh(cell.loads[0]), self.fresh(cell.stores[0]));
        if loaded || stored {
            return self.take_plain(cell, value, stored);
        }
        if self.reads {
            cell.loads = [self.slot, Slot::default()];
        }
        if self.writes {
            cell.stores = [self.slot, Slot::default()];
            cell.values[0] = value;
        }
        self.union(cell, value);
        true
    }

    /// A slot of this interval (a pair's second is only filled after its first).
    #[inline(always)]
    fn fresh(&self, s: Slot) -> bool {
        s.epoch_bits() > self.synced
    }

    /// `Log::take` of a plain (not atomic) load or store of a work-item, in the cases that
    /// cannot race and change little, which shared reads (a tile every work-item reads) and
    /// a work-item's own read-modify-write make common: a load of a word no one stored to
    /// this interval, a store to a word only this work-item accessed. False (and nothing
    /// done) in the others.
    #[inline(always)]
    fn take_plain(&self, cell: &mut Cell, value: u32, stored: bool) -> bool {
        let wi = self.slot.wi();
        if !self.plain || self.slot.atomic() || wi == GROUP || self.reads == self.writes {
            return false;
        }
        // This work-item's first access of the kind, if the pair has it and it is plain.
        let own = |s: Slot| self.fresh(s) && s.wi() == wi && !s.atomic();
        let [l1, l2] = cell.loads;
        if self.reads {
            if stored || l1.atomic() {
                return false;
            }
            // Another work-item's load is kept second (Log::keep), unless one is.
            if !own(l1) && !own(l2) && (!self.fresh(l2) || l2.atomic()) {
                cell.loads[1] = self.slot;
            }
        } else {
            let other = |s: Slot| self.fresh(s) && s.wi() != wi;
            let [s1, s2] = cell.stores;
            if other(l1) || other(l2) || other(s1) || other(s2) || s1.atomic() && stored {
                return false;
            }
            if !stored {
                cell.stores = [self.slot, Slot::default()];
                cell.values[0] = value;
            }
        }
        self.union(cell, value);
        true
    }

    /// Keeps the access as the group's first load or store of the cell (global memory): as
    /// in Oclgrind, the first, or while that is atomic, the latest — in the scalar executor's
    /// order (by interval, then work-item), whatever order a lane executor's interleaved
    /// accesses come in: the earliest plain access, or without one the latest atomic.
    #[inline(always)]
    fn union(&self, cell: &mut Cell, value: u32) {
        if self.union {
            let (epoch, wi, atomic) = (self.slot.epoch_bits(), self.slot.wi(), self.slot.atomic());
            let replaceable = |s: Slot| {
                // A slot of this group is of this interval or an earlier one.
                let same = s.epoch_bits() == epoch;
                s.epoch_bits() < self.first
                    || match (atomic, s.atomic()) {
                        (false, true) => true,
                        (false, false) => same && wi < s.wi(),
                        (true, true) => !same || wi >= s.wi(),
                        (true, false) => false,
                    }
            };
            if self.reads && replaceable(cell.first_load) {
                cell.first_load = self.slot;
            }
            if self.writes && replaceable(cell.first_store) {
                cell.first_store = self.slot;
                cell.first_value = value;
            }
        }
    }
}

/// Sub-group barriers of the group's current intervals.
#[derive(Default)]
struct SubGroupOrder {
    /// Work-items per sub-group (set by the first sub-group barrier).
    size: u32,
    /// Per space ([local, global]), by sub-group: the first epoch after its latest barrier
    /// with a fence for the space (older values are of earlier intervals, and order nothing
    /// live).
    since: [Vec<u32>; 2],
}

impl SubGroupOrder {
    fn of(&self, which: usize) -> SubGroupSince<'_> {
        SubGroupSince {
            size: self.size.max(1),
            since: &self.since[which],
        }
    }
}

/// `SubGroupOrder` of one space.
#[derive(Clone, Copy)]
struct SubGroupSince<'a> {
    size: u32,
    since: &'a [u32],
}

impl SubGroupSince<'_> {
    /// Whether a barrier of the sub-group of work-item `wi` separates `earlier`, of the same
    /// sub-group, from its accesses now.
    fn orders(&self, earlier: Slot, wi: u32) -> bool {
        let sub_group = wi / self.size;
        wi != GROUP
            && earlier.wi() != GROUP
            && earlier.wi() / self.size == sub_group
            && self
                .since
                .get(sub_group as usize)
                .is_some_and(|&since| earlier.epoch() < since)
    }
}

/// What the word-by-word work needs besides the cell.
struct Log<'a> {
    sites: &'a Sites,
    /// Slots with epochs up to this are stale; from `first` on, they are the group's (as
    /// `Slot::epoch_bits`).
    synced: u64,
    first: u64,
    /// The sub-group barriers that order some of the live slots.
    sub_groups: SubGroupSince<'a>,
    uniform_writes: bool,
    races: &'a mut RaceList,
    /// The group's barriers that do not order this space (`GroupShadow::unfenced`).
    unfenced: &'a [(u32, Site)],
    space: AddrSpace,
    names: &'a Names,
    /// Whether cells keep the group's first load and store (global memory).
    union: bool,
    plain_fast_path: bool,
    dependent: &'a mut bool,
}

impl Log<'_> {
    fn fresh(&self, s: Slot) -> bool {
        s.epoch_bits() > self.synced
    }

    /// Checks `a` against the earlier accesses of the `len` bytes at `address` (a word, or a
    /// byte of a split one), then records it there. Only a work-item's first load and first
    /// store of a byte in an interval count (an atomic one gives way to the next), as
    /// Oclgrind keeps one of each per work-item.
    #[inline]
    fn take(&mut self, a: &Incoming, address: u64, len: u64, cell: &mut Cell) {
        let value = if a.writes() { a.value(address, len) } else { 0 };
        let fresh = Fresh {
            slot: a.slot,
            reads: a.reads(),
            writes: a.writes(),
            union: self.union,
            synced: self.synced,
            first: self.first,
            plain: self.plain_fast_path,
        };
        // Nothing else this interval (a second slot is only filled after the first), or a
        // check against what there is.
        if !fresh.take(cell, value) {
            self.check(a, address, len, value, cell);
            fresh.union(cell, value);
        }
    }

    /// `take` when the cell has accesses of this interval.
    #[inline(never)]
    fn check(&mut self, a: &Incoming, address: u64, len: u64, value: u32, cell: &mut Cell) {
        // Another entity's access of this interval, one of the two writing: which came first
        // mattered (unless both were atomic additions whose old values nobody read).
        let sites = self.sites;
        let additions = |s: &Slot| {
            a.atomic()
                && s.atomic()
                && sites.unread_addition(a.slot.site())
                && sites.unread_addition(s.site())
        };
        let other = |s: &Slot| self.fresh(*s) && s.wi() != a.wi() && !additions(s);
        if cell.stores.iter().any(other) || a.writes() && cell.loads.iter().any(other) {
            *self.dependent = true;
        }
        let load = a.reads() && self.counts(a, &cell.loads);
        let store = a.writes() && self.counts(a, &cell.stores);
        if load {
            if let Some(s) = cell.stores.into_iter().find(|s| self.conflicts(a, *s)) {
                self.race(address, (a.slot, false), (s, true));
            }
        }
        if store {
            if let Some(s) = cell.loads.into_iter().find(|s| self.conflicts(a, *s)) {
                self.race(address, (a.slot, true), (s, false));
            }
            for (s, theirs) in cell.stores.into_iter().zip(cell.values) {
                if !self.conflicts(a, s) {
                    continue;
                }
                let at = if self.uniform_writes {
                    Some(0)
                } else {
                    differs(value, theirs, len)
                };
                if let Some(offset) = at {
                    self.race(address + offset, (a.slot, true), (s, true));
                    break;
                }
            }
        }
        if load {
            self.keep(a, &mut cell.loads, None);
        }
        if store {
            self.keep(a, &mut cell.stores, Some((&mut cell.values, value)));
        }
    }

    /// Whether `a` is its work-item's access of this kind here: it has none in the pair yet,
    /// or only an atomic one.
    fn counts(&self, a: &Incoming, pair: &Pair) -> bool {
        let own = pair
            .iter()
            .find(|s| self.fresh(**s) && s.wi() == a.wi() && a.wi() != GROUP);
        own.is_none_or(|s| s.atomic())
    }

    /// Whether `s` is an access of another entity that `a` may race with.
    fn conflicts(&self, a: &Incoming, s: Slot) -> bool {
        self.fresh(s)
            && (s.wi() != a.wi() || a.wi() == GROUP)
            && !(s.atomic() && a.atomic())
            && !self.sub_groups.orders(s, a.wi())
    }

    /// Keeps `a` in the pair (with its stored value, for stores). The first slot is the
    /// access Oclgrind compares later ones with: the first, or while that is atomic, the
    /// latest. The second holds one of another work-item, so that a conflicting access is
    /// found whenever there is one; a non-atomic one replaces an atomic one there.
    fn keep(&self, a: &Incoming, pair: &mut Pair, values: Option<(&mut [u32; 2], u32)>) {
        let mut dummy = [0; 2];
        let (values, value) = values.unwrap_or((&mut dummy, 0));
        let [s1, s2] = pair;
        if !self.fresh(*s1) {
            (*s1, *s2) = (a.slot, Slot::default());
            values[0] = value;
        } else if s1.atomic() {
            let old = (*s1, values[0]);
            (*s1, values[0]) = (a.slot, value);
            if old.0.wi() != a.wi() && (!self.fresh(*s2) || s2.wi() == a.wi() || s2.atomic()) {
                (*s2, values[1]) = old;
            } else if s2.wi() == a.wi() {
                *s2 = Slot::default();
            }
        } else if s1.wi() != a.wi() && (!self.fresh(*s2) || s2.atomic() && !a.atomic()) {
            (*s2, values[1]) = (a.slot, value);
        }
    }

    /// Notes a race between `ours` (the incoming access) and `theirs`, each with whether it
    /// stores, named later work-item first.
    fn race(&mut self, address: u64, ours: (Slot, bool), theirs: (Slot, bool)) {
        let order = |wi: u32| if wi == GROUP { u64::MAX } else { wi as u64 };
        let (first, second) = if order(ours.0.wi()) >= order(theirs.0.wi()) {
            (ours, theirs)
        } else {
            (theirs, ours)
        };
        let id = |(s, store): (Slot, bool)| AccessId {
            who: self.names.who(s.wi()),
            site: self.sites.site(s.site()),
            store,
            atomic: s.atomic(),
        };
        // A barrier between the two that does not order this space (the first after the
        // earlier access): a user who sees it takes the race for a false one.
        let (earlier, later) = match ours.0.epoch() <= theirs.0.epoch() {
            true => (ours.0.epoch(), theirs.0.epoch()),
            false => (theirs.0.epoch(), ours.0.epoch()),
        };
        let across = self.unfenced.partition_point(|&(e, _)| e <= earlier);
        let unfenced_barrier = (self.unfenced.get(across))
            .filter(|&&(e, _)| e <= later)
            .map(|&(_, site)| site);
        let race = Race {
            space: self.space,
            address,
            first: id(first),
            second: id(second),
            unfenced_barrier,
        };
        self.races.insert(order(first.0.wi()), race);
    }
}

/// The offset of the first byte where two stored values of a cell of `len` bytes differ.
fn differs(ours: u32, theirs: u32, len: u64) -> Option<u64> {
    if len == 1 && (ours == UNKNOWN || theirs == UNKNOWN) {
        // A byte cell whose byte one of the stores did not give.
        return Some(0);
    }
    let x = ours ^ theirs;
    (x != 0).then(|| (x.trailing_zeros() / 8) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::encode_address;
    use crate::plugins::LaunchInfo;

    #[test]
    fn slots_pack_op_work_item_epoch_and_atomicity() {
        let s = Slot::new(7, GROUP, 3, false);
        assert_eq!(
            (s.site(), s.wi(), s.epoch(), s.atomic()),
            (7, GROUP, 3, false)
        );
        let s = Slot::new((1 << SITE_BITS) - 1, 5, (1 << EPOCH_BITS) - 1, true);
        assert_eq!(
            (s.wi(), s.epoch(), s.atomic()),
            (5, (1 << EPOCH_BITS) - 1, true)
        );
        assert_eq!(s.at(9).epoch(), 9);
        assert_eq!(s.at(9).accessor(), s.accessor());
    }

    /// Pseudo-random numbers below the one asked (xorshift), from `seed`.
    fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        move |n| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        }
    }

    /// Random accesses of a few work-items to a local and a global buffer, with
    /// synchronisations: the races found and the group's runs, described.
    fn random_group(seed: u64, plain_fast_path: bool) -> (Vec<Race>, String) {
        let mut below = numbers(seed);
        let global = encode_address(1, 0, GLOBAL_OFFSET_BITS);
        let local = encode_address(1, 0, GLOBAL_OFFSET_BITS);
        let mut shadow = GroupShadow::new(Sites::plain(8), vec![0, 64], false);
        shadow.plain_fast_path = plain_fast_path;
        let launch = LaunchInfo::for_test(1, [8, 1, 1], [4, 1, 1]);
        shadow.begin(Names::of(&launch, [0; 3]), false);
        shadow.local_buffer(local, 32);
        let mut races = Vec::new();
        for _ in 0..40 {
            if below(8) == 0 {
                let space = [AddrSpace::Local, AddrSpace::Global][below(2) as usize];
                races.extend(shadow.sync(space));
                continue;
            }
            let (space, base, len) = match below(2) {
                0 => (AddrSpace::Local, local, 32),
                _ => (AddrSpace::Global, global, 64),
            };
            let size = [1, 2, 4, 4, 4, 8][below(6) as usize];
            let address = base + (below(len / 4) * 4 + [0, 0, 0, 1][below(4) as usize]);
            let kind = [
                AccessKind::Load,
                AccessKind::Load,
                AccessKind::Store,
                AccessKind::Store,
                AccessKind::Atomic,
            ][below(5) as usize];
            let data: Vec<u8> = (0..size).map(|_| below(2) as u8).collect();
            let data = if kind == AccessKind::Load {
                &[][..]
            } else {
                &data
            };
            let a = Access {
                space,
                address,
                size,
                kind,
                data,
            };
            let wi = [0, 1, 2, 3, GROUP][below(5) as usize];
            let site = 1 + below(7) as u32;
            shadow.access((wi, site), &a, kind.atomic() || below(8) == 0, false);
        }
        races.extend(shadow.sync(AddrSpace::Local));
        races.extend(shadow.sync(AddrSpace::Global));
        let mut runs = GroupRuns::new(0);
        shadow.global_runs(&mut runs);
        (races, runs.describe())
    }

    #[test]
    fn the_fast_path_for_plain_accesses_changes_nothing() {
        for seed in 1..2000 {
            assert_eq!(
                random_group(seed, true),
                random_group(seed, false),
                "seed {seed}"
            );
        }
    }

    /// One random event of a group of 8 work-items on a local buffer of 32 bytes and a
    /// global one of 64, biased towards accesses of each work-item to its own elements.
    #[derive(Debug)]
    enum Event {
        Batch(AddrSpace, u64, AccessKind, Vec<u32>, Vec<u64>, Vec<u8>, u32),
        Single(u32, AddrSpace, u64, u64, AccessKind, Vec<u8>, u32),
        Sync(Option<AddrSpace>),
    }

    fn random_events(seed: u64) -> Vec<Event> {
        let mut below = numbers(seed);
        let global = encode_address(1, 0, GLOBAL_OFFSET_BITS);
        let local = encode_address(1, 0, GLOBAL_OFFSET_BITS);
        let mut events = Vec::new();
        // Mostly one size of element in a group.
        let element = [1, 2, 4, 8][below(4) as usize];
        for _ in 0..(4 + below(12)) {
            let space = [AddrSpace::Local, AddrSpace::Global, AddrSpace::Global][below(3) as usize];
            let (base, len) = match space {
                AddrSpace::Local => (local, 32),
                _ => (global, 64),
            };
            let site = 1 + below(4) as u32;
            match below(10) {
                0 | 9 => {
                    let space = [None, Some(AddrSpace::Local), Some(AddrSpace::Global)];
                    events.push(Event::Sync(space[below(3) as usize]));
                }
                1 => {
                    let size = [1, 4, element, element][below(4) as usize];
                    let wi = below(8);
                    let at = match below(4) {
                        0 => below(len / size) * size,
                        _ => wi * size,
                    };
                    let kind = [AccessKind::Atomic, AccessKind::Load, AccessKind::Store];
                    let kind = kind[below(3) as usize];
                    let data = (0..size).map(|_| below(3) as u8).collect();
                    let data = if kind == AccessKind::Load {
                        Vec::new()
                    } else {
                        data
                    };
                    let wi = wi as u32;
                    events.push(Event::Single(wi, space, base + at, size, kind, data, site));
                }
                _ => {
                    let size = [1, 2, 4, element, element, element][below(6) as usize];
                    let lanes: Vec<u32> = (0..8).filter(|_| below(5) != 0).collect();
                    let kinds = [AccessKind::Load, AccessKind::Store, AccessKind::Atomic];
                    let kind = kinds[[0, 0, 1, 1, 1, 2][below(6) as usize]];
                    // Stores mostly to each work-item's own element.
                    let pattern = match kind {
                        AccessKind::Store | AccessKind::Atomic if below(8) != 0 => 3,
                        _ => below(10),
                    };
                    let start = [0, 0, 0, size][below(4) as usize];
                    let addresses: Vec<u64> = lanes
                        .iter()
                        .map(|&l| match pattern {
                            0 => start,
                            1 => below(len / size) * size,
                            2 => start + (7 - l as u64) * size,
                            _ => start + l as u64 * size,
                        })
                        .filter(|&a| a + size <= len)
                        .map(|a| base + a)
                        .collect();
                    let lanes = lanes[..addresses.len()].to_vec();
                    let data = match kind {
                        AccessKind::Load => Vec::new(),
                        _ => (0..size * lanes.len() as u64)
                            .map(|_| below(2) as u8)
                            .collect(),
                    };
                    events.push(Event::Batch(
                        space, size, kind, lanes, addresses, data, site,
                    ));
                }
            }
        }
        events
    }

    /// Runs the events in a group kept in cells or in segments: whether the order of its
    /// work-items mattered, and its global runs byte by byte.
    fn run_events(events: &[Event], interleaved: bool) -> (bool, String) {
        let local = encode_address(1, 0, GLOBAL_OFFSET_BITS);
        let mut shadow = GroupShadow::new(Sites::plain(8), vec![0, 64], false);
        let launch = LaunchInfo::for_test(1, [8, 1, 1], [8, 1, 1]);
        shadow.begin(Names::of(&launch, [0; 3]), interleaved);
        shadow.local_buffer(local, 32);
        for event in events {
            match event {
                Event::Batch(space, size, kind, lanes, addresses, data, site) => {
                    let batch = AccessBatch {
                        site: crate::plugins::Site { func: 0, pc: 0 },
                        space: *space,
                        size: *size,
                        kind: *kind,
                        runs: &LaneRun::gather(lanes, addresses, *size),
                        data,
                    };
                    shadow.access_batch(*site, &batch, kind.atomic(), false);
                }
                Event::Single(wi, space, address, size, kind, data, site) => {
                    let a = Access {
                        space: *space,
                        address: *address,
                        size: *size,
                        kind: *kind,
                        data,
                    };
                    shadow.access((*wi, *site), &a, kind.atomic(), false);
                }
                Event::Sync(None) => shadow.next_interval(),
                Event::Sync(Some(space)) => {
                    shadow.sync(*space);
                }
            }
        }
        let dependent = shadow.dependent();
        shadow.sync(AddrSpace::Local);
        shadow.sync(AddrSpace::Global);
        let mut runs = GroupRuns::new(0);
        shadow.global_runs(&mut runs);
        (dependent, format!("{:?}", runs.bytes()))
    }

    #[test]
    fn segments_find_what_cells_find() {
        let mut apart = 0;
        for seed in 1..16000 {
            let events = random_events(seed);
            let (cells, segments) = (run_events(&events, false), run_events(&events, true));
            // Segments may take a group for dependent where cells can tell it is not.
            assert!(
                !cells.0 || segments.0,
                "seed {seed}: cells found a conflict"
            );
            if !segments.0 {
                assert_eq!(cells.1, segments.1, "seed {seed}");
                apart += 1;
            }
        }
        assert!(apart > 1000, "only {apart} groups without conflicts");
    }

    #[test]
    fn stored_values_differ_at_their_first_differing_byte() {
        assert_eq!(differs(0x1122_3344, 0x1122_3344, 4), None);
        assert_eq!(differs(0x1122_3344, 0x1122_0044, 4), Some(1));
        assert_eq!(differs(0x8000_0000, 0, 4), Some(3));
        assert_eq!(differs(0x07, 0x07, 1), None);
        assert_eq!(differs(0x07, UNKNOWN, 1), Some(0));
        assert_eq!(differs(UNKNOWN, UNKNOWN, 1), Some(0));
    }
}
