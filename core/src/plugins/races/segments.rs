//! The accesses of a work-group whose work-items run together (`GroupContext::interleaved`),
//! kept as segments rather than a shadow cell per word: a segment is one op's accesses of
//! consecutive work-items to consecutive elements (`a[get_local_id(0)]`), or of several
//! work-items to one element (a broadcast: `tile[k]` in every work-item).
//!
//! Such a group needs no race check of its own. Every race is two work-items touching the
//! same bytes between synchronisations, one of them writing; when that happens at all the
//! group is `dependent`, starts over and runs in order, and the cells of `group_accesses` check it
//! then. So all that is asked of the segments is whether it happened — an interval's
//! segments are compared once, sorted by address, when its space synchronises or the
//! executor asks — and, at the group's end, the group's first loads and stores of global
//! memory for the launch's table: straight from the segments where no two stores overlap and
//! loads do not or line up (each work-item its own elements, a stencil's neighbours: most
//! kernels), through cells made for the rest.

use super::kernel::{Accessor, GroupRuns, Side};
use super::report::GROUP;
use super::sites::Sites;
use crate::plugins::{AccessBatch, AccessKind, LaneRun};

/// One op's accesses of one or more work-items (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    pub start: u64,
    /// Bytes of each work-item's access.
    pub elem: u64,
    /// How many work-items: from `wi` on, each at the element after the one before; with
    /// `broadcast`, from `wi` to `last_wi`, all at the element at `start`.
    pub count: u32,
    pub broadcast: bool,
    pub wi: u32,
    pub last_wi: u32,
    /// The op's number (`Sites`).
    pub site: u32,
    /// Synchronisations of either space (barriers) since the group began, before it.
    pub interval: u32,
    pub kind: AccessKind,
    /// Atomic, or a load that counts as one (as a `Slot`'s atomicity).
    pub atomic: bool,
    /// Where its stored bytes start in the log's `data` (stores and atomics).
    pub data: usize,
    /// When the access the group's first counts came, among the group's (`SegmentLog`
    /// numbers them): which is first of one work-item's accesses to a byte.
    pub stamp: u32,
}

/// Accesses made one at a time (atomics, above all) that `SegmentLog::push` remembers, to
/// make one segment of the same op's accesses to the same element in an interval: a table
/// of this many places, each access in one of `PROBES` after its hash's.
const RECENT: usize = 1024;
const PROBES: usize = 8;

impl Segment {
    pub fn len(&self) -> u64 {
        if self.broadcast {
            self.elem
        } else {
            self.elem * self.count as u64
        }
    }

    pub fn end(&self) -> u64 {
        self.start + self.len()
    }

    pub fn reads(&self) -> bool {
        self.kind.reads()
    }

    pub fn writes(&self) -> bool {
        self.kind.writes()
    }

    /// Whether one work-item made all its accesses.
    fn single(&self) -> bool {
        self.count == 1 || self.wi == self.last_wi && self.broadcast
    }

    /// The work-item whose access covers the byte at `address`, for a segment of one
    /// work-item per element.
    fn wi_at(&self, address: u64) -> u32 {
        if self.broadcast || self.wi == GROUP {
            self.wi
        } else {
            self.wi + ((address - self.start) / self.elem) as u32
        }
    }

    /// The work-item of element `k` that the group's first access counts (of a broadcast,
    /// the scalar order's first plain one, or last atomic one).
    pub fn element_wi(&self, k: u32) -> u32 {
        match (self.broadcast, self.atomic) {
            (true, false) => self.wi,
            (true, true) => self.last_wi,
            (false, _) if self.wi == GROUP => GROUP,
            (false, _) => self.wi + k,
        }
    }

    /// The element holding the byte at `address`.
    fn element_at(&self, address: u64) -> u32 {
        if self.broadcast {
            0
        } else {
            ((address - self.start) / self.elem) as u32
        }
    }

    /// The accesses of `run` of an op (its number `site`, `atomic` as a `Slot`'s atomicity)
    /// of `elem` bytes each, `interval` synchronisations after the group began.
    pub fn of_run(
        run: &LaneRun,
        (elem, kind): (u64, AccessKind),
        (site, atomic, interval): (u32, bool, u32),
    ) -> Segment {
        Segment {
            start: run.address,
            elem,
            count: run.count,
            broadcast: run.broadcast,
            wi: run.lane,
            last_wi: run.lane + run.count - 1,
            site,
            interval,
            kind,
            atomic,
            data: 0,
            stamp: 0,
        }
    }

