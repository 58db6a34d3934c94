//! The TUI's model: what the debugger has reported, and what the user is doing. It has no
//! terminal in it, so tests drive it with messages, keys and clicks and read the state back.
//!
//! The types, the model, what reaches it from the debugger and what the panes read from it
//! are here; `keys` is what keys do (and the command line), `mouse` what clicks and the
//! wheel do, `log` the console's and the output's lines, and `diagnostics` reads the
//! debugger's diagnostic messages.

mod ir;
mod keys;
pub mod line_edit;
mod log;
mod mouse;
#[cfg(test)]
pub(crate) mod samples;
#[cfg(test)]
mod tests;

pub use log::Log;
pub use mouse::{first_in_view, GUTTER_MARKS};

use std::collections::{HashMap, HashSet};

use oclgrind_debug_protocol::protocol::*;
use oclgrind_debug_protocol::render;
use ratatui::layout::Rect;

use crate::grid::{self, GroupCell, Groups};
use crate::highlight::StyledLine;
use crate::keymap::Keymap;
use crate::layout::{self, Areas, Sizes};
use crate::memory::MemoryPane;
use crate::theme::Theme;
use crate::variables::{self, Kind, Row};
use ir::ir_text;
use oclgrind_debug_protocol::diagnostic::{Body, Level, Party, Rule};

/// The panes, in Tab order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pane {
    #[default]
    Source,
    Ir,
    Variables,
    Memory,
    WorkItems,
    Output,
    Console,
    Diagnostics,
}

pub const PANES: [Pane; 8] = [
    Pane::Source,
    Pane::Ir,
    Pane::Variables,
    Pane::Memory,
    Pane::WorkItems,
    Pane::Output,
    Pane::Console,
    Pane::Diagnostics,
];

/// The instruction counts of a finished launch, by source line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heat {
    pub kernel: String,
    pub counts: Vec<LineCount>,
}

/// Where the performance lints (`--perf-lints`) of a finished launch point: the file as the
/// messages name it, the line, and the rule (a `performance-figures` line is one under the
/// thresholds, shown with `--perf-lints=all`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerfMarks {
    pub kernel: String,
    pub lines: Vec<(String, u32, Rule)>,
}

/// What a y/n question in the status bar is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// `q`: end the session, stopping the kernel and the program.
    Quit,
    /// `delete` with no number (gdb asks at a terminal).
    DeleteAll,
}

/// A diagnostic of the session, for the diagnostics pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub error: bool,
    /// Its first line ("Invalid read of size 4 at ...").
    pub summary: String,
    /// The source line and the work-item it names, when it names them.
    pub line: Option<u32>,
    pub work_item: Option<[u64; 3]>,
    /// A data race's second access: its line and work-item (the fields above are the
    /// first's).
    pub second: Option<(Option<u32>, Option<[u64; 3]>)>,
    /// Which launch of the session it came from (1 for the first), and its kernel.
    pub launch: usize,
    pub kernel: String,
}

/// Replies the front-end asks for itself, to fill the panes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refresh {
    Source,
    Locals,
    Args,
    /// The work-items of the group the grid shows.
    WorkItems,
    Groups,
    Breakpoints,
    Ir,
    /// The memory pane's current tab.
    Memory,
    /// What the followed pointers of the variables pane point to.
    Pointees,
}

impl Refresh {
    /// What to ask for after a stop (the source only once per launch; `command` skips what
    /// has nothing to ask).
    pub fn after_stop(have_source: bool) -> Vec<Refresh> {
        let mut all = vec![
            Refresh::Locals,
            Refresh::Args,
            Refresh::WorkItems,
            Refresh::Groups,
            Refresh::Breakpoints,
            Refresh::Ir,
            Refresh::Memory,
            Refresh::Pointees,
        ];
        if !have_source {
            all.insert(0, Refresh::Source);
        }
        all
    }

