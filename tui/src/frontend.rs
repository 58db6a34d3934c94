//! The TUI as the debugger's front-end. The engine calls it from whichever worker thread
//! holds the prompt; a UI thread of its own owns the terminal and runs one tokio event loop
//! over everything that reaches the screen: the terminal's keys, mouse, pastes and resizes,
//! the debugger's events (from this process, or from the program's over a socket), the
//! program's output and standard error, and finished highlighting. A stopped worker waits for
//! its next command on a tokio channel (a blocking receive). So drawing never waits for the
//! simulator, the simulator never waits for drawing, and a key is handled the moment it
//! arrives: the screen is drawn once nothing else is waiting.

use std::fs::File;
use std::future::{poll_fn, ready};
use std::io::Read;
use std::ops::ControlFlow;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::net::UnixListener;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use std::collections::VecDeque;

use futures_core::Stream;
use oclgrind_debug_protocol::protocol::{self, Command, Event, ToFrontend};
use oclgrind_debug_protocol::text::OutputText;
use oclgrind_debug_protocol::Frontend;
use ratatui::crossterm::event::{
    Event as TermEvent, EventStream, KeyCode, KeyEventKind, KeyModifiers, MouseButton,
    MouseEventKind,
};
use tokio::io::unix::AsyncFd;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

use crate::app::{Action, App, HighlightJob, Highlit, Key, Message, Mouse, Refresh};
use crate::keymap::Keymap;
use crate::theme::Theme;
use crate::ui;

/// While input or output keeps coming, the screen is still drawn this often.
const MAX_FRAME_GAP: Duration = Duration::from_millis(50);

/// The engine's side, in the same process: events and prompts go to the UI thread, commands
/// come back.
pub struct TuiFrontend {
    to_ui: UnboundedSender<Message>,
    /// `None` (or a closed channel) when the UI has gone: the session then ends like `quit`.
    commands: UnboundedReceiver<Option<Command>>,
}

impl Frontend for TuiFrontend {
    fn event(&mut self, event: &Event) {
        let _ = self.to_ui.send(Message::Event(event.clone()));
    }

    fn command(&mut self) -> Option<Command> {
        self.to_ui.send(Message::Prompt).ok()?;
        self.commands.blocking_recv().flatten()
    }
}

/// How the session ended, as the UI thread reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leaving {
    /// The user left after the program's end.
    AfterEnd,
    /// The user quit: the kernel and the program were stopped.
    Quit,
    /// The terminal failed (or could not be set up).
    Lost,
}

/// What the UI thread is given to run with.
struct Setup {
    to_ui: UnboundedSender<Message>,
    messages: UnboundedReceiver<Message>,
    commands: UnboundedSender<Option<Command>>,
    /// Text to show in the output pane, read until its end: the program's output, or our
    /// own standard error.
    outputs: Vec<OwnedFd>,
    /// The program's debugger connects here, and is sent the commands.
    remote: Option<(UnixListener, UnboundedReceiver<Option<Command>>)>,
    /// Puts standard error back when the TUI ends.
    capture: Option<StderrCapture>,
    /// Stops the running kernel (Ctrl-C).
    interrupt: Box<dyn Fn() + Send>,
    /// Stops the kernel and the program once the terminal is restored, when the user quit.
    terminate: Box<dyn Fn() + Send>,
}

/// The UI's side, kept by whoever started it.
pub struct Tui {
    to_ui: UnboundedSender<Message>,
    thread: Option<JoinHandle<Leaving>>,
}

impl Tui {
    /// Opens the TUI on the terminal for an engine in this process; returns it and the
    /// front-end to give the engine. Standard error shows in the console meanwhile;
    /// `interrupt` stops the running kernel (Ctrl-C). Quitting ends this process.
    pub fn start(interrupt: Box<dyn Fn() + Send>) -> std::io::Result<(Tui, TuiFrontend)> {
        let (to_ui, messages) = unbounded_channel();
        let (send_command, commands) = unbounded_channel();
        let (capture, captured) = StderrCapture::start()?;
        let tui = Tui::open(Setup {
            to_ui: to_ui.clone(),
            messages,
            commands: send_command,
            outputs: vec![captured],
            remote: None,
            capture: Some(capture),
            interrupt,
            terminate: Box::new(|| {
                eprintln!("Oclgrind: debugging was quit; the kernel was stopped");
                std::process::exit(1);
            }),
        })?;
        Ok((tui, TuiFrontend { to_ui, commands }))
    }

