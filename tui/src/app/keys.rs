//! What keys do: the keymap's actions, moving in the panes, breakpoints, and the command
//! line at the bottom of the console (history, completion).

use oclgrind_debug_protocol::commands::{self as line, Parsed};
use oclgrind_debug_protocol::protocol::*;

use super::{line_edit, Action, App, Confirm, GridLevel, InputFor, Key, Pane, Refresh, PANES};
use crate::grid;
use crate::keymap::KeyAction;
use crate::layout;
use crate::memory::{self, Target};
use crate::variables::Kind;

/// Columns a sideways key scrolls the source or the IR by.
const SIDEWAYS_STEP: usize = 8;

impl App {
    /// Handles a key; returns what it asks for, if anything.
    pub fn key(&mut self, key: Key) -> Option<Action> {
        if self.input.is_some() {
            return self.input_key(key);
        }
        if self.show_help {
            // Keys that move scroll the help; any other closes it.
            let by = match self.keymap.action(key) {
                Some(KeyAction::Up) => -1,
                Some(KeyAction::Down) => 1,
                Some(KeyAction::PageUp) => -10,
                Some(KeyAction::PageDown) => 10,
                _ => {
                    self.show_help = false;
                    return None;
                }
            };
            self.scroll_help(by);
            return None;
        }
        if let Some(question) = self.confirm.take() {
            self.notice = None;
            if !matches!(key, Key::Char('y') | Key::Char('Y')) {
                return None;
            }
            return match question {
                Confirm::Quit => Some(Action::Quit),
                Confirm::DeleteAll => self.send(Command::Delete { number: None }),
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
                self.ask_to_quit("Quit: stop the kernel and the program? y/n");
                None
            }
            KeyAction::Interrupt => self.interrupt(),
            KeyAction::Help => {
                self.show_help = true;
                self.help_scroll = 0;
                None
            }
            KeyAction::Continue => self.send(Command::Continue),
            KeyAction::Next => self.send(Command::Next),
            KeyAction::Step => self.send(Command::Step),
            KeyAction::Finish => self.send(Command::Finish),
            KeyAction::ReverseStep => self.send(Command::Reverse(Motion::Step)),
            KeyAction::ReverseNext => self.send(Command::Reverse(Motion::Next)),
            KeyAction::ReverseFinish => self.send(Command::Reverse(Motion::Finish)),
            KeyAction::ReverseContinue => self.send(Command::Reverse(Motion::Continue)),
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
                    Pane::Console | Pane::Output => {
                        let (rows, width) = self.log_view(self.focus);
                        self.log_mut(self.focus).scroll_to_top(rows, width);
                    }
                    Pane::Ir => self.ir_cursor = None,
                    _ => self.cursor = 0,
                }
                None
            }
            KeyAction::Bottom => {
                match self.focus {
                    Pane::Console | Pane::Output => self.log_mut(self.focus).follow(),
                    _ => self.scroll_pane(self.focus, i64::from(i32::MAX), false),
                }
                None
            }
            KeyAction::Open => self.open(),
            KeyAction::OpenOther if self.focus == Pane::Diagnostics => {
                let report = self.reports.get(self.report_cursor)?;
                let (line, work_item) = report.second?;
                self.go_to_report(line, work_item)
            }
            KeyAction::OpenOther => None,
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

    /// As gdb's `quit`: the session ends, whatever runs, once the user says yes.
    fn ask_to_quit(&mut self, question: &str) {
        self.ask(Confirm::Quit, question);
    }

    /// Puts a y/n question in the status bar; the next key answers it.
    fn ask(&mut self, about: Confirm, question: &str) {
        self.confirm = Some(about);
        self.notice = Some(question.into());
    }

    /// Ctrl-C: interrupts a kernel told to run. A second one before anything stops (a kernel
    /// that does not stop, a program busy outside its kernels) offers to quit.
    fn interrupt(&mut self) -> Option<Action> {
        // At a stop (the panes refreshing) there is nothing to interrupt.
        let stopped = self.stop.is_some() && !self.launch_ended && !self.continuing;
        if self.ended || self.prompting || stopped {
            return None;
        }
        if self.interrupt_unanswered {
            self.ask_to_quit("Nothing has stopped. Quit: stop the kernel and the program? y/n");
            return None;
        }
        self.interrupt_unanswered = true;
        if self.continuing {
            self.notice = Some("Interrupting the kernel (Ctrl-C again offers to quit)".into());
            Some(Action::Interrupt)
        } else {
            self.notice =
                Some("The program runs outside a kernel (Ctrl-C again offers to quit)".into());
            None
        }
    }

