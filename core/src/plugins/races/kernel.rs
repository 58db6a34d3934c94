//! Races between work-groups, on global memory: each finished group's accesses are compared
//! with those of the groups before it, in the launch's order (so the reports do not depend
//! on the number of threads), as Oclgrind compares them running on one thread.
//!
//! The table keeps, for every 4-byte word the launch touched, the first load and the first
//! store of the groups merged so far, each packed in a `u64`, and the bytes that store
//! stored: at most 20 bytes a word (8 for a word only read), in pages made when first
//! touched, whatever the access pattern. A page whose groups touched different bytes (each
//! group its own elements: most kernels) keeps their runs whole instead, which cannot race:
//! little more than the bytes stored.
//! A word whose bytes were accessed by work-items of no regular pattern is split into a
//! state per byte. A group's accesses arrive as runs (consecutive work-items doing the same
//! thing to consecutive elements make one strided run), which wait for their turn. The table
//! is in shards of pages, each merging the groups in launch order on its own, so that workers
//! finishing groups at once merge them at once.

use std::collections::VecDeque;
use std::sync::atomic::{fence, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

use super::report::{AccessId, Race, RaceList};
use super::report::{Names, GROUP};
use super::sites::{Sites, SITE_BITS};
use super::slab::Zeroed;
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::LaunchInfo;

const WORD: u64 = 4;
/// Words in a page of the table.
const PAGE_WORDS: usize = 1024;
const PAGE_BYTES: u64 = PAGE_WORDS as u64 * WORD;

/// An access packed for the table (0: none): which work-item (its global linear index, or
/// the group's for the group's own accesses), op and atomicity, and for a word, how its
/// bytes' work-items follow one another.
mod packed {
    use super::SITE_BITS;

    pub const PRESENT: u64 = 1 << 63;
    pub const ATOMIC: u64 = 1 << 62;
    /// The id is a group's: an access of the group itself (async copies).
    pub const GROUP: u64 = 1 << 61;
    /// Byte k of the word is the access of the work-item k (stride 1) or k / 2 (stride 2)
    /// after the id's.
    pub const STRIDE_SHIFT: u32 = 59;
    pub const STRIDE: u64 = 3 << STRIDE_SHIFT;
    pub const SITE_SHIFT: u32 = 36;
    pub const ID: u64 = (1 << SITE_SHIFT) - 1;
    const _: () = assert!(SITE_SHIFT + SITE_BITS <= STRIDE_SHIFT);

    pub fn new(id: u64, site: u32, atomic: bool, group: bool) -> u64 {
        PRESENT
            | (atomic as u64) << 62
            | (group as u64) << 61
            | (site as u64) << SITE_SHIFT
            | (id & ID)
    }

    pub fn with_stride(p: u64, stride: u64) -> u64 {
        (p & !STRIDE) | stride << STRIDE_SHIFT
    }

    /// The access of byte `k` of a word whose access is `p` (without a stride).
    pub fn byte(p: u64, k: u64) -> u64 {
        if p == 0 {
            return 0;
        }
        let step = match (p & STRIDE) >> STRIDE_SHIFT {
            1 => k,
            2 => k / 2,
            _ => 0,
        };
        (p & !STRIDE) + step
    }

    /// The word form of four bytes' accesses, if they have one.
    pub fn word(bytes: [u64; 4]) -> Option<u64> {
        let [a, ..] = bytes;
        if bytes.iter().all(|&b| b == a) {
            return Some(a);
        }
        if a == 0 || a & GROUP != 0 {
            return None;
        }
        (1..3u64).find_map(|stride| {
            let p = with_stride(a, stride);
            (0..4).all(|k| byte(p, k) == bytes[k as usize]).then_some(p)
        })
    }

    pub fn atomic(p: u64) -> bool {
        p & ATOMIC != 0
    }

    pub fn site(p: u64) -> u32 {
        ((p >> SITE_SHIFT) & ((1 << SITE_BITS) - 1)) as u32
    }
}

/// One byte's table state: first load, first store and the byte it stored.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
struct ByteState {
    load: u64,
    store: u64,
    value: u8,
}

/// The table's words of one page of a buffer. Each kind's words are made when the first is
/// set (a buffer only read has no stores).
struct Page {
    loads: Zeroed<u64>,
    stores: Zeroed<u64>,
    values: Zeroed<u32>,
    /// For each word, where its byte states are in `bytes`, plus one (0: not split); empty
    /// until a word of the page is split.
    split: Vec<u32>,
    bytes: Vec<[ByteState; 4]>,
}

impl Page {
    fn new() -> Page {
        Page {
            loads: Zeroed::default(),
            stores: Zeroed::default(),
            values: Zeroed::default(),
            split: Vec::new(),
            bytes: Vec::new(),
        }
    }

    fn load(&self, w: usize) -> u64 {
        self.loads.get(w).copied().unwrap_or(0)
    }

    fn store(&self, w: usize) -> u64 {
        self.stores.get(w).copied().unwrap_or(0)
    }

    fn make_loads(&mut self) {
        if self.loads.is_empty() {
            self.loads = Zeroed::new(PAGE_WORDS);
        }
    }

    fn make_stores(&mut self) {
        if self.stores.is_empty() {
            self.stores = Zeroed::new(PAGE_WORDS);
            self.values = Zeroed::new(PAGE_WORDS);
        }
    }

    fn set_load(&mut self, w: usize, p: u64) {
        if self.loads.is_empty() {
            if p == 0 {
                return;
            }
            self.loads = Zeroed::new(PAGE_WORDS);
        }
        self.loads[w] = p;
    }

    fn set_store(&mut self, w: usize, p: u64, value: u32) {
        if self.stores.is_empty() {
            if p == 0 {
                return;
            }
            self.stores = Zeroed::new(PAGE_WORDS);
            self.values = Zeroed::new(PAGE_WORDS);
        }
        self.stores[w] = p;
        self.values[w] = value;
    }

    fn split_index(&self, w: usize) -> Option<usize> {
        self.split
            .get(w)
            .and_then(|&i| i.checked_sub(1))
            .map(|i| i as usize)
    }

    fn byte_states(&self, w: usize) -> [ByteState; 4] {
        match self.split_index(w) {
            Some(i) => self.bytes[i],
            None => std::array::from_fn(|k| ByteState {
                load: packed::byte(self.load(w), k as u64),
                store: packed::byte(self.store(w), k as u64),
                value: (self.values.get(w).copied().unwrap_or(0) >> (8 * k)) as u8,
            }),
        }
    }

    /// Keeps a word's byte states, as a word when they have a word form.
    fn set_byte_states(&mut self, w: usize, states: [ByteState; 4]) {
        let words = (
            packed::word(states.map(|s| s.load)),
            packed::word(states.map(|s| s.store)),
        );
        if let (Some(load), Some(store)) = words {
            if self.split_index(w).is_some() {
                // Its byte states stay in `bytes`, unused, until the launch ends.
                self.split[w] = 0;
            }
            self.set_load(w, load);
            self.set_store(w, store, u32::from_le_bytes(states.map(|s| s.value)));
            return;
        }
        match self.split_index(w) {
            Some(i) => self.bytes[i] = states,
            None => {
                if self.split.is_empty() {
                    self.split = vec![0; PAGE_WORDS];
                }
                self.bytes.push(states);
                self.split[w] = self.bytes.len() as u32;
            }
        }
    }
}

/// One kind of access (loads or stores) of a group to a run of bytes: the same op of
/// consecutive work-items, each on its element of `elem` bytes, the first element at `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    /// The first element's work-item (local linear index), or GROUP.
    wi: u32,
    /// Bytes per element; 0 when every byte is the same work-item's.
    elem: u64,
    start: u64,
    /// The op's number (`Sites`).
    site: u32,
    atomic: bool,
}

