//! Going back (issue 43): gdb's `reverse-step`, `reverse-next`, `reverse-finish`,
//! `reverse-stepi`, `reverse-nexti` and `reverse-continue` over the current work-group's
//! recorded history, and `info record`.
//!
//! A reverse command reads the history from the stop backwards (`HistoryView::back`, which
//! changes nothing), picks the position where it ends and asks the scheduler to travel there
//! (`Resume::Travel`). When the group arrives, `arrived` decides: a step ends there; a
//! breakpoint's condition is evaluated there, and if it does not hold the search goes on
//! from there; a watchpoint shows the change as gdb does going backwards (the later value as
//! `Old`, the earlier as `New`). Going forward in the past needs nothing of its own: the
//! scheduler replays one op at a time and the usual rules stop it (`stopping`), as live.

use oclgrind_core::debugging::{AddrSpace, HistoryView, PastOp, Resume, StopSet, WorkItemView};

use super::errors::CommandError;
use super::prompt::{reply, Answer, Done};
use super::state::{Mode, State};
use super::stopping::Here;
use super::Engine;
use crate::inspect;
use crate::protocol::{Motion, RecordInfo, Reply, StopReason};

/// Where a reverse command is going, and what it finds there.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Arrival {
    pub position: u64,
    pub why: Why,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Why {
    /// A step's end.
    Step,
    /// The start of the history.
    Start,
    /// A breakpoint may stop here (its condition is evaluated on arrival).
    Breakpoint,
    /// Watchpoint `n`'s memory was written by the op here.
    Watch(u32),
}

/// The history of the stop, or why there is none.
fn history_of<'v>(view: &'v WorkItemView) -> Result<HistoryView<'v>, CommandError> {
    view.history().ok_or(CommandError::HistoryOff)
}

/// Where the work-item of the stop and the ops before it are, for stepping: each op's key
/// (its line, or instruction), and its depth.
struct Walk<'s, 'v> {
    st: &'s State,
    view: &'s WorkItemView<'v>,
    by_instruction: bool,
}

impl Walk<'_, '_> {
    /// The key a step compares: the line, or the LLVM instruction (from 1); 0 for none.
    fn key(&self, func: u32, pc: u32) -> u32 {
        if self.by_instruction || self.st.lines.is_empty() {
            let f = self.view.function_code(func);
            f.and_then(|f| f.position(pc).instruction)
                .map_or(0, |i| i.wrapping_add(1))
        } else {
            inspect::line_of(self.view, func, pc)
        }
    }
}

/// The position a reverse step, next, finish, stepi or nexti ends at.
fn step_target(st: &State, view: &WorkItemView, motion: Motion) -> Result<Arrival, CommandError> {
    let history = history_of(view)?;
    let by_instruction = matches!(motion, Motion::Stepi | Motion::Nexti);
    let over_calls = matches!(motion, Motion::Next | Motion::Nexti);
    let walk = Walk {
        st,
        view,
        by_instruction,
    };
    let me = view.item_index();
    let mut depth = view.depth() as i64;
    if motion == Motion::Finish && depth == 0 {
        return Err(CommandError::FinishInOutermostFrame);
    }
    let start_key = walk.key(view.func, view.pc);
    // The line found, at the depth it was found, and the earliest op of its run so far.
    let mut found: Option<(u32, i64, u64)> = None;
    let mut reference = depth;
    for op in history.back() {
        if op.item != me {
            // The turn began here: the work-item whose turn came before is shown at its end.
            return Ok(match found {
                Some((_, _, at)) => step(at),
                None => step(op.position),
            });
        }
        // The depth before this op (`depth` is after it).
        depth += i64::from(op.ret) - i64::from(op.call);
        if motion == Motion::Finish {
            if depth < view.depth() as i64 {
                return Ok(step(op.position));
            }
            continue;
        }
        if over_calls && depth > reference {
            continue;
        }
        let key = walk.key(op.func, op.pc);
        match found {
            None => {
                if depth < reference {
                    // Out of the function: to the caller's call.
                    reference = depth;
                } else if key == 0 || (key == start_key && depth == reference) {
                    continue;
                }
                if key != 0 {
                    found = Some((key, depth, op.position));
                }
            }
            Some((line, at_depth, _)) => {
                if depth > at_depth && !over_calls {
                    // Into a call the line made: to the start of its last line.
                    if key != 0 {
                        found = Some((key, depth, op.position));
                    }
                    continue;
                }
                if depth != at_depth || (key != 0 && key != line) {
                    break;
                }
                if key == line {
                    found = Some((line, at_depth, op.position));
                }
            }
        }
    }
    Ok(match found {
        Some((_, _, at)) if at > history.start() => step(at),
        _ => Arrival {
            position: history.start(),
            why: Why::Start,
        },
    })
}

fn step(position: u64) -> Arrival {
    Arrival {
        position,
        why: Why::Step,
    }
}

