//! What a worker keeps of a work-group from group to group, below the executors that run it
//! (`group`'s scheduler, `warp`'s lanes, `debug_run`): the group's work-items and their slots,
//! the barrier they gather at, the lane executor's warp, and the pool that keeps them from
//! launch to launch.

use std::sync::Mutex;

use super::batch::LaneBatch;
use super::debug::WiState;
use super::history::EntryValue;
use super::workitem::{WiIds, WorkItem};
use crate::bytecode::Site;
use crate::exchange::Exchange;

/// Who hears of a work-item's state as it changes (the scheduler's `Pace`).
pub(crate) trait Publish {
    /// Work-item `i` is now in `state`.
    fn publish(&self, i: usize, state: WiState, wi: &WorkItem);
}

/// The barrier a work-group is gathering at.
#[derive(Clone)]
pub(crate) struct BarrierSite {
    pub(super) site: Site,
    pub(super) fence: u32,
    /// Events waited for (`wait_group_events`); empty for `barrier`.
    pub(super) events: Vec<u64>,
    /// The first work-item that arrived.
    pub(super) first: WiIds,
}

impl BarrierSite {
    /// The barrier `wi` waits at.
    pub(super) fn of(wi: &WorkItem) -> BarrierSite {
        let (func, pc, fence) = wi.barrier_at;
        BarrierSite {
            site: Site { func, pc },
            fence,
            events: wi.wait_events.clone(),
            first: wi.ids,
        }
    }

    pub(super) fn same_as(&self, o: &BarrierSite) -> bool {
        // Element-wise: comparing the (usually empty) event lists as slices calls memcmp.
        (self.site, self.fence) == (o.site, o.fence)
            && self.events.len() == o.events.len()
            && self.events.iter().zip(&o.events).all(|(a, b)| a == b)
    }
}

pub(super) const NO_SLOT: u32 = u32::MAX;

/// A work-item of the current group: where it is in its life, and its slot once started.
#[derive(Clone, Copy)]
pub(super) struct Entry {
    pub state: WiState,
    pub slot: u32,
}

impl Entry {
    /// As a group's history keeps it.
    pub(super) fn value(self) -> EntryValue {
        EntryValue {
            state: self.state.code(),
            slot: self.slot,
        }
    }
}

pub(super) const NEW: Entry = Entry {
    state: WiState::NotStarted,
    slot: NO_SLOT,
};

/// A work-group's work-items by local linear index, and the states (registers, private
/// memory) of those started, in slots that finished ones hand on: a group without barriers
/// needs one.
#[derive(Default)]
pub(crate) struct GroupItems {
    pub(super) entries: Vec<Entry>,
    pub(super) slots: Vec<WorkItem>,
    /// The slots no work-item holds.
    pub(super) free: Vec<u32>,
    /// How many wait at `barrier`.
    pub(super) arrived: usize,
    /// How many wait at sub-group meetings.
    pub(super) meeting: usize,
    pub(super) barrier: Option<BarrierSite>,
    /// Work-items before this one are neither ready nor new.
    pub(super) cursor: usize,
}

impl GroupItems {
    /// Makes ready for a group of `count` work-items, none started.
    #[inline(always)]
    pub(super) fn reset(&mut self, count: usize) {
        if self.entries.len() == count {
            match &mut self.entries[..] {
                // Groups of one are common, and a memset call costs more than the store.
                [only] => *only = NEW,
                entries => entries.fill(NEW),
            }
        } else {
            self.entries.clear();
            self.entries.resize(count, NEW);
        }
        // After a plain run every slot is free already.
        if self.free.len() != self.slots.len() {
            self.free.clear();
            self.free.extend((0..self.slots.len() as u32).rev());
        }
        self.arrived = 0;
        self.meeting = 0;
        self.barrier = None;
        self.cursor = 0;
    }

    pub(super) fn count(&self) -> usize {
        self.entries.len()
    }

    /// The first work-item from the cursor that is new or ready.
    pub(super) fn next_ready(&mut self) -> Option<usize> {
        while let Some(entry) = self.entries.get(self.cursor) {
            if matches!(entry.state, WiState::NotStarted | WiState::Suspended) {
                return Some(self.cursor);
            }
            self.cursor += 1;
        }
        None
    }

    /// A free slot, made if there is none.
    #[inline(always)]
    pub(super) fn take_slot(&mut self) -> u32 {
        self.free.pop().unwrap_or_else(|| {
            self.slots.push(WorkItem::new());
            (self.slots.len() - 1) as u32
        })
    }

    #[inline(always)]
    pub(super) fn give_back(&mut self, slot: u32) {
        self.free.push(slot);
    }

    /// Those at the barrier are ready again.
    pub(super) fn release_barrier<P: Publish>(&mut self, pace: &P) {
        for (i, entry) in self.entries.iter_mut().enumerate() {
            if entry.state == WiState::AtBarrier {
                entry.state = WiState::Suspended;
                if let Some(wi) = self.slots.get(entry.slot as usize) {
                    pace.publish(i, entry.state, wi);
                }
            }
        }
        self.arrived = 0;
        self.cursor = 0;
    }

