//! Breakpoints, watchpoints and displays: `break`, `tbreak`, `condition`, `delete`, `watch`,
//! `display` and `undisplay`, and the stop bits that make the interpreter call in at a
//! breakpoint's line.

use oclgrind_core::debugging::{AddrSpace, StopSet, WorkItemView};

use super::errors::CommandError;
use super::inspection::output_format;
use super::prompt::{message, reply, Answer, Done};
use super::state::{Breakpoint, Display, State, Watch};
use super::Engine;
use crate::expr::{self, ExprError};
use crate::format::{self, Format};
use crate::protocol::{Displayed, Reply, ValueError};
use crate::{files, inspect};

impl Engine {
    /// `break` and `tbreak`: at `line` of `file` (the program's source when `None`), or at
    /// the current line when neither is given.
    pub(super) fn add_breakpoint(
        &self,
        view: &WorkItemView,
        file: Option<String>,
        line: Option<u32>,
        condition: Option<String>,
        temporary: bool,
    ) -> Done {
        if view.source().is_none() {
            return Err(CommandError::BreakpointsNeedSource);
        }
        if self.lock().lines.is_empty() {
            return Err(CommandError::BreakpointsNeedLines);
        }
        let (file, asked) = self.breakpoint_place(view, file, line)?;
        // A header that cannot be read is not checked: its lines are in the table.
        let length = files::source(view, file.as_deref()).map_or(usize::MAX - 1, |s| s.len());
        if asked == 0 || asked as usize > length + 1 {
            return Err(CommandError::InvalidLine);
        }
        if let Some(c) = &condition {
            expr::parse(c)?;
        }
        let may_hold_code = files::source(view, file.as_deref())
            .map(|s| files::may_hold_code(&s))
            .unwrap_or_default();
        let mut st = self.lock();
        let line = (st.lines)
            .breakpoint_line(file.as_deref(), asked, &may_hold_code)
            .ok_or(CommandError::NoCodeFrom(asked))?;
        let program = st.program;
        let n = st.add_breakpoint(Breakpoint {
            program,
            file: file.clone(),
            line: Some(line),
            watch: None,
            condition,
            temporary,
            hits: 0,
        });
        place(&st, view.stops);
        drop(st);
        let kind = if temporary {
            "Temporary breakpoint"
        } else {
            "Breakpoint"
        };
        let of = file
            .as_deref()
            .map(|f| format!(" of {}", files::short_name(f)))
            .unwrap_or_default();
        let moved = if line != asked {
            format!(" (line {asked} has no code)")
        } else {
            String::new()
        };
        message(format!("{kind} {n} at line {line}{of}{moved}"))
    }

    /// The file and line a `break` names: line 0 when it names only a file.
    fn breakpoint_place(
        &self,
        view: &WorkItemView,
        file: Option<String>,
        line: Option<u32>,
    ) -> Result<(Option<String>, u32), CommandError> {
        let typed = match (file, line) {
            (None, None) => {
                return match inspect::line_of(view, view.func, view.pc) {
                    0 => Err(CommandError::NotOnALine),
                    l => Ok((files::file_of(view, view.func, view.pc), l)),
                }
            }
            (None, Some(l)) => return Ok((None, l)),
            (Some(typed), _) => typed,
        };
        let line = line.unwrap_or(0);
        let found = self.lock().lines.find_file(&typed);
        match found {
            Some(path) => Ok((Some(path), line)),
            // The program's own file, by the name the user gave it.
            None if view
                .source()
                .is_some_and(|s| files::is_main_source(&typed, s)) =>
            {
                Ok((None, line))
            }
            None => Err(CommandError::NoSourceFile(typed)),
        }
    }

    /// `condition N [expr]`.
    pub(super) fn set_condition(&self, number: u32, condition: Option<String>) -> Done {
        if let Some(c) = &condition {
            expr::parse(c)?;
        }
        let mut st = self.lock();
        let b = (st.breakpoints.get_mut(&number)).ok_or(CommandError::NoBreakpoint)?;
        let now = match &condition {
            Some(_) => "conditional",
            None => "unconditional",
        };
        b.condition = condition;
        message(format!("Breakpoint {number} now {now}."))
    }