    /// The command that asks; `None` when there is nothing to ask (no memory shown, say).
    pub fn command(self, app: &App) -> Option<Command> {
        Some(match self {
            Refresh::Memory => return app.memory.request(),
            Refresh::Pointees => {
                let exprs = app.followed_pointers();
                if exprs.is_empty() {
                    return None;
                }
                Command::Print {
                    exprs,
                    format: None,
                }
            }
            Refresh::Source => Command::SourceOf {
                file: app.stop_file(),
            },
            Refresh::Locals => Command::Info(InfoWhat::Locals),
            Refresh::Args => Command::Info(InfoWhat::Args),
            Refresh::WorkItems => match app.shown_group() {
                Some(g) => Command::Info(InfoWhat::GroupWorkItems(g)),
                None => Command::Info(InfoWhat::WorkItems),
            },
            Refresh::Groups => Command::Info(InfoWhat::Groups),
            Refresh::Breakpoints => Command::Info(InfoWhat::Breakpoints),
            Refresh::Ir => Command::Disassemble,
        })
    }
}

/// Which text a highlighting job was for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Highlit {
    Source,
    Ir,
}

/// Text to highlight away from the UI thread (see `App::take_highlight_job`).
#[derive(Clone, Debug, PartialEq)]
pub struct HighlightJob {
    pub what: Highlit,
    pub generation: u64,
    pub lines: Vec<String>,
    pub theme: String,
}

/// A function's LLVM IR, its current instruction, and each instruction's source line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ir {
    pub function: String,
    pub instructions: Vec<String>,
    pub current: Option<usize>,
    pub lines: Vec<u32>,
}

/// What reaches the UI from the debugger's side.
// Messages go one at a time, at a stop's pace: boxing the large event would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Event(Event),
    /// The answer to a refresh the front-end asked for.
    Refreshed(Refresh, Reply),
    /// The debugger waits for a command.
    Prompt,
    /// The program has ended (how, in words): nothing more will come.
    Ended(String),
    /// A highlighting job is done.
    Highlighted(Highlit, u64, Vec<StyledLine>),
}

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Send(Command),
    /// Ask the debugger for what a pane shows (its answer comes back as `Refreshed`).
    Refresh(Refresh),
    /// Interrupt the running kernel.
    Interrupt,
    /// End the session: stop the kernel and the program, and leave (gdb's `quit`).
    Quit,
    /// Leave the TUI.
    Exit,
}

/// A key, as the model sees it (the terminal layer translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    Char(char),
    Enter,
    Backspace,
    Esc,
    Tab,
    BackTab,
    Up,
    Down,
    Left,
    Right,
    PageUp,
    PageDown,
    Home,
    End,
    F(u8),
    ShiftF(u8),
    /// Ctrl with a letter.
    Ctrl(char),
}

/// A mouse event at a cell of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mouse {
    Click(u16, u16),
    ScrollUp(u16, u16),
    ScrollDown(u16, u16),
}

/// What the line at the bottom of the console is being typed for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InputFor {
    #[default]
    Command,
    /// An address (or an expression) for the memory pane.
    Address,
}

/// What the work-items pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GridLevel {
    /// The work-items of one group.
    #[default]
    WorkItems,
    /// The launch's groups as a heat map.
    Groups,
}

