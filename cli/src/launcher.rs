//! `oclgrind [OPTIONS] COMMAND`: runs an unmodified OpenCL application on the simulator by
//! preloading our runtime library (compat §1). The options become `OCLGRIND_*` variables of
//! the application (only there: this process has them typed); the application replaces this
//! process, so its exit status is the one the caller sees.

use std::os::fd::FromRawFd;
use std::os::unix::ffi::OsStringExt;
use std::os::unix::net::UnixListener;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::Stdio;

use oclgrind_core::config::Var;
use oclgrind_tui::Tui;

use crate::options::{self, Command};

/// The runtime libraries' names as installed, and as cargo builds them.
const INSTALLED_LIB: &str = "liboclgrind-rt.so";
const BUILT_LIB: &str = "liboclgrind_rt.so";
const INSTALLED_ICD: &str = "liboclgrind-rt-icd.so";
const BUILT_ICD: &str = "liboclgrind_rt_icd.so";

/// Entry point; returns the exit status if the application could not be started.
pub fn main(args: &[String]) -> i32 {
    let options = match options::parse_or_exit(Command::Launcher, args) {
        Ok(o) => o,
        Err(status) => return status,
    };
    if options.dap {
        return options::serve_dap(&options, args, oclgrind_dap::Debugging::Application);
    }
    let Some((app, app_args)) = options.rest.split_first() else {
        print!("{}", options::usage(Command::Launcher));
        return 1;
    };
    // Bad numbers are caught here, before the application starts, rather than inside it.
    let config = match options::config_or_exit(&options) {
        Ok(c) => c,
        Err(status) => return status,
    };
    let lib = match runtime_library() {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("[Oclgrind] {msg}");
            return 1;
        }
    };
    let dir = lib.parent().unwrap_or(Path::new("/"));
    let mut cmd = std::process::Command::new(app);
    cmd.args(app_args)
        .envs(options.vars())
        .env(
            "LD_LIBRARY_PATH",
            prepend(dir.as_os_str(), "LD_LIBRARY_PATH"),
        )
        .env("LD_PRELOAD", prepend(lib.as_os_str(), "LD_PRELOAD"));
    // Applications that dlopen the system's libOpenCL.so.1 bypass the preloaded names; their
    // ICD loader is pointed at our driver instead (ocl-icd and the Khronos loader).
    if let Some(icd) = [BUILT_ICD, INSTALLED_ICD]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
    {
        cmd.env("OCL_ICD_VENDORS", &icd)
            .env("OCL_ICD_FILENAMES", &icd);
    }
    // A diagnostics file that cannot be written stops us before the application starts.
    if !oclgrind_reports::open(&config) {
        return 1;
    }
    // The capture directory, made and named absolutely: the application may change its own.
    if let Some(capture) = &config.capture.dir {
        let made = std::fs::create_dir_all(capture).and_then(|_| std::fs::canonicalize(capture));
        match made {
            Ok(path) => {
                cmd.env(Var::Capture.name(), path);
            }
            Err(e) => {
                eprintln!("[Oclgrind] Cannot create capture directory {capture}: {e}");
                return 1;
            }
        }
    }
    // With an error exit code or a diagnostics file the application runs as a child, which
    // notes its first error, and a diagnostics file it failed to write, in a file of a
    // private directory for this process to read after it.
    let note = match config.error_exitcode.is_some() || config.diagnostics_file.is_some() {
        true => match PrivateDir::new() {
            Ok(dir) => {
                let path = dir.0.join("note");
                cmd.env("OCLGRIND_ERROR_NOTE", &path);
                Some((dir, path))
            }
            Err(e) => {
                eprintln!("[Oclgrind] Cannot make a directory for the note file ({e})");
                return 1;
            }
        },
        false => None,
    };
    let status = if wants_tui(&config) {
        run_with_tui(cmd, app)
    } else if note.is_some() {
        run_and_wait(cmd, app)
    } else {
        let err = cmd.exec();
        eprintln!("[Oclgrind] Failed to launch target application ({app}: {err})");
        return 1;
    };
    let noted = note
        .and_then(|(_dir, path)| std::fs::read_to_string(path).ok())
        .unwrap_or_default();
    let noted = |what: &str| noted.lines().any(|l| l == what);
    match config.error_exitcode {
        Some(code) if noted(oclgrind_reports::note::ERROR) => code,
        _ if status == 0 && noted(oclgrind_reports::note::UNWRITTEN) => 1,
        _ => status,
    }
}