    /// Opens the TUI for an engine in process `pid`, which connects to `listener` (see the
    /// debugger's `remote` module); `outputs` (the program's standard output and error) show
    /// in the console, Ctrl-C sends the process SIGINT, and quitting kills it.
    pub fn start_remote(
        listener: UnixListener,
        outputs: Vec<OwnedFd>,
        pid: u32,
    ) -> std::io::Result<Tui> {
        let (to_ui, messages) = unbounded_channel();
        let (send_command, commands) = unbounded_channel();
        crate::restore::child(pid);
        let pid = pid as libc::pid_t;
        Tui::open(Setup {
            to_ui,
            messages,
            commands: send_command,
            outputs,
            remote: Some((listener, commands)),
            capture: None,
            // SAFETY (both): a signal to our own child, which handles SIGINT (compat §5.1).
            interrupt: Box::new(move || unsafe {
                libc::kill(pid, libc::SIGINT);
            }),
            terminate: Box::new(move || {
                unsafe { libc::kill(pid, libc::SIGKILL) };
                eprintln!("Oclgrind: debugging was quit; the application was stopped");
            }),
        })
    }

    fn open(setup: Setup) -> std::io::Result<Tui> {
        // Read before the screen is taken over, so problems with them can be shown in it.
        let (keymap, keymap_problem) = Keymap::load();
        let (theme, theme_problem) = Theme::load();
        let terminal = crate::restore::enter()?;
        let to_ui = setup.to_ui.clone();
        let thread = std::thread::Builder::new()
            .name("oclgrind-tui".into())
            .spawn(move || {
                let mut app = App::new();
                app.keymap = keymap;
                app.theme = theme;
                app.notice = keymap_problem.or(theme_problem);
                let Setup {
                    to_ui,
                    mut messages,
                    commands,
                    outputs,
                    remote,
                    capture,
                    interrupt,
                    terminate,
                } = setup;
                let runtime = tokio::runtime::Builder::new_current_thread()
                    .enable_io()
                    .build();
                let leaving = match runtime {
                    Ok(runtime) => {
                        let leaving = runtime.block_on(async {
                            for output in outputs {
                                tokio::spawn(forward_text(output, to_ui.clone()));
                            }
                            if let Some((listener, commands)) = remote {
                                tokio::spawn(remote_link(listener, commands, to_ui.clone()));
                            }
                            let mut terminal = terminal;
                            let mut ui = Ui {
                                app,
                                session: Session::default(),
                                commands: &commands,
                                highlights: &to_ui,
                                interrupt: &*interrupt,
                            };
                            ui.run(&mut terminal, &mut messages).await
                        });
                        // Highlighting still under way is not waited for.
                        runtime.shutdown_background();
                        leaving
                    }
                    Err(_) => Leaving::Lost,
                };
                // The engine must not wait for a UI that has gone.
                drop(commands);
                crate::restore::leave();
                drop(capture);
                if leaving == Leaving::Quit {
                    terminate();
                }
                leaving
            })?;
        Ok(Tui {
            to_ui,
            thread: Some(thread),
        })
    }

    /// The program has ended (`why` says how): the TUI stays until the user leaves it, then
    /// the terminal is restored. Returns how the user left.
    pub fn wait_for_exit(mut self, why: &str) -> Leaving {
        let _ = self.to_ui.send(Message::Ended(why.to_string()));
        match self.thread.take().map(JoinHandle::join) {
            Some(Ok(leaving)) => leaving,
            _ => Leaving::Lost,
        }
    }
}

/// The engine in the program's process: it connects to `listener`, reads the commands as
/// JSON lines and writes events and prompts the same way.
async fn remote_link(
    listener: UnixListener,
    mut commands: UnboundedReceiver<Option<Command>>,
    to_ui: UnboundedSender<Message>,
) {
    let listener = match listener
        .set_nonblocking(true)
        .and_then(|()| tokio::net::UnixListener::from_std(listener))
    {
        Ok(l) => l,
        Err(_) => return,
    };
    // The program may never make a context: then nobody connects.
    let Ok((stream, _)) = listener.accept().await else {
        return;
    };
    let (reader, mut writer) = stream.into_split();
    tokio::spawn(async move {
        while let Some(command) = commands.recv().await {
            let Some(mut line) = protocol::encode_line(&command) else {
                continue;
            };
            line.push('\n');
            if writer.write_all(line.as_bytes()).await.is_err() {
                break;
            }
        }
    });
    let mut lines = BufReader::new(reader).lines();
    while let Ok(Some(line)) = lines.next_line().await {
        let message = match protocol::decode_frontend_line(&line) {
            Some(ToFrontend::Event(e)) => Message::Event(*e),
            Some(ToFrontend::Prompt) => Message::Prompt,
            None => continue,
        };
        if to_ui.send(message).is_err() {
            break;
        }
    }
}