#[derive(Default)]
pub struct App {
    pub keymap: Keymap,
    pub theme: Theme,
    pub launch: Option<LaunchSummary>,
    /// Launches seen so far (the current one's number).
    pub launches: usize,
    /// The last launch has ended (its work-items are gone).
    pub launch_ended: bool,
    /// What each source line ran in the last launch that finished: the source's shading.
    pub heat: Option<Heat>,
    /// Where the performance lints of the last launch that had them pointed: the source's
    /// gutter column (kept per kernel as `heat` is).
    pub perf: Option<PerfMarks>,
    /// The performance lints' places of the launch running (`None`: none has come), for
    /// `perf` when it ends.
    perf_pending: Option<Vec<(String, u32, Rule)>>,
    /// The file the source pane shows, line 1 first: the program's source (`source_file` is
    /// `None`) or an included file (its path).
    pub source: Vec<String>,
    pub source_file: Option<String>,
    /// The same, highlighted (empty until the highlighting is done).
    pub highlighted: Vec<StyledLine>,
    pub stop: Option<Stopped>,
    pub locals: Vec<(String, String)>,
    pub args: Vec<(String, String)>,
    /// Rows of the variables pane that are open, by path.
    pub open_rows: HashSet<String>,
    /// Printed targets of followed pointers, by `*pointer` expression.
    pub pointees: HashMap<String, String>,
    /// Values at the previous stop by path, to mark what changed.
    pub previous_values: HashMap<String, String>,
    /// The work-items of the group the grid shows.
    pub work_items: Vec<WorkItemInfo>,
    pub groups: Option<Groups>,
    pub grid_level: GridLevel,
    /// The group whose work-items the grid shows (`None`: the current one).
    pub zoom: Option<[u64; 3]>,
    pub breakpoints: Vec<BreakpointInfo>,
    /// The current function's LLVM IR.
    pub ir: Option<Ir>,
    pub ir_highlighted: Vec<StyledLine>,
    /// The IR line the IR pane's cursor is on (`None` follows the current instruction).
    pub ir_cursor: Option<usize>,
    /// Commands, their answers, and where the debugger stopped.
    pub console: Log,
    /// The program's standard output and error, and kernel printf.
    pub output: Log,
    /// Where diagnostics fired: the file as the message names it, and the line.
    pub diagnostic_lines: Vec<(String, u32)>,
    /// Every diagnostic of the session, oldest first, and the one selected.
    pub reports: Vec<Report>,
    pub report_cursor: usize,
    /// The debugger waits for a command.
    pub prompting: bool,
    /// The kernel was told to run (`Command::runs`) and has not stopped since.
    continuing: bool,
    pub ended: bool,
    pub focus: Pane,
    /// The source line the cursor is on (1-based; 0 follows the current line).
    pub cursor: u32,
    /// Columns the source and the IR are scrolled sideways (long lines).
    pub source_left: usize,
    pub ir_left: usize,
    /// The line being typed at the bottom of the console, and what for.
    pub input: Option<String>,
    /// Where the command line's cursor is: this many characters before the end.
    pub input_back: usize,
    pub input_for: InputFor,
    pub history: Vec<String>,
    history_at: Option<usize>,
    /// What was asked while the kernel was running, done at the next prompt.
    queued: Vec<Action>,
    /// The status bar's message, when there is one.
    pub notice: Option<String>,
    /// The work-item cell selected in the grid (`None`: the current work-item's).
    pub grid_cursor: Option<usize>,
    /// The group cell selected in the heat map (`None`: the current group's).
    pub group_cursor: Option<usize>,
    /// The row selected in the variables pane (locals first, then arguments).
    pub var_cursor: usize,
    pub memory: MemoryPane,
    /// A question in the status bar waits for y or n.
    pub confirm: Option<Confirm>,
    /// Ctrl-C was pressed and nothing has stopped since: a second one offers to quit.
    interrupt_unanswered: bool,
    /// The key help is over the screen, scrolled down this many lines.
    pub show_help: bool,
    pub help_scroll: usize,
    pub sizes: Sizes,
    /// The terminal's area, as last drawn.
    pub screen: Rect,
    /// Bumped when text to highlight changes (source, IR); a job's result for an older
    /// text is dropped.
    highlight_generation: [u64; 2],
    highlight_jobs: Vec<HighlightJob>,
}

impl App {
    pub fn new() -> App {
        App {
            screen: Rect::new(0, 0, 120, 40),
            ..App::default()
        }
    }

