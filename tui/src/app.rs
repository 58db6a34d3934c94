//! The TUI's model: what the debugger has reported, and what the user is doing. It has no
//! terminal in it, so tests drive it with messages, keys and clicks and read the state back.

use std::collections::{HashMap, HashSet};

use oclgrind_debugger::line::{self, Parsed};
use oclgrind_debugger::protocol::*;
use ratatui::layout::Rect;

use crate::grid::{self, GroupCell, Groups};
use crate::highlight::StyledLine;
use crate::keymap::{KeyAction, Keymap};
use crate::layout::{self, Areas, Sizes};
use crate::memory::{self, MemoryPane, Target};
use crate::theme::Theme;
use crate::variables::{self, Kind, Row};

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

/// A diagnostic of the session, for the diagnostics pane.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub error: bool,
    /// Its first line ("Invalid read of size 4 at ...").
    pub summary: String,
    /// The source line and the work-item it names, when it names them.
    pub line: Option<u32>,
    pub work_item: Option<[u64; 3]>,
    /// Which launch of the session it came from (1 for the first).
    pub launch: usize,
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

/// Text without terminal control sequences: the program writes to a pseudo-terminal, so it
/// may colour its output, and the escape codes would show as garbage in a pane.
fn plain_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\u{1b}' => match chars.next() {
                // CSI: parameters, then one final byte in @..~.
                Some('[') => {
                    for c in chars.by_ref() {
                        if ('@'..='~').contains(&c) {
                            break;
                        }
                    }
                }
                // OSC: up to BEL or ESC \.
                Some(']') => {
                    while let Some(c) = chars.next() {
                        if c == '\u{7}' || (c == '\u{1b}' && chars.next_if_eq(&'\\').is_some()) {
                            break;
                        }
                    }
                }
                _ => {}
            },
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// The most lines the console and the output keep.
const LOG_LINES: usize = 5000;

/// A scrollable log of lines (console, output).
#[derive(Clone, Debug, Default)]
pub struct Log {
    pub lines: Vec<String>,
    /// Lines scrolled back from the end.
    pub back: usize,
    /// The last line has no newline yet (output comes in pieces).
    open: bool,
}

impl Log {
    pub fn push(&mut self, line: &str) {
        // Tabs would leave cells of the screen unwritten.
        self.lines.push(line.replace('\t', "    "));
        self.open = false;
        self.trim();
    }

    /// Appends text that may end in the middle of a line.
    pub fn write(&mut self, text: &str) {
        let text = &plain_text(text);
        for (i, piece) in text.split('\n').enumerate() {
            let piece = piece.replace('\t', "    ");
            let continues = i == 0 && self.open;
            match self.lines.last_mut() {
                Some(last) if continues => last.push_str(&piece),
                _ => self.lines.push(piece),
            }
        }
        // A text ending in a newline leaves an empty piece: the next one starts a line.
        if text.ends_with('\n') {
            self.lines.pop();
            self.open = false;
        } else {
            self.open = true;
        }
        self.trim();
    }

    fn trim(&mut self) {
        if self.lines.len() > LOG_LINES {
            self.lines.drain(..self.lines.len() - LOG_LINES);
        }
    }

    fn scroll(&mut self, by: i64) {
        self.back = (self.back as i64 - by).clamp(0, self.lines.len() as i64) as usize;
    }

    pub fn last(&self) -> Option<&str> {
        self.lines.last().map(String::as_str)
    }
}

