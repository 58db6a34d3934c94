//! Whether a work-item that calls in stops, waits or runs on: the end of a step, `next` or
//! `finish`, a breakpoint or watchpoint, an error or Ctrl-C, a switch to another work-item, a
//! lock-step turn. `at_stop` is what a worker does whenever the interpreter calls in.

use std::sync::atomic::Ordering::Relaxed;
use std::thread::ThreadId;

use oclgrind_core::debugging::{AddrSpace, Moment, Resume, WiState, WorkItemView};

use super::breakpoints::place;
use super::interrupts::{take_interrupt, ATTENTION};
use super::state::{Breakpoint, Mode, State, Watch};
use super::workitems::group_of;
use super::Engine;
use crate::expr;
use crate::files;
use crate::format::{self, Format};
use crate::inspect::{self, FrameTarget};
use crate::protocol::StopReason;

/// What a work-item that called in does: stop (why), run on, wait for another's prompt, or
/// go on as a reverse command that did not stop here says.
enum Verdict {
    Stop(StopReason),
    RunOn,
    Wait,
    Resume(Resume),
}

impl Engine {
    /// A work-item is at a stop (`DebugHook::stopped`): holds it while a prompt is up for it,
    /// or while another work-item's is.
    pub(super) fn at_stop(&self, view: &WorkItemView, moment: Moment) -> Resume {
        let me = std::thread::current().id();
        let mut st = self.lock();
        loop {
            if let Some(d) = st.directives.remove(&me) {
                st.waiting.remove(&me);
                return d;
            }
            if st.mode == Mode::Quit {
                st.waiting.remove(&me);
                return Resume::Continue;
            }
            let past = view.history().is_some_and(|h| h.in_past());
            if !st.prompting {
                if let Some(resume) = follow_focus(&st, view).filter(|_| st.arrival.is_none()) {
                    st.waiting.remove(&me);
                    return resume;
                }
                if let Some(target) = switch_within_group(&st, view) {
                    st.waiting.remove(&me);
                    return Resume::SwitchTo(target);
                }
                let verdict = match self.decide(&mut st, view, moment, me) {
                    // The group's past runs on this worker alone: nobody else can run.
                    Verdict::Wait if past => Verdict::RunOn,
                    v => v,
                };
                match verdict {
                    Verdict::Resume(resume) => {
                        st.waiting.remove(&me);
                        return resume;
                    }
                    Verdict::RunOn => {
                        st.waiting.remove(&me);
                        return Resume::Continue;
                    }
                    Verdict::Stop(reason) => {
                        st.waiting.remove(&me);
                        if let Some(next) = take_turn_along(&mut st, &reason) {
                            return Resume::SwitchTo(next);
                        }
                        if let Some(resume) = self.prompt(st, view, reason) {
                            return resume;
                        }
                        st = self.lock();
                        if moment != Moment::Instruction {
                            // Nothing to wait for at a barrier or the end: the switch target
                            // is run by whoever holds its group.
                            return Resume::Park;
                        }
                        // The lock was let go: whatever was to wake this worker may have
                        // happened already, so look again before waiting.
                        continue;
                    }
                    Verdict::Wait => {}
                }
            }
            st.waiting.insert(me, (view.ids.global, view.group));
            st = self.wait(st);
        }
    }

    /// Whether this work-item must stop now, wait, or run on.
    fn decide(&self, st: &mut State, view: &WorkItemView, moment: Moment, me: ThreadId) -> Verdict {
        let wi = view.ids.global;
        if take_interrupt() {
            st.pending = Some(StopReason::Interrupted);
        }
        if moment != Moment::Instruction {
            return at_barrier_or_end(st, wi, moment);
        }
        if let Some(arrival) = st.arrival.take() {
            return match self.arrived(st, view, arrival) {
                Ok(reason) => Verdict::Stop(reason),
                Err(resume) => Verdict::Resume(resume),
            };
        }
        if (st.resume_at.get(&wi)).is_some_and(|&at| at != (view.func, view.pc)) {
            // It has run on from where it was left: its breakpoints fire again.
            st.resume_at.remove(&wi);
        }
        if st.pending.is_some() {
            // A work-item that has not reached source code yet (one just started, say) runs
            // on to its first line before it shows a stop of these kinds.
            let before_source =
                inspect::line_of(view, view.func, view.pc) == 0 && !st.lines.is_empty();
            return pending_stop(st, wi, before_source, me);
        }
        if !matches!(st.mode, Mode::Continue | Mode::Quit) {
            if st.focus.is_some_and(|f| f != wi) {
                return Verdict::Wait;
            }
            st.focus = Some(wi);
            return self.step_ends(st, view);
        }
        if let Some(reason) = self.breakpoint_hit(st, view) {
            st.focus = Some(wi);
            return Verdict::Stop(reason);
        }
        // Someone else is to stop (attention is set for them): wait for them.
        if ATTENTION.load(Relaxed) && st.focus.is_some_and(|f| f != wi) {
            return Verdict::Wait;
        }
        Verdict::RunOn
    }

