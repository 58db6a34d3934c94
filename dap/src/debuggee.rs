//! The debugged process: `oclgrind` or `oclgrind-kernel` started again by us with `-i`, its
//! engine pointed at a socket of ours, in a process group of its own (so that pause and
//! terminate reach the application whoever runs it). Its output, its engine's messages and
//! its end arrive at the session as `Input`s, from one thread each.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::net::{UnixListener, UnixStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex};

use oclgrind_debug_protocol::protocol::{self, Command, ToFrontend};
use oclgrind_debug_protocol::text::OutputText;
use serde_json::Value;

/// What the session's loop waits for.
pub enum Input {
    /// A request from the IDE.
    Client(Value),
    /// The IDE closed our input, or sent something unreadable (the text says what).
    ClientGone(Option<String>),
    /// A message of the engine in the debugged process.
    Engine(ToFrontend),
    /// The engine's connection closed.
    EngineGone,
    /// Text the process wrote; `category` is DAP's `stdout` or `stderr`.
    Output {
        category: &'static str,
        text: String,
    },
    /// One of the process's output streams ended.
    StreamClosed,
    Exited(ExitStatus),
}

/// How to start the process: our own executable again, with the engine's socket.
pub struct Spawn {
    pub exe: PathBuf,
    /// Options before the launch request's (those `--dap` was given with).
    pub options: Vec<String>,
    pub program: String,
    pub args: Vec<String>,
    pub cwd: Option<PathBuf>,
    pub env: Vec<(String, String)>,
}

/// The variable through which the engine finds its front-end (as for the TUI).
const DEBUG_SOCKET: &str = "OCLGRIND_DEBUG_SOCKET";

pub struct Debuggee {
    /// Its process group (its pid).
    group: i32,
    /// Where commands go, once the engine has connected.
    engine: Arc<Mutex<Option<UnixStream>>>,
    _dir: PrivateDir,
}

impl Debuggee {
    /// Starts the process; its inputs go to `tx`.
    pub fn start(spawn: &Spawn, extra: &[String], tx: Sender<Input>) -> std::io::Result<Debuggee> {
        let dir = PrivateDir::new()?;
        let socket = dir.0.join("engine");
        let listener = UnixListener::bind(&socket)?;
        let mut cmd = std::process::Command::new(&spawn.exe);
        cmd.args(&spawn.options)
            .args(extra)
            .args(["--interactive", "--no-tui"])
            .arg(&spawn.program)
            .args(&spawn.args)
            .envs(spawn.env.iter().map(|(k, v)| (k, v)))
            .env(DEBUG_SOCKET, &socket)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        if let Some(cwd) = &spawn.cwd {
            cmd.current_dir(cwd);
        }
        let mut child = cmd.spawn()?;
        let group = child.id() as i32;
        for (stream, category) in [
            (
                child
                    .stdout
                    .take()
                    .map(|s| Box::new(s) as Box<dyn Read + Send>),
                "stdout",
            ),
            (
                child
                    .stderr
                    .take()
                    .map(|s| Box::new(s) as Box<dyn Read + Send>),
                "stderr",
            ),
        ] {
            if let Some(stream) = stream {
                let tx = tx.clone();
                std::thread::spawn(move || forward_output(stream, category, tx));
            }
        }
        let engine = Arc::new(Mutex::new(None));
        {
            let (engine, tx) = (engine.clone(), tx.clone());
            std::thread::spawn(move || serve_engine(listener, engine, tx));
        }
        std::thread::spawn(move || {
            if let Ok(status) = child.wait() {
                let _ = tx.send(Input::Exited(status));
            }
        });
        Ok(Debuggee {
            group,
            engine,
            _dir: dir,
        })
    }

    /// Answers the engine's prompt; false when it is not connected.
    pub fn send(&self, command: &Command) -> bool {
        let Some(mut line) = protocol::encode_line(&Some(command)) else {
            return false;
        };
        line.push('\n');
        let mut engine = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        match engine.as_mut() {
            Some(stream) => stream.write_all(line.as_bytes()).is_ok(),
            None => false,
        }
    }

    /// Sends a signal to the process group.
    pub fn signal(&self, signal: libc::c_int) {
        // SAFETY: a signal to the process group we created; it may have ended (ESRCH).
        unsafe { libc::kill(-self.group, signal) };
    }
}

impl Drop for Debuggee {
    fn drop(&mut self) {
        // A session that ends leaves nothing running.
        self.signal(libc::SIGKILL);
    }
}

/// Accepts the engine's connection and forwards its messages.
fn serve_engine(listener: UnixListener, slot: Arc<Mutex<Option<UnixStream>>>, tx: Sender<Input>) {
    let Ok((stream, _)) = listener.accept() else {
        return;
    };
    let Ok(writer) = stream.try_clone() else {
        return;
    };
    *slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(writer);
    for line in BufReader::new(stream).lines() {
        let Ok(line) = line else { break };
        if let Some(message) = protocol::decode_frontend_line(&line) {
            if tx.send(Input::Engine(message)).is_err() {
                return;
            }
        }
    }
    let _ = tx.send(Input::EngineGone);
}

/// Forwards a stream as text, never splitting a UTF-8 character between two events.
fn forward_output(mut stream: Box<dyn Read + Send>, category: &'static str, tx: Sender<Input>) {
    let mut buf = vec![0u8; 8192];
    let mut text = OutputText::default();
    loop {
        let n = match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        let piece = text.push(&buf[..n]);
        if !piece.is_empty()
            && tx
                .send(Input::Output {
                    category,
                    text: piece,
                })
                .is_err()
        {
            return;
        }
    }
    if let Some(text) = text.finish() {
        let _ = tx.send(Input::Output { category, text });
    }
    let _ = tx.send(Input::StreamClosed);
}

/// A directory only we can enter, removed with what is in it when dropped.
struct PrivateDir(PathBuf);

impl PrivateDir {
    fn new() -> std::io::Result<PrivateDir> {
        use std::os::unix::fs::DirBuilderExt;
        static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
        let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!("oclgrind-dap-{}-{n}", std::process::id()));
        std::fs::DirBuilder::new().mode(0o700).create(&path)?;
        Ok(PrivateDir(path))
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The program as the process is given it: relative to the launch's working directory.
pub fn resolve(program: &str, cwd: Option<&Path>) -> PathBuf {
    match cwd {
        Some(dir) if Path::new(program).is_relative() => dir.join(program),
        _ => PathBuf::from(program),
    }
}