    /// The segment's accesses, each a segment (of consecutive work-items).
    fn one_by_one(self) -> impl Iterator<Item = Segment> {
        (0..self.count).map(move |k| Segment {
            start: if self.broadcast {
                self.start
            } else {
                self.start + k as u64 * self.elem
            },
            count: 1,
            broadcast: false,
            wi: self.wi + k,
            last_wi: self.wi + k,
            ..self
        })
    }

    /// The elements whose accesses the group's first access counts: a broadcast's one.
    pub fn elements(&self) -> u32 {
        if self.broadcast {
            1
        } else {
            self.count
        }
    }

    /// This kind of access to the segment's bytes as the launch's table takes it.
    pub fn side(&self) -> Side {
        let accessor = Accessor {
            wi: self.element_wi(0),
            site: self.site,
            atomic: self.atomic,
        };
        let elem = if self.elements() > 1 { self.elem } else { 0 };
        Side::new(accessor, elem, self.start)
    }

    /// Whether both are atomic additions whose old values nobody reads (their order does
    /// not matter).
    fn unread_additions(&self, other: &Segment, sites: &Sites) -> bool {
        self.atomic
            && other.atomic
            && sites.unread_addition(self.site)
            && sites.unread_addition(other.site)
    }

    /// Whether two work-items of the segment itself wrote a byte both touched.
    fn conflicts_itself(&self, sites: &Sites) -> bool {
        self.writes() && !self.single() && self.broadcast && !self.unread_additions(self, sites)
    }

    /// Whether two work-items touched a byte both segments (which overlap) touch, one of
    /// them writing; cautious: true also where it cannot tell.
    fn conflicts_with(&self, other: &Segment, sites: &Sites) -> bool {
        if !self.writes() && !other.writes() || self.unread_additions(other, sites) {
            return false;
        }
        if self.wi == GROUP || other.wi == GROUP {
            return true;
        }
        let (lo, hi) = (self.start.max(other.start), self.end().min(other.end()));
        let only = |one: &Segment, many: &Segment| {
            // The other's work-items on the shared bytes run from that of its first to that
            // of its last.
            !many.single() && many.broadcast
                || many.wi_at(lo) != one.wi
                || many.wi_at(hi - 1) != one.wi
        };
        match (self.single(), other.single()) {
            (true, _) => only(self, other),
            (_, true) => only(other, self),
            _ => {
                // One work-item per element in both: the same one on every shared byte when
                // their elements line up.
                let origin = |s: &Segment| s.start.wrapping_sub(s.wi as u64 * s.elem);
                self.broadcast
                    || other.broadcast
                    || self.elem != other.elem
                    || origin(self) != origin(other)
            }
        }
    }

    /// Whether a check of `other` against others would find what one of `self` finds.
    fn same_as(&self, other: &Segment) -> bool {
        Segment {
            interval: other.interval,
            data: other.data,
            stamp: other.stamp,
            ..*self
        } == *other
    }
}

/// The segments of one space, and the comparison of those since its last synchronisation.
#[derive(Default)]
struct SpaceLog {
    segments: Vec<Segment>,
    /// The first segment since the last synchronisation.
    from: usize,
    /// What is known of those without comparing them.
    extent: Extent,
    /// Those compared with each other so far (the first ones since `from`), by start.
    sorted: Vec<u32>,
    /// Segments of one access lately made, plus one (0: none), by a hash of op and address.
    recent: Vec<u32>,
    /// Whether `recent` names one of the group.
    recent_used: bool,
}

/// The bytes segments cover, as far as telling that none overlaps another without sorting
/// them goes (each work-item's own elements, written in ascending order, and read elsewhere:
/// most kernels).
#[derive(Clone, Copy, Default)]
struct Extent {
    /// From the lowest byte written to the highest, and read.
    written: Option<(u64, u64)>,
    read: Option<(u64, u64)>,
    /// Whether a write began before the end of one made before it.
    writes_tangled: bool,
}