    /// Whether the step, `next` or `finish` of the focus's work-item ends here.
    fn step_ends(&self, st: &mut State, view: &WorkItemView) -> Verdict {
        let wi = view.ids.global;
        let line = step_key(st, view);
        let depth = view.depth();
        let before_source = line == 0 && !st.lines.is_empty();
        if let Some(along) = st.along.as_mut().filter(|a| a.fresh) {
            // A work-item taken along begins the step where it is, at its own depth (one not
            // yet started: at its first line).
            if before_source {
                return Verdict::RunOn;
            }
            along.fresh = false;
            st.last = Some((wi, view.func, line, depth));
            st.mode = match st.mode {
                Mode::Next { .. } => Mode::Next { depth },
                Mode::Finish { .. } => Mode::Finish { depth },
                mode => mode,
            };
            return Verdict::RunOn;
        }
        // A breakpoint on the way (in a call `next` steps over, say) stops it first.
        if let Some(reason) = self.breakpoint_hit(st, view) {
            return Verdict::Stop(reason);
        }
        let no_source = st.lines.is_empty();
        // The kernel's closing `}` is its return: Oclgrind stops after each instruction, so a
        // step there ends when the work-item has finished, not on the line.
        let kernel_return = view.func == 0 && view.current_function().returns_at(view.pc);
        let moved = line != 0
            && !kernel_return
            && (st.last).is_none_or(|(g, f, l, _)| g != wi || f != view.func || l != line);
        let done = match st.mode {
            Mode::Step => moved,
            Mode::Next { depth: d } => moved && depth <= d,
            Mode::Finish { depth: d } => (no_source || line != 0) && depth < d,
            Mode::Continue | Mode::Quit => false,
        };
        if done {
            Verdict::Stop(StopReason::Step)
        } else {
            Verdict::RunOn
        }
    }

    /// A breakpoint or watchpoint that fires here, if any (the lowest numbered).
    pub(super) fn breakpoint_hit(&self, st: &mut State, view: &WorkItemView) -> Option<StopReason> {
        if st.resume_at.remove(&view.ids.global) == Some((view.func, view.pc)) {
            return None;
        }
        let mut here = Here::new(st, view);
        let program = st.program;
        let hit = (st.breakpoints.iter_mut()).find_map(|(&n, b)| here.fires(n, b, program));
        if let Some(StopReason::Breakpoint { number, .. }) = &hit {
            if st.breakpoints.get(number).is_some_and(|b| b.temporary) {
                st.breakpoints.remove(number);
                place(st, view.stops);
            }
        }
        hit
    }
}

/// Where a work-item is, as breakpoints and watchpoints look at it.
pub(super) struct Here<'v, 'a> {
    view: &'v WorkItemView<'a>,
    /// Its innermost frame, where conditions and watched expressions are evaluated.
    target: FrameTarget<'v, 'a>,
    line: u32,
    at_line_start: bool,
    /// A watchpoint shows a change at the next op with a source line, not here.
    pub no_line: bool,
    /// Its file, read only when a breakpoint is on its line.
    file: Option<Option<String>>,
}

impl<'v, 'a> Here<'v, 'a> {
    pub fn new(st: &State, view: &'v WorkItemView<'a>) -> Here<'v, 'a> {
        let line = inspect::line_of(view, view.func, view.pc);
        Here {
            view,
            target: FrameTarget {
                view,
                frame: view.stack()[0],
            },
            line,
            at_line_start: st.lines.starts_line(view.func, view.pc),
            no_line: line == 0 && !st.lines.is_empty(),
            file: None,
        }
    }

    /// Whether breakpoint `n` fires here (counting the hit).
    fn fires(&mut self, n: u32, b: &mut Breakpoint, program: u64) -> Option<StopReason> {
        if let Some(w) = &mut b.watch {
            let (old, new) = self.watch_changed(w)?;
            b.hits += 1;
            return Some(StopReason::Watchpoint {
                number: n,
                expr: w.expr.clone(),
                old,
                new,
            });
        }
        if b.line != Some(self.line) || !self.at_line_start || b.program != program {
            return None;
        }
        let view = self.view;
        let file = (self.file).get_or_insert_with(|| files::file_of(view, view.func, view.pc));
        if *file != b.file {
            return None;
        }
        let (holds, condition_error) = match &b.condition {
            None => (true, None),
            Some(c) => match expr::parse(c).and_then(|e| expr::truth(&e, &self.target)) {
                Ok(t) => (t, None),
                // A condition that cannot be evaluated stops, as in gdb, saying why.
                Err(e) => (true, Some(e.to_string())),
            },
        };
        if !holds {
            return None;
        }
        b.hits += 1;
        Some(StopReason::Breakpoint {
            number: n,
            condition_error,
        })
    }