    /// Takes in a message from the debugger; returns what is due now, if anything waited.
    pub fn update(&mut self, message: Message) -> Option<Action> {
        match message {
            Message::Event(e) => self.event(e),
            Message::Refreshed(what, reply) => self.refreshed(what, reply),
            Message::Prompt => {
                self.prompting = true;
                self.interrupt_unanswered = false;
                while !self.queued.is_empty() {
                    let action = self.queued.remove(0);
                    // A refresh that has become empty (no pointer followed any more, say)
                    // would leave the debugger waiting for nothing.
                    if self.has_nothing_to_ask(&action) {
                        continue;
                    }
                    self.prompting = false;
                    if matches!(action, Action::Send(_)) {
                        // "... waits for the next stop": it no longer does.
                        self.notice = None;
                    }
                    self.sending(&action);
                    return Some(action);
                }
            }
            Message::Ended(why) => {
                self.ended = true;
                self.prompting = false;
                self.notice = Some(format!("{why}: q leaves."));
            }
            Message::Highlighted(what, generation, lines) => {
                if generation == self.highlight_generation[what as usize] {
                    match what {
                        Highlit::Source => self.highlighted = lines,
                        Highlit::Ir => self.ir_highlighted = lines,
                    }
                }
            }
        }
        None
    }

    /// Text that wants highlighting, once each: the front-end does it on a thread of its own
    /// and sends back `Message::Highlighted`.
    pub fn take_highlight_jobs(&mut self) -> Vec<HighlightJob> {
        std::mem::take(&mut self.highlight_jobs)
    }

    fn highlight(&mut self, what: Highlit, lines: Vec<String>) {
        let generation = &mut self.highlight_generation[what as usize];
        *generation += 1;
        // A job not yet taken for the same text is replaced.
        self.highlight_jobs.retain(|j| j.what != what);
        self.highlight_jobs.push(HighlightJob {
            what,
            generation: *generation,
            lines,
            theme: self.theme.syntax.clone(),
        });
    }

    fn event(&mut self, event: Event) {
        match &event {
            Event::LaunchBegin(summary) => {
                self.launch = Some(summary.clone());
                self.launches += 1;
                self.launch_ended = false;
                self.source.clear();
                self.highlighted.clear();
                self.diagnostic_lines.clear();
                self.perf_pending = None;
                self.groups = None;
                self.zoom = None;
                self.say(format!("Kernel '{}' starts.", summary.kernel));
            }
            Event::LaunchEnd { kernel, counts } => {
                self.say(format!("Kernel '{kernel}' has finished."));
                if !counts.is_empty() {
                    self.heat = Some(Heat {
                        kernel: kernel.clone(),
                        counts: counts.clone(),
                    });
                }
                // A launch with performance lints (with them, every launch has its totals)
                // replaces the marks, even with no line marked.
                if let Some(lines) = self.perf_pending.take() {
                    self.perf = Some(PerfMarks {
                        kernel: kernel.clone(),
                        lines,
                    });
                }
                self.launch_ended = true;
                self.prompting = false;
                self.continuing = false;
            }
            // Its text reaches the output with the rest of standard error.
            Event::Diagnostic(d) => {
                // A performance lint marks its line in a column of its own when the launch
                // ends, not with `!`; the pane lists the findings but not the figures (the
                // lines under the thresholds, and the totals).
                let performance = d.rule.is_performance();
                if performance {
                    let place = d.place().map(|p| (p.file.clone(), p.line, d.rule));
                    self.perf_pending.get_or_insert_with(Vec::new).extend(place);
                    if d.rule == Rule::PerformanceFigures {
                        return;
                    }
                }
                let parties = d.parties();
                let line = |p: &Party| p.at.and_then(|a| a.place()).map(|place| place.line);
                let work_item = |p: &Party| p.entity.and_then(|e| e.global());
                // A data race names two accesses, each with its entity and place; other
                // diagnostics are where they first name a place.
                let second = matches!(d.body, Body::Race { .. })
                    .then(|| parties.get(1))
                    .flatten();
                let first = parties.first();
                let first_place = match second {
                    Some(_) => first.and_then(|p| p.at?.place()),
                    None => d.place(),
                };
                let places = (first_place.into_iter())
                    .chain(second.and_then(|p| p.at?.place()))
                    .map(|p| (p.file.clone(), p.line));
                if !performance {
                    self.diagnostic_lines.extend(places);
                }
                self.reports.push(Report {
                    error: d.level == Level::Error,
                    summary: d.summary(),
                    line: first_place.map(|p| p.line),
                    work_item: match second {
                        Some(_) => first.and_then(work_item),
                        None => parties.iter().find_map(work_item),
                    },
                    second: second.map(|s| (line(s), work_item(s))),
                    launch: self.launches,
                    kernel: (d.kernel.clone())
                        .or_else(|| self.launch.as_ref().map(|l| l.kernel.clone()))
                        .unwrap_or_default(),
                });
                self.report_cursor = self.reports.len() - 1;
            }
            Event::Output(text) => self.output.write(text),
            Event::Stopped(stopped) => {
                self.previous_values = self
                    .variable_rows()
                    .into_iter()
                    .map(|r| (r.path, r.value))
                    .collect();
                let group_changed = self
                    .stop
                    .as_ref()
                    .is_none_or(|s| s.position.group != stopped.position.group);
                self.stop = Some(stopped.clone());
                self.continuing = false;
                self.interrupt_unanswered = false;
                self.cursor = 0;
                self.ir_cursor = None;
                self.grid_cursor = None;
                self.group_cursor = None;
                if group_changed {
                    self.zoom = None;
                }
                self.memory.stopped();
                self.echo(&event);
            }
            Event::Reply(_) | Event::Detached => self.echo(&event),
        }
    }