impl Extent {
    fn add(&mut self, s: &Segment) {
        let grow = |range: &mut Option<(u64, u64)>| {
            *range = Some(match *range {
                Some((lo, hi)) => (lo.min(s.start), hi.max(s.end())),
                None => (s.start, s.end()),
            });
        };
        if s.writes() {
            self.writes_tangled |= self.written.is_some_and(|(_, hi)| s.start < hi);
            grow(&mut self.written);
        }
        if s.reads() {
            grow(&mut self.read);
        }
    }

    /// Whether no two of the segments overlap, one of them writing (two work-items of one
    /// broadcast aside).
    fn apart(&self) -> bool {
        let disjoint = match (self.written, self.read) {
            (Some((wl, wh)), Some((rl, rh))) => wh <= rl || rh <= wl,
            _ => true,
        };
        !self.writes_tangled && disjoint
    }
}

/// A segment's place in the comparison, and whether it is new to it.
type Entry = (u32, bool);

/// The group's accesses as segments, and the buffers reused from group to group.
#[derive(Default)]
pub struct SegmentLog {
    /// Local memory's, then global memory's.
    spaces: [SpaceLog; 2],
    /// Stored bytes of the segments, back to back.
    pub data: Vec<u8>,
    /// Whether two work-items' accesses were found to conflict.
    conflict: bool,
    /// Accesses taken in since the group began (`Segment::stamp`).
    arrivals: u32,
    new: Vec<u32>,
    merged: Vec<Entry>,
    reads: Vec<Entry>,
    writes: Vec<Entry>,
}

impl SegmentLog {
    /// Starts a group.
    pub fn begin(&mut self) {
        for log in &mut self.spaces {
            log.segments.clear();
            log.from = 0;
            log.extent = Extent::default();
            log.sorted.clear();
            // Its places name segments by number: of this group only.
            if log.recent_used {
                log.recent.fill(0);
                log.recent_used = false;
            }
        }
        self.data.clear();
        self.conflict = false;
        self.arrivals = 0;
    }

    /// Takes in one op's accesses (of space `which`: 0 local, 1 global), leaving out those
    /// `valid` refuses (outside every buffer): a segment per run of the batch.
    pub fn record(
        &mut self,
        which: usize,
        batch: &AccessBatch,
        (site, atomic, interval): (u32, bool, u32),
        valid: impl Fn(u64, u64) -> bool,
    ) {
        let size = batch.size;
        // The number of the run's first access in the batch.
        let mut first = 0;
        for r in batch.runs {
            let s = Segment::of_run(r, (size, batch.kind), (site, atomic, interval));
            if batch.kind.atomic() {
                // One by one, to join the segment of their op and element
                // (`SegmentLog::recent`), which keeps the stored bytes of the one that counts.
                let n = size as usize;
                for (k, one) in s.one_by_one().enumerate() {
                    let at = (first + k) * n;
                    let data = batch.data.get(at..at + n).unwrap_or(&[]);
                    self.atomic(which, one, data, &valid);
                }
            } else {
                self.close(which, (s, first), batch, &valid);
            }
            first += r.count as usize;
        }
    }

    /// Keeps a segment made of the batch's accesses from the `first`th on, with its stored
    /// bytes; one `valid` refuses is kept access by access, less those it refuses.
    fn close(
        &mut self,
        which: usize,
        (s, first): (Segment, usize),
        batch: &AccessBatch,
        valid: &impl Fn(u64, u64) -> bool,
    ) {
        if !valid(s.start, s.len()) {
            if s.count > 1 {
                for (k, one) in s.one_by_one().enumerate() {
                    self.close(which, (one, first + k), batch, valid);
                }
            }
            return;
        }
        let n = batch.size as usize;
        let stored = if s.broadcast { 1 } else { s.count as usize };
        let data = batch.data.get(first * n..(first + stored) * n);
        self.push(which, s, data.unwrap_or(&[]));
    }

    /// Takes in one work-item's atomic access `s` that `valid` may refuse: joined to the
    /// segment of its op and element when there is one (its bytes were found valid then),
    /// else kept as a segment of its own if valid.
    fn atomic(
        &mut self,
        which: usize,
        s: Segment,
        stored: &[u8],
        valid: &impl Fn(u64, u64) -> bool,
    ) {
        match self.recent(which, &s) {
            Ok(i) => {
                let s = self.stamped(s);
                self.join(which, i, &s, stored);
            }
            Err(place) if valid(s.start, s.len()) => {
                let s = self.stamped(s);
                self.keep(which, s, stored, place);
            }
            Err(_) => {}
        }
    }