/// Runs the application as a child and returns its exit status (128 + the signal that killed
/// it, as a shell says).
fn run_and_wait(mut cmd: std::process::Command, app: &str) -> i32 {
    // Ctrl-C at the terminal reaches the application (our process group's): we wait for it.
    // SAFETY: ignoring two signals in this process; the child gets default handlers back
    // when it execs (ignored ones stay ignored, so they are restored in the child first).
    unsafe {
        libc::signal(libc::SIGINT, libc::SIG_IGN);
        libc::signal(libc::SIGQUIT, libc::SIG_IGN);
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGQUIT, libc::SIG_DFL);
            Ok(())
        });
    }
    let status = match cmd.status() {
        Ok(s) => s,
        Err(err) => {
            eprintln!("[Oclgrind] Failed to launch target application ({app}: {err})");
            return 1;
        }
    };
    match (status.code(), status.signal()) {
        (Some(c), _) => c,
        (None, Some(signal)) => 128 + signal,
        _ => 1,
    }
}

/// Debugging at a terminal, without `--no-tui`: the TUI (design.md, process layout).
fn wants_tui(config: &oclgrind_core::Config) -> bool {
    use std::io::IsTerminal;
    config.interactive
        && !config.no_tui
        && std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
}

/// Runs the application as a child whose debugger connects to this process's TUI through a
/// socket in a private directory; its output shows in the TUI. Returns its exit status.
fn run_with_tui(mut cmd: std::process::Command, app: &str) -> i32 {
    let dir = match PrivateDir::new() {
        Ok(d) => d,
        Err(e) => {
            eprintln!("[Oclgrind] Cannot make a directory for the debugger's socket ({e})");
            return 1;
        }
    };
    let socket = dir.0.join("debugger");
    let listener = match UnixListener::bind(&socket) {
        Ok(l) => l,
        Err(e) => {
            eprintln!("[Oclgrind] Cannot open the debugger's socket ({e})");
            return 1;
        }
    };
    cmd.env("OCLGRIND_DEBUG_SOCKET", &socket)
        .stdin(Stdio::null());
    let mut outputs: Vec<std::os::fd::OwnedFd> = Vec::new();
    match OutputTerminal::open() {
        Ok(terminal) => {
            cmd.stdout(terminal.writer()).stderr(terminal.writer());
            outputs.push(terminal.reader.into());
        }
        // Pipes then: the output still arrives, only later.
        Err(_) => {
            cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        }
    }
    let spawned = cmd.spawn();
    // Our copies of the terminal's writing end go, so reading ends when the application's do.
    drop(cmd);
    let mut child = match spawned {
        Ok(c) => c,
        Err(err) => {
            eprintln!("[Oclgrind] Failed to launch target application ({app}: {err})");
            return 1;
        }
    };
    if let Some(out) = child.stdout.take() {
        outputs.push(out.into());
    }
    if let Some(err) = child.stderr.take() {
        outputs.push(err.into());
    }
    let tui = match Tui::start_remote(listener, outputs, child.id()) {
        Ok(t) => t,
        Err(e) => {
            let _ = child.kill();
            let _ = child.wait();
            eprintln!("[Oclgrind] Cannot open the debugger's terminal interface ({e})");
            return 1;
        }
    };
    let (why, code) = match child.wait() {
        Ok(status) => match (status.code(), status.signal()) {
            (Some(c), _) => (format!("The application exited with status {c}"), c),
            (None, Some(s)) => (format!("The application was killed by signal {s}"), 128 + s),
            _ => ("The application ended".to_string(), 1),
        },
        Err(e) => (format!("Lost the application ({e})"), 1),
    };
    tui.wait_for_exit(&why);
    code
}