    /// Shows an event the way line mode prints it.
    fn echo(&mut self, event: &Event) {
        for l in render::render(event, true).lines() {
            self.say(l.to_string());
        }
    }

    fn refreshed(&mut self, what: Refresh, reply: Reply) {
        match (what, reply) {
            (Refresh::Source, Reply::Source(lines)) => {
                self.source_file = self.stop_file();
                self.source = lines.into_iter().map(|(_, t)| t).collect();
                self.highlighted.clear();
                self.highlight(Highlit::Source, self.source.clone());
            }
            (Refresh::Locals, Reply::Variables(v)) => self.locals = v,
            (Refresh::Args, Reply::Variables(v)) => self.args = v,
            (Refresh::WorkItems, Reply::WorkItems(w)) => self.work_items = w,
            (
                Refresh::Groups,
                Reply::Groups {
                    total,
                    finished,
                    finished_ranges,
                    started,
                },
            ) => {
                self.groups = Some(Groups {
                    total,
                    finished,
                    finished_ranges,
                    started,
                })
            }
            (Refresh::Breakpoints, Reply::Breakpoints(b)) => self.breakpoints = b,
            (
                Refresh::Ir,
                Reply::Disassembly {
                    function,
                    instructions,
                    current,
                    lines,
                },
            ) => {
                let same = self
                    .ir
                    .as_ref()
                    .is_some_and(|ir| ir.function == function && ir.instructions == instructions);
                if !same {
                    self.ir_highlighted.clear();
                    self.highlight(Highlit::Ir, ir_text(&instructions));
                }
                self.ir = Some(Ir {
                    function,
                    instructions,
                    current,
                    lines,
                });
            }
            (
                Refresh::Memory,
                Reply::MemoryOf {
                    expr,
                    space,
                    address,
                    bytes,
                    uninitialized,
                },
            ) => self
                .memory
                .arrived(&expr, space, address, bytes, uninitialized),
            (Refresh::Pointees, Reply::Values(values)) => {
                for (expr, value) in values {
                    let text = value.unwrap_or_else(|e| format!("<{e}>"));
                    self.pointees.insert(expr, text);
                }
            }
            // A refresh the debugger could not answer (no source, say) leaves the pane empty.
            (Refresh::Source, _) => {
                self.source.clear();
                self.highlighted.clear();
            }
            (Refresh::Locals, _) => self.locals.clear(),
            (Refresh::Args, _) => self.args.clear(),
            (Refresh::WorkItems, _) => self.work_items.clear(),
            (Refresh::Groups, _) => self.groups = None,
            (Refresh::Breakpoints, _) => self.breakpoints.clear(),
            (Refresh::Ir, _) => self.ir = None,
            (Refresh::Memory, reply) => {
                self.memory.current_mut().bytes = None;
                if let Reply::Message(m) = reply {
                    self.notice = Some(m);
                }
            }
            (Refresh::Pointees, _) => self.pointees.clear(),
        }
    }

