//! Ctrl-C (SIGINT) or SIGTERM while kernels run: the output their launches hold back for its
//! deterministic order (`output::Sequencer`) goes out, in order, before the process ends as
//! the signal says. Otherwise a kernel that prints and then hangs would die silent, the one
//! line that explains the hang lost with it.
//!
//! The handler only writes the signal's number to a pipe (all a handler may safely do); a
//! thread of ours reads it, drains every launch's sequencer, flushes the standard streams and
//! raises the signal again with its default action. Signals the application handles itself
//! are left to it: ours is installed only over the default disposition. A second signal
//! while the first is handled ends the process at once.

use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, Once};

use crate::output::Sequencer;

/// The signals that end a process by default and that a user sends to stop a run.
const SIGNALS: [libc::c_int; 2] = [libc::SIGINT, libc::SIGTERM];

/// A launch's sequencer, while the launch runs (`Registration`).
#[derive(Clone, Copy)]
struct Live(*const Sequencer<'static>);

// SAFETY: the pointer is only followed under `LIVE`'s lock while its `Registration` lives,
// and `Sequencer` is Sync.
unsafe impl Send for Live {}

static LIVE: Mutex<Vec<Live>> = Mutex::new(Vec::new());
/// The pipe's write end, for the handler (-1 until installed).
static PIPE: AtomicI32 = AtomicI32::new(-1);
static HANDLING: AtomicBool = AtomicBool::new(false);
/// The process that installed the handler: a child the application forks inherits the
/// handler but not the thread that reads the pipe.
static INSTALLER: AtomicI32 = AtomicI32::new(0);

/// Keeps a launch's sequencer drainable on a signal; unregisters it when dropped, which
/// must happen before the sequencer goes.
pub struct Registration(*const Sequencer<'static>);

/// Registers `sequencer` for the launch's duration (installing the handler the first time).
pub fn register(sequencer: &Sequencer<'_>) -> Registration {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(install);
    // Lifetime erased: the registration ends before the sequencer (see above), and a drain
    // holds `LIVE`'s lock, which unregistering waits for.
    let ptr = (sequencer as *const Sequencer<'_>).cast::<Sequencer<'static>>();
    LIVE.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Live(ptr));
    Registration(ptr)
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = live.iter().position(|l| std::ptr::eq(l.0, self.0)) {
            live.swap_remove(i);
        }
    }
}

/// The process is exiting with launches still running (an application that returns from
/// `main` without waiting for its kernels): what they hold goes out, as far as it can without
/// waiting for another thread.
pub fn drain_at_exit() {
    if let Ok(live) = LIVE.try_lock() {
        for l in live.iter() {
            // SAFETY: as in `watch`.
            unsafe { (*l.0).try_drain() };
        }
    }
}

extern "C" fn on_signal(signal: libc::c_int) {
    // SAFETY: getpid(2) is async-signal-safe.
    let forked = unsafe { libc::getpid() } != INSTALLER.load(Ordering::SeqCst);
    if forked || HANDLING.swap(true, Ordering::SeqCst) {
        // A forked child has no launches of ours to drain; asked again while draining (it
        // may be stuck): go now.
        end_with(signal);
        return;
    }
    let byte = signal as u8;
    // SAFETY: write(2) is async-signal-safe; the descriptor stays open for good.
    unsafe { libc::write(PIPE.load(Ordering::SeqCst), (&byte as *const u8).cast(), 1) };
}

/// Restores the default action of `signal` and raises it: the process ends as it would have.
fn end_with(signal: libc::c_int) {
    // SAFETY: signal(2) and raise(3) are async-signal-safe.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        libc::raise(signal);
        libc::_exit(128 + signal);
    }
}

fn install() {
    let mut fds = [0; 2];
    // SAFETY: plain system calls on descriptors we own.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return;
    }
    PIPE.store(fds[1], Ordering::SeqCst);
    // SAFETY: getpid(2) cannot fail.
    INSTALLER.store(unsafe { libc::getpid() }, Ordering::SeqCst);
    let reader = fds[0];
    let watcher = std::thread::Builder::new()
        .name("oclgrind-signal".into())
        .spawn(move || watch(reader));
    if watcher.is_err() {
        return;
    }
    for signal in SIGNALS {
        // SAFETY: reads the current action, and installs ours only over the default one.
        unsafe {
            let mut current: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(signal, std::ptr::null(), &mut current) != 0
                || current.sa_sigaction != libc::SIG_DFL
            {
                continue;
            }
            let mut action: libc::sigaction = std::mem::zeroed();
            action.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
            action.sa_flags = libc::SA_RESTART;
            libc::sigemptyset(&mut action.sa_mask);
            libc::sigaction(signal, &action, std::ptr::null_mut());
        }
    }
}

/// The watcher thread: waits for a signal's number, then drains and ends the process.
fn watch(reader: libc::c_int) {
    let mut byte = 0u8;
    loop {
        // SAFETY: reads one byte into `byte`.
        let n = unsafe { libc::read(reader, (&mut byte as *mut u8).cast(), 1) };
        if n == 1 {
            break;
        }
        if n < 0 && std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
            continue;
        }
        return;
    }
    {
        let live = LIVE.lock().unwrap_or_else(|e| e.into_inner());
        for l in live.iter() {
            // SAFETY: registered, so alive until its registration goes, which waits for
            // this lock.
            unsafe { (*l.0).drain() };
        }
    }
    flush_standard_streams();
    end_with(libc::c_int::from(byte));
}

/// Kernel output goes through C's stdout in the runtime (buffered when it is a pipe) and
/// Rust's in the front ends: both are pushed out.
fn flush_standard_streams() {
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    // SAFETY: fflush(NULL) flushes every C output stream.
    unsafe { libc::fflush(std::ptr::null_mut()) };
}
