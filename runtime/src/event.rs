//! Events: the status of a command (or a user event), its callbacks and its profiling times.

use std::sync::{Condvar, Mutex, MutexGuard, Weak};

use crate::cl::*;
use crate::context::{Callback, Context};
use crate::error::contained;
use crate::handle::{self, ClObject, Kind, Obj};
use crate::queue::{Queue, Waker};

pub type EventNotifyFn = unsafe extern "C" fn(cl_event, cl_int, *mut c_void);

/// Profiling times, in nanoseconds of the monotonic clock.
#[derive(Clone, Copy, Default)]
pub struct Times {
    pub queued: u64,
    pub submit: u64,
    pub start: u64,
    pub end: u64,
}

struct State {
    status: cl_int,
    times: Times,
    /// Callbacks not yet called, with the status they wait for.
    callbacks: Vec<(cl_int, Callback<EventNotifyFn>)>,
    /// Queues whose next command waits for this event.
    watchers: Vec<Weak<dyn Waker>>,
    /// Threads blocked in `wait` (a notification with nobody waiting is a wasted system call).
    waiting: u32,
}

pub struct Event {
    pub context: Obj<Context>,
    /// The queue of a command's event; `None` for user events.
    pub queue: Option<Obj<Queue>>,
    pub command_type: cl_command_type,
    /// Whether profiling information may be asked for (a profiling queue's command).
    profiled: bool,
    state: Mutex<State>,
    finished: Condvar,
}

impl ClObject for Event {
    const KIND: Kind = Kind::Event;
    const INVALID: cl_int = CL_INVALID_EVENT;
}

/// Now, on the monotonic clock, in nanoseconds.
pub fn now_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: valid out-pointer.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

impl Event {
    /// A command's event, queued now.
    pub fn for_command(queue: &Obj<Queue>, command_type: cl_command_type) -> Event {
        Event::new(
            queue.context.clone(),
            Some(queue.clone()),
            command_type,
            CL_QUEUED,
        )
    }

    /// A user event, submitted (as the specification says it starts).
    pub fn user(context: Obj<Context>) -> Event {
        Event::new(context, None, CL_COMMAND_USER, CL_SUBMITTED)
    }

    fn new(
        context: Obj<Context>,
        queue: Option<Obj<Queue>>,
        command_type: cl_command_type,
        status: cl_int,
    ) -> Event {
        // Only a profiling queue's events are asked for times; the clock costs a fifth of a
        // small blocking transfer.
        let profiled = queue.as_ref().is_some_and(|q| q.profiling());
        let now = if profiled { now_ns() } else { 0 };
        Event {
            context,
            queue,
            command_type,
            profiled,
            state: Mutex::new(State {
                status,
                times: Times {
                    queued: now,
                    submit: now,
                    start: now,
                    end: now,
                },
                callbacks: Vec::new(),
                watchers: Vec::new(),
                waiting: 0,
            }),
            finished: Condvar::new(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn status(&self) -> cl_int {
        self.lock().status
    }

    pub fn is_user(&self) -> bool {
        self.queue.is_none()
    }

    pub fn times(&self) -> Times {
        self.lock().times
    }

    /// Whether profiling information may be asked for.
    pub fn profiled(&self) -> bool {
        self.profiled
    }

    /// Blocks until the event is complete or failed and returns its final status; `None` at
    /// once for an unfinished command of a queue this thread is running a command of (in a
    /// callback it set off), which cannot run until that callback returns.
    pub fn wait(&self) -> Option<cl_int> {
        let mut s = self.lock();
        if s.status > 0 && self.queue.as_ref().is_some_and(|q| q.is_running_here()) {
            return None;
        }
        s.waiting += 1;
        while s.status > 0 {
            s = self.finished.wait(s).unwrap_or_else(|e| e.into_inner());
        }
        s.waiting -= 1;
        Some(s.status)
    }

    /// Asks for `waker` to be woken when the event finishes; false if it already has.
    pub fn watch(&self, waker: Weak<dyn Waker>) -> bool {
        let mut s = self.lock();
        if s.status <= 0 {
            return false;
        }
        if !s.watchers.iter().any(|w| w.ptr_eq(&waker)) {
            s.watchers.push(waker);
        }
        true
    }
}

/// Moves an event to a new status (statuses only go down), stamps the time, then wakes
/// waiters and runs the callbacks the change triggers.
pub fn set_status(event: &Obj<Event>, status: cl_int) {
    let (callbacks, watchers, waiting) = {
        let mut s = event.lock();
        if status >= s.status || s.status <= 0 {
            return;
        }
        let now = if event.profiled() { now_ns() } else { 0 };
        match status {
            CL_SUBMITTED => s.times.submit = now,
            CL_RUNNING => s.times.start = now,
            _ => {
                s.times.end = now;
                if s.status > CL_RUNNING {
                    s.times.start = now;
                }
            }
        }
        s.status = status;
        let (due, later): (Vec<_>, Vec<_>) =
            s.callbacks.drain(..).partition(|(when, _)| status <= *when);
        s.callbacks = later;
        let watchers = if status <= 0 {
            std::mem::take(&mut s.watchers)
        } else {
            Vec::new()
        };
        (due, watchers, s.waiting > 0)
    };
    if status <= 0 && waiting {
        event.finished.notify_all();
    }
    for w in watchers.iter().filter_map(Weak::upgrade) {
        w.wake();
    }
    for (_, cb) in callbacks {
        run_callback(event, cb, status);
    }
}

/// `clSetEventCallback`: runs now if the event is already there.
pub fn add_callback(event: &Obj<Event>, when: cl_int, cb: Callback<EventNotifyFn>) {
    let now = {
        let mut s = event.lock();
        if s.status <= when {
            Some(s.status)
        } else {
            s.callbacks.push((when, cb));
            None
        }
    };
    if let Some(status) = now {
        run_callback(event, cb, status);
    }
}

fn run_callback(event: &Obj<Event>, cb: Callback<EventNotifyFn>, status: cl_int) {
    let h = handle::raw(event);
    // SAFETY: the application registered this function for this event.
    contained("an event callback", || unsafe {
        (cb.func)(h, status, cb.data())
    });
}
