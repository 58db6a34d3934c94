//! The TUI as the debugger's front-end. The engine calls it from whichever worker thread
//! holds the prompt; a UI thread of its own owns the terminal. Channels join the two, so
//! drawing never waits for the simulator and the simulator never waits for drawing.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::fd::{FromRawFd, RawFd};
use std::os::unix::net::{UnixListener, UnixStream};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use oclgrind_debugger::engine;
use oclgrind_debugger::protocol::{Command, Event, ToFrontend};
use oclgrind_debugger::Frontend;
use ratatui::crossterm::event::{
    self, Event as TermEvent, KeyCode, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};

use crate::app::{Action, App, HighlightJob, Highlit, Key, Message, Mouse, Refresh};
use crate::keymap::Keymap;
use crate::theme::Theme;
use crate::ui;

/// The engine's side, in the same process: events and prompts go to the UI thread, commands
/// come back.
pub struct TuiFrontend {
    to_ui: Sender<Message>,
    /// `None` when the UI has gone (the session then ends like `quit`).
    commands: Receiver<Option<Command>>,
}

impl Frontend for TuiFrontend {
    fn event(&mut self, event: &Event) {
        let _ = self.to_ui.send(Message::Event(event.clone()));
    }

    fn command(&mut self) -> Option<Command> {
        self.to_ui.send(Message::Prompt).ok()?;
        self.commands.recv().ok().flatten()
    }
}

/// The UI's side, kept by whoever started it.
pub struct Tui {
    to_ui: Sender<Message>,
    thread: Option<JoinHandle<()>>,
}

impl Tui {
    /// Opens the TUI on the terminal for an engine in this process; returns it and the
    /// front-end to give the engine. Standard error shows in the console meanwhile.
    pub fn start() -> std::io::Result<(Tui, TuiFrontend)> {
        let (to_ui, messages) = mpsc::channel();
        let (send_command, commands) = mpsc::channel();
        let capture = StderrCapture::start(to_ui.clone())?;
        let tui = Tui::open(
            to_ui.clone(),
            messages,
            send_command,
            Some(capture),
            Box::new(engine::interrupt),
        )?;
        Ok((tui, TuiFrontend { to_ui, commands }))
    }

    /// Opens the TUI for an engine in process `pid`, which connects to `listener` (see
    /// `oclgrind_debugger::remote`); `outputs` (the program's standard output and error) show
    /// in the console, and Ctrl-C sends the process SIGINT.
    pub fn start_remote(
        listener: UnixListener,
        outputs: Vec<Box<dyn Read + Send>>,
        pid: u32,
    ) -> std::io::Result<Tui> {
        let (to_ui, messages) = mpsc::channel();
        let (send_command, commands) = mpsc::channel::<Option<Command>>();
        for output in outputs {
            forward_text(output, to_ui.clone())?;
        }
        let events = to_ui.clone();
        std::thread::Builder::new()
            .name("oclgrind-tui-link".into())
            .spawn(move || {
                // The program may never make a context: then nobody connects.
                let Ok((stream, _)) = listener.accept() else {
                    return;
                };
                let Ok(writer) = stream.try_clone() else {
                    return;
                };
                std::thread::spawn(move || write_commands(writer, &commands));
                for line in BufReader::new(stream).lines().map_while(Result::ok) {
                    let message = match serde_json::from_str::<ToFrontend>(&line) {
                        Ok(ToFrontend::Event(e)) => Message::Event(*e),
                        Ok(ToFrontend::Prompt) => Message::Prompt,
                        Err(_) => continue,
                    };
                    if events.send(message).is_err() {
                        break;
                    }
                }
            })?;
        crate::restore::child(pid);
        let interrupt = move || {
            // SAFETY: a signal to our own child, which handles it (compat §5.1).
            unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) };
        };
        Tui::open(to_ui, messages, send_command, None, Box::new(interrupt))
    }

    fn open(
        to_ui: Sender<Message>,
        messages: Receiver<Message>,
        commands: Sender<Option<Command>>,
        capture: Option<StderrCapture>,
        interrupt: Box<dyn Fn() + Send>,
    ) -> std::io::Result<Tui> {
        // Read before the screen is taken over, so problems with them can be shown in it.
        let (keymap, keymap_problem) = Keymap::load();
        let (theme, theme_problem) = Theme::load();
        let terminal = crate::restore::enter()?;
        let highlights = to_ui.clone();
        let thread = std::thread::Builder::new()
            .name("oclgrind-tui".into())
            .spawn(move || {
                let mut terminal = terminal;
                let mut app = App::new();
                app.keymap = keymap;
                app.theme = theme;
                app.notice = keymap_problem.or(theme_problem);
                run(
                    &mut terminal,
                    app,
                    &messages,
                    &commands,
                    &highlights,
                    &*interrupt,
                );
                // The engine must not wait for a UI that has gone.
                let _ = commands.send(None);
                crate::restore::leave();
                drop(capture);
            })?;
        Ok(Tui {
            to_ui,
            thread: Some(thread),
        })
    }

    /// The program has ended (`why` says how): the TUI stays until the user leaves it, then
    /// the terminal is restored.
    pub fn wait_for_exit(mut self, why: &str) {
        let _ = self.to_ui.send(Message::Ended(why.to_string()));
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Sends the UI's commands to the engine in the other process, one JSON line each.
fn write_commands(mut stream: UnixStream, commands: &Receiver<Option<Command>>) {
    while let Ok(command) = commands.recv() {
        let Ok(mut line) = serde_json::to_string(&command) else {
            continue;
        };
        line.push('\n');
        if stream.write_all(line.as_bytes()).is_err() {
            break;
        }
    }
}

/// Text read from `source` (the program's output, or standard error) shows in the output pane.
fn forward_text(mut source: Box<dyn Read + Send>, to_ui: Sender<Message>) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("oclgrind-tui-output".into())
        .spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n @ 1..) = source.read(&mut buf) {
                let text = String::from_utf8_lossy(&buf[..n]).into_owned();
                if to_ui.send(Message::Event(Event::Output(text))).is_err() {
                    break;
                }
            }
        })?;
    Ok(())
}