#[derive(Default)]
pub struct App {
    pub keymap: Keymap,
    pub theme: Theme,
    pub launch: Option<LaunchSummary>,
    /// Launches seen so far (the current one's number).
    pub launches: usize,
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
    /// A `continue` was sent and the kernel has not stopped since.
    continuing: bool,
    pub ended: bool,
    pub focus: Pane,
    /// The source line the cursor is on (1-based; 0 follows the current line).
    pub cursor: u32,
    /// The line being typed at the bottom of the console, and what for.
    pub input: Option<String>,
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
    /// `q` was pressed while the program runs: waiting for y or n.
    pub confirm_quit: bool,
    /// The key help is over the screen.
    pub show_help: bool,
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
                while !self.queued.is_empty() {
                    let action = self.queued.remove(0);
                    // A refresh that has become empty (no pointer followed any more, say)
                    // would leave the debugger waiting for nothing.
                    if self.has_nothing_to_ask(&action) {
                        continue;
                    }
                    self.prompting = false;
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
                self.source.clear();
                self.highlighted.clear();
                self.diagnostic_lines.clear();
                self.groups = None;
                self.zoom = None;
                self.say(format!("Kernel '{}' starts.", summary.kernel));
            }
            Event::LaunchEnd { kernel } => {
                self.say(format!("Kernel '{kernel}' has finished."));
                self.prompting = false;
                self.continuing = false;
            }
            // Its text reaches the output with the rest of standard error.
            Event::Diagnostic { error, message } => {
                let line = diagnostic_line(message);
                if let Some(place) = diagnostic_place(message) {
                    self.diagnostic_lines.push(place);
                }
                self.reports.push(Report {
                    error: *error,
                    summary: diagnostic_summary(message),
                    line,
                    work_item: diagnostic_work_item(message),
                    launch: self.launches,
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
        for l in line::render(event).lines() {
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
                },
            ) => self.memory.arrived(&expr, space, address, bytes),
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

    /// Whether a diagnostic named this line of the file shown.
    pub fn diagnostic_at(&self, line: u32) -> bool {
        self.diagnostic_lines.iter().any(|(file, l)| {
            *l == line
                && match &self.source_file {
                    None => file == "input.cl",
                    Some(path) => oclgrind_debugger::files::names(file, path),
                }
        })
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
        layout::areas(self.screen, &self.sizes)
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

    /// `action` goes to the debugger now: a `continue` lets the kernel run until it stops.
    fn sending(&mut self, action: &Action) {
        if let Action::Send(command) = action {
            self.continuing = matches!(command, Command::Continue);
        }
    }

    /// A refresh whose pane needs nothing from the debugger now (an empty memory tab).
    fn has_nothing_to_ask(&self, action: &Action) -> bool {
        matches!(action, Action::Refresh(what) if what.command(self).is_none())
    }

    /// Handles a key; returns what it asks for, if anything.
    pub fn key(&mut self, key: Key) -> Option<Action> {
        if self.input.is_some() {
            return self.input_key(key);
        }
        if self.show_help {
            // Any key closes the help.
            self.show_help = false;
            return None;
        }
        if self.confirm_quit {
            self.confirm_quit = false;
            self.notice = None;
            return match key {
                Key::Char('y') | Key::Char('Y') => self.send(Command::Quit),
                _ => None,
            };
        }
        let action = self.keymap.action(key)?;
        self.act(action)
    }

    fn act(&mut self, action: KeyAction) -> Option<Action> {
        match action {
            KeyAction::Quit => {
                if self.ended {
                    return Some(Action::Exit);
                }
                // Quitting leaves the debugger; the program runs on to its end unwatched.
                self.confirm_quit = true;
                self.notice = Some("Stop debugging (the program runs on)? y/n".into());
                None
            }
            // Only a kernel that was told to continue is interrupted: at a stop (while the
            // panes refresh, say) or between launches there is nothing to interrupt.
            KeyAction::Interrupt => self.continuing.then_some(Action::Interrupt),
            KeyAction::Help => {
                self.show_help = true;
                None
            }
            KeyAction::Continue => self.send(Command::Continue),
            KeyAction::Next => self.send(Command::Next),
            KeyAction::Step => self.send(Command::Step),
            KeyAction::Finish => self.send(Command::Finish),
            KeyAction::ToggleBreakpoint => self.toggle_breakpoint(),
            KeyAction::CommandLine => {
                self.start_input(InputFor::Command);
                None
            }
            KeyAction::MemoryAddress => {
                self.focus = Pane::Memory;
                self.start_input(InputFor::Address);
                None
            }
            KeyAction::NextPane => {
                self.cycle_focus(1);
                None
            }
            KeyAction::PreviousPane => {
                self.cycle_focus(PANES.len() - 1);
                None
            }
            KeyAction::Up | KeyAction::Left => self.scroll(-1, action == KeyAction::Left),
            KeyAction::Down | KeyAction::Right => self.scroll(1, action == KeyAction::Right),
            KeyAction::PageUp => self.scroll(-20, false),
            KeyAction::PageDown => self.scroll(20, false),
            KeyAction::Top => {
                match self.focus {
                    Pane::Console => self.console.back = 0,
                    Pane::Output => self.output.back = 0,
                    Pane::Ir => self.ir_cursor = None,
                    _ => self.cursor = 0,
                }
                None
            }
            KeyAction::Open => self.open(),
            KeyAction::ShowMemory => {
                let row = self.variable_rows().into_iter().nth(self.var_cursor)?;
                self.show_memory(Target::Expr(row.path))
            }
            KeyAction::ZoomOut => {
                self.grid_level = GridLevel::Groups;
                None
            }
            KeyAction::MemoryType => {
                self.memory.element = self.memory.element.next();
                None
            }
            KeyAction::MemorySpace => {
                self.memory.tab = (self.memory.tab + 1) % memory::SPACES.len();
                self.when_stopped(Action::Refresh(Refresh::Memory))
            }
            KeyAction::Wider => {
                self.sizes.widen(self.focus, 1);
                None
            }
            KeyAction::Narrower => {
                self.sizes.widen(self.focus, -1);
                None
            }
            KeyAction::Taller => {
                self.sizes.heighten(self.focus, 1);
                None
            }
            KeyAction::Shorter => {
                self.sizes.heighten(self.focus, -1);
                None
            }
        }
    }

    /// Enter on the focused pane.
    fn open(&mut self) -> Option<Action> {
        match self.focus {
            Pane::Variables => {
                let row = self.variable_rows().into_iter().nth(self.var_cursor)?;
                match row.kind {
                    Kind::Leaf => self.show_memory(Target::Expr(row.path)),
                    Kind::Parts(open) | Kind::Pointer(open) => {
                        if open {
                            self.open_rows.remove(&row.path);
                            None
                        } else {
                            self.open_rows.insert(row.path);
                            let pointer = matches!(row.kind, Kind::Pointer(_));
                            pointer.then_some(())?;
                            self.when_stopped(Action::Refresh(Refresh::Pointees))
                        }
                    }
                }
            }
            Pane::Diagnostics => {
                // To the report's line, and to the work-item it names (if that can be
                // switched to: the debugger answers if not).
                let report = self.reports.get(self.report_cursor)?.clone();
                if let Some(line) = report.line {
                    self.cursor = line;
                }
                self.focus = Pane::Source;
                let global = report.work_item?;
                self.send(Command::WorkItem { global })
            }
            Pane::WorkItems => match self.grid_level {
                GridLevel::WorkItems => {
                    let global = self.work_items.get(self.selected_cell())?.global;
                    self.send(Command::WorkItem { global })
                }
                GridLevel::Groups => {
                    let cells = self.group_cells();
                    let cell = cells.get(self.selected_group_cell(&cells))?;
                    let num_groups = self.num_groups();
                    let current = self.stop.as_ref().map(|s| s.position.group);
                    // A cell of many groups opens the current one if it is there.
                    let group = current
                        .filter(|&g| {
                            (cell.first..cell.first + cell.count)
                                .contains(&grid::linear(g, num_groups))
                        })
                        .unwrap_or_else(|| grid::group_id(cell.first, num_groups));
                    self.zoom = Some(group);
                    self.grid_cursor = None;
                    self.grid_level = GridLevel::WorkItems;
                    self.when_stopped(Action::Refresh(Refresh::WorkItems))
                }
            },
            Pane::Source => self.toggle_breakpoint(),
            _ => None,
        }
    }

    fn show_memory(&mut self, target: Target) -> Option<Action> {
        self.memory.show(target);
        self.when_stopped(Action::Refresh(Refresh::Memory))
    }

    fn start_input(&mut self, what: InputFor) {
        self.input = Some(String::new());
        self.input_for = what;
        self.history_at = None;
    }

    fn cycle_focus(&mut self, by: usize) {
        let at = PANES.iter().position(|&p| p == self.focus).unwrap_or(0);
        self.focus = PANES[(at + by) % PANES.len()];
    }

    /// Moves in the focused pane (`sideways`: left or right, which the grid and memory use
    /// differently from up and down).
    fn scroll(&mut self, by: i64, sideways: bool) -> Option<Action> {
        self.scroll_pane(self.focus, by, sideways);
        None
    }

    fn scroll_pane(&mut self, pane: Pane, by: i64, sideways: bool) {
        let clamp = |at: usize, last: usize| (at as i64 + by).clamp(0, last as i64) as usize;
        match pane {
            Pane::Variables => {
                let last = self.variable_rows().len().saturating_sub(1);
                self.var_cursor = clamp(self.var_cursor, last);
            }
            Pane::Memory => {
                let rows = self
                    .memory
                    .current()
                    .bytes
                    .as_ref()
                    .map_or(0, |(_, b)| b.len() / 8);
                let tab = self.memory.current_mut();
                tab.scroll = clamp(tab.scroll, rows.saturating_sub(1));
            }
            Pane::Diagnostics => {
                let last = self.reports.len().saturating_sub(1);
                self.report_cursor = clamp(self.report_cursor, last);
            }
            Pane::WorkItems => {
                let area = layout::inner(self.areas().of(Pane::WorkItems));
                let per_row = grid::placement(area.width, area.height).per_row as i64;
                let by = if sideways || by.abs() > 1 {
                    by
                } else {
                    by * per_row
                };
                match self.grid_level {
                    GridLevel::WorkItems => {
                        let last = self.work_items.len().saturating_sub(1) as i64;
                        let at = self.selected_cell() as i64;
                        self.grid_cursor = Some((at + by).clamp(0, last.max(0)) as usize);
                    }
                    GridLevel::Groups => {
                        let cells = self.group_cells();
                        let last = cells.len().saturating_sub(1) as i64;
                        let at = self.selected_group_cell(&cells) as i64;
                        self.group_cursor = Some((at + by).clamp(0, last.max(0)) as usize);
                    }
                }
            }
            Pane::Console => self.console.scroll(by),
            Pane::Output => self.output.scroll(by),
            Pane::Ir => {
                let last = self
                    .ir
                    .as_ref()
                    .map_or(0, |ir| ir.instructions.len().saturating_sub(1));
                self.ir_cursor = Some(clamp(self.ir_line(), last));
            }
            Pane::Source => {
                let last = self.source.len().max(1) as i64;
                self.cursor = (self.cursor_line() as i64 + by).clamp(1, last) as u32;
            }
        }
    }

    /// A mouse event: a click focuses the pane under it and picks what is there (a line, a
    /// gutter mark, a variable, a grid cell, a report); the wheel scrolls.
    pub fn mouse(&mut self, event: Mouse) -> Option<Action> {
        let (x, y) = match event {
            Mouse::Click(x, y) | Mouse::ScrollUp(x, y) | Mouse::ScrollDown(x, y) => (x, y),
        };
        if self.show_help || self.input.is_some() && !matches!(event, Mouse::Click(..)) {
            return None;
        }
        let (pane, area) = self.areas().pane_at(x, y)?;
        match event {
            Mouse::ScrollUp(..) => {
                self.scroll_pane(pane, -3, false);
                return None;
            }
            Mouse::ScrollDown(..) => {
                self.scroll_pane(pane, 3, false);
                return None;
            }
            Mouse::Click(..) => {}
        }
        if self.input.is_some() {
            return None;
        }
        self.focus = pane;
        let inner = layout::inner(area);
        if !inner.contains(ratatui::layout::Position { x, y }) {
            return None; // the border: focus only
        }
        let (row, column) = ((y - inner.y) as usize, x - inner.x);
        match pane {
            Pane::Source => {
                let line = self.source_first_line(inner.height as usize) + row;
                if line > self.source.len() {
                    return None;
                }
                self.cursor = line as u32;
                // The gutter's marks (breakpoint, diagnostic, current) are its first columns.
                if column < GUTTER_MARKS {
                    return self.toggle_breakpoint();
                }
                None
            }
            Pane::Variables => {
                let rows = self.variable_rows();
                let index = self.variable_at(row, inner.height as usize, &rows)?;
                let again = index == self.var_cursor;
                self.var_cursor = index;
                // A second click on a row opens it, like Enter.
                if again {
                    return self.open();
                }
                None
            }
            Pane::WorkItems => {
                let place = grid::placement(inner.width, inner.height);
                match self.grid_level {
                    GridLevel::WorkItems => {
                        let first = place.first_row(self.selected_cell());
                        let cell = place.cell_at(row as u16, column, first)?;
                        self.work_items.get(cell)?;
                        self.grid_cursor = Some(cell);
                    }
                    GridLevel::Groups => {
                        let cells = self.group_cells();
                        let first = place.first_row(self.selected_group_cell(&cells));
                        let cell = place.cell_at(row as u16, column, first)?;
                        cells.get(cell)?;
                        self.group_cursor = Some(cell);
                    }
                }
                self.open()
            }
            Pane::Diagnostics => {
                let first = self.report_first_row(inner.height as usize);
                let index = first + row;
                self.reports.get(index)?;
                self.report_cursor = index;
                self.open()
            }
            Pane::Memory if row == 0 => {
                // The tab names: "private local global".
                let tab = memory::tab_at(column as usize)?;
                if tab != self.memory.tab {
                    self.memory.tab = tab;
                    return self.when_stopped(Action::Refresh(Refresh::Memory));
                }
                None
            }
            _ => None,
        }
    }

    /// The row of the variables list at screen row `row`, given the heading lines.
    fn variable_at(&self, row: usize, height: usize, rows: &[Row]) -> Option<usize> {
        let lines = self.variable_lines(rows);
        let first = first_in_view(
            lines
                .iter()
                .position(|l| *l == Some(self.var_cursor))
                .unwrap_or(0),
            height,
        );
        (*lines.get(first + row)?).filter(|&i| i < rows.len())
    }

    /// The lines of the variables pane: `None` for a heading, else a row's index.
    pub fn variable_lines(&self, rows: &[Row]) -> Vec<Option<usize>> {
        let locals = self.local_rows();
        let mut lines = Vec::new();
        if locals > 0 {
            lines.push(None);
        }
        lines.extend((0..locals).map(Some));
        if rows.len() > locals {
            lines.push(None);
        }
        lines.extend((locals..rows.len()).map(Some));
        lines
    }

    /// The first report shown in `height` rows (the selected one stays in view).
    pub fn report_first_row(&self, height: usize) -> usize {
        first_in_view(self.report_cursor, height)
    }

    fn toggle_breakpoint(&mut self) -> Option<Action> {
        let line = self.cursor_line();
        let command = match self.breakpoint_at(line) {
            Some(number) => Command::Delete {
                number: Some(number),
            },
            None => Command::Break {
                file: self.source_file.clone(),
                line: Some(line),
                condition: None,
                temporary: false,
            },
        };
        self.send(command)
    }

    fn input_key(&mut self, key: Key) -> Option<Action> {
        let input = self.input.as_mut()?;
        match key {
            Key::Char(c) => input.push(c),
            Key::Backspace => {
                input.pop();
            }
            Key::Esc | Key::Ctrl('c') => self.input = None,
            Key::Tab if self.input_for == InputFor::Command => self.complete(),
            Key::Up | Key::Down if self.input_for == InputFor::Command => {
                if self.history.is_empty() {
                    return None;
                }
                let last = self.history.len() - 1;
                let at = match (self.history_at, key) {
                    (None, Key::Up) => last,
                    (Some(i), Key::Up) => i.saturating_sub(1),
                    (Some(i), _) if i < last => i + 1,
                    _ => return None,
                };
                self.history_at = Some(at);
                *input = self.history[at].clone();
            }
            Key::Enter => {
                let text = self.input.take().unwrap_or_default();
                return match self.input_for {
                    InputFor::Command => self.run_command_line(text.trim()),
                    InputFor::Address => self.memory_address(text.trim()),
                };
            }
            _ => {}
        }
        None
    }

    /// Tab on the command line: completes the command, or the variable after it.
    fn complete(&mut self) {
        let Some(input) = &self.input else {
            return;
        };
        let (head, word) = match input.rsplit_once(' ') {
            Some((head, word)) => (format!("{head} "), word.to_string()),
            None => (String::new(), input.clone()),
        };
        let candidates: Vec<String> = if head.is_empty() {
            line::command_names().map(str::to_string).collect()
        } else if head.trim() == "info" || head.trim() == "i" {
            ["break", "locals", "args", "workitems", "groups", "display"]
                .iter()
                .map(|s| s.to_string())
                .collect()
        } else {
            self.locals
                .iter()
                .chain(&self.args)
                .map(|(n, _)| n.clone())
                .collect()
        };
        let matching: Vec<&String> = candidates.iter().filter(|c| c.starts_with(&word)).collect();
        let Some(first) = matching.first() else {
            return;
        };
        // The longest start they share.
        let mut common = first.to_string();
        for m in &matching[1..] {
            while !m.starts_with(&common) {
                common.pop();
            }
        }
        let done = matching.len() == 1;
        self.input = Some(format!("{head}{common}{}", if done { " " } else { "" }));
        self.notice = (!done).then(|| {
            let names: Vec<&str> = matching.iter().map(|s| s.as_str()).collect();
            names.join("  ")
        });
    }

    /// An address (or an expression) typed for the memory pane.
    fn memory_address(&mut self, text: &str) -> Option<Action> {
        if text.is_empty() {
            return None;
        }
        let target = match memory::parse_address(text) {
            Some(address) => Target::Address(address),
            None => Target::Expr(text.to_string()),
        };
        self.show_memory(target)
    }

    /// A typed command: parsed as line mode parses it.
    fn run_command_line(&mut self, text: &str) -> Option<Action> {
        if text.is_empty() {
            return None;
        }
        self.history.push(text.to_string());
        self.say(format!("(oclgrind) {text}"));
        match line::parse(text) {
            Parsed::Command(c) => self.send(c),
            Parsed::Output(out) => {
                for l in out.lines() {
                    self.say(l.to_string());
                }
                None
            }
            // No y/n question in the TUI: deleting all is what the user typed.
            Parsed::ConfirmDeleteAll => self.send(Command::Delete { number: None }),
        }
    }
}

/// Columns of the source gutter before the line number: breakpoint, diagnostic, current.
pub const GUTTER_MARKS: u16 = 3;

/// The first of a list's rows to show in `height` rows so that row `at` is in view.
pub fn first_in_view(at: usize, height: usize) -> usize {
    at.saturating_sub(height.saturating_sub(1))
}

/// The IR as the pane shows it: without debug-info attachments, which are noise there.
fn ir_text(instructions: &[String]) -> Vec<String> {
    instructions
        .iter()
        .map(|i| i.split(", !dbg").next().unwrap_or(i).to_string())
        .collect()
}

/// A diagnostic in a line: its first line, or for an API error (`--check-api`) the function
/// and the error code.
fn diagnostic_summary(message: &str) -> String {
    let first = message
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default();
    if first.contains("OpenCL runtime error detected") {
        let field = |name: &str| {
            message
                .lines()
                .find_map(|l| l.trim().strip_prefix(name))
                .map(str::trim)
        };
        if let (Some(function), Some(error)) = (field("Function:"), field("Error:")) {
            return format!("{function}: {error}");
        }
    }
    first.to_string()
}

/// The work-item a diagnostic names ("Entity: Global(5,0,0) Local(...) ...").
fn diagnostic_work_item(message: &str) -> Option<[u64; 3]> {
    let rest = message.split("Global(").nth(1)?;
    let inside = rest.split(')').next()?;
    let mut ids = inside.split(',').map(|n| n.trim().parse::<u64>().ok());
    Some([ids.next()??, ids.next()??, ids.next()??])
}

/// The source line a diagnostic names ("At line 9 (column 17) of input.cl:").
fn diagnostic_line(message: &str) -> Option<u32> {
    diagnostic_place(message).map(|(_, line)| line)
}

/// The file and line a diagnostic names ("At line 9 (column 17) of input.cl:").
fn diagnostic_place(message: &str) -> Option<(String, u32)> {
    message.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("At line ")?;
        let line = rest
            .split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()?;
        let file = rest.split_once(" of ")?.1.trim_end_matches(':');
        Some((file.to_string(), line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stopped(line: u32) -> Stopped {
        Stopped {
            reason: StopReason::Step,
            position: Position {
                global: [1, 0, 0],
                local: [1, 0, 0],
                group: [0, 0, 0],
                function: "k".into(),
                args: vec![],
                file: None,
                line,
                source: Some("x = 1;".into()),
                instruction: None,
                depth: 0,
                finished: false,
                at_barrier: false,
            },
            entered_function: false,
            displays: vec![],
        }
    }

    fn launch(global: u64, local: u64) -> Event {
        Event::LaunchBegin(LaunchSummary {
            kernel: "k".into(),
            global_size: [global, 1, 1],
            global_offset: [0; 3],
            local_size: [local, 1, 1],
        })
    }

    fn work_items(n: u64, current: u64) -> Reply {
        Reply::WorkItems(
            (0..n)
                .map(|i| WorkItemInfo {
                    global: [i, 0, 0],
                    state: WorkItemState::Ready,
                    current: i == current,
                })
                .collect(),
        )
    }

    fn focus(app: &mut App, pane: Pane) {
        for _ in 0..PANES.len() {
            if app.focus == pane {
                return;
            }
            app.key(Key::Tab);
        }
        panic!("{pane:?} never took the focus");
    }

    fn type_text(app: &mut App, text: &str) {
        for c in text.chars() {
            app.key(Key::Char(c));
        }
    }

    #[test]
    fn keys_send_commands_only_at_a_prompt() {
        let mut app = App::new();
        assert_eq!(app.key(Key::Char('n')), None, "the kernel runs: queued");
        assert_eq!(
            app.update(Message::Prompt),
            Some(Action::Send(Command::Next)),
            "the queued command goes at the prompt"
        );
        assert_eq!(app.key(Key::F(5)), None);
        assert_eq!(
            app.update(Message::Prompt),
            Some(Action::Send(Command::Continue))
        );
        app.update(Message::Prompt);
        assert_eq!(app.key(Key::F(11)), Some(Action::Send(Command::Step)));
        assert!(!app.prompting);
        assert_eq!(app.key(Key::Ctrl('c')), None, "a step is not interrupted");
        app.update(Message::Prompt);
        assert_eq!(
            app.key(Key::Char('c')),
            Some(Action::Send(Command::Continue))
        );
        assert_eq!(
            app.key(Key::Ctrl('c')),
            Some(Action::Interrupt),
            "it runs on"
        );
        app.update(Message::Event(Event::Stopped(stopped(3))));
        assert_eq!(
            app.key(Key::Ctrl('c')),
            None,
            "stopped: nothing to interrupt"
        );
        app.update(Message::Prompt);
        assert_eq!(
            app.key(Key::ShiftF(11)),
            Some(Action::Send(Command::Finish))
        );
    }

    #[test]
    fn the_user_keymap_is_what_keys_do() {
        let mut app = App::new();
        app.keymap.overlay("continue = [\"r\"]").unwrap();
        app.update(Message::Prompt);
        assert_eq!(app.key(Key::Char('c')), None);
        assert_eq!(
            app.key(Key::Char('r')),
            Some(Action::Send(Command::Continue))
        );
    }

    #[test]
    fn breakpoint_key_toggles_at_the_cursor() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Source,
            Reply::Source((1..=9).map(|n| (n, format!("line {n}"))).collect()),
        );
        app.update(Message::Event(Event::Stopped(stopped(4))));
        app.update(Message::Prompt);
        app.key(Key::Down);
        app.key(Key::Down);
        assert_eq!(app.cursor_line(), 6);
        assert_eq!(
            app.key(Key::Char('b')),
            Some(Action::Send(Command::Break {
                file: None,
                line: Some(6),
                condition: None,
                temporary: false
            }))
        );
        app.refreshed(
            Refresh::Breakpoints,
            Reply::Breakpoints(vec![BreakpointInfo {
                number: 3,
                file: None,
                line: Some(6),
                watch: None,
                condition: None,
                temporary: false,
                hits: 0,
            }]),
        );
        app.update(Message::Prompt);
        assert_eq!(
            app.key(Key::F(9)),
            Some(Action::Send(Command::Delete { number: Some(3) }))
        );
        let jobs = app.take_highlight_jobs();
        assert_eq!(jobs.len(), 1, "the source wants highlighting");
        assert_eq!(jobs[0].lines[8], "line 9");
        assert!(app.take_highlight_jobs().is_empty(), "once");
        app.update(Message::Highlighted(
            Highlit::Source,
            jobs[0].generation,
            vec![],
        ));
        app.update(Message::Highlighted(Highlit::Source, 99, vec![vec![]]));
        assert!(app.highlighted.is_empty(), "a stale result is dropped");
    }

    #[test]
    fn command_line_parses_like_line_mode_and_keeps_history() {
        let mut app = App::new();
        app.update(Message::Prompt);
        app.key(Key::Char(':'));
        type_text(&mut app, "p/x gid");
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::Print {
                exprs: vec!["gid".into()],
                format: Some('x')
            }))
        );
        assert_eq!(app.console.last(), Some("(oclgrind) p/x gid"));
        app.key(Key::Char(':'));
        type_text(&mut app, "frobnicate");
        assert_eq!(app.key(Key::Enter), None);
        assert_eq!(
            app.console.last(),
            Some("Unrecognized command 'frobnicate'")
        );
        app.key(Key::Char(':'));
        app.key(Key::Up);
        assert_eq!(app.input.as_deref(), Some("frobnicate"));
        app.key(Key::Up);
        assert_eq!(app.input.as_deref(), Some("p/x gid"));
        app.key(Key::Esc);
        assert_eq!(app.input, None);
    }

