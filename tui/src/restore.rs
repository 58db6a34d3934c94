//! The terminal is given back as it was, however the TUI ends: normally (`leave`), on a
//! panic (a hook), and on SIGTERM, SIGHUP or SIGQUIT (a handler that restores, passes the
//! signal on to the application being debugged, and then dies of it as it would have).

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, OnceLock};

use ratatui::crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use ratatui::crossterm::execute;

/// The terminal's mode before the TUI took it.
static SAVED: OnceLock<libc::termios> = OnceLock::new();
static ACTIVE: AtomicBool = AtomicBool::new(false);
/// Standard error as it was, while the TUI captures it (-1: not captured).
static SAVED_STDERR: AtomicI32 = AtomicI32::new(-1);
/// The application being debugged, in its own process (0: none).
static CHILD: AtomicI32 = AtomicI32::new(0);
/// The handlers ours replaced, to be put back.
static PREVIOUS: Mutex<Vec<(libc::c_int, libc::sighandler_t)>> = Mutex::new(Vec::new());

/// What undoes the TUI's escape sequences: mouse reports and bracketed paste off, the main
/// screen back, the cursor shown. Written with write(2) from the signal handler, so it is plain bytes.
const UNDO: &[u8] =
    b"\x1b[?2004l\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1049l\x1b[?25h";

const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

/// Takes the terminal: raw mode, the alternate screen, mouse reports and bracketed paste (a
/// paste arrives as one event, not as keys).
pub fn enter() -> std::io::Result<ratatui::DefaultTerminal> {
    // SAFETY: tcgetattr fills the struct it is given.
    unsafe {
        let mut mode: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(libc::STDIN_FILENO, &mut mode) == 0 {
            let _ = SAVED.set(mode);
        }
    }
    // `try_init` also restores raw mode and the screen if this process panics; the mouse and
    // standard error are ours to give back first, so that the panic's message is seen.
    let terminal = ratatui::try_init()?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if ACTIVE.swap(false, Ordering::SeqCst) {
            let _ = execute!(
                std::io::stdout(),
                DisableMouseCapture,
                DisableBracketedPaste
            );
        }
        let saved = SAVED_STDERR.load(Ordering::SeqCst);
        if saved >= 0 {
            // SAFETY: puts the saved descriptor back as fd 2; both are valid.
            unsafe { libc::dup2(saved, 2) };
        }
        previous(info);
    }));
    let _ = execute!(std::io::stdout(), EnableMouseCapture, EnableBracketedPaste);
    ACTIVE.store(true, Ordering::SeqCst);
    let mut previous = PREVIOUS.lock().unwrap_or_else(|e| e.into_inner());
    for signal in SIGNALS {
        // SAFETY: installs a handler that only makes async-signal-safe calls.
        let old = unsafe { libc::signal(signal, on_signal as *const () as libc::sighandler_t) };
        previous.push((signal, old));
    }
    Ok(terminal)
}

/// Gives the terminal back.
pub fn leave() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(
            std::io::stdout(),
            DisableMouseCapture,
            DisableBracketedPaste
        );
        ratatui::restore();
    }
    for (signal, old) in PREVIOUS.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
        // SAFETY: puts back the handler (or SIG_IGN / SIG_DFL) that was there before.
        unsafe { libc::signal(signal, old) };
    }
}

/// Standard error is captured into the TUI; `fd` is where it went before.
pub fn stderr_saved(fd: Option<i32>) {
    SAVED_STDERR.store(fd.unwrap_or(-1), Ordering::SeqCst);
}

/// The application being debugged runs in process `pid`: a signal that ends the TUI is passed
/// on to it, so that it does not run on without its debugger.
pub fn child(pid: u32) {
    CHILD.store(pid as i32, Ordering::SeqCst);
}

extern "C" fn on_signal(signal: libc::c_int) {
    // Only async-signal-safe calls: write, tcsetattr, kill, signal, raise.
    // SAFETY: UNDO is a static byte string; SAVED was set before the handler was installed.
    unsafe {
        if ACTIVE.swap(false, Ordering::SeqCst) {
            libc::write(libc::STDOUT_FILENO, UNDO.as_ptr().cast(), UNDO.len());
            if let Some(mode) = SAVED.get() {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, mode);
            }
        }
        let child = CHILD.load(Ordering::SeqCst);
        if child > 0 {
            libc::kill(child, signal);
        }
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}
