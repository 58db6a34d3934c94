//! The TUI's model: what the debugger has reported, and what the user is doing. It has no
//! terminal in it, so tests drive it with messages and keys and read the state back.

use oclgrind_debugger::line::{self, Parsed};
use oclgrind_debugger::protocol::*;

/// The panes that take the keyboard focus, in Tab order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pane {
    #[default]
    Source,
    Variables,
    Memory,
    WorkItems,
    Console,
    Diagnostics,
}

const PANES: [Pane; 6] = [
    Pane::Source,
    Pane::Variables,
    Pane::Memory,
    Pane::WorkItems,
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
}

/// How the memory pane shows its bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum MemoryView {
    #[default]
    Hex,
    Int,
    Float,
}

/// How many bytes the memory pane asks for.
pub const MEMORY_BYTES: u64 = 256;

/// Replies the front-end asked for itself after a stop, to fill the panes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refresh {
    Source,
    Locals,
    Args,
    WorkItems,
    Groups,
    Breakpoints,
    Ir,
    /// The memory pane's expression.
    Memory,
}

impl Refresh {
    /// The commands that refresh the panes after a stop (the source only once per launch,
    /// memory when the pane shows some).
    pub fn after_stop(have_source: bool, memory: bool) -> Vec<Refresh> {
        let mut all = vec![
            Refresh::Locals,
            Refresh::Args,
            Refresh::WorkItems,
            Refresh::Groups,
            Refresh::Breakpoints,
            Refresh::Ir,
        ];
        if !have_source {
            all.insert(0, Refresh::Source);
        }
        if memory {
            all.push(Refresh::Memory);
        }
        all
    }

    pub fn command(self, app: &App) -> Command {
        match self {
            Refresh::Memory => Command::MemoryOf {
                expr: app.memory_expr.clone().unwrap_or_default(),
                size: MEMORY_BYTES,
            },
            Refresh::Source => Command::List(ListFrom::Whole),
            Refresh::Locals => Command::Info(InfoWhat::Locals),
            Refresh::Args => Command::Info(InfoWhat::Args),
            Refresh::WorkItems => Command::Info(InfoWhat::WorkItems),
            Refresh::Groups => Command::Info(InfoWhat::Groups),
            Refresh::Breakpoints => Command::Info(InfoWhat::Breakpoints),
            Refresh::Ir => Command::Disassemble,
        }
    }
}

/// What reaches the UI from the debugger's side.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    Event(Event),
    /// The answer to a refresh the front-end asked for.
    Refreshed(Refresh, Reply),
    /// The debugger waits for a command.
    Prompt,
    /// The program has ended (how, in words): nothing more will come.
    Ended(String),
}

/// What the user asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Send(Command),
    /// Leave the TUI.
    Exit,
}

/// A key, as the model sees it (the terminal layer translates).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// Ctrl with a letter.
    Ctrl(char),
}

/// The most lines the console keeps.
const CONSOLE_LINES: usize = 5000;

