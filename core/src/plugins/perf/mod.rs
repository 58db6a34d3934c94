//! PerfLints (`--perf-lints`): what a kernel's sub-groups would ask of a GPU's memory system
//! and branch units, measured from the addresses and branch targets the executors show.
//!
//! A **request** is the accesses one sub-group's lanes make at one op as each lane's k-th
//! access there since the group's last work-group barrier (a lane that never gets there takes
//! no part). A **branch execution** is the same for a conditional branch or switch. Both
//! depend only on each work-item's own events, so the figures are the same under every
//! executor and thread count. Whole sub-groups at the same count (the lane executor's usual
//! batch) are measured at once; pieces wait in `pending` until the sub-group's last lane, the
//! next barrier or the group's end.
//!
//! Per op the worker sums requests, cost (sectors, passes or divergent executions) and the
//! ideal; `kernel_end` sums the ops of each source line and reports those past the thresholds
//! (`report`).

mod counts;
mod report;
mod request;

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

use super::{
    AccessBatch, AccessKind, BranchBatch, ExecContext, GroupContext, Interest, KernelContext,
    LaunchInfo, Plugin, Site, Targets, Worker,
};
use crate::diagnostics::Entity;
use crate::memory::{AddrSpace, GLOBAL_OFFSET_BITS};
use counts::{mask, Counts};
use request::Cost;

/// What is measured, and where its sums go (`Tally` per category).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Category {
    GlobalRead = 0,
    GlobalWrite = 1,
    Local = 2,
    Branch = 3,
}

impl Category {
    /// In `Tallies` order.
    const ALL: [Category; 4] = [
        Category::GlobalRead,
        Category::GlobalWrite,
        Category::Local,
        Category::Branch,
    ];
}

/// Requests (or branch executions), their cost and their ideal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Tally {
    requests: u64,
    cost: u64,
    ideal: u64,
}

impl Tally {
    fn add(&mut self, o: &Tally) {
        self.requests += o.requests;
        self.cost += o.cost;
        self.ideal += o.ideal;
    }
}

type Tallies = [Tally; 4];

fn add_all(to: &mut Tallies, from: &Tallies) {
    for (t, f) in to.iter_mut().zip(from) {
        t.add(f);
    }
}

/// A launch's sums, by op, as the workers hand them back.
#[derive(Default)]
struct LaunchSums {
    sites: HashMap<Site, Tallies>,
    /// Requests measured before all their lanes arrived (the pending cap).
    cut: u64,
}

/// Most accesses held in pieces by one worker: past it, what is pending is measured as it
/// stands (only the scalar executor on a long barrier-free loop gets near).
const PENDING_CAP: usize = 1 << 20;

pub struct PerfLints {
    /// Also the lines under the thresholds (`--perf-lints=all`).
    pub all: bool,
    /// Per launch (launches may overlap).
    launches: Arc<Mutex<HashMap<u64, LaunchSums>>>,
}

impl PerfLints {
    pub fn new(all: bool) -> PerfLints {
        PerfLints {
            all,
            launches: Arc::default(),
        }
    }
}

impl Plugin for PerfLints {
    fn name(&self) -> &str {
        "PerfLints"
    }

    fn interests(&self) -> Interest {
        Interest::KERNEL
            | Interest::WORK_GROUP
            | Interest::BARRIER
            | Interest::ADDRESSES
            | Interest::BRANCHES
    }

    /// Requests are counted per work-item, so any interleaving gives the same figures.
    fn takes_interleaved_events(&self) -> bool {
        true
    }

    fn worker(&self, launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        let images = (launch.named.iter())
            .filter(|b| b.image)
            .map(|b| b.index)
            .collect();
        Some(Box::new(PerfWorker {
            launches: self.launches.clone(),
            launch: launch.id,
            sub_group: launch.sub_group_size.clamp(1, 128) as u32,
            images,
            size: [1; 3],
            items: 0,
            index: Vec::new(),
            sites: Vec::new(),
            interval: 0,
            pending: HashMap::default(),
            held: 0,
            cut: 0,
            group: Vec::new(),
            total: Vec::new(),
            pieces: Vec::new(),
            ranges: Vec::new(),
        }))
    }

    fn kernel_end(&self, cx: &KernelContext) {
        let sums = (self.launches.lock().unwrap_or_else(|e| e.into_inner()))
            .remove(&cx.launch.id)
            .unwrap_or_default();
        report::log(cx, &sums, self.all);
    }
}

