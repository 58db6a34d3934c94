//! The simulator's side of the engine: the `DebugHook` the scheduler calls (launches, stops,
//! kernel output) and the `Plugin` it is registered as (diagnostics, instruction counts).

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use oclgrind_core::debugging::{
    BlockCounts, DebugHook, Diagnostic, KernelInstance, Moment, Resume, StopSet, WorkItemView,
};
use oclgrind_core::plugins::{Interest, LaunchInfo, Plugin};

use super::breakpoints::place;
use super::counts::Counts;
use super::diagnostics;
use super::interrupts::{release_interrupts, settle_attention, ATTENTION};
use super::state::Mode;
use super::Engine;
use crate::protocol::{Event, LaunchSummary};

/// The launch as the protocol describes it.
pub(super) fn launch_summary(info: &LaunchInfo) -> LaunchSummary {
    LaunchSummary {
        kernel: info.kernel.clone(),
        global_size: info.global_size,
        global_offset: info.global_offset,
        local_size: info.local_size,
    }
}

impl DebugHook for Engine {
    fn launch_begin(
        &self,
        info: &LaunchInfo,
        kernel: &KernelInstance,
        stops: &StopSet,
        counts: Option<Arc<BlockCounts>>,
    ) {
        let mut st = self.lock();
        // One launch at a time (queues run on threads of their own): the state below is
        // the current launch's.
        while st.launch.is_some() {
            st = self.wait(st);
        }
        st.counts = counts.map(|blocks| Counts::new(kernel, blocks));
        let summary = launch_summary(info);
        st.begin_launch(kernel, summary.clone());
        if st.mode != Mode::Quit {
            // Every launch stops at its first source line, in its first work-item (whichever
            // worker thread gets going first).
            st.mode = Mode::Step;
            st.focus = Some(info.global_offset);
            place(&st, stops);
        }
        settle_attention(&st);
        drop(st);
        if self.lock().mode != Mode::Quit {
            self.frontend().event(&Event::LaunchBegin(summary));
        }
    }

    fn launch_end(&self, info: &LaunchInfo) {
        let mut st = self.lock();
        let quit = st.mode == Mode::Quit;
        release_interrupts(&mut st);
        ATTENTION.store(false, Relaxed);
        let queued = std::mem::take(&mut st.diagnostics);
        // Every worker has finished: the counts are complete.
        let counts = st.counts.as_ref().map(Counts::lines);
        drop(st);
        if !quit {
            let mut fe = self.frontend();
            diagnostics::send(&mut **fe, queued);
            fe.event(&Event::LaunchEnd {
                kernel: info.kernel.clone(),
                counts: counts
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(count, _)| count)
                    .collect(),
            });
        }
        // Only now may the next launch begin, so that its events follow these. An API error
        // the host reported meanwhile was queued for this launch: it goes first.
        loop {
            let mut st = self.lock();
            let late = std::mem::take(&mut st.diagnostics);
            if late.is_empty() || quit {
                st.launch = None;
                break;
            }
            drop(st);
            diagnostics::send(&mut **self.frontend(), late);
        }
        self.changed.notify_all();
    }

    fn attention(&self) -> &AtomicBool {
        &ATTENTION
    }

    fn worker_done(&self) {
        let mut st = self.lock();
        if st.error_thread == Some(std::thread::current().id()) {
            // Its error stop is for whichever worker runs on.
            st.error_thread = None;
            self.changed.notify_all();
        }
    }

    fn output(&self, bytes: &[u8]) {
        // Only the front-end's lock: a prompt on another thread holds it while it reads
        // commands, and this worker is not one it waits for.
        let text = String::from_utf8_lossy(bytes).into_owned();
        self.frontend().event(&Event::Output(text));
    }

    fn stopped(&self, view: &WorkItemView, moment: Moment) -> Resume {
        self.at_stop(view, moment)
    }
}

/// Errors stop the work-item that caused them (compat §5.1).
impl Plugin for Engine {
    fn name(&self) -> &str {
        "InteractiveDebugger"
    }

    fn interests(&self) -> Interest {
        // The counts: `info counts`, and the TUI's shading of the source.
        Interest::LOG | Interest::INSTRUCTION_COUNTS
    }

    fn log(&self, diagnostic: &Diagnostic) {
        self.logged(diagnostic);
    }
}