/// Between the debugger and the model: after each stop it asks for what the panes show
/// (before the user's next command) and hands the replies to the model as refreshes.
#[derive(Default)]
struct Session {
    /// Refreshes to ask for at the next prompt.
    refresh: VecDeque<Refresh>,
    /// Refreshes asked for, whose replies are on their way (each gets one).
    expected: VecDeque<Refresh>,
    have_source: bool,
}

impl Session {
    /// What the model is to see of a message; a command to send at once, if one is due.
    fn filter(&mut self, message: Message, app: &App) -> (Option<Message>, Option<Command>) {
        if let Message::Prompt = message {
            // Refreshes with nothing to ask (no memory shown, say) are skipped.
            while let Some(what) = self.refresh.pop_front() {
                if let Some(command) = what.command(app) {
                    self.expected.push_back(what);
                    return (None, Some(command));
                }
            }
            return (Some(Message::Prompt), None);
        }
        match message {
            Message::Event(Event::Reply(reply)) => match self.expected.pop_front() {
                Some(what) => (Some(Message::Refreshed(what, reply)), None),
                None => (Some(Message::Event(Event::Reply(reply))), None),
            },
            Message::Event(e) => {
                match &e {
                    Event::LaunchBegin(_) => self.have_source = false,
                    Event::Stopped(stop) => {
                        let source = self.have_source && !app.needs_source(stop);
                        self.refresh = Refresh::after_stop(source).into();
                        self.have_source = true;
                    }
                    _ => {}
                }
                (Some(Message::Event(e)), None)
            }
            other => (Some(other), None),
        }
    }

    /// The user sent `command`.
    fn sent(&mut self, command: &Command) {
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
    }
}