/// An op's state in the current barrier interval.
struct SiteState {
    site: Site,
    /// The interval `count` belongs to: older counts are zero.
    stamp: u64,
    /// How often each lane got here in the interval.
    count: Counts,
}

/// A request or branch execution whose sub-group's lanes have not all arrived.
#[derive(Default)]
struct Pending {
    /// The lanes that have, relative to the sub-group's first.
    lanes: u128,
    category: Option<Category>,
    ranges: Vec<(u64, u64)>,
    /// A branch's first target, and whether another lane went elsewhere.
    target: Option<u32>,
    diverged: bool,
    /// Events added.
    events: u32,
}

/// Hashes a pending request's key (three small integers) with a multiply and a rotate per
/// word: the default hasher was a tenth of a divergent loop's time.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u32(b as u32);
        }
    }

    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(5) ^ n as u64).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Consecutive lanes of one access shape: `count` lanes from `lane`, at consecutive elements
/// from `address` or (broadcast) all at it.
#[derive(Clone, Copy)]
struct Piece {
    lane: u32,
    count: u32,
    address: u64,
    broadcast: bool,
}

struct PerfWorker {
    launches: Arc<Mutex<HashMap<u64, LaunchSums>>>,
    launch: u64,
    sub_group: u32,
    /// Buffers holding images' pixels (the texture path: not counted).
    images: Vec<u64>,
    /// The current group's size and work-items.
    size: [u64; 3],
    items: u32,
    /// (function, pc) → the op's number in `sites` (`u32::MAX`: not seen yet).
    index: Vec<Vec<u32>>,
    sites: Vec<SiteState>,
    interval: u64,
    pending: HashMap<(u32, u32, u32), Pending, BuildHasherDefault<KeyHasher>>,
    /// Accesses held in `pending`.
    held: usize,
    cut: u64,
    /// Sums of the current group (void if it starts over), then of the launch, by op number.
    group: Vec<Tallies>,
    total: Vec<Tallies>,
    /// Scratch: one sub-group's pieces of a batch, and byte ranges.
    pieces: Vec<Piece>,
    ranges: Vec<(u64, u64)>,
}

impl PerfWorker {
    /// The op's number, numbering it at its first event; its lane counts are made current.
    fn site(&mut self, site: Site, code: &crate::program::KernelCode) -> u32 {
        let (f, pc) = (site.func as usize, site.pc as usize);
        if self.index.len() <= f {
            self.index
                .resize_with(code.functions.len().max(f + 1), Vec::new);
        }
        let ops = &mut self.index[f];
        if ops.len() <= pc {
            let len = code.functions.get(f).map_or(0, |func| func.code.len());
            ops.resize(len.max(pc + 1), u32::MAX);
        }
        let mut n = ops[pc];
        if n == u32::MAX {
            n = self.sites.len() as u32;
            ops[pc] = n;
            self.sites.push(SiteState {
                site,
                stamp: 0,
                count: Counts::default(),
            });
            self.group.push(Tallies::default());
            self.total.push(Tallies::default());
        }
        let s = &mut self.sites[n as usize];
        if s.stamp != self.interval {
            s.stamp = self.interval;
            s.count.reset(self.items, self.sub_group);
        }
        n
    }

    /// What an access of `space` and `kind` at `address` counts as, if anything: loads and
    /// stores of global and local memory, but not of images' pixels.
    fn category(&self, space: AddrSpace, kind: AccessKind, address: u64) -> Option<Category> {
        match (space, kind) {
            (_, AccessKind::Atomic | AccessKind::AtomicLoad) => None,
            (AddrSpace::Local, _) => Some(Category::Local),
            (AddrSpace::Global, _) => {
                let buffer = address >> GLOBAL_OFFSET_BITS;
                if self.images.contains(&buffer) {
                    return None;
                }
                Some(match kind {
                    AccessKind::Store => Category::GlobalWrite,
                    _ => Category::GlobalRead,
                })
            }
            _ => None,
        }
    }

    /// Lanes in sub-group `g` of the current group.
    fn sub_group_lanes(&self, g: u32) -> u32 {
        self.sub_group.min(self.items - g * self.sub_group)
    }

