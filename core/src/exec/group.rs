//! Running one work-group: the scheduler of its work-items (each in order until it finishes or
//! reaches a barrier), barrier release and divergence detection.

use super::checks::observe_allocation;
use super::debug::WiState;
use super::items::{BarrierSite, Entry, GroupItems, Publish, NO_SLOT};
use super::runner::GroupRunner;
use super::shadow_values::origin_code;
use super::shared::{Launch, Mems, Where};
use super::workitem::{EntryFrame, Stop, WiIds, WorkItem};
use crate::bytecode::{Op, Site, NOT_A_BARRIER};
use crate::diagnostics::{Body, Divergent, Entity, Level, Rule};
use crate::memory::{AddrSpace, ArenaMemory};
use crate::plugins::{GroupContext, Interest};

/// Allocates a work-group's local buffers: uninitialised, with shadows, each its own origin.
pub(crate) fn allocate_locals(launch: &Launch, local: &mut ArenaMemory) {
    let variables = &launch.kernel.code.locals;
    for (i, &size) in launch.local_sizes.iter().enumerate() {
        let address = local.allocate(size);
        if !launch.plan.memory_shadows() {
            continue;
        }
        let index = address >> AddrSpace::Local.offset_bits();
        local.set_origins(address, size, |granule| {
            origin_code::local(index, Some(granule))
        });
        // A variable's padding is never written: initialised from the start.
        let padding = variables.get(i).map_or(&[][..], |v| &v.padding);
        for &(offset, len) in padding {
            local.clear_shadow(address + offset as u64, len as u64);
        }
    }
}

/// What the scheduler does after a work-item's turn.
pub(crate) enum Turn {
    Continue,
    /// Run this work-item (local linear index) next.
    Run(usize),
    /// Hand the group back, unfinished.
    Park,
    /// Move the group to this position of its history (`Pace::travel`), then ask again.
    Travel(u64),
}

/// How a group's work-items take turns: a plain run never pauses between them; a debug run
/// tells the debugger of every stop and lets it choose who runs next.
pub(crate) trait Pace: Publish {
    /// Whether a finished work-item keeps its state, so that it can still be shown.
    const KEEPS_FINISHED: bool;
    /// Whether the group's history is recorded (a debugged group's): what the scheduler
    /// does between ops goes into it too.
    const RECORDS: bool;
    /// After a work-item stopped (`stop`), or was chosen while it could not run (`None`).
    fn stopped(
        &self,
        runner: &mut GroupRunner,
        wi: &mut WorkItem,
        state: WiState,
        stop: Option<Stop>,
    ) -> Turn;
    /// Moves the group to position `to` of its history and on as the debugger says, until
    /// it is back at the present, where work-item `present` (in slot `slot`) was stopped.
    fn travel(
        &self,
        runner: &mut GroupRunner,
        items: &mut GroupItems,
        present: (usize, u32),
        to: u64,
    );
}

/// The plain run's pace: work-items in order, without pauses.
pub(super) struct Plain;

impl Publish for Plain {
    fn publish(&self, _: usize, _: WiState, _: &WorkItem) {}
}

impl Pace for Plain {
    const KEEPS_FINISHED: bool = false;
    const RECORDS: bool = false;
    fn stopped(&self, _: &mut GroupRunner, _: &mut WorkItem, _: WiState, _: Option<Stop>) -> Turn {
        Turn::Continue
    }
    fn travel(&self, _: &mut GroupRunner, _: &mut GroupItems, _: (usize, u32), _: u64) {
        unreachable!("a plain run has no history")
    }
}

impl<'l> GroupRunner<'l> {
    /// Makes group `group` (number `seq`) the current one.
    pub(crate) fn enter_group(&mut self, seq: u64, group: [u64; 3]) {
        let info = &self.launch.info;
        self.seq = seq;
        self.group = group;
        self.size = std::array::from_fn(|d| {
            let start = group[d] * info.local_size[d];
            info.local_size[d].min(info.global_size[d] - start)
        });
    }