    #[test]
    fn tab_completes_commands_and_variables() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Locals,
            Reply::Variables(vec![
                ("left".into(), "1".into()),
                ("right".into(), "2".into()),
                ("result".into(), "3".into()),
            ]),
        );
        app.key(Key::Char(':'));
        type_text(&mut app, "wa");
        app.key(Key::Tab);
        assert_eq!(app.input.as_deref(), Some("watch "));
        type_text(&mut app, "r");
        app.key(Key::Tab);
        assert_eq!(app.input.as_deref(), Some("watch r"), "two match");
        assert_eq!(app.notice.as_deref(), Some("right  result"));
        type_text(&mut app, "i");
        app.key(Key::Tab);
        assert_eq!(app.input.as_deref(), Some("watch right "));
        app.input = Some("info lo".into());
        app.key(Key::Tab);
        assert_eq!(app.input.as_deref(), Some("info locals "));
    }

    #[test]
    fn changed_values_are_found_and_diagnostics_mark_lines() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "1".into())]),
        );
        app.update(Message::Event(Event::Stopped(stopped(5))));
        app.refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "2".into())]),
        );
        assert!(app.changed("i", "2"));
        assert!(!app.changed("j", "2"));
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Invalid read of size 4\n\tAt line 9 (column 17) of input.cl:\n".into(),
        }));
        assert_eq!(app.diagnostic_lines, vec![("input.cl".to_string(), 9)]);
        assert!(app.diagnostic_at(9));
        app.source_file = Some("/src/inc/put.h".into());
        assert!(!app.diagnostic_at(9), "a header is shown");
        assert_eq!(app.reports[0].summary, "Invalid read of size 4");
        assert_eq!(app.reports[0].line, Some(9));
        assert_eq!(
            app.reports[0].work_item, None,
            "this one names no work-item"
        );
    }

    #[test]
    fn api_errors_are_summed_up_by_function_and_code() {
        let mut app = App::new();
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Oclgrind - OpenCL runtime error detected\n\tFunction: clCreateBuffer\n\tError:    CL_INVALID_BUFFER_SIZE\n\tsize is 0\n".into(),
        }));
        assert_eq!(
            app.reports[0].summary,
            "clCreateBuffer: CL_INVALID_BUFFER_SIZE"
        );
        assert_eq!(app.reports[0].line, None);
    }

    #[test]
    fn colours_and_carriage_returns_are_taken_out_of_output() {
        assert_eq!(
            plain_text("\u{1b}[1;31merror\u{1b}[0m: x\r\n"),
            "error: x\n"
        );
        assert_eq!(plain_text("\u{1b}]0;title\u{7}text"), "text");
        assert_eq!(plain_text("a\u{1b}]8;;x\u{1b}\\b"), "ab");
        assert_eq!(plain_text("tab\there"), "tab\there");
    }

    #[test]
    fn program_output_goes_to_its_own_pane_in_pieces() {
        let mut app = App::new();
        app.update(Message::Event(Event::Output("Running on ".into())));
        app.update(Message::Event(Event::Output("Oclgrind\nsum = 4\n".into())));
        app.update(Message::Event(Event::Output("done".into())));
        assert_eq!(app.output.lines, ["Running on Oclgrind", "sum = 4", "done"]);
        assert!(app.console.lines.is_empty());
    }

    #[test]
    fn a_report_leads_to_its_line_and_work_item() {
        let mut app = App::new();
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Invalid write of size 4\n\tKernel: k\n\tEntity: Global(13,2,0) Local(1,0,0) Group(3,0,0)\n\tAt line 12 (column 3) of input.cl:\n".into(),
        }));
        app.update(Message::Prompt);
        focus(&mut app, Pane::Diagnostics);
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::WorkItem { global: [13, 2, 0] }))
        );
        assert_eq!(app.cursor_line(), 12);
        assert_eq!(app.focus, Pane::Source);
        assert!(app.hit_diagnostic([13, 2, 0]));
        app.update(Message::Event(launch(64, 4)));
        assert!(!app.hit_diagnostic([13, 2, 0]), "that was another launch's");
    }

    #[test]
    fn grid_selection_switches_work_item() {
        let mut app = App::new();
        app.refreshed(Refresh::WorkItems, work_items(4, 1));
        app.update(Message::Prompt);
        focus(&mut app, Pane::WorkItems);
        assert_eq!(app.selected_cell(), 1);
        app.key(Key::Right);
        app.key(Key::Right);
        app.key(Key::Right);
        assert_eq!(app.selected_cell(), 3, "stops at the last cell");
        app.key(Key::Char('h'));
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::WorkItem { global: [2, 0, 0] }))
        );
    }

    #[test]
    fn the_heat_map_zooms_into_a_group() {
        let mut app = App::new();
        app.update(Message::Event(launch(64, 4)));
        app.update(Message::Event(Event::Stopped(stopped(3))));
        app.refreshed(Refresh::WorkItems, work_items(4, 1));
        app.refreshed(
            Refresh::Groups,
            Reply::Groups {
                total: 16,
                finished: 2,
                finished_ranges: vec![(1, 3)],
                started: vec![GroupInfo {
                    group: [0, 0, 0],
                    counts: vec![(WorkItemState::Ready, 4)],
                    current: true,
                }],
            },
        );
        assert_eq!(
            Refresh::WorkItems.command(&app),
            Some(Command::Info(InfoWhat::GroupWorkItems([0, 0, 0])))
        );
        app.update(Message::Prompt);
        focus(&mut app, Pane::WorkItems);
        app.key(Key::Char('z'));
        assert_eq!(app.grid_level, GridLevel::Groups);
        let cells = app.group_cells();
        assert_eq!(cells.len(), 16, "one cell a group: they fit");
        assert_eq!(app.selected_group_cell(&cells), 0, "the current group");
        assert_eq!(cells[2].heat(), 4);
        app.key(Key::Right);
        app.key(Key::Right);
        app.key(Key::Right);
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Refresh(Refresh::WorkItems))
        );
        assert_eq!(app.grid_level, GridLevel::WorkItems);
        assert_eq!(
            Refresh::WorkItems.command(&app),
            Some(Command::Info(InfoWhat::GroupWorkItems([3, 0, 0])))
        );
        // A stop in another group shows that group again.
        let mut elsewhere = stopped(3);
        elsewhere.position.group = [5, 0, 0];
        app.update(Message::Event(Event::Stopped(elsewhere)));
        assert_eq!(app.shown_group(), Some([5, 0, 0]));
    }

    #[test]
    fn variables_open_into_parts_and_pointers_are_followed() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Args,
            Reply::Variables(vec![("in".into(), "0x1000".into())]),
        );
        app.refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("v".into(), "(1,2)".into())]),
        );
        app.update(Message::Prompt);
        focus(&mut app, Pane::Variables);
        assert_eq!(app.key(Key::Enter), None, "a vector opens here");
        assert_eq!(app.variable_rows().len(), 4, "v, v.s0, v.s1, in");
        app.key(Key::Down);
        app.key(Key::Down);
        app.key(Key::Down);
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Refresh(Refresh::Pointees))
        );
        assert_eq!(
            Refresh::Pointees.command(&app),
            Some(Command::Print {
                exprs: vec!["*in".into()],
                format: None
            })
        );
        app.refreshed(
            Refresh::Pointees,
            Reply::Values(vec![("*in".into(), Ok("2.5".into()))]),
        );
        let rows = app.variable_rows();
        assert_eq!(rows[4].path, "*in");
        assert_eq!(rows[4].value, "2.5");
        assert_eq!(
            app.variable_lines(&rows),
            [None, Some(0), Some(1), Some(2), None, Some(3), Some(4)]
        );
    }

    #[test]
    fn memory_of_a_variable_and_at_an_address() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Args,
            Reply::Variables(vec![("in".into(), "0x1000".into())]),
        );
        app.update(Message::Prompt);
        focus(&mut app, Pane::Variables);
        assert_eq!(
            app.key(Key::Char('m')),
            Some(Action::Refresh(Refresh::Memory))
        );
        assert_eq!(
            Refresh::Memory.command(&app),
            Some(Command::MemoryOf {
                expr: "in".into(),
                size: memory::VIEW_BYTES
            })
        );
        app.refreshed(
            Refresh::Memory,
            Reply::MemoryOf {
                expr: "in".into(),
                space: MemorySpace::Global,
                address: 0x1000,
                bytes: vec![1, 0, 0, 0],
            },
        );
        assert_eq!(app.memory.space(), MemorySpace::Global);
        assert_eq!(app.memory.current().bytes, Some((0x1000, vec![1, 0, 0, 0])));
        assert!(app.console.lines.is_empty(), "the reply went to the pane");
        app.update(Message::Prompt);
        app.key(Key::Char('a'));
        assert_eq!(app.input_for, InputFor::Address);
        type_text(&mut app, "0x40");
        app.key(Key::Char('T'));
        assert_eq!(app.input.as_deref(), Some("0x40T"), "typing, not a key");
        app.key(Key::Backspace);
        assert_eq!(app.key(Key::Enter), Some(Action::Refresh(Refresh::Memory)));
        assert_eq!(
            Refresh::Memory.command(&app),
            Some(Command::MemoryAt {
                space: MemorySpace::Global,
                address: 0x40,
                size: memory::VIEW_BYTES
            })
        );
        app.update(Message::Prompt);
        app.key(Key::Char('t'));
        assert_eq!(app.memory.element, memory::Element::I8);
        // The next tab shows nothing yet: nothing to ask, and the debugger still waits.
        assert_eq!(app.key(Key::Char('T')), None);
        assert_eq!(app.memory.space(), MemorySpace::Private);
        assert!(app.prompting);
        assert_eq!(app.key(Key::Char('n')), Some(Action::Send(Command::Next)));
    }

    #[test]
    fn clicks_pick_what_is_under_them() {
        let mut app = App::new();
        app.screen = Rect::new(0, 0, 120, 40);
        app.refreshed(
            Refresh::Source,
            Reply::Source((1..=9).map(|n| (n, format!("line {n}"))).collect()),
        );
        app.update(Message::Event(Event::Stopped(stopped(2))));
        app.refreshed(Refresh::WorkItems, work_items(8, 1));
        app.update(Message::Prompt);
        let areas = app.areas();
        let source = layout::inner(areas.of(Pane::Source));
        // Line 4 is the fourth row (line 1 shows first): its text, then its gutter.
        assert_eq!(app.mouse(Mouse::Click(source.x + 12, source.y + 3)), None);
        assert_eq!(app.cursor_line(), 4);
        assert_eq!(
            app.mouse(Mouse::Click(source.x, source.y + 3)),
            Some(Action::Send(Command::Break {
                file: None,
                line: Some(4),
                condition: None,
                temporary: false
            }))
        );
        app.update(Message::Prompt);
        let grid = layout::inner(areas.of(Pane::WorkItems));
        let row = grid.y + grid::HEADER_LINES as u16;
        assert_eq!(
            app.mouse(Mouse::Click(grid.x + 2 * 5, row)),
            Some(Action::Send(Command::WorkItem { global: [5, 0, 0] }))
        );
        assert_eq!(app.focus, Pane::WorkItems);
        let console = areas.of(Pane::Console);
        app.mouse(Mouse::Click(console.x, console.y));
        assert_eq!(app.focus, Pane::Console, "a border focuses");
        for n in 0..30 {
            app.console.push(&format!("{n}"));
        }
        app.mouse(Mouse::ScrollUp(console.x + 3, console.y + 3));
        assert_eq!(app.console.back, 3);
    }

    #[test]
    fn pane_sizes_change_with_keys() {
        let mut app = App::new();
        let before = app.areas().of(Pane::Source).width;
        app.key(Key::Char('>'));
        assert!(app.areas().of(Pane::Source).width > before);
        focus(&mut app, Pane::Console);
        let before = app.areas().of(Pane::Console).height;
        app.key(Key::Char('-'));
        assert!(app.areas().of(Pane::Console).height < before);
    }

    #[test]
    fn help_opens_and_any_key_closes_it() {
        let mut app = App::new();
        app.update(Message::Prompt);
        app.key(Key::Char('?'));
        assert!(app.show_help);
        assert_eq!(
            app.key(Key::Char('n')),
            None,
            "the key only closes the help"
        );
        assert!(!app.show_help);
        assert_eq!(app.key(Key::Char('n')), Some(Action::Send(Command::Next)));
    }

    #[test]
    fn quit_leaves_the_debugger_then_the_tui() {
        let mut app = App::new();
        app.update(Message::Prompt);
        assert_eq!(app.key(Key::Char('q')), None, "it asks first");
        assert!(app.confirm_quit);
        assert_eq!(app.key(Key::Char('n')), None, "no: nothing happens");
        assert!(!app.confirm_quit);
        app.key(Key::Char('q'));
        assert_eq!(app.key(Key::Char('y')), Some(Action::Send(Command::Quit)));
        app.update(Message::Ended("The program has ended".into()));
        assert_eq!(app.key(Key::Char('q')), Some(Action::Exit));
        assert_eq!(
            app.key(Key::Char('n')),
            None,
            "nothing to send after the end"
        );
    }
}