    fn say(&mut self, line: String) {
        self.console.push(&line);
    }

    /// The line the current work-item is on, in the file shown (0 without one).
    pub fn current_line(&self) -> u32 {
        match &self.stop {
            Some(s) if s.position.file == self.source_file => s.position.line,
            _ => 0,
        }
    }

    /// The file the current work-item is in (`None`: the program's source).
    pub fn stop_file(&self) -> Option<String> {
        self.stop.as_ref().and_then(|s| s.position.file.clone())
    }

    /// Whether the source pane must load another file for this stop.
    pub fn needs_source(&self, stop: &Stopped) -> bool {
        self.source.is_empty() || stop.position.file != self.source_file
    }

    /// How hot a line of the file shown ran in the last finished launch of the current
    /// kernel: 0 (never) to 4 (as often as the hottest line), on a logarithmic scale; `None`
    /// when there are no counts to shade by (no launch of this kernel has finished).
    pub fn heat_at(&self, line: u32) -> Option<usize> {
        let heat = self.heat.as_ref()?;
        if !self.of_current_kernel(&heat.kernel) {
            return None;
        }
        let in_file = |c: &&LineCount| match (&c.file, &self.source_file) {
            (None, None) => true,
            (Some(file), Some(path)) => oclgrind_debug_protocol::text::names(file, path),
            _ => false,
        };
        let (mut hottest, mut count) = (None, 0);
        for c in heat.counts.iter().filter(in_file) {
            hottest = hottest.max(Some(c.instructions));
            if c.line == line {
                count = c.instructions;
            }
        }
        let hottest = hottest?;
        if count == 0 {
            return Some(0);
        }
        let share = (count as f64).ln_1p() / (hottest as f64).ln_1p();
        Some((share * 4.0).ceil().clamp(1.0, 4.0) as usize)
    }

    /// Whether marks of a finished launch of `kernel` apply now: no launch has begun, or the
    /// current one is of the same kernel.
    fn of_current_kernel(&self, kernel: &str) -> bool {
        self.launch.as_ref().is_none_or(|l| l.kernel == kernel)
    }

    /// Whether a file as a diagnostic names it is the file shown.
    fn names_file_shown(&self, file: &str) -> bool {
        match &self.source_file {
            None => file == "input.cl",
            Some(path) => oclgrind_debug_protocol::text::names(file, path),
        }
    }

    /// Whether a diagnostic named this line of the file shown.
    pub fn diagnostic_at(&self, line: u32) -> bool {
        (self.diagnostic_lines.iter()).any(|(file, l)| *l == line && self.names_file_shown(file))
    }