    /// Keeps a segment, with its stored bytes (stores and atomics; missing ones kept as 0).
    pub fn push(&mut self, which: usize, s: Segment, stored: &[u8]) {
        let s = self.stamped(s);
        let place = if s.count == 1 && s.wi != GROUP {
            match self.recent(which, &s) {
                Ok(i) => {
                    self.join(which, i, &s, stored);
                    return;
                }
                Err(place) => place,
            }
        } else {
            None
        };
        self.keep(which, s, stored, place);
    }

    /// `s` numbered as the latest access taken in.
    fn stamped(&mut self, mut s: Segment) -> Segment {
        s.stamp = self.arrivals;
        self.arrivals += 1;
        s
    }

    /// Keeps `s` as a segment of its own, remembered at `place` of the recent accesses.
    fn keep(&mut self, which: usize, mut s: Segment, stored: &[u8], place: Option<usize>) {
        if s.writes() {
            s.data = self.data.len();
            let len = if s.broadcast { s.elem } else { s.len() } as usize;
            if len <= 8 {
                // An element's few bytes, without a call to copy them.
                self.data
                    .extend((0..len).map(|k| stored.get(k).copied().unwrap_or(0)));
            } else {
                let have = stored.len().min(len);
                self.data.extend_from_slice(&stored[..have]);
                self.data.resize(s.data + len, 0);
            }
        }
        let log = &mut self.spaces[which];
        log.extent.add(&s);
        log.segments.push(s);
        if let Some(place) = place {
            log.recent[place] = log.segments.len() as u32;
            log.recent_used = true;
        }
    }

    /// The segment lately made of the same op's accesses to the same bytes as `s` in the
    /// interval, not compared yet (a segment of one work-item, or a broadcast); or else
    /// where to remember `s`, if anywhere.
    fn recent(&mut self, which: usize, s: &Segment) -> Result<usize, Option<usize>> {
        let log = &mut self.spaces[which];
        if log.recent.is_empty() {
            log.recent = vec![0; RECENT];
        }
        let compared = log.from + log.sorted.len();
        let key = |t: &Segment| (t.start, t.elem, t.site, t.kind, t.atomic, t.interval);
        let hash = (s.start ^ (s.site as u64) << 24).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut free = None;
        for probe in 0..PROBES {
            let place = ((hash >> 54) as usize + probe) & (RECENT - 1);
            let found = log.recent[place]
                .checked_sub(1)
                .map(|i| i as usize)
                .filter(|&i| i >= compared)
                .and_then(|i| Some(i).zip(log.segments.get(i)))
                .filter(|(_, t)| t.interval == s.interval && (t.broadcast || t.count == 1));
            match found {
                Some((i, t)) if key(t) == key(s) && t.wi != GROUP => return Ok(i),
                Some(_) => {}
                None => {
                    free = free.or(Some(place));
                }
            }
        }
        Err(free)
    }

    /// Joins the access of one work-item `s` to segment `i` of the same op's accesses to the
    /// same bytes: a broadcast. Its stored bytes become those of the access the group's
    /// first counts (the lowest work-item's plain one, the last atomic one).
    fn join(&mut self, which: usize, i: usize, s: &Segment, stored: &[u8]) {
        let t = &mut self.spaces[which].segments[i];
        let counted = if s.atomic {
            s.wi >= t.last_wi
        } else {
            s.wi < t.wi
        };
        if counted {
            t.stamp = s.stamp;
        }
        if counted && s.writes() {
            let at = t.data;
            let kept = &mut self.data[at..at + s.elem as usize];
            // Byte by byte: an atomic's few bytes, without a call to copy them.
            for (k, byte) in kept.iter_mut().enumerate() {
                *byte = stored.get(k).copied().unwrap_or(0);
            }
        }
        t.broadcast = true;
        t.count += 1;
        t.wi = t.wi.min(s.wi);
        t.last_wi = t.last_wi.max(s.wi);
    }

