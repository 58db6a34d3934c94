//! Races between work-groups, on global memory: each finished group's accesses are compared
//! with those of the groups before it, in the launch's order (so the reports do not depend
//! on the number of threads), as Oclgrind compares them running on one thread.
//!
//! The table keeps, for every byte the launch touched, the first load and the first store of
//! the groups merged so far, as segments of bytes that share them. A group's accesses arrive as
//! runs, and runs of consecutive work-items doing the same thing (`a[get_global_id(0)] = ...`)
//! as one strided run: for a regular kernel the table holds a few segments per group and op,
//! not one per access.

use std::collections::{BTreeMap, HashMap};

use super::report::{AccessId, Race, RaceList, Who};
use super::shadow::GROUP;
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};
use crate::plugins::{LaunchInfo, Site};

/// One kind of access (loads or stores) to a run of bytes: the same op of consecutive
/// work-items, each on its element of `elem` bytes, the first element at `start`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Side {
    /// Linear index of the group (groups differ when this does).
    group: u64,
    /// The first element's work-item (local linear index), or GROUP.
    wi: u32,
    /// Bytes per element; 0 when every byte is the same work-item's.
    elem: u64,
    start: u64,
    site: Option<Site>,
    store: bool,
    atomic: bool,
    /// Where the byte at `start` is in the table's pool of stored bytes (stores).
    data: usize,
}

impl Side {
    /// The work-item of the byte at `address`.
    fn wi_at(&self, address: u64) -> u32 {
        if self.elem == 0 || self.wi == GROUP {
            self.wi
        } else {
            self.wi + ((address - self.start) / self.elem) as u32
        }
    }
}

/// A run of bytes with one side per kind (before it is in the table).
struct Run {
    start: u64,
    len: u64,
    load: Option<Side>,
    store: Option<Side>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Segment {
    end: u64,
    load: Option<Side>,
    store: Option<Side>,
}

/// Finished groups, merged in order.
#[derive(Default)]
pub struct KernelTable {
    /// Segments of each buffer, by start address.
    buffers: HashMap<u64, BTreeMap<u64, Segment>>,
    pool: Vec<u8>,
    /// The next group (in launch order) to merge, and the finished ones waiting for it.
    next: u64,
    waiting: BTreeMap<u64, GroupRuns>,
    races: RaceList,
    /// Scratch space of `merge_run`.
    overlapped: Vec<(u64, Segment)>,
    pieces: Vec<(u64, Segment)>,
}

impl KernelTable {
    /// Group number `seq` of the launch order has finished with these global accesses.
    pub fn finished(
        &mut self,
        seq: u64,
        runs: GroupRuns,
        uniform_writes: bool,
        launch: &LaunchInfo,
    ) {
        self.waiting.insert(seq, runs);
        while let Some(runs) = self.waiting.remove(&self.next) {
            self.merge(self.next, runs, uniform_writes, launch);
            self.next += 1;
        }
    }

    /// The races between groups, in report order, once the launch is over (groups a
    /// debugger left unfinished are merged as they are).
    pub fn end(&mut self, uniform_writes: bool, launch: &LaunchInfo) -> Vec<Race> {
        for (seq, runs) in std::mem::take(&mut self.waiting) {
            self.merge(seq, runs, uniform_writes, launch);
        }
        let races = self.races.take();
        *self = KernelTable::default();
        races
    }

    fn merge(&mut self, seq: u64, runs: GroupRuns, uniform: bool, launch: &LaunchInfo) {
        let base = self.pool.len();
        self.pool.extend_from_slice(&runs.data);
        for mut run in runs.runs {
            for side in [&mut run.load, &mut run.store].into_iter().flatten() {
                side.data += base;
            }
            self.merge_run(seq, run, uniform, launch);
        }
    }

    /// Checks a run against the table, then puts it in.
    fn merge_run(&mut self, seq: u64, run: Run, uniform: bool, launch: &LaunchInfo) {
        let (buffer, _) = decode_address(run.start, GLOBAL_OFFSET_BITS);
        let (start, end) = (run.start, run.start + run.len);
        let map = self.buffers.entry(buffer).or_default();
        // The segments the run overlaps, in address order.
        let mut overlapped = std::mem::take(&mut self.overlapped);
        overlapped.clear();
        overlapped.extend(
            map.range(..end)
                .rev()
                .take_while(|(_, seg)| seg.end > start)
                .map(|(s, seg)| (*s, *seg)),
        );
        overlapped.reverse();
        let mut pieces = std::mem::take(&mut self.pieces);
        pieces.clear();
        let new = |end| Segment {
            end,
            load: run.load,
            store: run.store,
        };
        let mut at = start;
        for &(s, seg) in &overlapped {
            if at < s {
                pieces.push((at, new(s)));
            }
            let (lo, hi) = (s.max(start), seg.end.min(end));
            self.compare(seq, lo, hi, &run, &seg, uniform, launch);
            let mut merged = seg;
            if run.load.is_some() && supersedes(seg.load) {
                merged.load = run.load;
            }
            if run.store.is_some() && supersedes(seg.store) {
                merged.store = run.store;
            }
            // A segment the run leaves as it was stays in the map.
            if merged != seg {
                let map = self.buffers.get_mut(&buffer).expect("the run's buffer");
                map.remove(&s);
                if s < start {
                    pieces.push((s, Segment { end: start, ..seg }));
                }
                pieces.push((lo, Segment { end: hi, ..merged }));
                if seg.end > end {
                    pieces.push((end, seg));
                }
            }
            at = hi;
        }
        if at < end {
            pieces.push((at, new(end)));
        }
        let map = self.buffers.get_mut(&buffer).expect("the run's buffer");
        for &(s, seg) in &pieces {
            map.insert(s, seg);
        }
        self.overlapped = overlapped;
        self.pieces = pieces;
    }

