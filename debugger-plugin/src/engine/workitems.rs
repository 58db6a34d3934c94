//! Work-items and work-groups: `workitem` (switching the prompt to another work-item), the
//! states of a group's work-items and of the launch's groups, and which work-items share a
//! sub-group.

use oclgrind_core::debugging::{Resume, WiState, WorkItemView};
use oclgrind_core::plugins::LaunchInfo;

use super::breakpoints::displayed;
use super::errors::CommandError;
use super::prompt::{Answer, Done};
use super::Engine;
use crate::inspect;
use crate::protocol::{Event, GroupInfo, Reply, StopReason, Stopped, WorkItemInfo, WorkItemState};

impl Engine {
    /// `workitem x y z`: switches the prompt to another work-item.
    pub(super) fn switch(&self, global: [u64; 3], view: &WorkItemView) -> Done {
        match view.work_item(global) {
            None => return Err(CommandError::NoWorkItem),
            Some(WiState::Finished) if global != view.ids.global => {
                return Err(CommandError::WorkItemFinished)
            }
            _ => {}
        }
        if global == view.ids.global {
            let stopped = Stopped {
                reason: StopReason::Switched,
                position: inspect::position(view),
                entered_function: false,
                other_work_item: false,
                returned: None,
                displays: displayed(&self.lock(), view),
                replaying: false,
            };
            return Ok(Answer::Show(Box::new(Event::Stopped(stopped))));
        }
        let mut st = self.lock();
        st.focus = Some(global);
        st.pending = Some(StopReason::Switched);
        let group = group_of(view.info, global);
        // A waiting worker that runs the target's group switches to it itself.
        let holder = (st.waiting.iter())
            .find(|(_, (_, g))| *g == group)
            .map(|(t, (wi, _))| (*t, *wi));
        if let Some((thread, wi)) = holder {
            if wi != global {
                st.directives.insert(thread, Resume::SwitchTo(global));
            }
            return Ok(Answer::Yield);
        }
        Ok(Answer::Resume(Resume::SwitchTo(global)))
    }
}

/// The work-group of a global id.
pub(super) fn group_of(info: &LaunchInfo, global: [u64; 3]) -> [u64; 3] {
    std::array::from_fn(|d| global[d].saturating_sub(info.global_offset[d]) / info.local_size[d])
}

fn work_item_state(state: WiState) -> WorkItemState {
    match state {
        WiState::NotStarted => WorkItemState::NotStarted,
        WiState::Suspended => WorkItemState::Ready,
        WiState::Running => WorkItemState::Running,
        WiState::AtBarrier => WorkItemState::AtBarrier,
        WiState::AtSubGroupCall => WorkItemState::AtSubGroupCall,
        WiState::Finished => WorkItemState::Finished,
    }
}

/// Every work-item of work-group `group` with its state.
pub(super) fn group_work_items(view: &WorkItemView, group: [u64; 3]) -> Vec<WorkItemInfo> {
    let info = view.info;
    let mut out = Vec::new();
    let start: [u64; 3] =
        std::array::from_fn(|d| group[d] * info.local_size[d] + info.global_offset[d]);
    for z in 0..info.local_size[2] {
        for y in 0..info.local_size[1] {
            for x in 0..info.local_size[0] {
                let global = [start[0] + x, start[1] + y, start[2] + z];
                let Some(state) = view.work_item(global) else {
                    continue;
                };
                out.push(WorkItemInfo {
                    global,
                    state: work_item_state(state),
                    current: global == view.ids.global,
                });
            }
        }
    }
    out
}

/// The launch's progress, group by group.
pub(super) fn launch_groups(view: &WorkItemView) -> Reply {
    let progress = view.progress();
    let started = progress
        .started
        .into_iter()
        .map(|(group, states)| {
            let mut counts: Vec<(WorkItemState, u64)> = Vec::new();
            for s in states.into_iter().map(work_item_state) {
                match counts.iter_mut().find(|(k, _)| *k == s) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((s, 1)),
                }
            }
            counts.sort_by_key(|&(s, _)| s as u8);
            GroupInfo {
                group,
                counts,
                current: group == view.group,
            }
        })
        .collect();
    Reply::Groups {
        total: progress.total,
        finished: progress.finished,
        finished_ranges: progress.finished_ranges,
        started,
    }
}

/// The other work-items of the sub-group of `view`'s work-item, by sub-group local id.
pub(super) fn sub_group_mates(view: &WorkItemView) -> Vec<[u64; 3]> {
    let info = view.info;
    let size: [u64; 3] = std::array::from_fn(|d| {
        let start = view.group[d] * info.local_size[d];
        info.local_size[d].min(info.global_size[d] - start)
    });
    let count = size.iter().product::<u64>();
    let local = view.ids.local;
    let me = (local[2] * size[1] + local[1]) * size[0] + local[0];
    let n = info.sub_group_size.max(1);
    let first = me - me % n;
    (first..(first + n).min(count))
        .filter(|&i| i != me)
        .map(|i| {
            let l = [i % size[0], i / size[0] % size[1], i / (size[0] * size[1])];
            std::array::from_fn(|d| {
                info.global_offset[d] + view.group[d] * info.local_size[d] + l[d]
            })
        })
        .collect()
}