/// A pseudo-terminal for the application's standard output and error. C's stdio buffers a
/// pipe fully, so what a program prints would reach the output pane only at its end; to a
/// terminal it writes line by line. Both streams share it, so they stay in order.
struct OutputTerminal {
    reader: std::fs::File,
    writer: std::fs::File,
}

impl OutputTerminal {
    fn open() -> std::io::Result<OutputTerminal> {
        let (mut master, mut slave) = (0, 0);
        // SAFETY: openpty fills in two descriptors, which become owned Files below; the
        // termios calls only read and write the struct given them.
        unsafe {
            if libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                std::ptr::null(),
            ) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            let reader = std::fs::File::from_raw_fd(master);
            let writer = std::fs::File::from_raw_fd(slave);
            // The application must not inherit the reading end.
            libc::fcntl(master, libc::F_SETFD, libc::FD_CLOEXEC);
            // Raw: no echo, and newlines stay newlines (no carriage returns added).
            let mut mode: libc::termios = std::mem::zeroed();
            if libc::tcgetattr(slave, &mut mode) == 0 {
                libc::cfmakeraw(&mut mode);
                libc::tcsetattr(slave, libc::TCSANOW, &mode);
            }
            // The real terminal's size, for programs that lay out their output by it.
            let mut size: libc::winsize = std::mem::zeroed();
            if libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) == 0 {
                libc::ioctl(slave, libc::TIOCSWINSZ, &size);
            }
            Ok(OutputTerminal { reader, writer })
        }
    }

    fn writer(&self) -> Stdio {
        match self.writer.try_clone() {
            Ok(f) => Stdio::from(f),
            Err(_) => Stdio::null(),
        }
    }
}

/// A directory only this user can enter (mode 0700), removed with what is in it when dropped.
struct PrivateDir(PathBuf);

impl PrivateDir {
    fn new() -> std::io::Result<PrivateDir> {
        let base = std::env::temp_dir().join("oclgrind-XXXXXX");
        let mut template = base.into_os_string().into_vec();
        template.push(0);
        // SAFETY: mkdtemp fills in the X's of a writable, zero-terminated template.
        let made = unsafe { libc::mkdtemp(template.as_mut_ptr().cast()) };
        if made.is_null() {
            return Err(std::io::Error::last_os_error());
        }
        template.pop();
        Ok(PrivateDir(PathBuf::from(std::ffi::OsString::from_vec(
            template,
        ))))
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// `value[:old value of var]`.
fn prepend(value: &std::ffi::OsStr, var: &str) -> std::ffi::OsString {
    let mut out = value.to_os_string();
    if let Some(old) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        out.push(":");
        out.push(old);
    }
    out
}

/// Why the runtime library cannot be found (compat §1.2's messages).
#[derive(Debug, thiserror::Error)]
enum LibraryError {
    #[error("Unable to get path to Oclgrind installation")]
    Exe,
    #[error("Unable to resolve path to Oclgrind installation")]
    Resolve,
    #[error("Failed to get path to library directory")]
    Directory,
    #[error("Unable to find the runtime library (looked for {})", list(.0))]
    NotFound(Vec<PathBuf>),
}

fn list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Finds the runtime library: next to this executable (a build tree, or `OCLGRIND_TESTING`),
/// else in `<prefix>/lib` for an installed `<prefix>/bin/oclgrind`.
fn runtime_library() -> Result<PathBuf, LibraryError> {
    let exe = std::env::current_exe().map_err(|_| LibraryError::Exe)?;
    let exe = exe.canonicalize().map_err(|_| LibraryError::Resolve)?;
    let bin = exe.parent().ok_or(LibraryError::Directory)?;
    let mut candidates = vec![bin.join(BUILT_LIB), bin.join(INSTALLED_LIB)];
    if std::env::var_os("OCLGRIND_TESTING").is_none() {
        if let Some(prefix) = bin.parent() {
            candidates.push(prefix.join("lib").join(INSTALLED_LIB));
            candidates.push(prefix.join("lib64").join(INSTALLED_LIB));
        }
    }
    match candidates.iter().find(|c| c.is_file()) {
        Some(found) => Ok(found.clone()),
        None => Err(LibraryError::NotFound(candidates)),
    }
}