    /// The one scheduler of a group's work-items: each runs, in order, until it finishes or
    /// reaches a barrier; when none is ready, the barrier is released and those waiting at it
    /// go on. `pace` hears of every stop and may choose who runs next (`first` to begin
    /// with). Returns false if `pace` parked the group.
    pub(crate) fn take_turns<P: Pace>(
        &mut self,
        items: &mut GroupItems,
        pace: &P,
        mut first: Option<usize>,
    ) -> bool {
        let count = items.count();
        // Once a work-item gave way, turns go round: the one it waits for may come after it.
        let mut round: Option<usize> = None;
        loop {
            let next = match round {
                Some(last) => items.next_ready_after(last),
                None => items.next_ready(),
            };
            let Some(i) = first.take().or(next) else {
                let before = P::RECORDS.then(|| items.entries.clone());
                if items.meeting > 0 {
                    self.release_sub_groups(items, pace);
                } else if items.arrived == 0 {
                    return true;
                } else {
                    if let Some(site) = items.barrier.take() {
                        self.release_barrier(&site, items.arrived as u64, count as u64);
                    }
                    items.release_barrier(pace);
                    round = None;
                }
                if let Some(before) = before {
                    // The release and its async copies belong to the op that arrived last.
                    self.record_entries(&before, items);
                }
                continue;
            };
            if round.is_some() {
                round = Some(i);
            }
            let Some(&Entry { state, mut slot }) = items.entries.get(i) else {
                continue;
            };
            let turn = match state {
                // Chosen while it cannot run: the pace shows it where it is.
                WiState::AtBarrier | WiState::AtSubGroupCall | WiState::Finished => {
                    let mut turn = match items.slots.get_mut(slot as usize) {
                        Some(wi) => pace.stopped(self, wi, state, None),
                        None => Turn::Continue,
                    };
                    while let Turn::Travel(to) = turn {
                        pace.travel(self, items, (i, slot), to);
                        let wi = &mut items.slots[slot as usize];
                        turn = pace.stopped(self, wi, state, None);
                    }
                    turn
                }
                _ => {
                    if state == WiState::NotStarted {
                        slot = items.take_slot();
                    }
                    let Some(wi) = items.slots.get_mut(slot as usize) else {
                        continue;
                    };
                    if state == WiState::NotStarted {
                        self.start_work_item(wi, i as u64);
                    }
                    pace.publish(i, WiState::Running, wi);
                    let mut stop = self.step(wi, &mut items.barrier);
                    while let Stop::Travel(to) = stop {
                        pace.travel(self, items, (i, slot), to);
                        let wi = &mut items.slots[slot as usize];
                        stop = self.step(wi, &mut items.barrier);
                    }
                    let wi = &mut items.slots[slot as usize];
                    let state = match stop {
                        Stop::Finished => WiState::Finished,
                        Stop::Barrier => {
                            items.arrived += 1;
                            WiState::AtBarrier
                        }
                        Stop::Meet => {
                            items.meeting += 1;
                            WiState::AtSubGroupCall
                        }
                        Stop::Yield => {
                            round = Some(i);
                            WiState::Suspended
                        }
                        Stop::Switch(_) | Stop::Park | Stop::Stepped => WiState::Suspended,
                        Stop::Travel(_) => unreachable!("travel ends at the present"),
                    };
                    pace.publish(i, state, wi);
                    let now = Entry { state, slot };
                    if P::RECORDS {
                        self.record_entry(i, items.entries[i], now);
                    }
                    items.entries[i] = now;
                    let mut turn =
                        pace.stopped(self, &mut items.slots[slot as usize], state, Some(stop));
                    while let Turn::Travel(to) = turn {
                        pace.travel(self, items, (i, slot), to);
                        let wi = &mut items.slots[slot as usize];
                        turn = pace.stopped(self, wi, state, Some(stop));
                    }
                    if state == WiState::Finished && !P::KEEPS_FINISHED {
                        items.give_back(slot);
                        slot = NO_SLOT;
                        items.entries[i].slot = slot;
                    }
                    if stop == Stop::Yield && items.meeting > 0 {
                        // Sub-groups that all wait meet now: the spinning one may wait for them.
                        self.release_sub_groups(items, pace);
                    }
                    turn
                }
            };
            match turn {
                Turn::Continue => {}
                Turn::Run(j) => {
                    first = Some(j);
                    items.cursor = 0;
                }
                Turn::Park => return false,
                Turn::Travel(_) => unreachable!("travel ends at the present"),
            }
        }
    }

    /// A debugged group's history gets the change of work-item `i`'s entry.
    fn record_entry(&mut self, i: usize, old: Entry, new: Entry) {
        if let Some(rec) = self.undo.history.as_deref_mut() {
            rec.entry(i, old.value(), new.value());
        }
    }