    /// Called when some wait at sub-group meetings: in each sub-group (`sub_group_size`
    /// consecutive local linear indices) none of whose work-items can run, releases those
    /// waiting at the meeting that comes first (the deepest call, then the lowest pc: the
    /// lowering lays a conditional's arms out before their join and a loop's body before its
    /// exit, so work-items that took different branches meet where lock-step hardware would
    /// bring them together again). The released are the call's active work-items
    /// (`Exchange::release`). Returns each release as (sub-group, function, pc after the
    /// meeting).
    pub(super) fn release_meetings<P: Publish>(
        &mut self,
        exchange: &mut Exchange,
        sub_group_size: usize,
        pace: &P,
    ) -> Vec<(usize, u32, u32)> {
        let count = self.entries.len();
        let mut releases = Vec::new();
        let mut first = 0;
        while first < count {
            let group = first..(first + sub_group_size).min(count);
            first = group.end;
            let can_run = |i: usize| {
                let state = self.entries[i].state;
                matches!(state, WiState::NotStarted | WiState::Suspended)
            };
            if group.clone().any(can_run) {
                continue;
            }
            let waiting = |i: usize| {
                let e = self.entries[i];
                (e.state == WiState::AtSubGroupCall).then(|| {
                    let wi = &self.slots[e.slot as usize];
                    position(wi.frames.len(), wi.func, wi.base, wi.pc)
                })
            };
            let Some(lowest) = group.clone().filter_map(waiting).min() else {
                continue;
            };
            let released = |i: usize| waiting(i) == Some(lowest);
            let chosen: Vec<usize> = group.clone().filter(|&i| released(i)).collect();
            exchange.release(group.clone(), |i| chosen.contains(&i));
            let (_, func, _, pc) = lowest;
            releases.push((group.start / sub_group_size, func, pc));
            for i in chosen {
                let entry = &mut self.entries[i];
                entry.state = WiState::Suspended;
                self.meeting -= 1;
                if let Some(wi) = self.slots.get(entry.slot as usize) {
                    pace.publish(i, WiState::Suspended, wi);
                }
            }
        }
        self.cursor = 0;
        releases
    }

    /// The first work-item after `i` (wrapping around to it) that is new or ready: who runs
    /// after a work-item that gave way (`Stop::Yield`).
    pub(super) fn next_ready_after(&self, i: usize) -> Option<usize> {
        let count = self.entries.len();
        (1..=count).map(|k| (i + k) % count).find(|&j| {
            let state = self.entries[j].state;
            matches!(state, WiState::NotStarted | WiState::Suspended)
        })
    }
}

/// Work-items' states (registers, private memories) kept from launch to launch, so that a
/// launch's workers do not make them anew (the lane executor holds a whole group's): the set
/// of each worker that finished, taken by the next launch's workers.
#[derive(Default)]
pub(crate) struct StatePool(Mutex<Vec<GroupItems>>);

impl StatePool {
    pub(super) fn take(&self) -> Option<GroupItems> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).pop()
    }

    pub(super) fn give(&self, items: GroupItems) {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).push(items);
    }
}

/// The lanes that run together: all at `pc` of function `func`, with their frames at `base`
/// and `depth` calls deep.
#[derive(Default)]
pub(crate) struct Warp {
    pub(super) func: u32,
    pub(super) base: u32,
    pub(super) pc: u32,
    pub(super) depth: usize,
    /// Local linear indices, ascending.
    pub(super) lanes: Vec<u32>,
    /// Each lane's slot in the group's items.
    pub(super) slots: Vec<u32>,
    /// The lowest pc of another lane waiting in the same frame past `pc`: where this warp
    /// meets it (`u32::MAX`: none).
    pub(super) meets: u32,
}

/// A worker's lane-executor state, kept from group to group (its buffers are reused).
#[derive(Default)]
pub(crate) struct Lanes {
    pub(super) warp: Warp,
    /// Barriers released in the current group.
    pub(super) interval: u64,
    /// The work-item that finished last as the scalar executor would see it: the highest
    /// index of the latest barrier interval in which any finished ((interval, index)).
    pub(super) last: Option<(u64, u32)>,
    /// An op's accesses, gathered for the plugins.
    pub(super) batch: LaneBatch,
    /// Where each lane of a parted branch went, for the plugins (`Interest::BRANCHES`).
    pub(super) targets: Vec<u32>,
    /// The parked parts of the running warp.
    pub(super) parking: super::warp::Parking,
}

impl Lanes {
    pub(super) fn finished(&mut self, lane: u32) {
        let mark = (self.interval, lane);
        if self.last.is_none_or(|last| last < mark) {
            self.last = Some(mark);
        }
    }
}

/// Orders positions: the deepest call first, then by function, frame and pc.
pub(super) fn position(depth: usize, func: u32, base: u32, pc: u32) -> (usize, u32, u32, u32) {
    (usize::MAX - depth, func, base, pc)
}
