//! A stop shown to the front-end, and the commands it sends back run until one resumes
//! execution. Every command goes through `execute`, which hands it to its family's module and
//! turns what that answers (or refuses) into the protocol's events.

use std::sync::atomic::Ordering::Relaxed;
use std::sync::MutexGuard;

use oclgrind_core::debugging::{Resume, WiState, WorkItemView};

use super::breakpoints::displayed;
use super::control::{returned_value, StepKind};
use super::diagnostics;
use super::errors::CommandError;
use super::interrupts::{release_interrupts, settle_attention, ATTENTION};
use super::state::State;
use super::stopping::step_key;
use super::{inspection, memory, Engine, Frontend};
use crate::inspect;
use crate::protocol::{Command, Event, Reply, StopReason, Stopped};

/// What a command gives back to the prompt.
pub(super) enum Answer {
    /// Send this to the front-end, and stay at the prompt.
    Show(Box<Event>),
    /// Stay at the prompt (the command had nothing to say, or has said it).
    Stay,
    /// Leave the prompt, and run on like this.
    Resume(Resume),
    /// Leave the prompt, and wait (another worker takes the prompt).
    Yield,
}

/// A command's answer, or why it was refused.
pub(super) type Done = Result<Answer, CommandError>;

/// Answers with a reply.
pub(super) fn reply(r: Reply) -> Done {
    Ok(Answer::Show(Box::new(Event::Reply(r))))
}

/// Answers with a sentence (a confirmation).
pub(super) fn message(text: String) -> Done {
    reply(Reply::Message(text))
}

impl Engine {
    /// Shows a stop and runs commands until one resumes execution: how, or `None` when this
    /// worker is to wait while another takes the prompt.
    pub(super) fn prompt(
        &self,
        mut st: MutexGuard<'_, State>,
        view: &WorkItemView,
        reason: StopReason,
    ) -> Option<Resume> {
        st.prompting = true;
        release_interrupts(&mut st);
        ATTENTION.store(true, Relaxed);
        let stopped = stop_shown(&mut st, view, reason);
        let diagnostics = std::mem::take(&mut st.diagnostics);
        drop(st);
        let mut fe = self.frontend();
        diagnostics::send(&mut **fe, diagnostics);
        fe.event(&Event::Stopped(stopped));
        loop {
            let command = fe.command().unwrap_or(Command::Quit);
            let resume = match self.execute(command, view, &mut **fe) {
                Answer::Show(_) | Answer::Stay => continue,
                Answer::Resume(r) => Some(r),
                Answer::Yield => None,
            };
            let mut st = self.lock();
            st.prompting = false;
            // Left where it is (for another work-item or group): its breakpoint here does not
            // fire again when it resumes. A travel leaves nothing behind.
            let left = matches!(resume, Some(Resume::SwitchTo(_) | Resume::Park) | None);
            if left && view.state == WiState::Running {
                st.resume_at.insert(view.ids.global, (view.func, view.pc));
            }
            if matches!(
                view.state,
                WiState::Finished | WiState::AtBarrier | WiState::AtSubGroupCall
            ) && st.focus == Some(view.ids.global)
                && st.pending.is_none()
            {
                // The next work-item to run takes the focus.
                st.focus = None;
            }
            settle_attention(&st);
            self.changed.notify_all();
            return resume;
        }
    }

    /// Runs one command at the prompt; what it shows has been sent to `fe`.
    fn execute(&self, command: Command, view: &WorkItemView, fe: &mut dyn Frontend) -> Answer {
        let done = match command {
            Command::Step => self.step(StepKind::Step, view),
            Command::Next => self.step(StepKind::Next, view),
            Command::Finish => self.step(StepKind::Finish, view),
            Command::Stepi => self.step(StepKind::Stepi, view),
            Command::Nexti => self.step(StepKind::Nexti, view),
            Command::Reverse(motion) => self.reverse(motion, view),
            Command::Lockstep { on } => self.lockstep(on, view),
            Command::Continue => self.resume(),
            Command::Quit => self.quit(view, fe),
            Command::Break {
                file,
                line,
                condition,
                temporary,
            } => self.add_breakpoint(view, file, line, condition, temporary),
            Command::Condition { number, condition } => self.set_condition(number, condition),
            Command::Delete { number } => self.delete(number, view),
            Command::Watch { expr } => self.watch(expr, view),
            Command::Display { expr, format } => self.display(expr, format, view),
            Command::Undisplay { number } => self.undisplay(number),
            Command::Print { exprs, format } => self.print(&exprs, format, view),
            Command::Examine {
                expr,
                count,
                format,
                unit,
            } => self.examine(&expr, count, format, unit, view),
            Command::WorkItem { global } if global != view.ids.global && in_past(view) => {
                Err(CommandError::ReplaySwitch)
            }
            Command::WorkItem { global } => self.switch(global, view),
            Command::Info(what) => self.info(what, view),
            Command::List(from) => self.list(from, view),
            Command::Backtrace => reply(Reply::Backtrace(inspect::backtrace(view))),
            Command::SelectFrame(how) => self.select_frame(how, view),
            Command::Disassemble => reply(inspect::disassembly(
                view,
                inspection::selected_frame(view, self.lock().frame),
            )),
            Command::SourceOf { file } => inspection::source_of(file, view),
            Command::Memory {
                space,
                address,
                size,
            } => memory::memory(space, address, size, view, fe),
            Command::MemoryOf { expr, size } => memory::memory_of(expr, size, view),
            Command::MemoryAt {
                space,
                address,
                size,
            } => memory::memory_at(space, address, size, view),
            Command::Variables(scope) => self.variables(scope, view),
            Command::Children { expr, start, count } => self.children(&expr, start, count, view),
            Command::Evaluate { expr } => self.evaluate(&expr, view),
            Command::SetVariable { .. } | Command::WriteMemory { .. } if in_past(view) => {
                Err(CommandError::ReplayReadOnly)
            }
            Command::SetVariable { expr, value } => self.set_variable(&expr, &value, view),
            Command::WriteMemory {
                space,
                address,
                bytes,
            } => memory::write_memory(space, address, &bytes, view),
        };
        match done {
            Ok(Answer::Show(event)) => {
                fe.event(&event);
                Answer::Stay
            }
            Ok(answer) => answer,
            Err(e) => {
                fe.event(&Event::Reply(Reply::Message(e.to_string())));
                Answer::Stay
            }
        }
    }
}

/// The stop as the front-end is shown it; the prompt's position is remembered, and what the
/// previous prompt selected is forgotten.
fn stop_shown(st: &mut State, view: &WorkItemView, reason: StopReason) -> Stopped {
    let line = step_key(st, view);
    let depth = view.depth();
    // Oclgrind names the function when the call depth changed.
    let entered = depth != st.shown_depth;
    let other_work_item = st.last.is_some_and(|(g, ..)| g != view.ids.global);
    st.last = Some((view.ids.global, view.func, line, depth));
    st.list_next = None;
    st.frame = 0;
    // gdb's `Value returned is ...` when a finish completed here.
    let returned = (st.finishing.take())
        .filter(|r| reason == StopReason::Step && depth < r.depth)
        .map(|r| returned_value(&r, view));
    Stopped {
        reason,
        position: inspect::position(view),
        entered_function: entered,
        other_work_item,
        returned,
        displays: displayed(st, view),
        replaying: in_past(view),
    }
}

/// Whether the stop is in the group's recorded past.
pub(super) fn in_past(view: &WorkItemView) -> bool {
    view.history().is_some_and(|h| h.in_past())
}
