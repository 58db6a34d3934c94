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
use super::shadow::{GlobalRun, Names, Record, GROUP};
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

#[derive(Clone, Copy, Debug)]
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
    waiting: BTreeMap<u64, (Names, Vec<GlobalRun>)>,
    races: RaceList,
}

impl KernelTable {
    /// Group number `seq` of the launch order has finished with these global accesses.
    pub fn finished(&mut self, seq: u64, names: Names, runs: Vec<GlobalRun>, uniform_writes: bool, launch: &LaunchInfo) {
        self.waiting.insert(seq, (names, runs));
        while let Some((names, runs)) = self.waiting.remove(&self.next) {
            self.merge(self.next, &names, runs, uniform_writes, launch);
            self.next += 1;
        }
    }

    /// The races between groups, in report order, once the launch is over (groups a
    /// debugger left unfinished are merged as they are).
    pub fn end(&mut self, uniform_writes: bool, launch: &LaunchInfo) -> Vec<Race> {
        for (seq, (names, runs)) in std::mem::take(&mut self.waiting) {
            self.merge(seq, &names, runs, uniform_writes, launch);
        }
        let races = self.races.take();
        *self = KernelTable::default();
        races
    }

    fn merge(&mut self, seq: u64, names: &Names, runs: Vec<GlobalRun>, uniform: bool, launch: &LaunchInfo) {
        let group = launch.group_index(names.group);
        for run in strided(runs, group, &mut self.pool) {
            self.merge_run(seq, run, uniform, launch);
        }
    }

    /// Checks a run against the table, then puts it in.
    fn merge_run(&mut self, seq: u64, run: Run, uniform: bool, launch: &LaunchInfo) {
        let (buffer, _) = decode_address(run.start, GLOBAL_OFFSET_BITS);
        let map = self.buffers.entry(buffer).or_default();
        let (start, end) = (run.start, run.start + run.len);
        // The segments the run overlaps, taken out.
        let mut overlapped = Vec::new();
        let mut cursor = map.range(..end).next_back().map(|(s, _)| *s);
        while let Some(s) = cursor {
            let seg = map[&s];
            if seg.end <= start {
                break;
            }
            overlapped.push((s, seg));
            map.remove(&s);
            cursor = map.range(..s).next_back().map(|(k, _)| *k);
        }
        overlapped.reverse();
        let mut pieces = Vec::new();
        let mut at = start;
        for (s, seg) in overlapped {
            if s < start {
                pieces.push((s, Segment { end: start, ..seg }));
            }
            if at < s.max(start) {
                pieces.push((at, Segment { end: s, load: run.load, store: run.store }));
            }
            let (lo, hi) = (s.max(start), seg.end.min(end));
            let mut merged = Segment {
                end: hi,
                ..seg
            };
            self.compare(seq, lo, hi, &run, &seg, uniform, launch);
            if run.load.is_some() && supersedes(seg.load) {
                merged.load = run.load;
            }
            if run.store.is_some() && supersedes(seg.store) {
                merged.store = run.store;
            }
            pieces.push((lo, merged));
            if seg.end > end {
                pieces.push((end, seg));
            }
            at = hi;
        }
        if at < end {
            pieces.push((at, Segment { end, load: run.load, store: run.store }));
        }
        let map = self.buffers.entry(buffer).or_default();
        for (s, seg) in pieces {
            map.insert(s, seg);
        }
    }

    /// The races between the run's accesses and a segment's, on bytes `lo..hi`.
    #[allow(clippy::too_many_arguments)]
    fn compare(&mut self, seq: u64, lo: u64, hi: u64, run: &Run, seg: &Segment, uniform: bool, launch: &LaunchInfo) {
        let pairs = [(run.load, seg.store), (run.store, seg.load), (run.store, seg.store)];
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
                if both_stores && !uniform && self.pool[ours.data + (address - ours.start) as usize] == self.pool[theirs.data + (address - theirs.start) as usize] {
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
    let group = [side.group % n[0], (side.group / n[0]) % n[1], side.group / (n[0] * n[1])];
    let who = if wi == GROUP {
        Who::Group(group)
    } else {
        let size: [u64; 3] = std::array::from_fn(|d| {
            launch.local_size[d].min(launch.global_size[d] - group[d] * launch.local_size[d])
        });
        let i = wi as u64;
        let local = [i % size[0], (i / size[0]) % size[1], i / (size[0] * size[1])];
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

/// A group's runs as table runs, consecutive work-items doing the same to consecutive
/// elements joined into one strided run; stored bytes move to the pool.
fn strided(runs: Vec<GlobalRun>, group: u64, pool: &mut Vec<u8>) -> Vec<Run> {
    let side = |r: &Option<Record>, start: u64, data: usize| {
        r.map(|r| Side {
            group,
            wi: r.wi,
            elem: 0,
            start,
            site: r.site,
            store: r.store,
            atomic: r.atomic,
            data,
        })
    };
    let mut out: Vec<Run> = Vec::new();
    for run in runs {
        let data = pool.len();
        pool.extend_from_slice(&run.data);
        let load = side(&run.load, run.start, data);
        let store = side(&run.store, run.start, data);
        if let Some(last) = out.last_mut() {
            if continues(last, &run, load, store) {
                for s in [&mut last.load, &mut last.store].into_iter().flatten() {
                    s.elem = run.len;
                }
                last.len += run.len;
                continue;
            }
        }
        out.push(Run {
            start: run.start,
            len: run.len,
            load,
            store,
        });
    }
    out
}

/// Whether `run` is the next element of `last`: right after it, as long as its elements, each
/// kind the same op of the next work-item. (Stored bytes are in the pool back to back.)
fn continues(last: &Run, run: &GlobalRun, load: Option<Side>, store: Option<Side>) -> bool {
    let elem = last
        .load
        .or(last.store)
        .map_or(0, |s| if s.elem == 0 { last.len } else { s.elem });
    let next = |a: Option<Side>, b: Option<Side>| match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            a.wi != GROUP
                && (a.site, a.store, a.atomic) == (b.site, b.store, b.atomic)
                && b.wi as u64 == a.wi as u64 + last.len / elem
                && (!a.store || b.data == a.data + last.len as usize)
        }
        _ => false,
    };
    last.start + last.len == run.start
        && run.len == elem
        && last.len % elem == 0
        && next(last.load, load)
        && next(last.store, store)
}
