//! Debug runs: work-groups that keep every work-item's state, so that the debugger can switch
//! between work-items (within a group, or to another group by parking this one).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use std::sync::{Arc, Mutex, MutexGuard};

use super::async_copy::AsyncState;
use super::debug::{
    apply_edits, Attached, DebugHook, DebugWorker, LaunchProgress, LaunchQuery, Moment, Resume,
    StopSet, WiState,
};
use super::group::{allocate_locals, Pace, Turn};
use super::interp::history_view;
use super::items::{GroupItems, Publish};
use super::journal::Journal;
use super::recorder::Recorder;
use super::runner::{local_memory, GroupRunner};
use super::undo::RECORDING;
use super::workitem::{Stop, WiIds, WorkItem};
use crate::bytecode::Site;
use crate::exchange::Exchange;
use crate::memory::ArenaMemory;
use crate::plugins::{LaunchInfo, Workers};

/// A work-group's state between runs (parked), or while being set up.
pub(crate) struct GroupState {
    local: ArenaMemory,
    asyncs: AsyncState,
    exchange: Exchange,
    /// The plugins' state for this group, which may resume on another thread.
    workers: Workers,
    items: Box<GroupItems>,
    last_finished: (WiIds, Site),
    /// The group's history (`exec::history`), in the runner's undo log while it runs.
    history: Option<Box<Recorder>>,
}

#[derive(Default)]
struct Schedule {
    /// Next work-group (linear index) nobody has started.
    next: u64,
    total: u64,
    parked: BTreeMap<u64, Box<GroupState>>,
    /// Work-item states of started, unfinished groups, as the debugger sees them (the
    /// worker running a group stores into them without taking the schedule's lock).
    states: HashMap<u64, SharedStates>,
    /// Groups being run by a worker.
    running: Vec<u64>,
    /// Groups at or after `next` that were run out of order and have finished.
    finished_ahead: HashSet<u64>,
    finished_count: u64,
    /// A work-item the debugger switched to, in a group some worker must take up.
    wanted: Option<[u64; 3]>,
}

type SharedStates = Arc<[AtomicU8]>;

impl Schedule {
    /// The finished groups as ranges (those below `next` that are not in hand, and those
    /// finished ahead of it), so a launch of millions of groups is described in a few.
    fn finished_ranges(&self) -> Vec<(u64, u64)> {
        let mut unfinished: Vec<u64> = self
            .states
            .keys()
            .chain(&self.running)
            .chain(self.parked.keys())
            .copied()
            .filter(|&g| g < self.next)
            .collect();
        unfinished.sort_unstable();
        unfinished.dedup();
        let mut ranges = Vec::new();
        let mut from = 0;
        for g in unfinished {
            if g > from {
                ranges.push((from, g));
            }
            from = g + 1;
        }
        if self.next > from {
            ranges.push((from, self.next));
        }
        let mut ahead: Vec<u64> = self.finished_ahead.iter().copied().collect();
        ahead.sort_unstable();
        for g in ahead {
            match ranges.last_mut() {
                Some((_, end)) if *end == g => *end = g + 1,
                _ => ranges.push((g, g + 1)),
            }
        }
        ranges
    }

    /// Whether group `g` has run to its end. Kept without a flag per group: an NDRange
    /// can have more groups than memory has bytes.
    fn is_finished(&self, g: u64) -> bool {
        if g >= self.next {
            return self.finished_ahead.contains(&g);
        }
        !self.states.contains_key(&g) && !self.running.contains(&g) && !self.parked.contains_key(&g)
    }
}

/// What the workers of a debug launch share.
pub(crate) struct DebugRun<'a> {
    pub hook: &'a dyn DebugHook,
    pub stops: StopSet,
    schedule: Mutex<Schedule>,
    info: LaunchInfo,
    /// Bytes of history each group keeps (0: none is recorded).
    history_size: u64,
    /// The launch's global writes, while groups record their history.
    journal: Option<Journal>,
}