/// The UI loop: draw, take messages, take keys and the mouse, until the user leaves after
/// the end.
fn run(
    terminal: &mut ratatui::DefaultTerminal,
    mut app: App,
    messages: &Receiver<Message>,
    commands: &Sender<Option<Command>>,
    highlights: &Sender<Message>,
    interrupt: &dyn Fn(),
) {
    let mut session = Session::default();
    let mut dirty = true;
    loop {
        for job in app.take_highlight_jobs() {
            highlight_elsewhere(job, highlights.clone());
        }
        if dirty {
            if let Ok(size) = terminal.size() {
                app.screen = ratatui::layout::Rect::new(0, 0, size.width, size.height);
            }
            if terminal.draw(|f| ui::draw(f, &app)).is_err() {
                return;
            }
        }
        dirty = false;
        // Messages first: a burst of them is drawn once.
        loop {
            match messages.recv_timeout(Duration::from_millis(10)) {
                Ok(m) => {
                    dirty = true;
                    let (shown, due) = session.filter(m, &app);
                    if let Some(c) = due {
                        if commands.send(Some(c)).is_err() {
                            return;
                        }
                    }
                    if let Some(action) = shown.and_then(|m| app.update(m)) {
                        if !perform(action, &app, commands, &mut session, interrupt) {
                            return;
                        }
                    }
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => {
                    if app.ended {
                        break;
                    }
                    app.update(Message::Ended("The debugger has gone".into()));
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
        let action = match event::read() {
            Ok(TermEvent::Key(k)) if k.kind == KeyEventKind::Press => {
                translate(k.code, k.modifiers).and_then(|key| app.key(key))
            }
            Ok(TermEvent::Mouse(m)) => {
                let at = (m.column, m.row);
                match m.kind {
                    MouseEventKind::Down(MouseButton::Left) => app.mouse(Mouse::Click(at.0, at.1)),
                    MouseEventKind::ScrollUp => app.mouse(Mouse::ScrollUp(at.0, at.1)),
                    MouseEventKind::ScrollDown => app.mouse(Mouse::ScrollDown(at.0, at.1)),
                    _ => continue,
                }
            }
            Ok(_) => None, // a resize, say: drawn again below
            Err(_) => return,
        };
        dirty = true;
        if let Some(action) = action {
            if !perform(action, &app, commands, &mut session, interrupt) {
                return;
            }
        }
    }
}

/// Highlights on a thread of its own: a long kernel takes a moment, and drawing goes on
/// meanwhile (plain until the colours arrive).
fn highlight_elsewhere(job: HighlightJob, to_ui: Sender<Message>) {
    let _ = std::thread::Builder::new()
        .name("oclgrind-highlight".into())
        .spawn(move || {
            let lines = match job.what {
                Highlit::Source => crate::highlight::highlight_c_with(&job.lines, &job.theme),
                Highlit::Ir => crate::highlight::highlight_ir(&job.lines, &job.theme),
            };
            let _ = to_ui.send(Message::Highlighted(job.what, job.generation, lines));
        });
}

/// Carries out an action; false when the UI is to close.
fn perform(
    action: Action,
    app: &App,
    commands: &Sender<Option<Command>>,
    session: &mut Session,
    interrupt: &dyn Fn(),
) -> bool {
    match action {
        Action::Send(c) => {
            session.sent(&c);
            commands.send(Some(c)).is_ok()
        }
        Action::Refresh(what) => match what.command(app) {
            Some(c) => {
                session.expected.push_back(what);
                commands.send(Some(c)).is_ok()
            }
            // Nothing to ask: the debugger still waits.
            None => true,
        },
        Action::Interrupt => {
            // Raw mode turns Ctrl-C into a key: it interrupts the kernel, as at a shell.
            interrupt();
            true
        }
        Action::Exit => false,
    }
}

fn translate(code: KeyCode, modifiers: KeyModifiers) -> Option<Key> {
    Some(match code {
        KeyCode::Char(c) if modifiers.contains(KeyModifiers::CONTROL) => {
            Key::Ctrl(c.to_ascii_lowercase())
        }
        KeyCode::Char(c) => Key::Char(c),
        KeyCode::Enter => Key::Enter,
        KeyCode::Backspace => Key::Backspace,
        KeyCode::Esc => Key::Esc,
        KeyCode::Tab => Key::Tab,
        KeyCode::BackTab => Key::BackTab,
        KeyCode::Up => Key::Up,
        KeyCode::Down => Key::Down,
        KeyCode::Left => Key::Left,
        KeyCode::Right => Key::Right,
        KeyCode::PageUp => Key::PageUp,
        KeyCode::PageDown => Key::PageDown,
        KeyCode::Home => Key::Home,
        KeyCode::End => Key::End,
        KeyCode::F(n) if modifiers.contains(KeyModifiers::SHIFT) => Key::ShiftF(n),
        // Some terminals send Shift-F1..F12 as F13..F24.
        KeyCode::F(n @ 13..=24) => Key::ShiftF(n - 12),
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
            let reader = std::fs::File::from_raw_fd(fds[0]);
            forward_text(Box::new(reader), to_ui)?;
            crate::restore::stderr_saved(Some(saved));
            Ok(StderrCapture { saved })
        }
    }
}

impl Drop for StderrCapture {
    fn drop(&mut self) {
        crate::restore::stderr_saved(None);
        // SAFETY: puts back the descriptor saved in `start`; the pipe's writer closes with it.
        unsafe {
            libc::dup2(self.saved, 2);
            libc::close(self.saved);
        }
    }
}