#[derive(Default)]
pub struct App {
    pub launch: Option<LaunchSummary>,
    /// The program's source, line 1 first.
    pub source: Vec<String>,
    /// The same, highlighted.
    pub highlighted: Vec<crate::highlight::StyledLine>,
    pub stop: Option<Stopped>,
    pub locals: Vec<(String, String)>,
    pub args: Vec<(String, String)>,
    /// Values at the previous stop, to mark what changed.
    pub previous_values: Vec<(String, String)>,
    pub work_items: Vec<WorkItemInfo>,
    pub groups: Option<(u64, u64, Vec<GroupInfo>)>,
    pub breakpoints: Vec<BreakpointInfo>,
    /// The current function's LLVM IR and the current instruction in it.
    pub ir: Option<(String, Vec<String>, Option<usize>)>,
    /// Printf output, diagnostics, and commands with their answers.
    pub console: Vec<String>,
    /// Lines where diagnostics fired.
    pub diagnostic_lines: Vec<u32>,
    /// Every diagnostic of the session, oldest first, and the one selected.
    pub reports: Vec<Report>,
    pub report_cursor: usize,
    /// The debugger waits for a command.
    pub prompting: bool,
    pub ended: bool,
    pub focus: Pane,
    /// The source line the cursor is on (1-based; 0 follows the current line).
    pub cursor: u32,
    /// The command line while it is being typed.
    pub input: Option<String>,
    pub history: Vec<String>,
    history_at: Option<usize>,
    /// Lines scrolled back from the end of the console.
    pub console_back: usize,
    /// Commands typed while the kernel was running, sent at the next prompt.
    queued: Vec<Command>,
    /// The status bar's message, when there is one.
    pub notice: Option<String>,
    /// The work-item cell selected in the grid (`None`: the current work-item's).
    pub grid_cursor: Option<usize>,
    /// The variable selected in the variables pane (locals first, then arguments).
    pub var_cursor: usize,
    /// What the memory pane shows: an expression, and its memory (address and bytes).
    pub memory_expr: Option<String>,
    pub memory: Option<(u64, Vec<u8>)>,
    /// The memory at the previous stop, to mark the bytes written since.
    pub previous_memory: Option<(u64, Vec<u8>)>,
    pub memory_view: MemoryView,
    /// A memory view was asked for by the user: its reply goes to the pane.
    memory_requested: bool,
    /// `q` was pressed while the program runs: waiting for y or n.
    pub confirm_quit: bool,
    /// The key help is over the screen.
    pub show_help: bool,
}

impl App {
    pub fn new() -> App {
        App::default()
    }

    /// Takes in a message from the debugger; returns a command to send now, if one waited.
    pub fn update(&mut self, message: Message) -> Option<Action> {
        match message {
            Message::Event(e) => self.event(e),
            Message::Refreshed(what, reply) => self.refreshed(what, reply),
            Message::Prompt => {
                self.prompting = true;
                if !self.queued.is_empty() {
                    self.prompting = false;
                    return Some(Action::Send(self.queued.remove(0)));
                }
            }
            Message::Ended(why) => {
                self.ended = true;
                self.prompting = false;
                self.notice = Some(format!("{why}: q leaves."));
            }
        }
        None
    }

    fn event(&mut self, event: Event) {
        match &event {
            Event::LaunchBegin(summary) => {
                self.launch = Some(summary.clone());
                self.source.clear();
                self.diagnostic_lines.clear();
                self.say(format!("Kernel '{}' starts.", summary.kernel));
            }
            Event::LaunchEnd { kernel } => {
                self.say(format!("Kernel '{kernel}' has finished."));
                self.prompting = false;
            }
            // Its text reaches the console with the rest of standard error.
            Event::Diagnostic { error, message } => {
                let line = diagnostic_line(message);
                if let Some(line) = line {
                    self.diagnostic_lines.push(line);
                }
                self.reports.push(Report {
                    error: *error,
                    summary: message.lines().next().unwrap_or_default().to_string(),
                    line,
                    work_item: diagnostic_work_item(message),
                });
                self.report_cursor = self.reports.len() - 1;
            }
            Event::Output(text) => {
                for l in text.lines() {
                    self.say(l.to_string());
                }
            }
            Event::Stopped(stopped) => {
                self.previous_values = self.locals.iter().chain(&self.args).cloned().collect();
                self.stop = Some(stopped.clone());
                self.cursor = 0;
                self.grid_cursor = None;
                self.previous_memory = self.memory.clone();
                self.echo(&event);
            }
            Event::Reply(Reply::MemoryOf { address, bytes, .. }) if self.memory_requested => {
                self.memory_requested = false;
                self.memory = Some((*address, bytes.clone()));
                self.previous_memory = None;
            }
            Event::Reply(Reply::Message(m)) if self.memory_requested => {
                self.memory_requested = false;
                self.memory = None;
                self.notice = Some(m.clone());
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
                self.source = lines.into_iter().map(|(_, t)| t).collect();
                self.highlighted = crate::highlight::highlight_c(&self.source);
            }
            (Refresh::Locals, Reply::Variables(v)) => self.locals = v,
            (Refresh::Args, Reply::Variables(v)) => self.args = v,
            (Refresh::WorkItems, Reply::WorkItems(w)) => self.work_items = w,
            (
                Refresh::Groups,
                Reply::Groups {
                    total,
                    finished,
                    started,
                },
            ) => self.groups = Some((total, finished, started)),
            (Refresh::Breakpoints, Reply::Breakpoints(b)) => self.breakpoints = b,
            (
                Refresh::Ir,
                Reply::Disassembly {
                    function,
                    instructions,
                    current,
                },
            ) => self.ir = Some((function, instructions, current)),
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
            (Refresh::Memory, Reply::MemoryOf { address, bytes, .. }) => {
                self.memory = Some((address, bytes));
            }
            (Refresh::Memory, _) => self.memory = None,
        }
    }