    /// A debugged group's history gets the changes of the entries since `before` (and the
    /// global writes made meanwhile, a barrier's async copies).
    fn record_entries(&mut self, before: &[Entry], items: &GroupItems) {
        let Some(rec) = self.undo.history.as_deref_mut() else {
            return;
        };
        if let Some(journal) = self.launch.debug.as_ref().and_then(|d| d.journal) {
            rec.flush(false, journal);
        }
        for (i, (old, new)) in before.iter().zip(&items.entries).enumerate() {
            rec.entry(i, old.value(), new.value());
        }
    }

    /// Releases the sub-group meetings whose sub-groups all wait
    /// (`GroupItems::release_meetings`), telling the plugins of the barriers among them.
    pub(super) fn release_sub_groups<P: Pace>(&mut self, items: &mut GroupItems, pace: &P) {
        let size = self.launch.ctx.config.sub_group_size.max(1) as usize;
        let releases = items.release_meetings(&mut self.exchange, size, pace);
        if !self.workers.wants(Interest::BARRIER) {
            return;
        }
        let functions = &self.launch.kernel.code.functions;
        for (sub_group, func, pc) in releases {
            let code = &functions[func as usize].code;
            let at = pc.saturating_sub(1);
            let fence = match code.get(at as usize) {
                Some(&Op::SubGroupMeet { fence }) if fence != NOT_A_BARRIER => fence,
                _ => continue,
            };
            let here = self.at(None, Site { func, pc: at });
            for w in self.workers.each(Interest::BARRIER) {
                self.launch.with_context(here, true, |cx| {
                    w.sub_group_barrier(cx, sub_group as u32, fence)
                });
            }
        }
    }

    /// Completes a barrier all `arrived` of `count` work-items reached (reporting the rest):
    /// async copies it waits for, plugins.
    pub(crate) fn release_barrier(&mut self, site: &BarrierSite, arrived: u64, count: u64) {
        let launch = self.launch;
        // What the work-items wrote before the barrier goes first.
        launch.sequencer.end_interval(self.seq);
        if arrived < count {
            self.report_partial_barrier(site, arrived, count);
        }
        let at = self.at(None, site.site);
        if !site.events.is_empty() {
            let mut scratch = ArenaMemory::new(AddrSpace::Private);
            let mut mems = Mems {
                global: launch.global.mem(),
                local: &mut self.local,
                private: &mut scratch,
                workers: &mut self.workers,
                pending: &mut self.pending,
                undo: &mut self.undo,
            };
            self.asyncs
                .complete(launch, &mut mems, at, site.first, &site.events);
        }
        for w in self.workers.each(Interest::BARRIER) {
            launch.with_context(at, true, |cx| w.work_group_barrier(cx, site.fence));
        }
    }

    /// Tells the plugins that the current group begins, with its local memory (allocated);
    /// `interleaved` when its work-items run together (`GroupContext::interleaved`).
    pub(crate) fn begin_group(&mut self, interleaved: bool) {
        let launch = self.launch;
        let group = (self.seq, self.group, self.size);
        for w in self.workers.each(Interest::WORK_GROUP) {
            launch.with_group_context(group, |cx| {
                w.work_group_begin(&GroupContext { interleaved, ..*cx })
            });
        }
        if launch.observe_allocations {
            let at = (self.at(None, Site::default()), false);
            for (address, bytes) in self.local.buffers() {
                let size = bytes.len() as u64;
                observe_allocation(
                    launch,
                    &mut self.workers,
                    at,
                    AddrSpace::Local,
                    address,
                    size,
                );
            }
        }
    }

    /// The end of the current group: copies nobody waited for, plugins.
    pub(crate) fn end_group(&mut self) {
        let launch = self.launch;
        if self.asyncs.pending() {
            // Named after the work-item that finished last, at its return.
            let (ids, site) = self.last_finished;
            let at = self.at(Some(ids), site);
            launch.report(
                at,
                Rule::UnwaitedEvents,
                Level::Error,
                "Work-item finished without waiting for events".to_string(),
            );
        }
        let group = (self.seq, self.group, self.size);
        for w in self.workers.each(Interest::WORK_GROUP) {
            launch.with_group_context(group, |cx| w.work_group_complete(cx));
        }
    }

    pub(crate) fn start_work_item(&mut self, wi: &mut WorkItem, linear: u64) {
        let local = [
            linear % self.size[0],
            (linear / self.size[0]) % self.size[1],
            linear / (self.size[0] * self.size[1]),
        ];
        self.start_work_item_at(wi, local);
    }

