//! The terminal is given back as it was, however the TUI ends: normally (`leave`), on a
//! panic (a hook), and on SIGTERM, SIGHUP or SIGQUIT (a handler that restores and then dies
//! of the signal as it would have).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::OnceLock;

use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

/// The terminal's mode before the TUI took it.
static SAVED: OnceLock<libc::termios> = OnceLock::new();
static ACTIVE: AtomicBool = AtomicBool::new(false);

/// What undoes the TUI's escape sequences: mouse reports off, the main screen back, the
/// cursor shown. Written with write(2) from the signal handler, so it is plain bytes.
const UNDO: &[u8] = b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1049l\x1b[?25h";

const SIGNALS: [libc::c_int; 3] = [libc::SIGTERM, libc::SIGHUP, libc::SIGQUIT];

/// Takes the terminal: raw mode, the alternate screen and mouse reports.
pub fn enter() -> std::io::Result<ratatui::DefaultTerminal> {
    // SAFETY: tcgetattr fills the struct it is given.
    unsafe {
        let mut mode: libc::termios = std::mem::zeroed();
        if libc::tcgetattr(libc::STDIN_FILENO, &mut mode) == 0 {
            let _ = SAVED.set(mode);
        }
    }
    // `try_init` also restores raw mode and the screen if this process panics; the mouse is
    // ours to turn off first.
    let terminal = ratatui::try_init()?;
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if ACTIVE.swap(false, Ordering::SeqCst) {
            let _ = execute!(std::io::stdout(), DisableMouseCapture);
        }
        previous(info);
    }));
    let _ = execute!(std::io::stdout(), EnableMouseCapture);
    ACTIVE.store(true, Ordering::SeqCst);
    for signal in SIGNALS {
        // SAFETY: installs a handler that only makes async-signal-safe calls.
        unsafe { libc::signal(signal, on_signal as *const () as libc::sighandler_t) };
    }
    Ok(terminal)
}

/// Gives the terminal back.
pub fn leave() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = execute!(std::io::stdout(), DisableMouseCapture);
        ratatui::restore();
    }
    for signal in SIGNALS {
        // SAFETY: back to the default action.
        unsafe { libc::signal(signal, libc::SIG_DFL) };
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    // Only async-signal-safe calls: write, tcsetattr, signal, raise.
    // SAFETY: UNDO is a static byte string; SAVED was set before the handler was installed.
    unsafe {
        if ACTIVE.swap(false, Ordering::SeqCst) {
            libc::write(libc::STDOUT_FILENO, UNDO.as_ptr().cast(), UNDO.len());
            if let Some(mode) = SAVED.get() {
                libc::tcsetattr(libc::STDIN_FILENO, libc::TCSANOW, mode);
            }
        }
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
    }
}