/// The latest position before the stop where `reverse-continue` may stop: a breakpoint's
/// line begins there (in any work-item of the group), or the op there changed a watched
/// expression's memory; the start of the history if none.
fn continue_target(st: &State, view: &WorkItemView, from: u64) -> Result<Arrival, CommandError> {
    let history = history_of(view)?.at(from);
    let watches: Vec<Watched> = (st.breakpoints.iter())
        .filter_map(|(&n, b)| {
            let w = b.watch.as_ref()?;
            Some(Watched {
                number: n,
                space: w.space,
                addr: w.addr,
                len: w.len,
                owner: w.owner,
            })
        })
        .collect();
    let lines = st.breakpoints.values().any(|b| b.line.is_some());
    for op in history.back() {
        if let Some(n) = watched_write(view, &op, &watches) {
            return Ok(Arrival {
                position: op.position,
                why: Why::Watch(n),
            });
        }
        if lines && StopSet::is_set(view.stops.function(op.func), op.pc as usize) {
            return Ok(Arrival {
                position: op.position,
                why: Why::Breakpoint,
            });
        }
    }
    Ok(Arrival {
        position: history.start(),
        why: Why::Start,
    })
}

/// A watchpoint's memory, as the search backwards compares writes with it.
struct Watched {
    number: u32,
    space: AddrSpace,
    addr: u64,
    len: u64,
    /// The work-item whose private memory it is.
    owner: Option<[u64; 3]>,
}

/// The lowest-numbered watchpoint whose bytes the op changed.
fn watched_write(view: &WorkItemView, op: &PastOp, watches: &[Watched]) -> Option<u32> {
    if watches.is_empty() {
        return None;
    }
    let writer = view.global_id_of(op.item);
    let mut hit: Option<u32> = None;
    op.writes(|space, addr, old, new| {
        for w in watches {
            let same_space = match w.space {
                AddrSpace::Global | AddrSpace::Constant => space == AddrSpace::Global,
                s => s == space,
            };
            let whose = (space == AddrSpace::Private).then_some(writer);
            if !same_space || (w.owner.is_some() && whose.is_some() && w.owner != whose) {
                continue;
            }
            let end = addr + old.len() as u64;
            let (lo, hi) = (addr.max(w.addr), end.min(w.addr + w.len));
            let changed = (lo..hi).any(|a| old[(a - addr) as usize] != new[(a - addr) as usize]);
            if changed && hit.is_none_or(|h| w.number < h) {
                hit = Some(w.number);
            }
        }
    });
    hit
}

impl Engine {
    /// `reverse-step`, `reverse-next`, `reverse-finish`, `reverse-stepi`, `reverse-nexti`,
    /// `reverse-continue`.
    pub(super) fn reverse(&self, motion: Motion, view: &WorkItemView) -> Done {
        let mut st = self.lock();
        let arrival = match motion {
            Motion::Continue => continue_target(&st, view, history_of(view)?.position)?,
            _ => step_target(&st, view, motion)?,
        };
        st.shown_depth = view.depth();
        st.mode = Mode::Step;
        st.by_instruction = false;
        st.focus = None;
        st.arrival = Some(arrival);
        st.resume_at.clear();
        Ok(Answer::Resume(Resume::Travel(arrival.position)))
    }

    /// `info record`.
    pub(super) fn info_record(&self, view: &WorkItemView) -> Done {
        let history = history_of(view)?;
        reply(Reply::Record(RecordInfo {
            lowest: history.start(),
            highest: history.frontier(),
            current: history.in_past().then_some(history.position),
            bytes: history.bytes(),
            limit: history.limit(),
        }))
    }

    /// A reverse command's travel arrived at `view`: the stop it makes here, or where it goes
    /// on to (a breakpoint whose condition does not hold).
    pub(super) fn arrived(
        &self,
        st: &mut State,
        view: &WorkItemView,
        arrival: Arrival,
    ) -> Result<StopReason, Resume> {
        st.focus = Some(view.ids.global);
        match arrival.why {
            Why::Step => Ok(StopReason::Step),
            Why::Start => {
                // Shown at the first op with a source line (those before it set up the
                // kernel's arguments).
                let no_line =
                    !st.lines.is_empty() && inspect::line_of(view, view.func, view.pc) == 0;
                match view.history() {
                    Some(h) if no_line && h.in_past() => {
                        let next = Arrival {
                            position: h.position + 1,
                            why: Why::Start,
                        };
                        st.arrival = Some(next);
                        Err(Resume::Travel(next.position))
                    }
                    _ => Ok(StopReason::NoHistory),
                }
            }
            Why::Watch(n) => {
                let mut here = Here::new(st, view);
                here.no_line = false;
                let fired = (st.breakpoints.get_mut(&n)).and_then(|b| {
                    let w = b.watch.as_mut()?;
                    let (old, new) = here.watch_changed(w)?;
                    b.hits += 1;
                    Some(StopReason::Watchpoint {
                        number: n,
                        expr: w.expr.clone(),
                        old,
                        new,
                    })
                });
                // The write changed nothing the watchpoint shows: look further back.
                fired.ok_or_else(|| self.go_on(st, view, arrival))
            }
            Why::Breakpoint => match self.breakpoint_hit(st, view) {
                Some(reason) => Ok(reason),
                None => Err(self.go_on(st, view, arrival)),
            },
        }
    }

    /// `reverse-continue` goes on back from a position where it did not stop.
    fn go_on(&self, st: &mut State, view: &WorkItemView, arrival: Arrival) -> Resume {
        match continue_target(st, view, arrival.position) {
            Ok(next) => {
                st.arrival = Some(next);
                Resume::Travel(next.position)
            }
            Err(_) => Resume::Continue,
        }
    }
}