    /// `start_work_item` of the work-item with these local ids. Inlined: the lane executor
    /// counts `local` up in memory, and reading it back as a whole from a call stalled on
    /// the partial stores (a twentieth of a plain stencil run).
    #[inline(always)]
    pub(crate) fn start_work_item_at(&mut self, wi: &mut WorkItem, local: [u64; 3]) {
        let launch = self.launch;
        let info = &launch.info;
        let ids = WiIds {
            local,
            global: std::array::from_fn(|d| {
                self.group[d] * info.local_size[d] + local[d] + info.global_offset[d]
            }),
        };
        let shadow = self.shadows.then(|| {
            let undef = &launch.kernel.code.functions[0].undef_slots[..];
            (&launch.kernel.shadow_frames[0][..], undef)
        });
        let stack_slots = launch.kernel.code.stack_slots;
        let entry = EntryFrame {
            launch: launch.info.id,
            values: &launch.template,
            fixed: &launch.kernel.code.functions[0].fixed_slots,
        };
        wi.reset(entry, shadow, stack_slots, ids);
        let at = self.at(Some(ids), Site::default());
        if launch.observe_work_items {
            for w in self.workers.each(Interest::WORK_ITEM) {
                launch.with_context(at, false, |cx| w.work_item_begin(cx));
            }
        }
        for init in &launch.private_init {
            let address = wi.private.allocate_with(init);
            if launch.observe_allocations {
                let size = init.len() as u64;
                let at = (at, false);
                observe_allocation(
                    launch,
                    &mut self.workers,
                    at,
                    AddrSpace::Private,
                    address,
                    size,
                );
            }
        }
    }

    /// Runs a work-item until it stops, keeping the books on finishing and barriers.
    pub(crate) fn step(&mut self, wi: &mut WorkItem, barrier: &mut Option<BarrierSite>) -> Stop {
        let stop = self.run(wi);
        match stop {
            Stop::Finished => {
                self.last_finished = (wi.ids, wi.site());
                if self.launch.observe_work_items {
                    let at = self.at(Some(wi.ids), Site::default());
                    for w in self.workers.each(Interest::WORK_ITEM) {
                        self.launch
                            .with_context(at, false, |cx| w.work_item_complete(cx));
                    }
                }
            }
            Stop::Barrier => {
                let site = BarrierSite::of(wi);
                match barrier {
                    None => *barrier = Some(site),
                    Some(first) => {
                        if !first.same_as(&site) {
                            self.report_divergence(first, &site, wi.ids);
                        }
                    }
                }
            }
            Stop::Meet
            | Stop::Switch(_)
            | Stop::Park
            | Stop::Stepped
            | Stop::Yield
            | Stop::Travel(_) => {}
        }
        stop
    }

    pub(crate) fn at(&self, wi: Option<WiIds>, site: Site) -> Where {
        Where {
            seq: self.seq,
            group: self.group,
            wi,
            site,
        }
    }

    pub(super) fn report_divergence(&self, first: &BarrierSite, site: &BarrierSite, ids: WiIds) {
        let launch = self.launch;
        let body = Body::Divergence {
            what: Divergent::Barrier,
            group: self.group,
            work_item: Some(Entity::WorkItem {
                global: ids.global,
                local: ids.local,
                group: self.group,
            }),
            at: launch.at(site.site),
            details: describe_barrier(site),
            previous_at: launch.at(first.site),
            previous_details: describe_barrier(first),
        };
        let at = self.at(Some(ids), site.site);
        launch.log(
            at,
            Rule::WorkGroupDivergence,
            Level::Error,
            Divergent::Barrier.headline().into(),
            body,
        );
    }

    fn report_partial_barrier(&self, site: &BarrierSite, arrived: u64, count: u64) {
        let body = Body::PartialGroup {
            what: Divergent::Barrier,
            group: self.group,
            arrived,
            size: count,
            at: self.launch.at(site.site),
        };
        let at = self.at(None, site.site);
        let headline = Divergent::Barrier.headline().into();
        (self.launch).log(at, Rule::WorkGroupDivergence, Level::Error, headline, body);
    }
}

fn describe_barrier(site: &BarrierSite) -> Vec<String> {
    let mut lines = vec![format!(
        "fence=0x{:x}, num_events={}",
        site.fence,
        site.events.len()
    )];
    for (i, e) in site.events.iter().enumerate() {
        lines.push(format!("events[{i}]={e}"));
    }
    lines
}