impl<'a> DebugRun<'a> {
    /// `history_size`: the bytes of history each group keeps (and the journal of global
    /// writes, the launch), 0 for none.
    pub fn new(
        hook: &'a dyn DebugHook,
        stops: StopSet,
        info: LaunchInfo,
        history_size: u64,
    ) -> DebugRun<'a> {
        let total = info.num_groups.iter().product::<u64>();
        DebugRun {
            hook,
            stops,
            schedule: Mutex::new(Schedule {
                total,
                ..Schedule::default()
            }),
            info,
            history_size,
            journal: (history_size > 0).then(|| Journal::new(history_size)),
        }
    }

    /// The launch's global writes, while groups record their history.
    fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// The debugger as the launch's executors see it.
    pub fn attached(&self) -> Attached<'_> {
        Attached {
            hook: self.hook,
            stops: &self.stops,
            progress: self,
            journal: self.journal.as_ref(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, Schedule> {
        self.schedule.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// (linear group index, local linear index) of a global id, if it is in the NDRange.
    fn locate(&self, global: [u64; 3]) -> Option<(u64, usize)> {
        let i = &self.info;
        let mut group = [0u64; 3];
        let mut local = [0u64; 3];
        for d in 0..3 {
            let g = global[d].checked_sub(i.global_offset[d])?;
            if g >= i.global_size[d] {
                return None;
            }
            group[d] = g / i.local_size[d];
            local[d] = g % i.local_size[d];
        }
        let n = i.num_groups;
        let linear = (group[2] * n[1] + group[1]) * n[0] + group[0];
        // Groups at the edge of a non-uniform NDRange are smaller.
        let size: [u64; 3] = std::array::from_fn(|d| {
            i.local_size[d].min(i.global_size[d] - group[d] * i.local_size[d])
        });
        let index = (local[2] * size[1] + local[1]) * size[0] + local[0];
        Some((linear, index as usize))
    }

    /// One worker's share of the launch: groups until none is left.
    pub fn work(&self, runner: &mut GroupRunner) {
        let _worker = DebugWorker::enter(self.hook);
        loop {
            let job = {
                let mut s = self.lock();
                let wanted = s.wanted.and_then(|w| self.locate(w));
                let take = |s: &mut Schedule, g: u64| {
                    s.running.push(g);
                    s.parked.remove(&g)
                };
                match wanted {
                    Some((g, i)) if !s.running.contains(&g) && !s.is_finished(g) => {
                        s.wanted = None;
                        if g >= s.next && !s.parked.contains_key(&g) {
                            // Not started: it is taken out of the normal order.
                            s.states.insert(g, Arc::new([]));
                        }
                        Some((g, take(&mut s, g), Some(i)))
                    }
                    wanted => {
                        if wanted.is_some() {
                            // Its group is being run: the worker that holds it switches itself.
                            s.wanted = None;
                        }
                        if let Some(&g) = s.parked.keys().next() {
                            Some((g, take(&mut s, g), None))
                        } else {
                            // Skip groups started out of order (running, parked or done).
                            while s.next < s.total {
                                let n = s.next;
                                if !s.states.contains_key(&n) && !s.finished_ahead.remove(&n) {
                                    break;
                                }
                                s.next += 1;
                            }
                            if s.next < s.total {
                                let g = s.next;
                                s.next += 1;
                                s.running.push(g);
                                Some((g, None, None))
                            } else {
                                None
                            }
                        }
                    }
                }
            };
            let Some((g, state, first)) = job else {
                return;
            };
            let parked = runner.run_group_debug(self, g, state, first);
            let mut s = self.lock();
            s.running.retain(|&r| r != g);
            match parked {
                Some(state) => {
                    s.parked.insert(g, state);
                }
                None => {
                    if g >= s.next {
                        s.finished_ahead.insert(g);
                    }
                    s.finished_count += 1;
                    s.states.remove(&g);
                }
            }
        }
    }

    /// The debugger's view of the work-item states of `group`, which has `count` of them.
    fn shared_states(&self, group: u64, count: usize) -> SharedStates {
        let mut s = self.lock();
        let states = s.states.entry(group).or_insert_with(|| Arc::new([]));
        if states.len() < count {
            *states = (0..count).map(|_| AtomicU8::new(0)).collect();
        }
        states.clone()
    }

    /// Asks for a work-item of another group to be run next.
    fn want(&self, global: [u64; 3]) {
        self.lock().wanted = Some(global);
    }
}

/// One left before its first instruction has not started, as far as anyone can see (whether
/// another worker had begun the group before the prompt is a matter of timing).
fn shown_state(state: WiState, wi: &WorkItem) -> WiState {
    match state {
        WiState::Suspended if wi.func == 0 && wi.pc == 0 && wi.frames.is_empty() => {
            WiState::NotStarted
        }
        s => s,
    }
}

impl LaunchQuery for DebugRun<'_> {
    fn work_item(&self, global: [u64; 3]) -> Option<WiState> {
        let (g, i) = self.locate(global)?;
        let s = self.lock();
        if s.is_finished(g) {
            return Some(WiState::Finished);
        }
        Some(
            s.states
                .get(&g)
                .and_then(|v| v.get(i))
                .map_or(WiState::NotStarted, |c| WiState::from_code(c.load(Relaxed))),
        )
    }

    fn progress(&self) -> LaunchProgress {
        let s = self.lock();
        let n = self.info.num_groups;
        let mut started: Vec<_> = s
            .states
            .iter()
            .map(|(&g, states)| {
                let id = [g % n[0], (g / n[0]) % n[1], g / (n[0] * n[1])];
                (
                    id,
                    states
                        .iter()
                        .map(|c| WiState::from_code(c.load(Relaxed)))
                        .collect(),
                )
            })
            .collect();
        started.sort_by_key(|&(id, _): &([u64; 3], Vec<WiState>)| [id[2], id[1], id[0]]);
        LaunchProgress {
            total: s.total,
            finished: s.finished_count,
            finished_ranges: s.finished_ranges(),
            started,
        }
    }
}

/// A debug run's pace: the debugger hears of every stop, sees every work-item's state, and
/// chooses who runs next.
struct DebugPace<'d, 'a> {
    debug: &'d DebugRun<'a>,
    /// This group's linear index.
    linear: u64,
    shared: SharedStates,
}

impl Publish for DebugPace<'_, '_> {
    fn publish(&self, i: usize, state: WiState, wi: &WorkItem) {
        self.shared[i].store(shown_state(state, wi).code(), Relaxed);
    }
}

impl Pace for DebugPace<'_, '_> {
    const KEEPS_FINISHED: bool = true;
    const RECORDS: bool = true;

    fn stopped(
        &self,
        runner: &mut GroupRunner,
        wi: &mut WorkItem,
        state: WiState,
        stop: Option<Stop>,
    ) -> Turn {
        let debug = self.debug;
        let resume = match stop {
            Some(Stop::Switch(target)) => Resume::SwitchTo(target),
            Some(Stop::Park) => Resume::Park,
            _ => {
                let moment = match state {
                    WiState::Finished => Moment::Finished,
                    WiState::AtBarrier => Moment::Barrier,
                    _ => return Turn::Continue,
                };
                let history = history_view(runner.undo.history.as_deref(), debug.journal());
                let Some(view) = runner.view(wi, state, history) else {
                    return Turn::Continue;
                };
                let resume = debug.hook.stopped(&view, moment);
                let edits = view.take_edits();
                drop(view);
                if !edits.is_empty() {
                    let shadows = runner.launch.plan.keeps_shadows();
                    apply_edits(
                        edits,
                        &mut wi.regs,
                        shadows.then_some(&mut wi.shadow.bits[..]),
                        &mut wi.private,
                        &mut runner.local,
                        &runner.launch.global,
                        runner.undo.history.as_deref_mut(),
                    );
                }
                resume
            }
        };
        match resume {
            Resume::Continue => Turn::Continue,
            Resume::SwitchTo(target) => match debug.locate(target) {
                Some((g, index)) if g == self.linear => Turn::Run(index),
                Some(_) => {
                    debug.want(target);
                    Turn::Park
                }
                None => Turn::Continue,
            },
            Resume::Park => Turn::Park,
            Resume::Travel(to) => Turn::Travel(to),
        }
    }

    fn travel(
        &self,
        runner: &mut GroupRunner,
        items: &mut GroupItems,
        present: (usize, u32),
        to: u64,
    ) {
        runner.travel(items, self, present, to);
    }
}

impl GroupRunner<'_> {
    /// Runs (or resumes) group `linear` in debug mode, starting with work-item `first` if
    /// given. Returns the group's state if the debugger had it parked.
    pub(crate) fn run_group_debug(
        &mut self,
        debug: &DebugRun,
        linear: u64,
        resumed: Option<Box<GroupState>>,
        first: Option<usize>,
    ) -> Option<Box<GroupState>> {
        let launch = self.launch;
        let n = launch.info.num_groups;
        let group = [
            linear % n[0],
            (linear / n[0]) % n[1],
            linear / (n[0] * n[1]),
        ];
        self.enter_group(linear, group);
        let count = self.size.iter().product::<u64>() as usize;
        let (mut st, begins) = match resumed {
            Some(st) => (st, false),
            None => (Box::new(self.new_group_state(count, debug)), true),
        };
        let pace = DebugPace {
            debug,
            linear,
            shared: debug.shared_states(linear, count),
        };
        std::mem::swap(&mut self.local, &mut st.local);
        std::mem::swap(&mut self.asyncs, &mut st.asyncs);
        std::mem::swap(&mut self.exchange, &mut st.exchange);
        std::mem::swap(&mut self.workers, &mut st.workers);
        self.record(st.history.take());
        self.last_finished = st.last_finished;
        if begins {
            self.begin_group(false);
        }
        if !self.take_turns(&mut st.items, &pace, first) {
            std::mem::swap(&mut self.local, &mut st.local);
            std::mem::swap(&mut self.asyncs, &mut st.asyncs);
            std::mem::swap(&mut self.exchange, &mut st.exchange);
            std::mem::swap(&mut self.workers, &mut st.workers);
            st.history = self.record(None);
            st.last_finished = self.last_finished;
            return Some(st);
        }
        self.undo.spare_history = self.record(None);
        self.end_group();
        self.finish();
        launch.sequencer.complete(linear);
        // The next group's work-items reuse these buffers.
        self.items = Some(std::mem::take(&mut st.items));
        None
    }

    /// Records into `history` from now on (none: stops recording); returns the history
    /// recorded so far.
    fn record(&mut self, history: Option<Box<Recorder>>) -> Option<Box<Recorder>> {
        match history.is_some() {
            true => self.undo.flags |= RECORDING,
            false => self.undo.flags &= !RECORDING,
        }
        std::mem::replace(&mut self.undo.history, history)
    }

    fn new_group_state(&mut self, count: usize, debug: &DebugRun) -> GroupState {
        let launch = self.launch;
        let mut local = local_memory(launch);
        allocate_locals(launch, &mut local);
        let mut asyncs = AsyncState::default();
        asyncs.reset(count as u64);
        let mut exchange = Exchange::default();
        exchange.reset(self.size);
        GroupState {
            local,
            asyncs,
            exchange,
            workers: launch.ctx.plugins().workers(&launch.info),
            items: {
                let mut items = self.items.take().unwrap_or_default();
                items.reset(count);
                items
            },
            last_finished: (WiIds::default(), Site::default()),
            history: (debug.history_size > 0).then(|| {
                let size = debug.history_size;
                match self.undo.spare_history.take() {
                    Some(mut spare) => {
                        spare.reset(size);
                        spare
                    }
                    None => Box::new(Recorder::new(size)),
                }
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finished_ranges_skip_groups_in_hand_and_join_those_done_ahead() {
        let mut s = Schedule {
            next: 6,
            total: 10,
            ..Schedule::default()
        };
        s.states.insert(2, Arc::new([]));
        s.running.push(2);
        s.running.push(4);
        s.finished_ahead.extend([8, 6, 9]);
        assert_eq!(s.finished_ranges(), vec![(0, 2), (3, 4), (5, 7), (8, 10)]);
        for g in [0, 1, 3, 5, 6, 8, 9] {
            assert!(s.is_finished(g), "{g}");
        }
        for g in [2, 4, 7] {
            assert!(!s.is_finished(g), "{g}");
        }
        assert_eq!(Schedule::default().finished_ranges(), vec![]);
    }
}