    fn say(&mut self, line: String) {
        // Tabs would leave cells of the screen unwritten.
        self.console.push(line.replace('\t', "    "));
        if self.console.len() > CONSOLE_LINES {
            self.console.drain(..self.console.len() - CONSOLE_LINES);
        }
    }

    /// The line the current work-item is on (0 without one).
    pub fn current_line(&self) -> u32 {
        self.stop.as_ref().map_or(0, |s| s.position.line)
    }

    /// The line the source cursor is on.
    pub fn cursor_line(&self) -> u32 {
        if self.cursor != 0 {
            self.cursor
        } else {
            self.current_line().max(1)
        }
    }

    /// The grid cell of the current work-item.
    pub fn current_cell(&self) -> usize {
        self.work_items.iter().position(|w| w.current).unwrap_or(0)
    }

    /// The grid cell shown as selected.
    pub fn selected_cell(&self) -> usize {
        self.grid_cursor.unwrap_or_else(|| self.current_cell())
    }

    pub fn breakpoint_at(&self, line: u32) -> Option<u32> {
        self.breakpoints
            .iter()
            .find(|b| b.line == Some(line))
            .map(|b| b.number)
    }

    /// Whether a variable's value differs from the previous stop.
    pub fn changed(&self, name: &str, value: &str) -> bool {
        self.previous_values
            .iter()
            .any(|(n, v)| n == name && v != value)
    }

    /// A command for the debugger: sent now if it waits for one, else at its next prompt.
    fn send(&mut self, command: Command) -> Option<Action> {
        if self.ended {
            self.notice = Some("The program has ended.".into());
            return None;
        }
        if self.prompting {
            self.prompting = false;
            self.notice = None;
            Some(Action::Send(command))
        } else {
            self.queued.push(command);
            self.notice =
                Some("The kernel is running: the command waits for the next stop.".into());
            None
        }
    }