    /// The races between the run's accesses and a segment's, on bytes `lo..hi`.
    #[allow(clippy::too_many_arguments)]
    fn compare(
        &mut self,
        seq: u64,
        lo: u64,
        hi: u64,
        run: &Run,
        seg: &Segment,
        uniform: bool,
        launch: &LaunchInfo,
    ) {
        let pairs = [
            (run.load, seg.store),
            (run.store, seg.load),
            (run.store, seg.store),
        ];
        for (ours, theirs) in pairs {
            let (Some(ours), Some(theirs)) = (ours, theirs) else {
                continue;
            };
            if ours.group == theirs.group || (ours.atomic && theirs.atomic) {
                continue;
            }
            let both_stores = ours.store && theirs.store;
            let mut last = None;
            for address in lo..hi {
                if both_stores
                    && !uniform
                    && self.pool[ours.data + (address - ours.start) as usize]
                        == self.pool[theirs.data + (address - theirs.start) as usize]
                {
                    continue;
                }
                let pair = (ours.wi_at(address), theirs.wi_at(address));
                if last == Some(pair) {
                    continue;
                }
                last = Some(pair);
                let race = Race {
                    space: AddrSpace::Global,
                    address,
                    first: access_id(&ours, pair.0, launch),
                    second: access_id(&theirs, pair.1, launch),
                };
                self.races.insert(seq, race);
            }
        }
    }
}

/// Whether a group's access replaces the table's of its kind: there is none yet, or it is
/// atomic (as in Oclgrind, a later access replaces an atomic one).
fn supersedes(old: Option<Side>) -> bool {
    old.is_none_or(|o| o.atomic)
}

fn access_id(side: &Side, wi: u32, launch: &LaunchInfo) -> AccessId {
    let n = launch.num_groups;
    let group = [
        side.group % n[0],
        (side.group / n[0]) % n[1],
        side.group / (n[0] * n[1]),
    ];
    let who = if wi == GROUP {
        Who::Group(group)
    } else {
        let size: [u64; 3] = std::array::from_fn(|d| {
            launch.local_size[d].min(launch.global_size[d] - group[d] * launch.local_size[d])
        });
        let i = wi as u64;
        let local = [
            i % size[0],
            (i / size[0]) % size[1],
            i / (size[0] * size[1]),
        ];
        Who::WorkItem(std::array::from_fn(|d| {
            group[d] * launch.local_size[d] + local[d] + launch.global_offset[d]
        }))
    };
    AccessId {
        who,
        site: side.site,
        store: side.store,
        atomic: side.atomic,
    }
}

/// The accessor of one kind of access to some bytes, as a group's runs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accessor {
    /// The work-item's local linear index, or GROUP.
    pub wi: u32,
    pub site: Option<Site>,
    pub atomic: bool,
}

/// What a group did to global memory, as runs in address order, built on its worker: runs of
/// consecutive work-items doing the same to consecutive elements come as one strided run.
pub struct GroupRuns {
    group: u64,
    runs: Vec<Run>,
    /// Stored bytes, back to back; sides point here until the table takes them.
    data: Vec<u8>,
}

impl GroupRuns {
    /// For the group of linear index `group`.
    pub fn new(group: u64) -> GroupRuns {
        GroupRuns {
            group,
            runs: Vec::new(),
            data: Vec::new(),
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
        let data = self.data.len();
        if store.is_some() {
            self.data.extend_from_slice(stored);
        }
        let side = |a: Option<Accessor>, store: bool| {
            a.map(|a| Side {
                group: self.group,
                wi: a.wi,
                elem,
                start,
                site: a.site,
                store,
                atomic: a.atomic,
                data,
            })
        };
        self.runs.push(Run {
            start,
            len,
            load: side(load, false),
            store: side(store, true),
        });
    }
}
