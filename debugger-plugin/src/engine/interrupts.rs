//! Getting every worker's attention: the flag the interpreter reads before each instruction of
//! a debug run, and Ctrl-C, which stops a kernel that runs on after `continue`.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use super::state::{Mode, State};

/// Read before every instruction of a debug run. Process-wide, so that Ctrl-C can set it.
pub(super) static ATTENTION: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C.
pub(super) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops the running kernel as Ctrl-C does (for a front-end that reads keys itself).
pub fn interrupt() {
    INTERRUPTED.store(true, Relaxed);
    ATTENTION.store(true, Relaxed);
}

extern "C" fn on_interrupt(_: libc::c_int) {
    interrupt();
}

/// Whether Ctrl-C was pressed since the last call.
pub(super) fn take_interrupt() -> bool {
    INTERRUPTED.swap(false, Relaxed)
}

/// Forgets a Ctrl-C not yet acted on (after `quit`).
pub(super) fn clear_interrupt() {
    INTERRUPTED.store(false, Relaxed);
}

/// Sets `attention` for the current mode.
pub(super) fn settle_attention(st: &State) {
    let on = match st.mode {
        Mode::Quit => false,
        Mode::Continue => {
            st.pending.is_some()
                || st.prompting
                || st.breakpoints.values().any(|b| b.watch.is_some())
        }
        _ => true,
    };
    ATTENTION.store(on || INTERRUPTED.load(Relaxed), Relaxed);
}

/// Ctrl-C stops the kernel (after `continue`) instead of ending the program.
pub(super) fn catch_interrupts(st: &mut State) {
    if st.previous_handler.is_none() {
        // SAFETY: the handler only stores to atomics.
        let previous = unsafe {
            libc::signal(
                libc::SIGINT,
                on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
            )
        };
        st.previous_handler = Some(previous);
    }
}

/// Ctrl-C does again what it did before `continue` (at a prompt, after `quit`, between
/// launches: the host program may be the one that hangs).
pub(super) fn release_interrupts(st: &mut State) {
    if let Some(previous) = st.previous_handler.take() {
        // SAFETY: puts back the handler `signal` returned.
        unsafe { libc::signal(libc::SIGINT, previous) };
    }
}
