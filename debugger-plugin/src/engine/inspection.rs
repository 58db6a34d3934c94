//! Inspecting the stopped work-item: `print`, `x`, `info`, `list`, `backtrace`, `up`, `down`,
//! `frame`, `disassemble`, and whole source files for a source pane.

use oclgrind_core::debugging::{AddrSpace, FrameRef, Source, WorkItemView};

use super::breakpoints::displayed;
use super::errors::CommandError;
use super::hook::launch_summary;
use super::prompt::{reply, Done};
use super::workitems::{group_work_items, launch_groups};
use super::Engine;
use crate::format::{self, Format};
use crate::inspect::{self, FrameTarget};
use crate::protocol::{BreakpointInfo, FrameMove, InfoWhat, ListFrom, Reply, ValueError};
use crate::{expr, files};

impl Engine {
    /// `print[/f] expr...`, in the selected frame.
    pub(super) fn print(
        &self,
        exprs: &[String],
        format: Option<char>,
        view: &WorkItemView,
    ) -> Done {
        let fmt = output_format(format)?;
        let frame = selected_frame(view, self.lock().frame);
        let values = exprs
            .iter()
            .flat_map(|typed| print_expressions(typed))
            .map(|e| {
                let v = inspect::print_in(view, frame, &e, fmt).map_err(|e| ValueError::from(&e));
                (e, v)
            })
            .collect();
        reply(Reply::Values(values))
    }

    /// `x/NFU expr`.
    pub(super) fn examine(
        &self,
        text: &str,
        count: u64,
        letter: char,
        unit: u64,
        view: &WorkItemView,
    ) -> Done {
        let target = self.target(view);
        let fmt = format::parse_format(letter).ok_or(CommandError::UndefinedFormat)?;
        let v = expr::evaluate(&expr::parse(text)?, &target)?;
        // A plain number is taken as a global address.
        let (space, addr) = expr::pointer_target(&v, &target)?;
        let space = space.unwrap_or(AddrSpace::Global);
        let text = format::examine(&target, space, addr, count, fmt, unit)?;
        reply(Reply::Text(text))
    }

    /// What expressions are evaluated in: the selected frame.
    pub(super) fn target<'v, 'a>(&self, view: &'v WorkItemView<'a>) -> FrameTarget<'v, 'a> {
        FrameTarget {
            view,
            frame: selected_frame(view, self.lock().frame),
        }
    }

    /// `up`, `down`, `frame`.
    pub(super) fn select_frame(&self, how: FrameMove, view: &WorkItemView) -> Done {
        let all = inspect::backtrace(view);
        let mut st = self.lock();
        let now = st.frame.min(all.len() - 1);
        let outermost = all.len() - 1;
        let to = match how {
            FrameMove::Up(_) if now == outermost => return Err(CommandError::OutermostFrame),
            FrameMove::Down(_) if now == 0 => return Err(CommandError::InnermostFrame),
            FrameMove::Up(n) => (now + n as usize).min(outermost),
            FrameMove::Down(n) => now.saturating_sub(n as usize),
            FrameMove::To(None) => now,
            // Numbered as the backtrace numbers them: the kernel is 0.
            FrameMove::To(Some(depth)) => outermost
                .checked_sub(depth as usize)
                .ok_or(CommandError::NoFrame(depth))?,
        };
        st.frame = to;
        drop(st);
        let frame = all[to].clone();
        let at = view.stack()[to];
        let file = files::file_of(view, at.func, at.pc);
        let source = files::source(view, file.as_deref())
            .and_then(|s| s.line(frame.line).map(str::to_string));
        reply(Reply::Frame { frame, source })
    }