    /// `delete [N]`.
    pub(super) fn delete(&self, number: Option<u32>, view: &WorkItemView) -> Done {
        let mut st = self.lock();
        let found = match number {
            None => {
                st.breakpoints.clear();
                true
            }
            // Other programs' breakpoints are not in sight (compat §5.3).
            Some(n)
                if st
                    .breakpoints
                    .get(&n)
                    .is_some_and(|b| b.program == st.program) =>
            {
                st.breakpoints.remove(&n);
                true
            }
            Some(_) => false,
        };
        place(&st, view.stops);
        if found {
            Ok(Answer::Stay)
        } else {
            Err(CommandError::NoBreakpoint)
        }
    }

    /// `watch expr`: stops when the memory the expression names changes.
    pub(super) fn watch(&self, text: String, view: &WorkItemView) -> Done {
        let target = self.target(view);
        let v = expr::evaluate(&expr::parse(&text)?, &target)?;
        let (space, addr, len) = expr::address_of(&v, &target)?;
        let bytes = (view.read(space, addr, len)).ok_or(ExprError::CannotAccess(addr))?;
        let owner = match space {
            AddrSpace::Private | AddrSpace::Generic => Some(view.ids.global),
            AddrSpace::Local => Some(view.group),
            AddrSpace::Global | AddrSpace::Constant => None,
        };
        let watch = Watch {
            expr: text.clone(),
            owner,
            space,
            addr,
            len,
            bytes,
            text: format::value(&v, Format::Natural, &target),
        };
        let mut st = self.lock();
        let program = st.program;
        let n = st.add_breakpoint(Breakpoint {
            program,
            file: None,
            line: None,
            watch: Some(watch),
            condition: None,
            temporary: false,
            hits: 0,
        });
        message(format!("Watchpoint {n}: {text}"))
    }

    /// `display[/f] expr`: shown now and at every stop.
    pub(super) fn display(&self, text: String, format: Option<char>, view: &WorkItemView) -> Done {
        let fmt = output_format(format)?;
        let value = inspect::print(view, &text, fmt);
        // Like gdb: an expression that does not parse or names nothing is refused; one whose
        // memory cannot be read now is kept.
        if let Err(e) = &value {
            if expr::parse(&text).is_err() || matches!(e, ExprError::NoSymbol(_)) {
                return Err(e.clone().into());
            }
        }
        let mut st = self.lock();
        let number = st.next_display;
        st.next_display += 1;
        st.displays.push(Display {
            number,
            expr: text.clone(),
            format: fmt,
        });
        drop(st);
        reply(Reply::Displays(vec![Displayed {
            number,
            value: value.map_err(|e| ValueError::from(&e)),
            expr: text,
        }]))
    }

    /// `undisplay [N]`.
    pub(super) fn undisplay(&self, number: Option<u32>) -> Done {
        let mut st = self.lock();
        match number {
            None => st.displays.clear(),
            Some(n) => {
                let before = st.displays.len();
                st.displays.retain(|d| d.number != n);
                if st.displays.len() == before {
                    return Err(CommandError::NoDisplay(n));
                }
            }
        }
        Ok(Answer::Stay)
    }
}

/// The displays' values where the work-item is.
pub(super) fn displayed(st: &State, view: &WorkItemView) -> Vec<Displayed> {
    st.displays
        .iter()
        .map(|d| Displayed {
            number: d.number,
            expr: d.expr.clone(),
            value: inspect::print(view, &d.expr, d.format).map_err(|e| ValueError::from(&e)),
        })
        .collect()
}

/// Sets the stop bits for the current program's line breakpoints (and only those).
pub(super) fn place(st: &State, stops: &StopSet) {
    stops.clear();
    for b in st.breakpoints.values().filter(|b| b.program == st.program) {
        let (Some(file), Some(line)) = (st.lines.file_index(b.file.as_deref()), b.line) else {
            continue;
        };
        for (f, pc) in st.lines.starts_of(file, line) {
            stops.set(f, pc, true);
        }
    }
}