impl Side {
    /// `accessor`'s, its work-item's element the one at `start`, each next one of `elem`
    /// bytes the next work-item's (0: all bytes its work-item's).
    pub fn new(accessor: Accessor, elem: u64, start: u64) -> Side {
        Side {
            wi: accessor.wi,
            elem,
            start,
            site: accessor.site,
            atomic: accessor.atomic,
        }
    }

    /// The work-item of the byte at `address`.
    fn wi_at(&self, address: u64) -> u32 {
        if self.elem == 0 || self.wi == GROUP {
            self.wi
        } else {
            self.wi + ((address - self.start) / self.elem) as u32
        }
    }
}

/// A run of bytes with one side per kind.
#[derive(Clone, Debug)]
struct Run {
    start: u64,
    len: u64,
    load: Option<Side>,
    store: Option<Side>,
    /// Where the run's stored bytes start in its group's `data` (stores).
    data: usize,
}

impl Run {
    /// The run cut where it crosses from one page of the table to the next.
    fn pages(&self) -> impl Iterator<Item = Run> + '_ {
        let end = self.start + self.len;
        let mut at = self.start;
        std::iter::from_fn(move || {
            if at >= end {
                return None;
            }
            let offset = decode_address(at, GLOBAL_OFFSET_BITS).1;
            let to = (at + (PAGE_BYTES - offset % PAGE_BYTES)).min(end);
            let piece = Run {
                start: at,
                len: to - at,
                data: self.data + (at - self.start) as usize,
                ..self.clone()
            };
            at = to;
            Some(piece)
        })
    }
}

/// The accessor of one kind of access to some bytes, as a group's runs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accessor {
    /// The work-item's local linear index, or GROUP.
    pub wi: u32,
    /// The op's number (`Sites`).
    pub site: u32,
    pub atomic: bool,
}

/// What a group did to global memory, as runs in address order, built on its worker.
pub struct GroupRuns {
    group: u64,
    runs: Vec<Run>,
    /// Stored bytes, back to back (shared by the group's runs of every shard).
    data: Arc<Vec<u8>>,
}

impl GroupRuns {
    /// The runs with their stored bytes, for comparing groups' runs in tests.
    #[cfg(test)]
    pub fn describe(&self) -> String {
        format!("{} {:?} {:?}", self.group, self.runs, self.data)
    }

    /// Byte by byte: the address, the first load's and the first store's accessor (`Who`),
    /// and the byte stored; for comparing what runs cut differently say.
    #[cfg(test)]
    pub fn bytes(&self) -> Vec<(u64, Option<Who>, Option<Who>, u8)> {
        let mut bytes = Vec::new();
        for run in &self.runs {
            for at in run.start..run.start + run.len {
                let who = |s: &Option<Side>| s.map(|s| (s.wi_at(at), s.site, s.atomic));
                let value = match run.store {
                    Some(_) => self.data[run.data + (at - run.start) as usize],
                    None => 0,
                };
                bytes.push((at, who(&run.load), who(&run.store), value));
            }
        }
        bytes
    }

    /// For the group of linear index `group` (`SharedTable::group_runs` reuses room).
    #[cfg(test)]
    pub fn new(group: u64) -> GroupRuns {
        GroupRuns {
            group,
            runs: Vec::new(),
            data: Arc::new(Vec::new()),
        }
    }

    /// The group's first loads and stores of the `len` bytes at `start` (after the bytes
    /// pushed before) were `load` and `store`: those of one work-item, or with `elem` bytes
    /// per element, each element's those of the next work-item after the element before.
    /// `stored` holds the bytes stored.
    pub fn push(
        &mut self,
        start: u64,
        len: u64,
        elem: u64,
        load: Option<Accessor>,
        store: Option<Accessor>,
        stored: &[u8],
    ) {
        let side = |a: Option<Accessor>| a.map(|a| Side::new(a, elem, start));
        self.push_sides(start, len, side(load), side(store), stored);
    }

    /// Room for `n` more stored bytes.
    pub fn reserve(&mut self, n: usize) {
        Arc::make_mut(&mut self.data).reserve(n);
    }

    /// As `push`, each kind's work-items given by its side.
    pub fn push_sides(
        &mut self,
        start: u64,
        len: u64,
        load: Option<Side>,
        store: Option<Side>,
        stored: &[u8],
    ) {
        let data = self.data.len();
        if store.is_some() {
            Arc::make_mut(&mut self.data).extend_from_slice(stored);
        }
        // The run before goes on with the same work-items: one run.
        if let Some(last) = self.runs.last_mut() {
            let stored_before = last.store.is_none() || last.data + last.len as usize == data;
            if last.start + last.len == start
                && (last.load, last.store) == (load, store)
                && stored_before
            {
                last.len += len;
                return;
            }
        }
        self.runs.push(Run {
            start,
            len,
            load,
            store,
            data,
        });
    }
}

/// An access's work-item, op and atomicity, in `GroupRuns::bytes`.
#[cfg(test)]
type Who = (u32, u32, bool);