/// Text read from `fd` (the program's output, or standard error) shows in the output pane.
/// A character split between two reads waits for its end.
async fn forward_text(fd: OwnedFd, to_ui: UnboundedSender<Message>) {
    // SAFETY: fcntl on a descriptor we own; only its status flags change.
    unsafe {
        let flags = libc::fcntl(fd.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(fd.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    // SAFETY: the File owns the descriptor, and it is neither replaced nor closed while it is
    // registered (the AsyncFd owns the File).
    let Ok(fd) = (unsafe { AsyncFd::register(File::from(fd)) }) else {
        return;
    };
    let mut buf = vec![0u8; 1 << 16];
    let mut text = OutputText::default();
    loop {
        let Ok(mut ready) = fd.readable().await else {
            return;
        };
        let n = match ready.try_io(|f| f.get_ref().read(&mut buf)) {
            // The end (a terminal whose writers all closed says EIO).
            Ok(Ok(0)) | Ok(Err(_)) => break,
            Ok(Ok(n)) => n,
            Err(_would_block) => continue,
        };
        let piece = text.push(&buf[..n]);
        if to_ui.send(Message::Event(Event::Output(piece))).is_err() {
            return;
        }
    }
    if let Some(rest) = text.finish() {
        let _ = to_ui.send(Message::Event(Event::Output(rest)));
    }
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

/// The UI loop's state: the model, what joins it to the debugger, and where actions go.
struct Ui<'a> {
    app: App,
    session: Session,
    commands: &'a UnboundedSender<Option<Command>>,
    highlights: &'a UnboundedSender<Message>,
    interrupt: &'a dyn Fn(),
}

/// What woke the loop.
enum Wake {
    Terminal(Option<std::io::Result<TermEvent>>),
    /// Boxed: a message is far larger than the other wakes.
    Message(Option<Box<Message>>),
    Draw,
}

impl Ui<'_> {
    /// Takes keys, the mouse and messages until the user leaves. Terminal events come
    /// first (a key is never queued behind the program's output), and the screen is drawn
    /// when nothing is waiting, or every `MAX_FRAME_GAP` while something keeps coming.
    async fn run(
        &mut self,
        terminal: &mut ratatui::DefaultTerminal,
        messages: &mut UnboundedReceiver<Message>,
    ) -> Leaving {
        let mut terminal_events = EventStream::new();
        let mut debugger_open = true;
        let mut dirty = true;
        let mut drawn = Instant::now();
        loop {
            for job in self.app.take_highlight_jobs() {
                highlight_elsewhere(job, self.highlights.clone());
            }
            if dirty && drawn.elapsed() >= MAX_FRAME_GAP {
                if !self.draw(terminal) {
                    return Leaving::Lost;
                }
                (dirty, drawn) = (false, Instant::now());
            }
            let wake = tokio::select! {
                biased;
                event = poll_fn(|cx| std::pin::Pin::new(&mut terminal_events).poll_next(cx)) => {
                    Wake::Terminal(event)
                }
                message = messages.recv(), if debugger_open => Wake::Message(message.map(Box::new)),
                () = ready(()), if dirty => Wake::Draw,
            };
            let flow = match wake {
                Wake::Draw => {
                    if !self.draw(terminal) {
                        return Leaving::Lost;
                    }
                    (dirty, drawn) = (false, Instant::now());
                    ControlFlow::Continue(())
                }
                Wake::Terminal(Some(Ok(event))) => {
                    dirty = true;
                    match self.terminal_event(event) {
                        Some(action) => self.perform(action),
                        None => ControlFlow::Continue(()),
                    }
                }
                Wake::Terminal(_) => return Leaving::Lost,
                Wake::Message(Some(message)) => {
                    dirty = true;
                    self.message(*message)
                }
                Wake::Message(None) => {
                    debugger_open = false;
                    if !self.app.ended {
                        self.app
                            .update(Message::Ended("The debugger has gone".into()));
                        dirty = true;
                    }
                    ControlFlow::Continue(())
                }
            };
            if let ControlFlow::Break(leaving) = flow {
                return leaving;
            }
        }
    }

    /// Draws the model; false when the terminal has failed.
    fn draw(&mut self, terminal: &mut ratatui::DefaultTerminal) -> bool {
        if let Ok(size) = terminal.size() {
            self.app.screen = ratatui::layout::Rect::new(0, 0, size.width, size.height);
        }
        let app = &self.app;
        terminal.draw(|f| ui::draw(f, app)).is_ok()
    }

    /// A key, a click, the wheel or a paste: what the model makes of it.
    fn terminal_event(&mut self, event: TermEvent) -> Option<Action> {
        match event {
            TermEvent::Key(k) if k.kind == KeyEventKind::Press => {
                translate(k.code, k.modifiers).and_then(|key| self.app.key(key))
            }
            TermEvent::Mouse(m) => {
                let at = (m.column, m.row);
                match m.kind {
                    MouseEventKind::Down(MouseButton::Left) => {
                        self.app.mouse(Mouse::Click(at.0, at.1))
                    }
                    MouseEventKind::ScrollUp => self.app.mouse(Mouse::ScrollUp(at.0, at.1)),
                    MouseEventKind::ScrollDown => self.app.mouse(Mouse::ScrollDown(at.0, at.1)),
                    _ => None,
                }
            }
            TermEvent::Paste(text) => {
                self.app.paste(&text);
                None
            }
            // A resize, say: drawn again.
            _ => None,
        }
    }

    /// A message from the debugger's side.
    fn message(&mut self, message: Message) -> ControlFlow<Leaving> {
        let (shown, due) = self.session.filter(message, &self.app);
        if let Some(command) = due {
            self.to_engine(command)?;
        }
        match shown.and_then(|m| self.app.update(m)) {
            Some(action) => self.perform(action),
            None => ControlFlow::Continue(()),
        }
    }

    /// Carries out an action.
    fn perform(&mut self, action: Action) -> ControlFlow<Leaving> {
        match action {
            Action::Send(command) => {
                self.session.sent(&command);
                self.to_engine(command)
            }
            Action::Refresh(what) => match what.command(&self.app) {
                Some(command) => {
                    self.session.expected.push_back(what);
                    self.to_engine(command)
                }
                // Nothing to ask: the debugger still waits.
                None => ControlFlow::Continue(()),
            },
            Action::Interrupt => {
                // Raw mode turns Ctrl-C into a key: it interrupts the kernel, as at a shell.
                (self.interrupt)();
                ControlFlow::Continue(())
            }
            Action::Quit => ControlFlow::Break(Leaving::Quit),
            Action::Exit => ControlFlow::Break(Leaving::AfterEnd),
        }
    }

    fn to_engine(&self, command: Command) -> ControlFlow<Leaving> {
        match self.commands.send(Some(command)) {
            Ok(()) => ControlFlow::Continue(()),
            // The debugger has gone; what is on the screen stays until the user leaves.
            Err(_) => ControlFlow::Continue(()),
        }
    }
}

/// Highlights away from the loop: a long kernel takes a moment, and drawing goes on
/// meanwhile (plain until the colours arrive).
fn highlight_elsewhere(job: HighlightJob, to_ui: UnboundedSender<Message>) {
    tokio::task::spawn_blocking(move || {
        let lines = match job.what {
            Highlit::Source => crate::highlight::highlight_c_with(&job.lines, &job.theme),
            Highlit::Ir => crate::highlight::highlight_ir(&job.lines, &job.theme),
        };
        let _ = to_ui.send(Message::Highlighted(job.what, job.generation, lines));
    });
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
    /// Points standard error at a pipe; returns the guard that puts it back and the pipe's
    /// reading end.
    fn start() -> std::io::Result<(StderrCapture, OwnedFd)> {
        let mut fds = [0; 2];
        // SAFETY: plain descriptor calls; each result is checked.
        unsafe {
            if libc::pipe(fds.as_mut_ptr()) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            // SAFETY: the reading end is ours alone from here on.
            let reader = OwnedFd::from_raw_fd(fds[0]);
            libc::fcntl(fds[0], libc::F_SETFD, libc::FD_CLOEXEC);
            let saved = libc::dup(2);
            if saved < 0 || libc::dup2(fds[1], 2) < 0 {
                libc::close(fds[1]);
                return Err(std::io::Error::last_os_error());
            }
            libc::close(fds[1]);
            crate::restore::stderr_saved(Some(saved));
            Ok((StderrCapture { saved }, reader))
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