    /// The performance lints' marks on the file shown, from the last launch of the current
    /// kernel that had lints; empty when there are none (no column).
    fn perf_marks_shown(&self) -> impl Iterator<Item = (u32, Rule)> + '_ {
        let marks = (self.perf.as_ref()).filter(|p| self.of_current_kernel(&p.kernel));
        (marks.into_iter())
            .flat_map(|p| &p.lines)
            .filter(|(file, _, _)| self.names_file_shown(file))
            .map(|(_, line, rule)| (*line, *rule))
    }

    /// Whether the source pane has a column for performance lints: some mark on the file
    /// shown.
    pub fn perf_column(&self) -> bool {
        self.perf_marks_shown().next().is_some()
    }

    /// The performance lint that marks this line of the file shown: where several do, the
    /// first of uncoalesced access, bank conflict, divergent branch, then figures alone.
    pub fn perf_at(&self, line: u32) -> Option<Rule> {
        let rank = |rule: &Rule| match rule {
            Rule::UncoalescedAccess => 0,
            Rule::BankConflict => 1,
            Rule::DivergentBranch => 2,
            _ => 3,
        };
        (self.perf_marks_shown())
            .filter(|(l, _)| *l == line)
            .map(|(_, rule)| rule)
            .min_by_key(rank)
    }

    /// The line the source cursor is on.
    pub fn cursor_line(&self) -> u32 {
        if self.cursor != 0 {
            self.cursor
        } else {
            self.current_line().max(1)
        }
    }

    pub fn areas(&self) -> Areas {
        self.areas_in(self.screen)
    }

    /// Where the panes go on a screen of this size: the memory pane stays open on a short
    /// screen while it is focused or shows something.
    pub fn areas_in(&self, screen: Rect) -> Areas {
        let memory_wanted = self.focus == Pane::Memory || self.memory.current().target.is_some();
        layout::areas(screen, &self.sizes, memory_wanted)
    }

    /// The rows and columns a log pane (console or output) shows its lines in: the console's
    /// last row is the command line.
    pub fn log_view(&self, pane: Pane) -> (usize, usize) {
        let inner = layout::inner(self.areas().of(pane));
        let rows = match pane {
            Pane::Console => inner.height.saturating_sub(1),
            _ => inner.height,
        };
        (rows as usize, inner.width as usize)
    }

    pub(crate) fn log_mut(&mut self, pane: Pane) -> &mut Log {
        match pane {
            Pane::Console => &mut self.console,
            _ => &mut self.output,
        }
    }

    /// The first source line shown in `height` rows: the cursor line stays a third of the
    /// way down, so what follows it shows.
    pub fn source_first_line(&self, height: usize) -> usize {
        (self.cursor_line() as usize)
            .saturating_sub(height / 3)
            .min(self.source.len().saturating_sub(height))
            .max(1)
    }

    /// The IR line the IR pane's cursor is on: where it was moved to, else the first
    /// instruction of the source line the source cursor is on (the two stay in step), else
    /// the current instruction.
    pub fn ir_line(&self) -> usize {
        let ir = self.ir.as_ref();
        let line = self.cursor_ir_line();
        self.ir_cursor
            .or_else(|| {
                let lines = &ir?.lines;
                lines.iter().position(|&l| l == line).filter(|_| line != 0)
            })
            .or_else(|| ir.and_then(|ir| ir.current))
            .unwrap_or(0)
    }

    /// The source line whose instructions the IR pane marks: the source cursor's, once it
    /// has been moved, in the current function's file (0: none).
    pub fn cursor_ir_line(&self) -> u32 {
        if self.cursor == 0 || self.source_file != self.stop_file() {
            0
        } else {
            self.cursor
        }
    }

    /// The breakpoint on this line of the file shown.
    pub fn breakpoint_at(&self, line: u32) -> Option<u32> {
        self.breakpoints
            .iter()
            .find(|b| b.line == Some(line) && b.file == self.source_file)
            .map(|b| b.number)
    }

    /// The variables pane's rows: locals, then arguments, each with its open parts.
    pub fn variable_rows(&self) -> Vec<Row> {
        let mut rows = variables::rows(&self.locals, &self.open_rows, &self.pointees);
        rows.extend(variables::rows(&self.args, &self.open_rows, &self.pointees));
        rows
    }

    /// How many of the rows belong to locals.
    pub fn local_rows(&self) -> usize {
        variables::rows(&self.locals, &self.open_rows, &self.pointees).len()
    }

    /// The `*pointer` expressions of the followed pointers.
    pub fn followed_pointers(&self) -> Vec<String> {
        self.variable_rows()
            .iter()
            .filter(|r| r.kind == Kind::Pointer(true))
            .map(|r| variables::deref(&r.path))
            .collect()
    }

    /// Whether a row's value differs from the previous stop.
    pub fn changed(&self, path: &str, value: &str) -> bool {
        self.previous_values
            .get(path)
            .is_some_and(|before| before != value)
    }

    /// The group whose work-items the grid shows.
    pub fn shown_group(&self) -> Option<[u64; 3]> {
        self.zoom
            .or_else(|| self.stop.as_ref().map(|s| s.position.group))
    }

    /// Work-groups per dimension.
    pub fn num_groups(&self) -> [u64; 3] {
        let Some(l) = &self.launch else {
            return [1; 3];
        };
        std::array::from_fn(|d| l.global_size[d].div_ceil(l.local_size[d].max(1)).max(1))
    }

    /// The heat map's cells for the work-items pane as it is laid out now.
    pub fn group_cells(&self) -> Vec<GroupCell> {
        let Some(groups) = &self.groups else {
            return Vec::new();
        };
        let area = layout::inner(self.areas().of(Pane::WorkItems));
        let capacity = grid::placement(area.width, area.height).capacity();
        let num_groups = self.num_groups();
        let local = self.launch.as_ref().map_or([1; 3], |l| l.local_size);
        let offset = self.launch.as_ref().map_or([0; 3], |l| l.global_offset);
        let diagnostic_groups: Vec<u64> = self
            .reports
            .iter()
            .filter(|r| r.launch == self.launches)
            .filter_map(|r| r.work_item)
            .map(|w| {
                let g = std::array::from_fn(|d| w[d].saturating_sub(offset[d]) / local[d].max(1));
                grid::linear(g, num_groups)
            })
            .collect();
        grid::group_cells(groups, num_groups, capacity, &diagnostic_groups)
    }

    /// Whether a diagnostic of this launch named this work-item.
    pub fn hit_diagnostic(&self, global: [u64; 3]) -> bool {
        self.reports
            .iter()
            .any(|r| r.launch == self.launches && r.work_item == Some(global))
    }

    /// The grid cell of the current work-item.
    pub fn current_cell(&self) -> usize {
        self.work_items.iter().position(|w| w.current).unwrap_or(0)
    }

    /// The work-item cell shown as selected.
    pub fn selected_cell(&self) -> usize {
        self.grid_cursor.unwrap_or_else(|| self.current_cell())
    }

    /// The heat-map cell shown as selected.
    pub fn selected_group_cell(&self, cells: &[GroupCell]) -> usize {
        self.group_cursor
            .unwrap_or_else(|| cells.iter().position(|c| c.current).unwrap_or(0))
    }

    /// A command for the debugger: sent now if it waits for one, else at its next prompt.
    fn send(&mut self, command: Command) -> Option<Action> {
        self.when_stopped(Action::Send(command))
    }

    fn when_stopped(&mut self, action: Action) -> Option<Action> {
        if self.ended {
            self.notice = Some("The program has ended.".into());
            return None;
        }
        if self.has_nothing_to_ask(&action) {
            return None;
        }
        if self.prompting {
            self.prompting = false;
            self.notice = None;
            self.sending(&action);
            Some(action)
        } else {
            if matches!(action, Action::Send(_)) {
                self.notice =
                    Some("The kernel is running: the command waits for the next stop.".into());
            }
            self.queued.push(action);
            None
        }
    }

    /// `action` goes to the debugger now: a `continue` (or a step, either way) lets the
    /// kernel run until it stops.
    fn sending(&mut self, action: &Action) {
        if let Action::Send(command) = action {
            self.continuing = command.runs();
        }
    }

    /// A refresh whose pane needs nothing from the debugger now (an empty memory tab).
    fn has_nothing_to_ask(&self, action: &Action) -> bool {
        matches!(action, Action::Refresh(what) if what.command(self).is_none())
    }
}