/// The launch's table, in shards of pages that merge the groups' runs apart, each in launch
/// order, and the finished groups' runs waiting for their turn in each shard. A group's runs
/// may merge once every group before it has finished (`Finished::below`). A worker whose
/// group finishes queues its runs in the shards they touch (only those: a group posting to
/// every shard made each group's end cost 16 contended locks, and the race detector scaled
/// 5x from 16 threads), marks the group finished and, in the shards of the groups that let
/// merge, merges them where nobody else is merging: no worker waits while another merges, and
/// shards merge at the same time.
pub struct SharedTable {
    shards: Vec<Shard>,
    finished: Finished,
}

/// A worker's room for its groups' run lists and stored bytes: those of the groups it merged,
/// handed to the groups it finishes later. A buffer freed by a worker other than the one that
/// allocated it waits for the lock of the allocating worker's malloc arena, which that worker
/// takes all the time (on two threads, most of the time a worker with the race detector slept
/// was spent there); and a pool shared by the workers would be one more lock for all of them.
#[derive(Default)]
pub struct Spares {
    runs: Vec<Vec<Run>>,
    data: Vec<Vec<u8>>,
}

/// Buffers of each kind `Spares` keeps at most.
const SPARES_KEPT: usize = 256;

impl Spares {
    /// An empty run list for group (linear index) `group` to fill when it finishes, with room
    /// from a merged one where there is one.
    pub fn group_runs(&mut self, group: u64) -> GroupRuns {
        let runs = self.runs.pop().unwrap_or_default();
        let data = Arc::new(self.data.pop().unwrap_or_default());
        GroupRuns { group, runs, data }
    }

    /// Takes back a group's run list, and its stored bytes unless its runs in another shard
    /// still share them.
    fn give(&mut self, runs: GroupRuns) {
        let GroupRuns {
            runs: mut list,
            data,
            ..
        } = runs;
        if self.runs.len() < SPARES_KEPT {
            list.clear();
            self.runs.push(list);
        }
        self.give_data(data);
    }

    /// Takes back stored bytes if these were the last runs to share them.
    fn give_data(&mut self, data: Arc<Vec<u8>>) {
        if let Some(mut bytes) = Arc::into_inner(data) {
            if self.data.len() < SPARES_KEPT {
                bytes.clear();
                self.data.push(bytes);
            }
        }
    }
}

#[derive(Default)]
struct Shard {
    /// Finished groups' runs (with their group numbers), in no order: a vector rather than a
    /// map, so that posting allocates nothing (allocations freed by another worker contend
    /// for the allocating worker's malloc arena).
    waiting: Mutex<Vec<(u64, GroupRuns)>>,
    /// The lowest group number waiting in `waiting` (`u64::MAX`: none), read without its lock.
    lowest_waiting: AtomicU64,
    table: Mutex<KernelTable>,
}

/// Which groups have finished: all below `below`, and those after it, with the shards each
/// posted to (a bit each), in `after`.
#[derive(Default)]
struct Finished {
    below: AtomicU64,
    /// For group `below + 1 + i`, at `i`: its shards plus a bit for having finished (0: it
    /// runs on). A queue rather than a map: it allocates nothing once it has grown (see
    /// `Spares`).
    after: Mutex<VecDeque<u64>>,
}

const FINISHED: u64 = 1 << 32;

impl Finished {
    /// Group `seq`, which posted to `shards`, has finished: the shards whose runs that let
    /// merge (none while an earlier group runs on).
    fn add(&self, seq: u64, shards: u32) -> u32 {
        let mut after = lock(&self.after);
        let mut below = self.below.load(Ordering::SeqCst);
        if seq != below {
            // (A group counts once: never one below `below`.)
            let Some(i) = seq.checked_sub(below + 1).map(|i| i as usize) else {
                return 0;
            };
            if after.len() <= i {
                after.resize(i + 1, 0);
            }
            after[i] = FINISHED | u64::from(shards);
            return 0;
        }
        let mut ready = shards;
        below += 1;
        while let Some(&next) = after.front().filter(|&&next| next & FINISHED != 0) {
            after.pop_front();
            ready |= next as u32;
            below += 1;
        }
        // The group after the new `below` has not finished: its place goes too.
        after.pop_front();
        self.below.store(below, Ordering::SeqCst);
        ready
    }
}

/// Shards of a launch's table (a page of buffer `b` at index `p` is in shard `(b + p) % N`).
const SHARDS: usize = 16;
// A group's shards are bits of a `u32` (`Finished`).
const _: () = assert!(SHARDS <= 32);
/// Work-items a group needs for the launch to use every shard: a group posts to each shard
/// it touches, a cost that many small groups would pay for nothing; their launch uses one.
const SHARDED_GROUP: u64 = 64;

/// How many shards a launch uses (one thread merges in one).
fn shards_for(launch: &LaunchInfo) -> usize {
    if launch.group_size() >= SHARDED_GROUP && launch.threads > 1 {
        SHARDS
    } else {
        1
    }
}