    /// To a report's source line, and to the work-item it names (if that can be switched
    /// to: the debugger answers if not).
    /// To a place the selected report names, if its launch is the one running: the
    /// work-items of an earlier launch are gone (and the source shown may be another's).
    fn go_to_report(&mut self, line: Option<u32>, work_item: Option<[u64; 3]>) -> Option<Action> {
        let report = self.reports.get(self.report_cursor)?;
        if report.launch != self.launches || self.launch_ended {
            self.notice = Some(format!(
                "That report is from launch #{} (kernel '{}'), which has ended: its \
                 work-items are gone.",
                report.launch, report.kernel
            ));
            return None;
        }
        self.go_to(line, work_item)
    }

    fn go_to(&mut self, line: Option<u32>, work_item: Option<[u64; 3]>) -> Option<Action> {
        if let Some(line) = line {
            self.cursor = line;
        }
        self.focus = Pane::Source;
        let global = work_item?;
        self.send(Command::WorkItem { global })
    }

    /// Enter on the focused pane.
    pub(super) fn open(&mut self) -> Option<Action> {
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
                let report = self.reports.get(self.report_cursor)?;
                let (line, work_item) = (report.line, report.work_item);
                self.go_to_report(line, work_item)
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

    /// Scrolls the help, no further than its last line at the bottom of the overlay.
    pub(super) fn scroll_help(&mut self, by: i64) {
        let lines = crate::ui::help::help_lines();
        let rows = layout::inner(layout::help_popup(self.screen, lines)).height as usize;
        let most = lines.saturating_sub(rows) as i64;
        self.help_scroll = (self.help_scroll as i64 + by).clamp(0, most) as usize;
    }

    fn start_input(&mut self, what: InputFor) {
        self.input = Some(String::new());
        self.input_back = 0;
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

    pub(super) fn scroll_pane(&mut self, pane: Pane, by: i64, sideways: bool) {
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
            Pane::Console | Pane::Output => {
                let (rows, width) = self.log_view(pane);
                self.log_mut(pane).scroll(by, rows, width);
            }
            Pane::Source | Pane::Ir if sideways => {
                let longest = match pane {
                    Pane::Source => self.source.iter().map(|l| l.chars().count()).max(),
                    _ => self
                        .ir
                        .as_ref()
                        .and_then(|ir| ir.instructions.iter().map(|l| l.chars().count()).max()),
                };
                let left = match pane {
                    Pane::Source => &mut self.source_left,
                    _ => &mut self.ir_left,
                };
                let most = longest.unwrap_or(0).saturating_sub(SIDEWAYS_STEP) as i64;
                *left = (*left as i64 + by * SIDEWAYS_STEP as i64).clamp(0, most.max(0)) as usize;
            }
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

    pub(super) fn toggle_breakpoint(&mut self) -> Option<Action> {
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

    /// Text pasted into the terminal (bracketed paste): into the line being typed, or a new
    /// command line. It is one line: line breaks become spaces.
    pub fn paste(&mut self, text: &str) {
        if self.input.is_none() {
            self.start_input(InputFor::Command);
        }
        let Some(input) = self.input.as_mut() else {
            return;
        };
        let flat: String = text
            .trim_end_matches(['\r', '\n'])
            .chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect();
        line_edit::insert(input, self.input_back, &flat);
    }

    fn input_key(&mut self, key: Key) -> Option<Action> {
        let input = self.input.as_mut()?;
        if line_edit::edit(input, &mut self.input_back, key) == line_edit::Edit::Done {
            return None;
        }
        match key {
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
                self.input_back = 0;
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
            [
                "break",
                "watchpoints",
                "locals",
                "args",
                "frame",
                "workitems",
                "groups",
                "display",
                "counts",
                "record",
            ]
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
        self.input_back = 0;
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
        // gdb's rule: an empty line repeats the last command.
        let text = match (text.is_empty(), self.history.last()) {
            (false, _) => text.to_string(),
            (true, Some(last)) => last.clone(),
            (true, None) => return None,
        };
        let text = text.as_str();
        self.history.push(text.to_string());
        self.say(format!("(oclgrind) {text}"));
        match line::parse(text) {
            // Typed as the key: ask, then end the session.
            Parsed::Command(Command::Quit) => self.act(KeyAction::Quit),
            Parsed::Command(c) => self.send(c),
            Parsed::Output(out) => {
                for l in out.lines() {
                    self.say(l.to_string());
                }
                None
            }
            Parsed::Unrecognized(word) => {
                for l in Parsed::unrecognized_text(&word).lines() {
                    self.say(l.to_string());
                }
                None
            }
            // gdb asks at a terminal (a script for Oclgrind's line mode answers on its own).
            Parsed::ConfirmDeleteAll => {
                self.ask(Confirm::DeleteAll, "Delete all breakpoints? y/n");
                None
            }
        }
    }
}
