//! Diagnostics on their way to the front-end: the checkers' reports and the runtime's API
//! errors. While a launch runs they are queued (a prompt may be up on another thread) and go
//! before the stop they caused or at the launch's end; an error also stops the work-item that
//! caused it (compat §5.1). The one place that makes `Event::Diagnostic`.

use std::sync::atomic::Ordering::Relaxed;

use oclgrind_core::debugging::{in_debug_worker, Diagnostic, Level};

use super::interrupts::ATTENTION;
use super::state::Mode;
use super::{Engine, Frontend};
use crate::protocol::{Event, StopReason};

/// A diagnostic waiting to be sent.
pub(super) type Queued = Diagnostic;

impl Engine {
    /// An API misuse the runtime reported (`--check-api`): the front-end lists it with the
    /// kernels' diagnostics. During a launch it waits with theirs (a prompt may be up on
    /// another thread); between launches, when no prompt can be, it goes now.
    pub fn report_api_error(&self, diagnostic: &Diagnostic) {
        let mut st = self.lock();
        if st.mode == Mode::Quit {
            return;
        }
        if st.launch.is_some() {
            st.diagnostics.push(diagnostic.clone());
            return;
        }
        drop(st);
        send(&mut **self.frontend(), vec![diagnostic.clone()]);
    }

    /// A diagnostic the simulator logged (`Plugin::log`).
    pub(super) fn logged(&self, diagnostic: &Diagnostic) {
        let level = diagnostic.level;
        // Performance lints are information a front end shows (never a stop).
        if !matches!(level, Level::Warning | Level::Error) && !diagnostic.rule.is_performance() {
            return;
        }
        let mut st = self.lock();
        if st.mode == Mode::Quit || st.launch.is_none() {
            return;
        }
        // Queued, not sent: the front-end may be busy prompting on another thread.
        st.diagnostics.push(diagnostic.clone());
        // Only a worker of the launch runs a work-item that can stop (not, say, the host
        // thread reporting an API misuse meanwhile).
        if level != Level::Error || !in_debug_worker() {
            return;
        }
        st.pending = Some(StopReason::Error);
        st.error_thread = Some(std::thread::current().id());
        ATTENTION.store(true, Relaxed);
    }
}

/// Sends queued diagnostics to the front-end, in order.
pub(super) fn send(fe: &mut dyn Frontend, diagnostics: Vec<Queued>) {
    for d in diagnostics {
        fe.event(&Event::Diagnostic(d));
    }
}