impl Default for SharedTable {
    fn default() -> SharedTable {
        SharedTable {
            shards: (0..SHARDS)
                .map(|_| Shard {
                    lowest_waiting: AtomicU64::new(u64::MAX),
                    ..Shard::default()
                })
                .collect(),
            finished: Finished::default(),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The shard, of `n`, of the table page holding `address`.
fn shard_of(address: u64, n: usize) -> usize {
    let (buffer, offset) = decode_address(address, GLOBAL_OFFSET_BITS);
    ((buffer + offset / PAGE_BYTES) % n as u64) as usize
}

/// Hands `post` a group's runs for each of `n` shards that they touch, and returns those
/// shards (a bit each). Runs all in one shard go as they are (the merge cuts them at pages);
/// others are cut where they cross from one table page to the next.
fn by_shard(
    runs: GroupRuns,
    n: usize,
    spares: &mut Spares,
    mut post: impl FnMut(usize, GroupRuns),
) -> u32 {
    let pieces = || runs.runs.iter().flat_map(Run::pages);
    let touched = pieces().fold(0u32, |mask, piece| mask | 1 << shard_of(piece.start, n));
    if touched.count_ones() <= 1 {
        if touched != 0 {
            post(touched.trailing_zeros() as usize, runs);
        }
        return touched;
    }
    let mut shards: [Option<GroupRuns>; SHARDS] = std::array::from_fn(|_| None);
    for piece in pieces() {
        let shard = shards[shard_of(piece.start, n)].get_or_insert_with(|| GroupRuns {
            group: runs.group,
            runs: spares.runs.pop().unwrap_or_default(),
            data: runs.data.clone(),
        });
        shard.runs.push(piece);
    }
    spares.give(runs);
    for (i, shard) in shards.into_iter().enumerate() {
        if let Some(shard) = shard {
            post(i, shard);
        }
    }
    touched
}

impl SharedTable {
    /// Group number `seq` of the launch order has finished with these global accesses
    /// (`sites` numbers the ops they name), on the worker whose room is `spares`.
    pub fn finished(
        &self,
        (seq, runs): (u64, GroupRuns),
        uniform_writes: bool,
        launch: &LaunchInfo,
        sites: &Sites,
        spares: &mut Spares,
    ) {
        let n = shards_for(launch);
        // Queued before the group counts as finished: a merge never misses a group below.
        let posted = by_shard(runs, n, spares, |shard, runs| {
            self.shards[shard].post(seq, runs)
        });
        // The shards of the groups that may merge now (none while an earlier group runs on:
        // its worker merges them). Runs that were ready before are merged by the worker
        // that holds their shard's table.
        let ready = self.finished.add(seq, posted);
        let below = &self.finished.below;
        for (i, shard) in self.shards[..n].iter().enumerate() {
            if ready & (1 << i) != 0 {
                shard.merge_ready(below, (uniform_writes, launch, sites), spares);
            }
        }
    }

    /// The races between groups, in report order, once the launch is over (groups a
    /// debugger left unfinished are merged as they are); the table is emptied.
    pub fn end(&self, uniform_writes: bool, launch: &LaunchInfo) -> Vec<Race> {
        // A pair of accesses may race in several shards: one message, at the lowest address.
        let mut races = RaceList::default();
        for shard in &self.shards {
            for (order, race) in shard.end(uniform_writes, launch) {
                races.insert(order, race);
            }
        }
        *lock(&self.finished.after) = VecDeque::new();
        self.finished.below.store(0, Ordering::SeqCst);
        races.take()
    }
}

impl Shard {
    /// Queues group `seq`'s runs in this shard.
    fn post(&self, seq: u64, runs: GroupRuns) {
        let mut waiting = lock(&self.waiting);
        waiting.push((seq, runs));
        self.lowest_waiting.fetch_min(seq, Ordering::SeqCst);
    }

    /// Merges, in order, the waiting groups below `below` (every group before them has
    /// finished), unless another worker is merging here; it then looks again when done.
    fn merge_ready(
        &self,
        below: &AtomicU64,
        (uniform_writes, launch, sites): (bool, &LaunchInfo, &Sites),
        spares: &mut Spares,
    ) {
        while self.lowest_waiting.load(Ordering::SeqCst) < below.load(Ordering::SeqCst) {
            let mut table = match self.table.try_lock() {
                Ok(table) => table,
                Err(TryLockError::Poisoned(e)) => e.into_inner(),
                // The worker merging will look again when it is done.
                Err(TryLockError::WouldBlock) => return,
            };
            if table.sites.is_none() {
                table.sites = Some(sites.clone());
            }
            // Kept by the table between merges: taking the ready groups allocates nothing.
            let mut ready = std::mem::take(&mut table.ready);
            loop {
                {
                    let mut waiting = lock(&self.waiting);
                    let limit = below.load(Ordering::SeqCst);
                    let mut i = 0;
                    while i < waiting.len() {
                        if waiting[i].0 < limit {
                            ready.push(waiting.swap_remove(i));
                        } else {
                            i += 1;
                        }
                    }
                    let lowest = waiting.iter().map(|w| w.0).min().unwrap_or(u64::MAX);
                    self.lowest_waiting.store(lowest, Ordering::SeqCst);
                }
                if ready.is_empty() {
                    break;
                }
                ready.sort_unstable_by_key(|w| w.0);
                for (seq, runs) in ready.drain(..) {
                    table.merge(seq, &runs, (uniform_writes, launch));
                    spares.give(runs);
                }
            }
            table.ready = ready;
            drop(table);
            // A worker that let more groups merge while this one held the table left them
            // to it: the loop's test looks again.
            fence(Ordering::SeqCst);
        }
    }

    /// The shard's races, with their order, and the shard emptied.
    fn end(&self, uniform_writes: bool, launch: &LaunchInfo) -> Vec<(u64, Race)> {
        let mut table = lock(&self.table);
        let mut waiting = std::mem::take(&mut *lock(&self.waiting));
        self.lowest_waiting.store(u64::MAX, Ordering::SeqCst);
        waiting.sort_unstable_by_key(|w| w.0);
        for (seq, runs) in waiting {
            table.merge(seq, &runs, (uniform_writes, launch));
        }
        let races = table.races.take_keyed();
        *table = KernelTable::default();
        races
    }
}

/// A page of the table: while the groups' runs on it touch different bytes (a group's
/// accesses to its own elements, the common case), the runs as they came, which cannot race;
/// from the first two that share a byte on, word by word.
enum TablePage {
    Runs(Vec<KeptRun>),
    Words(Box<Page>),
}

/// Runs a page keeps before it goes word by word anyway.
const KEPT_RUNS: usize = 8;

/// A group's run on one page, kept whole (`TablePage::Runs`), with its stored bytes.
struct KeptRun {
    seq: u64,
    group: u64,
    /// Its stored bytes from `data[0]` on.
    run: Run,
    /// A copy (in the table's blocks, see `slab`), so that the group's own buffer goes back
    /// to its worker's `Spares`: kept whole, vecadd's groups' buffers were 256 MiB of fresh
    /// memory, a page fault every 4 KiB.
    data: Zeroed<u8>,
}

impl KeptRun {
    fn new(m: &Merge, run: &Run) -> KeptRun {
        let mut data = Zeroed::default();
        if run.store.is_some() {
            data = Zeroed::new(run.len as usize);
            data.copy_from_slice(&m.data[run.data..run.data + run.len as usize]);
        }
        KeptRun {
            seq: m.seq,
            group: m.group,
            run: Run {
                data: 0,
                ..run.clone()
            },
            data,
        }
    }

    fn overlaps(&self, run: &Run) -> bool {
        self.run.start < run.start + run.len && run.start < self.run.start + self.run.len
    }
}

type Buffers = Vec<Vec<Option<TablePage>>>;

/// Finished groups, merged in order.
#[derive(Default)]
struct KernelTable {
    /// Pages of each buffer, by buffer index, then page.
    buffers: Buffers,
    /// The kernel's ops, for naming them in reports.
    sites: Option<Sites>,
    races: RaceList,
    /// The groups being merged (`Shard::merge_ready`), kept for its room.
    ready: Vec<(u64, GroupRuns)>,
    /// The kept-run lists of pages that went word by word, for new pages (see `Spares`).
    spare_kept: Vec<Vec<KeptRun>>,
}

/// What merging a group's runs needs besides the table.
struct Merge<'a> {
    seq: u64,
    group: u64,
    /// Work-items in a full group (ids are `group * group_size + local index`).
    group_size: u64,
    uniform: bool,
    data: &'a [u8],
    launch: &'a LaunchInfo,
    sites: Option<&'a Sites>,
    /// For each kind of pair, the last pair of accesses reported in this run, to skip the
    /// rest of the bytes they share (the list keeps one message per pair anyway).
    last: [Option<(u64, u64)>; 3],
}

impl Merge<'_> {
    fn pack(&self, side: &Side, address: u64) -> u64 {
        let wi = side.wi_at(address);
        let (id, group) = if wi == GROUP {
            (self.group, true)
        } else {
            (self.group * self.group_size + wi as u64, false)
        };
        packed::new(id, side.site, side.atomic, group)
    }

    /// The group (linear index) and work-item (local linear index, or GROUP) of an access.
    fn who(&self, p: u64) -> (u64, u32) {
        let id = p & packed::ID;
        if p & packed::GROUP != 0 {
            (id, GROUP)
        } else {
            (id / self.group_size, (id % self.group_size) as u32)
        }
    }

    /// Whether `theirs` (of the table) races with `ours` (of the group being merged).
    fn conflicts(&self, ours: u64, theirs: u64) -> bool {
        theirs != 0
            && self.who(theirs).0 != self.group
            && !(packed::atomic(ours) && packed::atomic(theirs))
    }

    fn access_id(&self, p: u64, store: bool) -> AccessId {
        let (group, wi) = self.who(p);
        let n = self.launch.num_groups;
        let group = [group % n[0], (group / n[0]) % n[1], group / (n[0] * n[1])];
        AccessId {
            who: Names::of(self.launch, group).who(wi),
            site: self.sites.and_then(|s| s.site(packed::site(p))),
            store,
            atomic: packed::atomic(p),
        }
    }

    /// Where the stored byte at `address` of a run is in `data`.
    fn data_at(&self, run: &Run, address: u64) -> usize {
        run.data + (address - run.start) as usize
    }
}

impl KernelTable {
    fn merge(&mut self, seq: u64, runs: &GroupRuns, (uniform, launch): (bool, &LaunchInfo)) {
        let mut m = Merge {
            seq,
            group: runs.group,
            group_size: launch.group_size().max(1),
            uniform,
            data: &runs.data,
            launch,
            sites: self.sites.as_ref(),
            last: [None; 3],
        };
        let Self {
            buffers,
            races,
            spare_kept,
            ..
        } = self;
        for run in &runs.runs {
            m.last = [None; 3];
            // Checked against the table, then put in, page by page.
            for piece in run.pages() {
                merge_piece((buffers, spare_kept), races, &mut m, &piece);
            }
        }
    }
}

/// Merges a run within one page: kept whole while it shares no byte with the page's other
/// runs, else word by word.
fn merge_piece(
    (buffers, spare_kept): (&mut Buffers, &mut Vec<Vec<KeptRun>>),
    races: &mut RaceList,
    m: &mut Merge,
    run: &Run,
) {
    let (buffer, offset) = decode_address(run.start, GLOBAL_OFFSET_BITS);
    let (buffer, p) = (buffer as usize, (offset / PAGE_BYTES) as usize);
    if buffers.len() <= buffer {
        buffers.resize_with(buffer + 1, Vec::new);
    }
    let pages = &mut buffers[buffer];
    if pages.len() <= p {
        pages.resize_with(p + 1, || None);
    }
    let slot = &mut pages[p];
    match slot {
        None => {
            // Most pages keep one run to the end (each group its own pages): room for one.
            let mut kept = spare_kept.pop().unwrap_or_else(|| Vec::with_capacity(1));
            kept.push(KeptRun::new(m, run));
            *slot = Some(TablePage::Runs(kept));
            return;
        }
        Some(TablePage::Runs(kept)) => {
            if kept.len() < KEPT_RUNS && !kept.iter().any(|k| k.overlaps(run)) {
                kept.push(KeptRun::new(m, run));
                return;
            }
            // The page goes word by word: its runs so far go in again, in their order (they
            // touch different bytes: nothing races).
            let mut kept = std::mem::take(kept);
            *slot = Some(TablePage::Words(Box::new(Page::new())));
            for k in &kept {
                let mut earlier = Merge {
                    seq: k.seq,
                    group: k.group,
                    data: &k.data,
                    last: [None; 3],
                    ..*m
                };
                merge_words(buffers, races, &mut earlier, &k.run);
            }
            kept.clear();
            spare_kept.push(kept);
        }
        Some(TablePage::Words(_)) => {}
    }
    merge_words(buffers, races, m, run);
}

/// Checks a run within one page made word by word against it, word by word, then puts it in.
fn merge_words(buffers: &mut Buffers, races: &mut RaceList, m: &mut Merge, run: &Run) {
    let (buffer, _) = decode_address(run.start, GLOBAL_OFFSET_BITS);
    let pages = &mut buffers[buffer as usize];
    let end = run.start + run.len;
    // The whole words of the run, from `first`, go in word by word when they can.
    let first = run.start.next_multiple_of(WORD);
    let mut loads = WordAccesses::new(m, run.load.as_ref(), first);
    let mut stores = WordAccesses::new(m, run.store.as_ref(), first);
    let mut word = run.start - run.start % WORD;
    while word < end {
        let offset = decode_address(word, GLOBAL_OFFSET_BITS).1;
        let p = (offset / PAGE_BYTES) as usize;
        let Some(Some(TablePage::Words(page))) = pages.get_mut(p) else {
            unreachable!("merge_piece made the page word by word")
        };
        let page_end = (word + (PAGE_BYTES - offset % PAGE_BYTES)).min(end);
        let mut w = (offset % PAGE_BYTES / WORD) as usize;
        // The run's whole words of this page, in one tight loop when the page has no split
        // word and both sides have word forms; the rest byte by byte.
        let whole_end = if word >= first {
            page_end - (page_end - word) % WORD
        } else {
            word
        };
        if whole_end > word && page.split.is_empty() {
            if let (Some(_), Some(_)) = (loads.get(), stores.get()) {
                let n = ((whole_end - word) / WORD) as usize;
                let data = match run.store {
                    Some(_) => &m.data[m.data_at(run, word)..],
                    None => &[],
                };
                let done = fast_words(page, w, n, (&mut loads, &mut stores), data);
                for i in done..n {
                    let at = word + i as u64 * WORD;
                    merge_bytes(m, run, page, w + i, at, races);
                    loads.advance();
                    stores.advance();
                }
                word = whole_end;
                w += n;
            }
        }
        while word < page_end {
            let whole = word >= first && word + WORD <= end;
            let fast = whole
                && match (loads.get(), stores.get()) {
                    (Some(load), Some(store)) => {
                        let value = || {
                            let at = m.data_at(run, word);
                            u32::from_le_bytes(m.data[at..at + 4].try_into().expect("a word"))
                        };
                        fast_word(page, w, load, store, value)
                    }
                    _ => false,
                };
            if !fast {
                merge_bytes(m, run, page, w, word, races);
            }
            if word >= first {
                loads.advance();
                stores.advance();
            }
            word += WORD;
            w += 1;
        }
    }
}

/// `fast_word` for `n` whole words from word `w` of a page with no split word, `data` the
/// stored bytes from the first: how many went in before one needs its bytes looked at (the
/// accesses are then at that word). One tight loop over the page's words.
fn fast_words(
    page: &mut Page,
    w: usize,
    n: usize,
    (loads, stores): (&mut WordAccesses, &mut WordAccesses),
    data: &[u8],
) -> usize {
    let (Some(load), Some(store)) = (loads.get(), stores.get()) else {
        return 0;
    };
    // The kinds the run has are made in the page at once (a word with none is left as is).
    if load != 0 {
        page.make_loads();
    }
    if store != 0 {
        page.make_stores();
    }
    let value = |i: usize| {
        let bytes = data.get(i * 4..i * 4 + 4).expect("the run's stored words");
        u32::from_le_bytes(bytes.try_into().expect("a word"))
    };
    let Page {
        loads: their_loads,
        stores: their_stores,
        values,
        ..
    } = page;
    let mut their_loads = their_loads.get_mut(w..w + n);
    let their_stores = their_stores.get_mut(w..w + n);
    if store == 0 {
        // Loads only (the page may have stores of other runs).
        let Some(their_loads) = their_loads else {
            // No loads either (the page has loads whenever the run has): only a word with a
            // store needs looking at.
            let stored = their_stores.and_then(|s| s.iter().position(|&t| t != 0));
            return stored.unwrap_or(n);
        };
        for i in 0..n {
            let their_store = their_stores.as_ref().map_or(0, |s| s[i]);
            let their_load = &mut their_loads[i];
            if their_store != 0 || (*their_load != 0 && packed::atomic(*their_load)) {
                return i;
            }
            if *their_load == 0 {
                *their_load = loads.get().unwrap_or(0);
            }
            loads.advance();
        }
        return n;
    }
    // Stores, and loads or none (the page may have loads of other runs).
    let their_stores = their_stores.expect("made above");
    let values = values.get_mut(w..w + n).expect("made above");
    for i in 0..n {
        let (load, store) = (loads.get().unwrap_or(0), stores.get().unwrap_or(0));
        let their_load = their_loads.as_ref().map_or(0, |l| l[i]);
        if their_load != 0 || their_stores[i] != 0 {
            return i;
        }
        if let Some(l) = their_loads.as_mut() {
            l[i] = load;
        }
        their_stores[i] = store;
        values[i] = value(i);
        loads.advance();
        stores.advance();
    }
    n
}

/// The packed accesses of one side of a run for its whole words, one word after another,
/// without a division per word.
enum WordAccesses {
    /// The word's accesses have no word form (elements straddle words): byte by byte.
    Irregular,
    /// `p` now; every `every` words it grows by `step`.
    Step {
        p: u64,
        every: u64,
        left: u64,
        step: u64,
    },
}

impl WordAccesses {
    /// For the whole words from `first` on (no side: none, 0).
    fn new(m: &Merge, side: Option<&Side>, first: u64) -> WordAccesses {
        let Some(side) = side else {
            return WordAccesses::constant(0);
        };
        if side.elem == 0 || side.wi == GROUP {
            return WordAccesses::constant(m.pack(side, side.start));
        }
        let p = m.pack(side, first.max(side.start));
        let aligned = |n: u64| (first - side.start).is_multiple_of(n);
        match side.elem {
            1 => WordAccesses::step(packed::with_stride(p, 1), 1, 4),
            2 if aligned(2) => WordAccesses::step(packed::with_stride(p, 2), 1, 2),
            e if e.is_multiple_of(WORD) && aligned(WORD) => {
                // Elements of whole words: the first word's element may be partly before.
                let into = (first - side.start) % e / WORD;
                WordAccesses::Step {
                    p,
                    every: e / WORD,
                    left: e / WORD - into,
                    step: 1,
                }
            }
            _ => WordAccesses::Irregular,
        }
    }