    /// Sums one request: its cost from `ranges`, or a branch execution.
    fn measure(&mut self, site: u32, category: Category, diverged: bool) {
        let Cost { cost, ideal } = match category {
            Category::Branch => Cost {
                cost: diverged as u64,
                ideal: 0,
            },
            Category::Local => request::passes(&mut self.ranges),
            _ => request::sectors(&mut self.ranges),
        };
        let t = &mut self.group[site as usize][category as usize];
        t.requests += 1;
        t.cost += cost;
        t.ideal += ideal;
    }

    /// One sub-group's accesses of a batch (`pieces`, `g`'s lanes ascending): measured at once
    /// when they are the whole sub-group's next request, else held until the rest arrive.
    fn sub_group_accesses(&mut self, site: u32, category: Category, g: u32, size: u64) {
        let range = |p: &Piece| {
            let len = if p.broadcast {
                size
            } else {
                size * p.count as u64
            };
            (p.address, p.address + len)
        };
        let runs = self.pieces.iter().map(|p| (p.lane, p.count));
        let n = self.sub_group_lanes(g);
        if let Some((k, lanes)) = self.sites[site as usize].count.together(g, n, runs) {
            self.ranges.clear();
            self.ranges.extend(self.pieces.iter().map(range));
            if lanes == self.full(g) {
                return self.measure(site, category, false);
            }
            let ranges = std::mem::take(&mut self.ranges);
            return self.pend((site, g, k), lanes, |entry| {
                entry.category.get_or_insert(category);
                entry.ranges.extend_from_slice(&ranges);
            });
        }
        // Lanes at different counts (or one lane twice): each access on its own.
        for i in 0..self.pieces.len() {
            let p = self.pieces[i];
            for j in 0..p.count {
                let address = match p.broadcast {
                    true => p.address,
                    false => p.address + j as u64 * size,
                };
                self.piece(site, g, p.lane + j, |entry| {
                    entry.category.get_or_insert(category);
                    entry.ranges.push((address, address + size));
                });
            }
        }
    }

    /// The lanes of sub-group `g`, as a mask from its first.
    fn full(&self, g: u32) -> u128 {
        mask(self.sub_group_lanes(g))
    }

    /// Adds lane `lane`'s next event at `site` to its pending request.
    fn piece(&mut self, site: u32, g: u32, lane: u32, add: impl FnOnce(&mut Pending)) {
        let n = self.sub_group_lanes(g);
        let k = self.sites[site as usize].count.one(g, n, lane);
        self.pend((site, g, k), 1u128 << (lane - g * self.sub_group), add);
    }

    /// Adds `lanes`' events to pending request `key` (site, sub-group, k); measures it once
    /// its sub-group's lanes have all arrived.
    fn pend(&mut self, key: (u32, u32, u32), lanes: u128, add: impl FnOnce(&mut Pending)) {
        let full = self.full(key.1);
        let entry = self.pending.entry(key).or_default();
        entry.lanes |= lanes;
        entry.events += 1;
        add(entry);
        self.held += 1;
        if entry.lanes == full {
            let entry = self.pending.remove(&key).expect("the entry just added");
            self.settle(key.0, entry);
        }
        if self.held > PENDING_CAP {
            self.cut += self.pending.len() as u64;
            self.settle_all();
        }
    }

    /// Measures a pending request as it stands.
    fn settle(&mut self, site: u32, entry: Pending) {
        self.held -= (entry.events as usize).min(self.held);
        let Some(category) = entry.category else {
            return;
        };
        self.ranges = entry.ranges;
        self.measure(site, category, entry.diverged);
    }

    /// Measures everything pending (at a barrier or the group's end: no lane adds to them).
    fn settle_all(&mut self) {
        // Sums commute: the map's order does not matter.
        let pending = std::mem::take(&mut self.pending);
        for ((site, _, _), entry) in pending {
            self.settle(site, entry);
        }
        self.held = 0;
    }

    /// The work-item's local linear index.
    fn lane_of(&self, entity: &Entity) -> Option<u32> {
        let l = entity.local()?;
        let s = self.size;
        Some((l[0] + s[0] * (l[1] + s[1] * l[2])) as u32)
    }
}

impl Worker for PerfWorker {
    fn work_group_begin(&mut self, cx: &GroupContext) {
        // A group that starts over voids what was seen of it.
        self.pending.clear();
        self.held = 0;
        self.group.iter_mut().for_each(|t| *t = Tallies::default());
        self.size = cx.size;
        self.items = cx.size.iter().product::<u64>() as u32;
        self.interval += 1;
    }

    fn work_group_barrier(&mut self, _cx: &ExecContext, _fence: u32) {
        self.settle_all();
        self.interval += 1;
    }