    /// The watched memory's old and new values as text, when it has changed (it is then
    /// remembered as it is now).
    pub fn watch_changed(&self, w: &mut Watch) -> Option<(String, String)> {
        if self.no_line {
            return None;
        }
        let whose = match w.space {
            AddrSpace::Local => self.view.group,
            _ => self.view.ids.global,
        };
        if w.owner.is_some_and(|o| o != whose) {
            return None;
        }
        let now = self.view.read(w.space, w.addr, w.len)?;
        if now == w.bytes {
            return None;
        }
        let old = std::mem::take(&mut w.text);
        w.bytes = now;
        w.text = expr::parse(&w.expr)
            .and_then(|e| expr::evaluate(&e, &self.target))
            .map(|v| format::value(&v, Format::Natural, &self.target))
            .unwrap_or_default();
        Some((old, w.text.clone()))
    }
}

/// At a barrier or the end of a work-item: whether it stops there.
fn at_barrier_or_end(st: &mut State, wi: [u64; 3], moment: Moment) -> Verdict {
    if st.pending == Some(StopReason::Switched) && st.focus == Some(wi) {
        // Switched to a work-item that waits at a barrier or has finished.
        st.pending = None;
        return Verdict::Stop(StopReason::Switched);
    }
    let stepping = !matches!(st.mode, Mode::Continue | Mode::Quit);
    if stepping && st.focus.is_none_or(|f| f == wi) {
        st.focus = Some(wi);
        return Verdict::Stop(if moment == Moment::Finished {
            StopReason::Finished
        } else {
            StopReason::Barrier
        });
    }
    Verdict::RunOn
}

/// Whether the stop something other than stepping asked for (an error, Ctrl-C, a switch) is
/// this work-item's.
fn pending_stop(st: &mut State, wi: [u64; 3], before_source: bool, me: ThreadId) -> Verdict {
    let errors_here = st.error_thread.is_none_or(|t| t == me);
    let reason = match st.pending {
        Some(StopReason::Error) if errors_here => StopReason::Error,
        Some(StopReason::Switched) if st.focus == Some(wi) => StopReason::Switched,
        // An interrupt shows where the work-item is in the source: not at an op of no source
        // line (a block's count, a parameter's spill), but at the next one.
        Some(StopReason::Interrupted) => StopReason::Interrupted,
        _ => return Verdict::Wait,
    };
    if before_source {
        return Verdict::RunOn;
    }
    st.pending = None;
    if reason != StopReason::Switched {
        st.focus = Some(wi);
    }
    Verdict::Stop(reason)
}

/// Where a work-item is, as far as stepping goes: its source line, or, in a program without
/// any line information (from SPIR-V, say), its LLVM instruction (numbered from 1).
pub(super) fn step_key(st: &State, view: &WorkItemView) -> u32 {
    if st.lines.is_empty() || st.by_instruction {
        // An op of no instruction (a block's count) is 0: never where a step stops.
        let at = view.current_function().position(view.pc);
        at.instruction.map_or(0, |i| i.wrapping_add(1))
    } else {
        inspect::line_of(view, view.func, view.pc)
    }
}

/// The work-item of this group the prompt was switched to, when this worker holds the group
/// but was not yet waiting when the switch was made (so it got no directive).
fn switch_within_group(st: &State, view: &WorkItemView) -> Option<[u64; 3]> {
    let target = st.focus?;
    let switched = st.pending == Some(StopReason::Switched);
    (switched && target != view.ids.global && group_of(view.info, target) == view.group)
        .then_some(target)
}

/// After a work-item taken along by a lock-step has made its step (`reason`), the work-item
/// whose turn is next; None when the prompt's own has made it, or when something else (a
/// breakpoint, an error) stopped it, which ends the lock-step there.
fn take_turn_along(st: &mut State, reason: &StopReason) -> Option<[u64; 3]> {
    let along = st.along.as_mut()?;
    let own_turn = st.focus == Some(along.leader);
    let turn_made = matches!(
        reason,
        StopReason::Step | StopReason::Barrier | StopReason::Finished
    );
    if own_turn || !turn_made {
        st.along = None;
        return None;
    }
    let next = match along.queue.pop_front() {
        Some(next) => {
            along.fresh = true;
            next
        }
        None => {
            let along = st.along.take()?;
            st.mode = along.mode;
            st.last = along.last;
            along.leader
        }
    };
    st.focus = Some(next);
    Some(next)
}

/// While the work-item that is to hold the prompt (being stepped, or switched to) waits for
/// its sub-group at a sub-group function, the others of its group run on, so that the
/// sub-group can meet; once a stepped one can run again, the worker holding the group (this
/// one) switches back to it (one switched to is switched to as any other).
fn follow_focus(st: &State, view: &WorkItemView) -> Option<Resume> {
    if st.mode == Mode::Quit {
        return None;
    }
    let focus = st.focus?;
    if focus == view.ids.global || group_of(view.info, focus) != view.group {
        return None;
    }
    let stepping = st.mode != Mode::Continue;
    match view.work_item(focus)? {
        WiState::AtSubGroupCall => Some(Resume::Continue),
        WiState::Suspended if stepping => Some(Resume::SwitchTo(focus)),
        _ => None,
    }
}