    /// `info ...`.
    pub(super) fn info(&self, what: InfoWhat, view: &WorkItemView) -> Done {
        let st = self.lock();
        let r = match what {
            InfoWhat::Launch => Reply::Launch {
                summary: (st.launch.clone()).unwrap_or_else(|| launch_summary(view.info)),
                current: Some(Box::new(inspect::position(view))),
            },
            InfoWhat::Breakpoints | InfoWhat::Watchpoints => Reply::Breakpoints(
                st.breakpoints
                    .iter()
                    .filter(|(_, b)| b.watch.is_some() || b.program == st.program)
                    .filter(|(_, b)| what != InfoWhat::Watchpoints || b.watch.is_some())
                    .map(|(&n, b)| BreakpointInfo {
                        number: n,
                        file: b.file.clone(),
                        line: b.line,
                        watch: b.watch.as_ref().map(|w| w.expr.clone()),
                        condition: b.condition.clone(),
                        temporary: b.temporary,
                        hits: b.hits,
                    })
                    .collect(),
            ),
            InfoWhat::Locals | InfoWhat::Args => {
                let frame = selected_frame(view, st.frame);
                drop(st);
                Reply::Variables(inspect::variables(view, frame, what == InfoWhat::Args))
            }
            InfoWhat::Frame => {
                let all = inspect::backtrace(view);
                let i = st.frame.min(all.len() - 1);
                Reply::FrameDetails {
                    frame: all[i].clone(),
                    caller: all.get(i + 1).cloned(),
                    callee: i.checked_sub(1).map(|j| all[j].clone()),
                }
            }
            InfoWhat::Displays => Reply::Displays(displayed(&st, view)),
            InfoWhat::WorkItems => {
                drop(st);
                Reply::WorkItems(group_work_items(view, view.group))
            }
            InfoWhat::Groups => {
                drop(st);
                launch_groups(view)
            }
            InfoWhat::Counts => Reply::Counts {
                kernel: view.info.kernel.clone(),
                lines: (st.counts.as_ref()).map(|c| c.lines()).unwrap_or_default(),
            },
            InfoWhat::GroupWorkItems(group) => {
                drop(st);
                let n = view.info.num_groups;
                if !(0..3).all(|d| group[d] < n[d]) {
                    return Err(CommandError::NoWorkGroup(group));
                }
                Reply::WorkItems(group_work_items(view, group))
            }
            InfoWhat::Record => return self.info_record(view),
        };
        reply(r)
    }

    /// `list`: ten lines of the file the work-item is in, going on where the last listing
    /// ended; or the program's whole source.
    pub(super) fn list(&self, from: ListFrom, view: &WorkItemView) -> Done {
        if from == ListFrom::Whole {
            let source = view.source().ok_or(CommandError::NoSource)?;
            return reply(Reply::Source(whole(source)));
        }
        // The file the work-item is in: the program's source or a header.
        let file = files::file_of(view, view.func, view.pc);
        let source = files::source(view, file.as_deref()).ok_or(CommandError::NoSource)?;
        let mut st = self.lock();
        let current = inspect::line_of(view, view.func, view.pc).max(1);
        let start = match from {
            ListFrom::Next => st.list_next.unwrap_or(current + 1),
            // The ten lines before the previous listing, or before the current line.
            ListFrom::Previous => match st.list_next {
                Some(next) => next.saturating_sub(20).max(1),
                None => current.saturating_sub(10).max(1),
            },
            ListFrom::Around(0) => return Err(CommandError::InvalidLine),
            ListFrom::Around(n) if n as usize > source.len() => {
                return Err(CommandError::InvalidLine)
            }
            ListFrom::Around(n) => n.saturating_sub(5).max(1),
            ListFrom::Whole => 1,
        };
        let lines: Vec<_> = (start..start + 10)
            .filter_map(|n| source.line(n).map(|t| (n, t.to_string())))
            .collect();
        st.list_next = Some(start + 10);
        reply(Reply::Source(lines))
    }
}

/// Every line of a file of the program: its source (`None`) or an included file.
pub(super) fn source_of(file: Option<String>, view: &WorkItemView) -> Done {
    let source = files::source(view, file.as_deref()).ok_or(CommandError::NoSource)?;
    reply(Reply::Source(whole(&source)))
}

/// The format a `/f` after `print` or `display` names (natural without one).
pub(super) fn output_format(letter: Option<char>) -> Result<Format, CommandError> {
    match letter.map(format::parse_format) {
        Some(None) => Err(CommandError::UndefinedFormat),
        Some(Some(f)) => Ok(f),
        None => Ok(Format::Natural),
    }
}

/// Every line of a source, numbered.
fn whole(source: &Source) -> Vec<(u32, String)> {
    (1..=source.len() as u32)
        .filter_map(|n| source.line(n).map(|t| (n, t.to_string())))
        .collect()
}

/// Frame `index` of the work-item counted from the innermost, or its outermost frame.
pub(super) fn selected_frame(view: &WorkItemView, index: usize) -> FrameRef {
    let all = view.stack();
    all[index.min(all.len() - 1)]
}

/// Splits what was typed after `print`. Oclgrind takes each whitespace-separated word as one
/// expression; gdb takes the whole line. Both are honoured: when every word is an expression on
/// its own (`print a b[1] *p`) each is printed, otherwise the line is one (`print a + b`).
fn print_expressions(typed: &str) -> Vec<String> {
    let words: Vec<&str> = typed.split_whitespace().collect();
    if words.len() > 1 && words.iter().all(|w| expr::parse(w).is_ok()) {
        words.iter().map(|w| w.to_string()).collect()
    } else {
        vec![typed.to_string()]
    }
}

#[cfg(test)]
mod tests {
    use super::print_expressions;

    #[test]
    fn print_splits_words_only_when_each_is_an_expression() {
        assert_eq!(print_expressions("a b.c d[1]"), ["a", "b.c", "d[1]"]);
        assert_eq!(print_expressions("a + 1"), ["a + 1"]);
        assert_eq!(print_expressions("x"), ["x"]);
    }
}