    /// Whether two work-items touched the same bytes since the last synchronisation of a
    /// space, one of them writing (or ever did in the group).
    pub fn conflict(&mut self, sites: &Sites) -> bool {
        for which in 0..2 {
            if !self.conflict {
                self.conflict = self.compare(which, sites);
            }
        }
        self.conflict
    }

    /// A synchronisation of space `which`: what came before no longer conflicts with what
    /// comes after (after being compared).
    pub fn sync(&mut self, which: usize, sites: &Sites) {
        if !self.conflict {
            self.conflict = self.compare(which, sites);
        }
        let log = &mut self.spaces[which];
        if which == 0 {
            // Local memory's have no other use.
            log.segments.clear();
        }
        log.from = log.segments.len();
        log.extent = Extent::default();
        log.sorted.clear();
    }

    /// Compares the segments of space `which` since its last synchronisation that were not
    /// compared yet with each other and with those that were: whether two conflict.
    fn compare(&mut self, which: usize, sites: &Sites) -> bool {
        let log = &mut self.spaces[which];
        let checked = log.from + log.sorted.len();
        // Without a write, none conflicts.
        if log.extent.written.is_none() || checked == log.segments.len() {
            return false;
        }
        if log.sorted.is_empty() && log.extent.apart() {
            let open = &log.segments[log.from..];
            return open.iter().any(|s| s.conflicts_itself(sites));
        }
        let segments = &log.segments;
        let start = |i: u32| segments[i as usize].start;
        self.new.clear();
        self.new.extend(checked as u32..segments.len() as u32);
        self.new.sort_unstable_by_key(|&i| start(i));
        // Both lists by start, merged.
        self.merged.clear();
        let (old, new) = (&log.sorted, &self.new);
        let (mut o, mut n) = (0, 0);
        while o < old.len() || n < new.len() {
            if n == new.len() || o < old.len() && start(old[o]) <= start(new[n]) {
                self.merged.push((old[o], false));
                o += 1;
            } else {
                self.merged.push((new[n], true));
                n += 1;
            }
        }
        // By start: each segment against those before it that still overlap it, one of the
        // two writing and one of them new.
        let (reads, writes) = (&mut self.reads, &mut self.writes);
        reads.clear();
        writes.clear();
        let mut found = false;
        for &(i, new) in &self.merged {
            let s = &segments[i as usize];
            if new && s.conflicts_itself(sites) {
                found = true;
                break;
            }
            let ends_after = |&(j, _): &Entry| segments[j as usize].end() > s.start;
            reads.retain(ends_after);
            writes.retain(ends_after);
            let against = |list: &[Entry]| {
                list.iter()
                    .any(|&(j, jn)| (new || jn) && s.conflicts_with(&segments[j as usize], sites))
            };
            if against(writes) || s.writes() && against(reads) {
                found = true;
                break;
            }
            // One of identical accesses (a loop's) stands for all.
            let list = if s.writes() {
                &mut *writes
            } else {
                &mut *reads
            };
            match list
                .iter_mut()
                .find(|(j, _)| segments[*j as usize].same_as(s))
            {
                Some(kept) => kept.1 |= new,
                None => list.push((i, new)),
            }
        }
        log.sorted.clear();
        log.sorted.extend(self.merged.iter().map(|&(i, _)| i));
        found
    }

    /// The global segments of the group, in the order they came.
    pub fn global(&self) -> &[Segment] {
        &self.spaces[1].segments
    }
}