    /// Handles a key; returns what it asks of the debugger, if anything.
    pub fn key(&mut self, key: Key) -> Option<Action> {
        if self.input.is_some() {
            return self.command_line_key(key);
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
        match key {
            Key::Char('q') | Key::Ctrl('d') => {
                if self.ended {
                    return Some(Action::Exit);
                }
                // Quitting leaves the debugger; the program runs on to its end unwatched.
                self.confirm_quit = true;
                self.notice = Some("Stop debugging (the program runs on)? y/n".into());
                None
            }
            Key::Char('?') => {
                self.show_help = true;
                None
            }
            Key::Char('c') | Key::F(5) => self.send(Command::Continue),
            Key::Char('n') | Key::F(10) => self.send(Command::Next),
            Key::Char('s') | Key::F(11) => self.send(Command::Step),
            Key::Char('f') => self.send(Command::Finish),
            Key::Char('b') | Key::F(9) => self.toggle_breakpoint(),
            Key::Char(':') | Key::Char('/') => {
                self.input = Some(String::new());
                self.history_at = None;
                None
            }
            Key::Tab => {
                self.cycle_focus(1);
                None
            }
            Key::BackTab => {
                self.cycle_focus(PANES.len() - 1);
                None
            }
            Key::Up | Key::Left | Key::Char('k') | Key::Char('h') => {
                self.scroll(-1);
                None
            }
            Key::Down | Key::Right | Key::Char('j') | Key::Char('l') => {
                self.scroll(1);
                None
            }
            Key::Enter if self.focus == Pane::Variables => {
                // The memory pane shows what a pointer points to, or the variable itself.
                let (name, _) = self.locals.iter().chain(&self.args).nth(self.var_cursor)?;
                let expr = name.clone();
                self.memory_expr = Some(expr.clone());
                let action = self.send(Command::MemoryOf {
                    expr,
                    size: MEMORY_BYTES,
                });
                self.memory_requested = action.is_some();
                action
            }
            Key::Char('t') if self.focus == Pane::Memory => {
                self.memory_view = match self.memory_view {
                    MemoryView::Hex => MemoryView::Int,
                    MemoryView::Int => MemoryView::Float,
                    MemoryView::Float => MemoryView::Hex,
                };
                None
            }
            Key::Enter if self.focus == Pane::Diagnostics => {
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
            Key::Enter if self.focus == Pane::WorkItems => {
                let global = self.work_items.get(self.selected_cell())?.global;
                self.send(Command::WorkItem { global })
            }
            Key::PageUp => {
                self.scroll(-20);
                None
            }
            Key::PageDown => {
                self.scroll(20);
                None
            }
            Key::Home | Key::Char('g') => {
                self.cursor = 0;
                self.console_back = 0;
                None
            }
            _ => None,
        }
    }

    fn cycle_focus(&mut self, by: usize) {
        let at = PANES.iter().position(|&p| p == self.focus).unwrap_or(0);
        self.focus = PANES[(at + by) % PANES.len()];
    }

    fn scroll(&mut self, by: i64) {
        match self.focus {
            Pane::Variables => {
                let last = (self.args.len() + self.locals.len()).saturating_sub(1) as i64;
                self.var_cursor = (self.var_cursor as i64 + by).clamp(0, last.max(0)) as usize;
            }
            Pane::Memory => {}
            Pane::Diagnostics => {
                let last = self.reports.len().saturating_sub(1) as i64;
                self.report_cursor = (self.report_cursor as i64 + by).clamp(0, last) as usize;
            }
            Pane::WorkItems => {
                let last = self.work_items.len().saturating_sub(1) as i64;
                let at = self.grid_cursor.unwrap_or_else(|| self.current_cell()) as i64;
                self.grid_cursor = Some((at + by).clamp(0, last.max(0)) as usize);
            }
            Pane::Console => {
                let back = self.console_back as i64 - by;
                self.console_back = back.clamp(0, self.console.len() as i64) as usize;
            }
            _ => {
                let last = self.source.len().max(1) as i64;
                self.cursor = (self.cursor_line() as i64 + by).clamp(1, last) as u32;
            }
        }
    }

    fn toggle_breakpoint(&mut self) -> Option<Action> {
        let line = self.cursor_line();
        let command = match self.breakpoint_at(line) {
            Some(number) => Command::Delete {
                number: Some(number),
            },
            None => Command::Break {
                line: Some(line),
                condition: None,
                temporary: false,
            },
        };
        self.send(command)
    }

    fn command_line_key(&mut self, key: Key) -> Option<Action> {
        let input = self.input.as_mut()?;
        match key {
            Key::Char(c) => input.push(c),
            Key::Backspace => {
                input.pop();
            }
            Key::Esc | Key::Ctrl('c') => self.input = None,
            Key::Up | Key::Down => {
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
                return self.run_command_line(text.trim());
            }
            _ => {}
        }
        None
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

/// The work-item a diagnostic names ("Entity: Global(5,0,0) Local(...) ...").
fn diagnostic_work_item(message: &str) -> Option<[u64; 3]> {
    let rest = message.split("Global(").nth(1)?;
    let inside = rest.split(')').next()?;
    let mut ids = inside.split(',').map(|n| n.trim().parse::<u64>().ok());
    Some([ids.next()??, ids.next()??, ids.next()??])
}

/// The source line a diagnostic names ("At line 9 (column 17) of input.cl:").
fn diagnostic_line(message: &str) -> Option<u32> {
    message.lines().find_map(|l| {
        let rest = l.trim().strip_prefix("At line ")?;
        rest.split(|c: char| !c.is_ascii_digit())
            .next()?
            .parse()
            .ok()
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
                line: Some(6),
                condition: None,
                temporary: false
            }))
        );
        app.refreshed(
            Refresh::Breakpoints,
            Reply::Breakpoints(vec![BreakpointInfo {
                number: 3,
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
    }

    #[test]
    fn command_line_parses_like_line_mode_and_keeps_history() {
        let mut app = App::new();
        app.update(Message::Prompt);
        app.key(Key::Char(':'));
        for c in "p/x gid".chars() {
            app.key(Key::Char(c));
        }
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::Print {
                exprs: vec!["gid".into()],
                format: Some('x')
            }))
        );
        assert_eq!(
            app.console.last().map(String::as_str),
            Some("(oclgrind) p/x gid")
        );
        app.key(Key::Char(':'));
        for c in "frobnicate".chars() {
            app.key(Key::Char(c));
        }
        assert_eq!(app.key(Key::Enter), None);
        assert_eq!(
            app.console.last().map(String::as_str),
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
        assert_eq!(app.diagnostic_lines, vec![9]);
        assert_eq!(app.reports[0].summary, "Invalid read of size 4");
        assert_eq!(app.reports[0].line, Some(9));
        assert_eq!(
            app.reports[0].work_item, None,
            "this one names no work-item"
        );
    }

    #[test]
    fn a_report_leads_to_its_line_and_work_item() {
        let mut app = App::new();
        app.update(Message::Event(Event::Diagnostic {
            error: true,
            message: "Invalid write of size 4\n\tKernel: k\n\tEntity: Global(13,2,0) Local(1,0,0) Group(3,0,0)\n\tAt line 12 (column 3) of input.cl:\n".into(),
        }));
        app.update(Message::Prompt);
        for _ in 0..5 {
            app.key(Key::Tab);
        }
        assert_eq!(app.focus, Pane::Diagnostics);
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::WorkItem { global: [13, 2, 0] }))
        );
        assert_eq!(app.cursor_line(), 12);
        assert_eq!(app.focus, Pane::Source);
    }

