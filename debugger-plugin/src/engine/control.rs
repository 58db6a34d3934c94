//! Execution control: `step`, `next` and `finish` (alone, or with `lockstep on` for the
//! work-item's whole sub-group), `continue` and `quit`; and the value a `finish` shows.

use std::collections::VecDeque;

use oclgrind_core::debugging::{Resume, ReturnSite, WiState, WorkItemView};

use super::errors::CommandError;
use super::interrupts::{catch_interrupts, clear_interrupt, release_interrupts};
use super::prompt::{in_past, message, Answer, Done};
use super::state::{Mode, StepAlong};
use super::stopping::step_key;
use super::workitems::sub_group_mates;
use super::{Engine, Frontend};
use crate::format;
use crate::protocol::Event;

/// Which of the stepping commands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum StepKind {
    /// `step`: one source line, into calls.
    Step,
    /// `next`: one source line, over calls.
    Next,
    /// `finish`: until the function returns.
    Finish,
    /// `stepi`: one LLVM instruction, into calls.
    Stepi,
    /// `nexti`: one LLVM instruction, over calls.
    Nexti,
}

impl Engine {
    /// `step`, `next`, `finish`.
    pub(super) fn step(&self, kind: StepKind, view: &WorkItemView) -> Done {
        match view.state {
            WiState::Finished => return Err(CommandError::Finished),
            WiState::AtBarrier => return Err(CommandError::AtBarrier),
            WiState::AtSubGroupCall => return Err(CommandError::AtSubGroupCall),
            _ => {}
        }
        let depth = view.depth();
        let mut st = self.lock();
        st.shown_depth = depth;
        st.by_instruction = matches!(kind, StepKind::Stepi | StepKind::Nexti);
        // Where the step begins, by the key it compares.
        st.last = Some((view.ids.global, view.func, step_key(&st, view), depth));
        st.mode = match kind {
            StepKind::Step | StepKind::Stepi => Mode::Step,
            StepKind::Next | StepKind::Nexti => Mode::Next { depth },
            StepKind::Finish if depth == 0 => return Err(CommandError::FinishInOutermostFrame),
            StepKind::Finish => {
                st.finishing = view.return_site();
                Mode::Finish { depth }
            }
        };
        if st.lockstep && !in_past(view) {
            // The others of the sub-group that can run make the step first, one by one.
            let mut queue: VecDeque<_> = sub_group_mates(view)
                .into_iter()
                .filter(|&g| {
                    matches!(
                        view.work_item(g),
                        Some(WiState::NotStarted | WiState::Suspended)
                    )
                })
                .collect();
            if let Some(first) = queue.pop_front() {
                st.along = Some(StepAlong {
                    leader: view.ids.global,
                    mode: st.mode,
                    last: st.last,
                    queue,
                    fresh: true,
                });
                st.focus = Some(first);
                return Ok(Answer::Resume(Resume::SwitchTo(first)));
            }
        }
        Ok(Answer::Resume(Resume::Continue))
    }

    /// `lockstep [on|off]`.
    pub(super) fn lockstep(&self, on: Option<bool>, view: &WorkItemView) -> Done {
        let mut st = self.lock();
        if let Some(on) = on {
            st.lockstep = on;
        }
        let state = if st.lockstep { "on" } else { "off" };
        drop(st);
        message(format!(
            "Lock-step of sub-groups ({} work-items each) is {state}.",
            view.info.sub_group_size
        ))
    }

    /// `continue`.
    pub(super) fn resume(&self) -> Done {
        let mut st = self.lock();
        st.mode = Mode::Continue;
        st.by_instruction = false;
        st.focus = None;
        catch_interrupts(&mut st);
        Ok(Answer::Resume(Resume::Continue))
    }

    /// `quit`: the kernel runs to its end without stopping again, nor does any later launch.
    pub(super) fn quit(&self, view: &WorkItemView, fe: &mut dyn Frontend) -> Done {
        let mut st = self.lock();
        st.mode = Mode::Quit;
        release_interrupts(&mut st);
        clear_interrupt();
        view.stops.clear();
        drop(st);
        fe.event(&Event::Detached);
        // From the past, to the present first.
        match view.history().filter(|h| h.in_past()) {
            Some(h) => Ok(Answer::Resume(Resume::Travel(h.frontier()))),
            None => Ok(Answer::Resume(Resume::Continue)),
        }
    }
}

/// The value a call returned (where `finish` began), as C prints its type.
pub(super) fn returned_value(site: &ReturnSite, view: &WorkItemView) -> String {
    let (ty, lanes) = site.read(view);
    let mut shown: Vec<String> = lanes
        .into_iter()
        .map(|bits| format::register(ty, bits))
        .collect();
    match shown.len() {
        1 => shown.remove(0),
        _ => format!("({})", shown.join(",")),
    }
}