    fn constant(p: u64) -> WordAccesses {
        WordAccesses::Step {
            p,
            every: u64::MAX,
            left: u64::MAX,
            step: 0,
        }
    }

    fn step(p: u64, every: u64, step: u64) -> WordAccesses {
        WordAccesses::Step {
            p,
            every,
            left: every,
            step,
        }
    }

    fn get(&self) -> Option<u64> {
        match self {
            WordAccesses::Irregular => None,
            WordAccesses::Step { p, .. } => Some(*p),
        }
    }

    fn advance(&mut self) {
        if let WordAccesses::Step {
            p,
            every,
            left,
            step,
        } = self
        {
            *left -= 1;
            if *left == 0 {
                *left = *every;
                *p += *step;
            }
        }
    }
}

/// Puts a whole word's packed accesses in without looking at its bytes, when nothing races
/// there and the table's word stays a word: the table has nothing for it yet, or only a
/// plain load that a load (with no store) leaves as it is. False when the bytes must be
/// looked at.
fn fast_word(
    page: &mut Page,
    w: usize,
    load: u64,
    store: u64,
    value: impl FnOnce() -> u32,
) -> bool {
    if page.split_index(w).is_some() {
        return false;
    }
    let (their_load, their_store) = (page.load(w), page.store(w));
    if their_load == 0 && their_store == 0 {
        page.set_load(w, load);
        if store != 0 {
            page.set_store(w, store, value());
        }
        return true;
    }
    // Loads of a word others only loaded: nothing races, and a plain first load stays.
    store == 0 && their_store == 0 && !packed::atomic(their_load)
}

/// Compares and merges a run's bytes of one word, byte by byte.
fn merge_bytes(
    m: &mut Merge,
    run: &Run,
    page: &mut Page,
    w: usize,
    word: u64,
    races: &mut RaceList,
) {
    let mut states = page.byte_states(w);
    for (k, state) in states.iter_mut().enumerate() {
        let address = word + k as u64;
        if address < run.start || address >= run.start + run.len {
            continue;
        }
        let load = run.load.as_ref().map_or(0, |s| m.pack(s, address));
        let store = run.store.as_ref().map_or(0, |s| m.pack(s, address));
        let value = if store != 0 {
            m.data[m.data_at(run, address)]
        } else {
            0
        };
        // (ours, whether it stores, theirs, whether it stores)
        let pairs = [
            (load, false, state.store, true),
            (store, true, state.load, false),
            (store, true, state.store, true),
        ];
        for (kind, (ours, ours_store, theirs, theirs_store)) in pairs.into_iter().enumerate() {
            if ours == 0 || !m.conflicts(ours, theirs) {
                continue;
            }
            if ours_store && theirs_store && !m.uniform && value == state.value {
                continue;
            }
            if m.last[kind] == Some((ours, theirs)) {
                continue;
            }
            m.last[kind] = Some((ours, theirs));
            let race = Race {
                space: AddrSpace::Global,
                address,
                first: m.access_id(ours, ours_store),
                second: m.access_id(theirs, theirs_store),
                // Barriers never order two groups' accesses: nothing to explain.
                unfenced_barrier: None,
            };
            races.insert(m.seq, race);
        }
        // As in Oclgrind, a later access replaces an atomic one.
        if load != 0 && (state.load == 0 || packed::atomic(state.load)) {
            state.load = load;
        }
        if store != 0 && (state.store == 0 || packed::atomic(state.store)) {
            state.store = store;
            state.value = value;
        }
    }
    page.set_byte_states(w, states);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::encode_address;
    use crate::plugins::races::report::Who;
    use std::collections::HashMap;

    /// A byte's accessor in the model: group, work-item, op, atomic.
    type Who4 = (u64, u32, u32, bool);
    /// A byte's first load, and first store with the byte it stored.
    type ByteModel = (Option<Who4>, Option<(Who4, u8)>);

    struct Rng(u64);

    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    const BYTES: u64 = 64;
    const BASE: u64 = PAGE_BYTES - BYTES / 2;
    const GROUP_SIZE: u64 = 64;

    /// On several threads: the table in shards.
    fn launch(groups: u64) -> LaunchInfo {
        LaunchInfo {
            threads: 4,
            ..LaunchInfo::for_test(1, [groups * GROUP_SIZE, 1, 1], [GROUP_SIZE, 1, 1])
        }
    }

    /// Random runs of `runs`'s group (pushed to it, empty) over disjoint byte ranges of
    /// buffer 1, with the byte-level accesses they stand for.
    fn random_group(rng: &mut Rng, mut runs: GroupRuns) -> (GroupRuns, Vec<(u64, ByteModel)>) {
        let group = runs.group;
        let mut bytes = Vec::new();
        let mut at = rng.below(4);
        while at < BYTES {
            let elem = [0, 1, 2, 4, 8][rng.below(5) as usize];
            let count = 1 + rng.below(4);
            // Half the runs are of whole words (the table's fast paths).
            if rng.below(2) == 0 {
                at = at.next_multiple_of(4);
            }
            let len = match elem {
                0 if rng.below(2) == 0 => 4 * (1 + rng.below(2)),
                0 => 1 + rng.below(9),
                _ => elem * count,
            };
            if at + len > BYTES {
                break;
            }
            let accessor = |rng: &mut Rng| Accessor {
                wi: if rng.below(8) == 0 {
                    GROUP
                } else {
                    rng.below(32) as u32
                },
                site: 1 + rng.below(3) as u32,
                atomic: rng.below(4) == 0,
            };
            let kinds = 1 + rng.below(3);
            let load = (kinds & 1 != 0).then(|| accessor(rng));
            let store = (kinds & 2 != 0).then(|| accessor(rng));
            let stored: Vec<u8> = (0..len).map(|_| rng.below(3) as u8).collect();
            // The bytes straddle a page of the table.
            let start = encode_address(1, BASE + at, GLOBAL_OFFSET_BITS);
            runs.push(start, len, elem, load, store, &stored);
            for i in 0..len {
                let who = |a: Accessor| {
                    let wi = if elem == 0 || a.wi == GROUP {
                        a.wi
                    } else {
                        a.wi + (i / elem) as u32
                    };
                    (group, wi, a.site, a.atomic)
                };
                let store = store.map(|a| (who(a), stored[i as usize]));
                bytes.push((at + i, (load.map(who), store)));
            }
            at += len + rng.below(3);
        }
        (runs, bytes)
    }

    #[test]
    fn the_table_finds_the_races_of_a_byte_by_byte_model() {
        for seed in 1..3000u64 {
            let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
            let groups = 2 + rng.below(3);
            let uniform = rng.below(2) == 0;
            let launch = launch(groups);
            let sites = Sites::plain(8);
            let table = SharedTable::default();
            // The model: each byte's first load and store (and its value) so far.
            let mut state: HashMap<u64, ByteModel> = HashMap::new();
            let mut expected: HashMap<(AccessId, AccessId), u64> = HashMap::new();
            let id = |w: Who4, store: bool| {
                let (group, wi, site, atomic) = w;
                let who = if wi == GROUP {
                    Who::Group([group, 0, 0])
                } else {
                    Who::WorkItem([group * GROUP_SIZE + wi as u64, 0, 0])
                };
                AccessId {
                    who,
                    site: sites.site(site),
                    store,
                    atomic,
                }
            };
            for group in 0..groups {
                let (runs, bytes) = random_group(&mut rng, GroupRuns::new(group));
                for (address, (load, store)) in bytes {
                    let (their_load, their_store) = state.entry(address).or_default();
                    let conflicts = |ours: Who4, theirs: Option<Who4>| {
                        theirs.filter(|t| t.0 != ours.0 && !(t.3 && ours.3))
                    };
                    let mut race = |a: AccessId, b: AccessId| {
                        let key = if expected.contains_key(&(b, a)) {
                            (b, a)
                        } else {
                            (a, b)
                        };
                        let lowest = expected.entry(key).or_insert(address);
                        *lowest = (*lowest).min(address);
                    };
                    if let Some(l) = load {
                        if let Some(t) = conflicts(l, their_store.map(|s| s.0)) {
                            race(id(l, false), id(t, true));
                        }
                    }
                    if let Some((s, value)) = store {
                        if let Some(t) = conflicts(s, *their_load) {
                            race(id(s, true), id(t, false));
                        }
                        if let Some(t) = conflicts(s, their_store.map(|s| s.0)) {
                            if uniform || their_store.is_some_and(|(_, v)| v != value) {
                                race(id(s, true), id(t, true));
                            }
                        }
                    }
                    if load.is_some() && their_load.is_none_or(|t| t.3) {
                        *their_load = load;
                    }
                    if store.is_some() && their_store.is_none_or(|t| t.0 .3) {
                        *their_store = store;
                    }
                }
                table.finished(
                    (group, runs),
                    uniform,
                    &launch,
                    &sites,
                    &mut Spares::default(),
                );
            }
            let mut got: HashMap<(AccessId, AccessId), u64> = HashMap::new();
            for race in table.end(uniform, &launch) {
                let offset = decode_address(race.address, GLOBAL_OFFSET_BITS).1 - BASE;
                assert!(
                    got.insert((race.first, race.second), offset).is_none(),
                    "seed {seed}: one message per pair"
                );
            }
            let normalise = |m: HashMap<(AccessId, AccessId), u64>| {
                let mut v: Vec<String> = m
                    .into_iter()
                    .map(|((a, b), at)| {
                        let (a, b) = (format!("{a:?}"), format!("{b:?}"));
                        let (a, b) = if a <= b { (a, b) } else { (b, a) };
                        format!("{at} {a} {b}")
                    })
                    .collect();
                v.sort();
                v
            };
            assert_eq!(normalise(got), normalise(expected), "seed {seed}");
        }
    }

    #[test]
    fn groups_finishing_on_many_threads_in_any_order_give_the_same_report() {
        for with_idle in [false, true] {
            same_report_in_any_order(with_idle);
        }
    }

    /// The groups' runs straddle two pages (two shards); `with_idle`: every fifth group
    /// touches no global memory, and posts nothing.
    fn same_report_in_any_order(with_idle: bool) {
        let launch = launch(32);
        let sites = Sites::plain(8);
        // Group `g`'s runs, in `runs` (from a worker's spares: buffers of groups merged
        // before, which must not leak into it).
        let group = |g: u64, runs: GroupRuns| match with_idle && g % 5 == 3 {
            true => runs,
            false => random_group(&mut Rng(7 + g * 1000), runs).0,
        };
        let one_by_one = SharedTable::default();
        let mut spares = Spares::default();
        for g in 0..32 {
            let runs = group(g, GroupRuns::new(g));
            one_by_one.finished((g, runs), false, &launch, &sites, &mut spares);
        }
        let expected = one_by_one.end(false, &launch);
        assert!(!expected.is_empty());
        for round in 0..20u64 {
            let table = SharedTable::default();
            let mut order: Vec<u64> = (0..32).collect();
            // The groups in a shuffled order, taken by four threads.
            let mut rng = Rng(round + 1);
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let queue = Mutex::new(order);
            std::thread::scope(|s| {
                for _ in 0..4 {
                    s.spawn(|| {
                        let mut spares = Spares::default();
                        while let Some(seq) = lock(&queue).pop() {
                            let runs = group(seq, spares.group_runs(seq));
                            table.finished((seq, runs), false, &launch, &sites, &mut spares);
                        }
                    });
                }
            });
            assert_eq!(
                table.end(false, &launch),
                expected,
                "round {round}, idle {with_idle}"
            );
        }
    }

    #[test]
    fn runs_kept_whole_race_like_words_once_a_later_run_shares_their_bytes() {
        let launch = launch(3);
        let sites = Sites::plain(8);
        let at = |offset: u64| encode_address(1, offset, GLOBAL_OFFSET_BITS);
        let accessor = |wi| Accessor {
            wi,
            site: 1,
            atomic: false,
        };
        let table = SharedTable::default();
        // Groups 0 and 1 store to their own halves of a page, 4 bytes per work-item: kept.
        for group in 0..2 {
            let mut runs = GroupRuns::new(group);
            let store = Some(accessor(0));
            runs.push(at(group * 64), 64, 4, None, store, &[group as u8 + 1; 64]);
            table.finished(
                (group, runs),
                false,
                &launch,
                &sites,
                &mut Spares::default(),
            );
        }
        // Group 2 loads bytes 60..68, across both halves, by work-item 5.
        let mut runs = GroupRuns::new(2);
        runs.push(at(60), 8, 0, Some(accessor(5)), None, &[]);
        table.finished((2, runs), false, &launch, &sites, &mut Spares::default());
        let races = table.end(false, &launch);
        let seen: Vec<String> = races
            .iter()
            .map(|r| {
                let offset = decode_address(r.address, GLOBAL_OFFSET_BITS).1;
                format!("{offset} {:?} {:?}", r.first.who, r.second.who)
            })
            .collect();
        // Work-item 15 of group 0 stored bytes 60..64; work-item 0 of group 1 (global 64),
        // bytes 64..68.
        assert_eq!(
            seen,
            [
                "60 WorkItem([133, 0, 0]) WorkItem([15, 0, 0])",
                "64 WorkItem([133, 0, 0]) WorkItem([64, 0, 0])"
            ]
        );
    }

    #[test]
    fn a_words_bytes_are_one_access_or_consecutive_work_items() {
        use super::packed;
        let p = packed::new(10, 3, false, false);
        assert_eq!(packed::word([p; 4]), Some(p));
        let bytes = [p, p + 1, p + 2, p + 3];
        let word = packed::word(bytes).expect("stride 1");
        assert_eq!(
            (0..4).map(|k| packed::byte(word, k)).collect::<Vec<_>>(),
            bytes
        );
        let halves = [p, p, p + 1, p + 1];
        let word = packed::word(halves).expect("stride 2");
        assert_eq!(
            (0..4).map(|k| packed::byte(word, k)).collect::<Vec<_>>(),
            halves
        );
        assert_eq!(packed::word([p, p + 2, 0, 0]), None);
        assert_eq!(packed::word([0, p, p, p]), None);
        let group = packed::new(1, 0, false, true);
        assert_eq!(packed::word([group, group + 1, group + 2, group + 3]), None);
        assert_eq!(
            packed::site(packed::new(5, (1 << 23) - 1, true, false)),
            (1 << 23) - 1
        );
        assert!(packed::atomic(packed::new(5, 1, true, false)));
    }
}