/// The group's global segments in clusters: the segments by start, cut where none of those
/// before overlaps the next. Each cluster is given to `each`, as indices in the order the
/// segments came, with whether `push_cluster` takes it: no two of its stores overlap, and its
/// loads do not either or are all of one element size, their elements lined up.
pub fn clusters(segments: &[Segment], order: &mut Vec<u32>, mut each: impl FnMut(&[u32], bool)) {
    order.clear();
    order.extend(0..segments.len() as u32);
    order.sort_unstable_by_key(|&i| (segments[i as usize].start, i));
    let mut from = 0;
    let (mut end, mut load_end, mut store_end) = (0, 0, 0);
    // Whether the stores are apart; the loads apart; the loads' element size and offset
    // within their elements, if one.
    let (mut stores_apart, mut loads_apart) = (true, true);
    let mut grid: Option<Option<(u64, u64)>> = None;
    for k in 0..=order.len() {
        let next = order.get(k).map(|&i| &segments[i as usize]);
        if k > from && next.is_none_or(|s| s.start >= end) {
            let cluster = &mut order[from..k];
            cluster.sort_unstable();
            let lined_up = grid.is_none_or(|g| g.is_some());
            each(cluster, stores_apart && (loads_apart || lined_up));
            (from, load_end, store_end) = (k, 0, 0);
            (stores_apart, loads_apart, grid) = (true, true, None);
        }
        let Some(s) = next else {
            break;
        };
        if s.reads() {
            loads_apart &= s.start >= load_end;
            load_end = load_end.max(s.end());
            let own = (s.elem, s.start % s.elem);
            grid = Some(grid.map_or(Some(own), |g| g.filter(|&g| g == own)));
        }
        if s.writes() {
            stores_apart &= s.start >= store_end;
            store_end = store_end.max(s.end());
        }
        end = if k == from { s.end() } else { end.max(s.end()) };
    }
}

/// What `push_cluster` works in, kept from cluster to cluster.
#[derive(Default)]
pub struct ClusterBuffers {
    points: Vec<u64>,
    active: Vec<u32>,
    /// The cluster's loads and stores, by start.
    loads: Vec<u32>,
    stores: Vec<u32>,
}

/// Pushes a cluster that `clusters` says it takes as runs, cut wherever a segment starts or
/// ends: the stores as they are, and where loads overlap, on each piece the one the group's
/// first load counts (the earliest plain one in the scalar order, or the latest atomic one;
/// lined up, one is that on the whole piece).
pub fn push_cluster(
    runs: &mut GroupRuns,
    segments: &[Segment],
    cluster: &[u32],
    data: &[u8],
    buffers: &mut ClusterBuffers,
) {
    let seg = |i: u32| &segments[i as usize];
    if let [i] = cluster {
        let s = seg(*i);
        let side = Some(s.side());
        let (load, store) = (side.filter(|_| s.reads()), side.filter(|_| s.writes()));
        let stored = store.map_or(&[][..], |_| &data[s.data..s.data + s.len() as usize]);
        runs.push_sides(s.start, s.len(), load, store, stored);
        return;
    }
    let ClusterBuffers {
        points,
        active,
        loads,
        stores,
    } = buffers;
    // Each kind's segments by start (the order they came, among equal ones).
    for (list, kind) in [
        (&mut *loads, Segment::reads as fn(&Segment) -> bool),
        (&mut *stores, Segment::writes),
    ] {
        list.clear();
        list.extend(cluster.iter().copied().filter(|&i| kind(seg(i))));
        list.sort_by_key(|&i| seg(i).start);
    }
    points.clear();
    points.extend(cluster.iter().flat_map(|&i| [seg(i).start, seg(i).end()]));
    points.sort_unstable();
    points.dedup();
    active.clear();
    let (mut next_load, mut s) = (0, 0);
    for w in points.windows(2) {
        let (at, to) = (w[0], w[1]);
        // The loads covering the piece.
        active.retain(|&i| seg(i).end() > at);
        while let Some(&i) = loads.get(next_load).filter(|&&i| seg(i).start <= at) {
            active.push(i);
            next_load += 1;
        }
        let order = |i: u32| {
            let t = seg(i);
            (t.interval, t.element_wi(t.element_at(at)), t.stamp)
        };
        let loads_here = active.iter().copied();
        let plain = loads_here
            .clone()
            .filter(|&i| !seg(i).atomic)
            .min_by_key(|&i| order(i));
        let load = plain
            .or_else(|| loads_here.max_by_key(|&i| order(i)))
            .map(seg);
        // The store covering it (they are apart).
        while stores.get(s).is_some_and(|&i| seg(i).end() <= at) {
            s += 1;
        }
        let store = stores.get(s).map(|&i| seg(i)).filter(|t| t.start <= at);
        if load.is_none() && store.is_none() {
            continue;
        }
        let stored = store.map_or(&[][..], |t| {
            let from = t.data + (at - t.start) as usize;
            &data[from..from + (to - at) as usize]
        });
        runs.push_sides(
            at,
            to - at,
            load.map(Segment::side),
            store.map(Segment::side),
            stored,
        );
    }
}