    fn work_group_complete(&mut self, _cx: &GroupContext) {
        self.settle_all();
        for (total, group) in self.total.iter_mut().zip(&mut self.group) {
            add_all(total, group);
            *group = Tallies::default();
        }
    }

    fn memory_access(&mut self, cx: &ExecContext, access: &super::Access) {
        let (Some(site), Some(lane)) = (cx.site, self.lane_of(&cx.entity)) else {
            return;
        };
        let Some(category) = self.category(access.space, access.kind, access.address) else {
            return;
        };
        let site = self.site(site, cx.kernel.code);
        let (address, size) = (access.address, access.size);
        self.piece(site, lane / self.sub_group, lane, |entry| {
            entry.category.get_or_insert(category);
            entry.ranges.push((address, address + size));
        });
    }

    fn memory_accesses(&mut self, cx: &GroupContext, batch: &AccessBatch) {
        let Some(first) = batch.runs.first() else {
            return;
        };
        let Some(category) = self.category(batch.space, batch.kind, first.address) else {
            return;
        };
        let site = self.site(batch.site, cx.kernel.code);
        let (sg, size) = (self.sub_group, batch.size);
        // Each run cut at sub-group edges; each sub-group's pieces measured together.
        self.pieces.clear();
        let mut current = None;
        for run in batch.runs {
            let mut k = 0;
            while k < run.count {
                let lane = run.lane + k;
                let g = lane / sg;
                let count = (run.count - k).min((g + 1) * sg - lane);
                if current.is_some_and(|c| c != g) {
                    self.sub_group_accesses(site, category, current.unwrap_or(0), size);
                    self.pieces.clear();
                }
                current = Some(g);
                self.pieces.push(Piece {
                    lane,
                    count,
                    address: run.address_of(k, size),
                    broadcast: run.broadcast,
                });
                k += count;
            }
        }
        if let Some(g) = current {
            self.sub_group_accesses(site, category, g, size);
        }
    }

    fn branches(&mut self, cx: &GroupContext, batch: &BranchBatch) {
        let site = self.site(batch.site, cx.kernel.code);
        let sg = self.sub_group;
        let mut start = 0;
        while start < batch.lanes.len() {
            let g = batch.lanes[start] / sg;
            // Lanes ascend: the sub-group's end by bisection.
            let end = batch.lanes.partition_point(|&l| l < (g + 1) * sg);
            let lanes = &batch.lanes[start..end];
            let targets = match batch.to {
                Targets::All(t) => Targets::All(t),
                Targets::Each(each) => Targets::Each(&each[start..end]),
            };
            let (first, diverged) = match targets {
                Targets::All(t) => (t, false),
                Targets::Each(each) => (each[0], each.iter().any(|&t| t != each[0])),
            };
            let consecutive = lanes[lanes.len() - 1] - lanes[0] == lanes.len() as u32 - 1;
            let n = self.sub_group_lanes(g);
            let count = &mut self.sites[site as usize].count;
            let counted = match consecutive {
                true => count.together(g, n, std::iter::once((lanes[0], lanes.len() as u32))),
                false => count.together(g, n, lanes.iter().map(|&l| (l, 1))),
            };
            match counted {
                Some((_, mask)) if mask == self.full(g) => {
                    self.measure(site, Category::Branch, diverged);
                }
                Some((k, mask)) => self.pend((site, g, k), mask, |entry| {
                    entry.category = Some(Category::Branch);
                    entry.diverged |= diverged || entry.target.is_some_and(|t| t != first);
                    entry.target.get_or_insert(first);
                }),
                None => {
                    for (i, &lane) in lanes.iter().enumerate() {
                        let to = match targets {
                            Targets::All(t) => t,
                            Targets::Each(each) => each[i],
                        };
                        self.piece(site, g, lane, |entry| {
                            entry.category = Some(Category::Branch);
                            entry.diverged |= entry.target.is_some_and(|t| t != to);
                            entry.target.get_or_insert(to);
                        });
                    }
                }
            }
            start = end;
        }
    }

    fn finish(self: Box<Self>) {
        let mut launches = self.launches.lock().unwrap_or_else(|e| e.into_inner());
        let sums = launches.entry(self.launch).or_default();
        sums.cut += self.cut;
        for (state, total) in self.sites.iter().zip(&self.total) {
            add_all(sums.sites.entry(state.site).or_default(), total);
        }
    }
}