    #[test]
    fn grid_selection_switches_work_item() {
        let mut app = App::new();
        app.refreshed(
            Refresh::WorkItems,
            Reply::WorkItems(
                (0..4)
                    .map(|i| WorkItemInfo {
                        global: [i, 0, 0],
                        state: WorkItemState::Ready,
                        current: i == 1,
                    })
                    .collect(),
            ),
        );
        app.update(Message::Prompt);
        app.key(Key::Tab);
        app.key(Key::Tab);
        app.key(Key::Tab);
        assert_eq!(app.focus, Pane::WorkItems);
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
    fn a_variable_opens_in_the_memory_pane() {
        let mut app = App::new();
        app.refreshed(
            Refresh::Args,
            Reply::Variables(vec![("in".into(), "0x1000".into())]),
        );
        app.refreshed(
            Refresh::Locals,
            Reply::Variables(vec![("i".into(), "3".into())]),
        );
        app.update(Message::Prompt);
        app.key(Key::Tab);
        assert_eq!(app.focus, Pane::Variables);
        // Locals come first: down to the argument.
        app.key(Key::Down);
        assert_eq!(
            app.key(Key::Enter),
            Some(Action::Send(Command::MemoryOf {
                expr: "in".into(),
                size: MEMORY_BYTES
            }))
        );
        app.update(Message::Event(Event::Reply(Reply::MemoryOf {
            expr: "in".into(),
            address: 0x1000,
            bytes: vec![1, 0, 0, 0],
        })));
        assert_eq!(app.memory, Some((0x1000, vec![1, 0, 0, 0])));
        assert!(app.console.is_empty(), "the reply went to the pane");
        assert_eq!(
            Refresh::Memory.command(&app),
            Command::MemoryOf {
                expr: "in".into(),
                size: MEMORY_BYTES
            }
        );
        app.key(Key::Tab);
        app.key(Key::Char('t'));
        assert_eq!(app.memory_view, MemoryView::Int);
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
