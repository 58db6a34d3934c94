//! The TUI as the debugger's front-end. The engine calls it from whichever worker thread
//! holds the prompt; a UI thread of its own owns the terminal. Channels join the two, so
//! drawing never waits for the simulator and the simulator never waits for drawing.

use std::collections::VecDeque;
use std::io::Read;
use std::os::fd::{FromRawFd, RawFd};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use oclgrind_debugger::engine;
use oclgrind_debugger::protocol::{Command, Event};
use oclgrind_debugger::Frontend;
use ratatui::crossterm::event::{self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers};

use crate::app::{Action, App, Key, Message, Refresh};
use crate::ui;

/// The engine's side.
pub struct TuiFrontend {
    to_ui: Sender<Message>,
    /// `None` when the UI has gone (the session then ends like `quit`).
    commands: Receiver<Option<Command>>,
    /// Refreshes to ask for before the user's next command.
    refresh: VecDeque<Refresh>,
    /// Refreshes asked for, whose replies are on their way (each gets one).
    expected: VecDeque<Refresh>,
    have_source: bool,
}

impl Frontend for TuiFrontend {
    fn event(&mut self, event: &Event) {
        if let Event::Reply(reply) = event {
            if let Some(what) = self.expected.pop_front() {
                let _ = self.to_ui.send(Message::Refreshed(what, reply.clone()));
                return;
            }
        }
        match event {
            Event::LaunchBegin(_) => self.have_source = false,
            Event::Stopped(_) => {
                self.refresh = Refresh::after_stop(self.have_source).into();
                self.have_source = true;
            }
            _ => {}
        }
        let _ = self.to_ui.send(Message::Event(event.clone()));
    }

    fn command(&mut self) -> Option<Command> {
        if let Some(what) = self.refresh.pop_front() {
            self.expected.push_back(what);
            return Some(what.command());
        }
        self.to_ui.send(Message::Prompt).ok()?;
        let command = self.commands.recv().ok().flatten()?;
        if matches!(
            command,
            Command::Break { .. }
                | Command::Delete { .. }
                | Command::Watch { .. }
                | Command::Condition { .. }
        ) {
            // The gutter shows breakpoints: ask for them again once this is done.
            self.refresh.push_back(Refresh::Breakpoints);
        }
        Some(command)
    }
}

/// The UI's side, kept by whoever started it.
pub struct Tui {
    to_ui: Sender<Message>,
    thread: Option<JoinHandle<()>>,
}

impl Tui {
    /// Opens the TUI on the terminal; returns it and the front-end to give the engine.
    pub fn start() -> std::io::Result<(Tui, TuiFrontend)> {
        let (to_ui, messages) = mpsc::channel();
        let (send_command, commands) = mpsc::channel();
        let capture = StderrCapture::start(to_ui.clone())?;
        let terminal = ratatui::try_init()?;
        let thread = std::thread::Builder::new()
            .name("oclgrind-tui".into())
            .spawn(move || {
                let mut terminal = terminal;
                run(&mut terminal, &messages, &send_command);
                // The engine must not wait for a UI that has gone.
                let _ = send_command.send(None);
                ratatui::restore();
                drop(capture);
            })?;
        let frontend = TuiFrontend {
            to_ui: to_ui.clone(),
            commands,
            refresh: VecDeque::new(),
            expected: VecDeque::new(),
            have_source: false,
        };
        Ok((
            Tui {
                to_ui,
                thread: Some(thread),
            },
            frontend,
        ))
    }

    /// The program has ended: the TUI stays until the user leaves it, then the terminal is
    /// restored.
    pub fn wait_for_exit(mut self) {
        let _ = self.to_ui.send(Message::Ended);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The UI loop: draw, take messages, take keys, until the user leaves after the end.
fn run(
    terminal: &mut ratatui::DefaultTerminal,
    messages: &Receiver<Message>,
    commands: &Sender<Option<Command>>,
) {
    let mut app = App::new();
    let mut dirty = true;
    loop {
        if dirty && terminal.draw(|f| ui::draw(f, &app)).is_err() {
            return;
        }
        dirty = false;
        // Messages first: a burst of them is drawn once.
        loop {
            match messages.recv_timeout(Duration::from_millis(10)) {
                Ok(m) => {
                    dirty = true;
                    if let Some(action) = app.update(m) {
                        if !perform(action, commands) {
                            return;
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    if app.ended {
                        break;
                    }
                    app.update(Message::Ended);
                    dirty = true;
                    break;
                }
            }
        }
        match event::poll(Duration::from_millis(40)) {
            Ok(true) => {}
            Ok(false) => continue,
            Err(_) => return,
        }
        let Ok(TermEvent::Key(k)) = event::read() else {
            dirty = true; // a resize, say
            continue;
        };
        if k.kind != KeyEventKind::Press {
            continue;
        }
        dirty = true;
        let Some(key) = translate(k.code, k.modifiers) else {
            continue;
        };
        if key == Key::Ctrl('c') && !app.prompting && app.input.is_none() {
            // Raw mode turns Ctrl-C into a key: it interrupts the kernel, as at a shell.
            engine::interrupt();
            continue;
        }
        if let Some(action) = app.key(key) {
            if !perform(action, commands) {
                return;
            }
        }
    }
}

/// Carries out an action; false when the UI is to close.
fn perform(action: Action, commands: &Sender<Option<Command>>) -> bool {
    match action {
        Action::Send(c) => commands.send(Some(c)).is_ok(),
        Action::Exit => false,
    }
}

fn translate(code: KeyCode, modifiers: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::CONTROL) => Key::Ctrl(c),
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::F(n) => Key::F(n),
        _ => return None,
    })
}

/// Standard error goes to the console pane while the TUI is up (the Logger and clang write
/// there, and would scribble over the screen).
struct StderrCapture {
    saved: RawFd,
}

impl StderrCapture {
    fn start(to_ui: Sender<Message>) -> std::io::Result<StderrCapture> {
        let mut fds = [0; 2];
        // SAFETY: plain descriptor calls; each result is checked.
        unsafe {
            if libc::pipe(fds.as_mut_ptr()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            let saved = libc::dup(2);
            if saved < 0 || libc::dup2(fds[1], 2) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::close(fds[1]);
            // SAFETY: the read end is ours alone from here on.
            let mut reader = std::fs::File::from_raw_fd(fds[0]);
            std::thread::Builder::new()
                .name("oclgrind-stderr".into())
                .spawn(move || {
                    let mut buf = [0u8; 4096];
                    while let Ok(n @ 1..) = reader.read(&mut buf) {
                        let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                        if to_ui.send(Message::Event(Event::Output(text))).is_err() {
                            break;
                        }
                    }
                })?;
            Ok(StderrCapture { saved })
        }
    }
}

impl Drop for StderrCapture {
    fn drop(&mut self) {
        // SAFETY: puts back the descriptor saved in `start`; the pipe's writer closes with it.
        unsafe {
            libc::dup2(self.saved, 2);
            libc::close(self.saved);
        }
    }
}
