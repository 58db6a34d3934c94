//! Command queues. Each queue has a worker thread that carries out its commands as soon as
//! their dependencies allow, so the application never has to call `clFinish` for work to
//! progress (polling `clGetEventInfo` works).

use std::cell::Cell;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};

use crate::cl::*;
use crate::command::Command;
use crate::context::Context;
use crate::error::{blame, ClResult};
use crate::event::{self, Event};
use crate::handle::{self, ClObject, Kind, Obj};

thread_local! {
    /// The queue whose command this thread is carrying out (null when none): its worker, or
    /// an application thread running a blocking command itself. Callbacks and destructors
    /// that command sets off run here, and must not wait for the queue. Without a destructor,
    /// so that it stays readable in exit handlers, which run here when an application calls
    /// `exit` from an event callback.
    static RUNNING_FOR: Cell<*const Shared> = const { Cell::new(std::ptr::null()) };
}

/// Carries out `job` on this thread for `shared`'s queue (see RUNNING_FOR).
fn run_here(shared: &Arc<Shared>, job: Pending) {
    let before = RUNNING_FOR.try_with(|r| r.replace(Arc::as_ptr(shared)));
    execute(job);
    if let Ok(before) = before {
        let _ = RUNNING_FOR.try_with(|r| r.set(before));
    }
}

/// How a command is submitted.
#[derive(Clone, Copy, Debug, Default)]
pub struct Submit {
    /// Out-of-order queues: commands enqueued later wait for this one.
    pub barrier: bool,
    /// The caller waits for the command next.
    pub blocking: bool,
}

/// Something to wake when an event it waits for finishes.
pub trait Waker: Send + Sync {
    fn wake(&self);
}

struct Pending {
    event: Obj<Event>,
    /// The application's wait list: a failed event here fails the command.
    wait: Vec<Obj<Event>>,
    /// Commands of this queue it must follow (queue order, barriers): they only need to
    /// have finished, successfully or not.
    after: Vec<Obj<Event>>,
    command: Command,
}

impl Pending {
    fn deps(&self) -> impl Iterator<Item = &Obj<Event>> {
        self.wait.iter().chain(&self.after)
    }

    /// Whether every dependency has finished.
    fn ready(&self) -> bool {
        self.deps().all(|d| d.status() <= 0)
    }
}

/// The queue only remembers its latest command and barrier weakly: events hold their queue,
/// and a strong reference back would keep both alive forever.
type EventRef = std::sync::Weak<crate::handle::Handle<Event>>;

#[derive(Default)]
struct State {
    pending: VecDeque<Pending>,
    /// The command being carried out.
    running: Option<Obj<Event>>,
    /// The latest command (in-order queues: the next one waits for it).
    last: Option<EventRef>,
    /// The latest barrier (out-of-order queues: later commands wait for it).
    barrier: Option<EventRef>,
    /// The queue is gone: the worker stops once nothing is pending.
    closing: bool,
    worker_started: bool,
    /// Set by `wake`, cleared by the worker when it looks for work.
    woken: bool,
    /// Threads blocked in `finish` (a notification with nobody waiting is a wasted system
    /// call).
    finishing: u32,
}

struct Shared {
    state: Mutex<State>,
    /// The worker waits here for work or for a dependency.
    work: Condvar,
    /// `clFinish` waits here for the queue to empty.
    idle: Condvar,
    out_of_order: bool,
}

impl Waker for Shared {
    fn wake(&self) {
        self.lock().woken = true;
        self.work.notify_all();
    }
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

pub struct Queue {
    pub context: Obj<Context>,
    pub properties: cl_command_queue_properties,
    /// The property list of `clCreateCommandQueueWithProperties`, with its terminating zero.
    pub properties_array: Vec<cl_queue_properties>,
    shared: Arc<Shared>,
}

impl ClObject for Queue {
    const KIND: Kind = Kind::Queue;
    const INVALID: cl_int = CL_INVALID_COMMAND_QUEUE;

    fn destroyed(&self, _handle: *mut c_void) {
        // Nothing can be pending (commands' events hold the queue); let the worker go.
        self.shared.lock().closing = true;
        self.shared.work.notify_all();
    }
}

/// A queue argument: looked up, and its context noted for error reports.
pub fn get_queue(handle: cl_command_queue) -> ClResult<Obj<Queue>> {
    let q = handle::get::<Queue>(handle, "command_queue")?;
    blame(&q.context);
    Ok(q)
}

impl Queue {
    pub fn new(
        context: Obj<Context>,
        properties: cl_command_queue_properties,
        properties_array: Vec<cl_queue_properties>,
    ) -> Queue {
        let out_of_order = properties & CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE != 0;
        Queue {
            context,
            properties,
            properties_array,
            shared: Arc::new(Shared {
                state: Mutex::new(State::default()),
                work: Condvar::new(),
                idle: Condvar::new(),
                out_of_order,
            }),
        }
    }

    pub fn profiling(&self) -> bool {
        self.properties & CL_QUEUE_PROFILING_ENABLE != 0
    }

    /// Adds a command; it runs once `wait_list` (and, in order, what came before) is done.
    /// In an out-of-order queue, commands enqueued after a barrier wait for it.
    ///
    /// A blocking command that has nothing ahead of it in an in-order queue runs at once on
    /// the calling thread: handing it to the worker and waiting to be woken costs more than
    /// copying a few hundred kilobytes.
    pub fn enqueue(
        queue: &Obj<Queue>,
        command_type: cl_command_type,
        wait_list: Vec<Obj<Event>>,
        command: Command,
        how: Submit,
    ) -> Obj<Event> {
        let event = handle::create(Event::for_command(queue, command_type));
        let shared = &queue.shared;
        let mut st = shared.lock();
        let upgrade = |r: &Option<EventRef>| r.as_ref().and_then(Weak::upgrade);
        let mut after = Vec::new();
        if shared.out_of_order {
            after.extend(upgrade(&st.barrier));
            // A marker or barrier without a wait list waits for everything before it.
            let sync_point = wait_list.is_empty()
                && matches!(command_type, CL_COMMAND_MARKER | CL_COMMAND_BARRIER);
            if sync_point {
                after.extend(st.pending.iter().map(|p| p.event.clone()));
                after.extend(st.running.clone());
            }
            if how.barrier {
                st.barrier = Some(Arc::downgrade(&event));
            }
        } else {
            after.extend(upgrade(&st.last));
        }
        // Finished dependencies need no waiting, but failed ones in the wait list must still
        // fail the command.
        after.retain(|d| d.status() > 0);
        let mut wait = wait_list;
        wait.retain(|d| d.status() != CL_COMPLETE);
        st.last = Some(Arc::downgrade(&event));
        let job = Pending {
            event: event.clone(),
            wait,
            after,
            command,
        };
        let nothing_ahead = st.pending.is_empty() && st.running.is_none() && job.ready();
        if how.blocking && !shared.out_of_order && nothing_ahead {
            // Later commands wait for this one (it is `last`), so the worker starts nothing
            // until it completes; once it has, the worker may already have taken the next,
            // which `running` then names.
            st.running = Some(event.clone());
            drop(st);
            run_here(shared, job);
            let mut st = shared.lock();
            let ours = st.running.as_ref().is_some_and(|r| Arc::ptr_eq(r, &event));
            let done = if ours { st.running.take() } else { None };
            let finishing = st.finishing > 0 && st.running.is_none() && st.pending.is_empty();
            drop(st);
            drop(done);
            if finishing {
                shared.idle.notify_all();
            }
            return event;
        }
        st.pending.push_back(job);
        if !st.worker_started {
            st.worker_started = true;
            start_worker(shared.clone());
        }
        st.woken = true;
        drop(st);
        shared.work.notify_all();
        event
    }

    /// Whether the calling thread is carrying out one of this queue's commands (it is in a
    /// callback or destructor that command set off): the queue runs nothing more until that
    /// returns, so waiting for its commands from here would never end.
    pub fn is_running_here(&self) -> bool {
        let me = Arc::as_ptr(&self.shared);
        RUNNING_FOR
            .try_with(|r| std::ptr::eq(r.get(), me))
            .unwrap_or(false)
    }

    /// Blocks until every command enqueued so far has finished; false at once when called
    /// where that cannot happen (see `is_running_here`).
    pub fn finish(&self) -> bool {
        if self.is_running_here() {
            return false;
        }
        let mut st = self.shared.lock();
        st.finishing += 1;
        while !st.pending.is_empty() || st.running.is_some() {
            st = self.shared.idle.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.finishing -= 1;
        true
    }
}

fn start_worker(shared: Arc<Shared>) {
    let spawned = std::thread::Builder::new()
        .name("oclgrind-queue".into())
        .stack_size(16 << 20)
        .spawn({
            let shared = shared.clone();
            move || worker(shared)
        });
    if spawned.is_err() {
        // No thread to be had: commands then never run, so say why instead of hanging quietly.
        crate::error::stderr_line(
            "Oclgrind: cannot start a command-queue thread; commands will not run",
        );
    }
}

/// The worker: takes the first command whose dependencies are done, runs it, repeats.
fn worker(shared: Arc<Shared>) {
    let me: Weak<dyn Waker> = Arc::downgrade(&shared) as Weak<dyn Waker>;
    let mut st = shared.lock();
    loop {
        st.woken = false;
        let next = if shared.out_of_order {
            st.pending.iter().position(Pending::ready)
        } else {
            st.pending.front().filter(|p| p.ready()).map(|_| 0)
        };
        if let Some(i) = next {
            let job = st.pending.remove(i).expect("index from position");
            st.running = Some(job.event.clone());
            drop(st);
            run_here(&shared, job);
            st = shared.lock();
            let done = st.running.take();
            let idle = st.pending.is_empty() && st.finishing > 0;
            drop(st);
            // Dropping the event may drop the queue, whose destructor takes the state lock.
            drop(done);
            if idle {
                shared.idle.notify_all();
            }
            st = shared.lock();
            continue;
        }
        if st.closing && st.pending.is_empty() {
            return;
        }
        // Wait for a new command or for a dependency to finish. An event that finished
        // between the check above and `watch` makes `watch` fail: look again at once.
        let mut finished_meanwhile = false;
        for p in &st.pending {
            if let Some(d) = p.deps().find(|d| d.status() > 0) {
                // One unfinished dependency per command is enough to be woken for it.
                finished_meanwhile |= !d.watch(me.clone());
            }
        }
        if finished_meanwhile {
            continue;
        }
        while !(st.woken || st.closing && st.pending.is_empty()) {
            st = shared.work.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

fn execute(job: Pending) {
    let Pending {
        event,
        wait,
        after,
        command,
    } = job;
    let failed = wait.iter().any(|d| d.status() < 0);
    drop((wait, after));
    if failed {
        drop(command);
        event::set_status(&event, CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST);
        return;
    }
    event::set_status(&event, CL_SUBMITTED);
    event::set_status(&event, CL_RUNNING);
    // A panic must not take the worker (and every later command) down with it.
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| command.run()))
        .unwrap_or_else(|_| {
            crate::error::stderr_line(
                "Oclgrind: internal error while running a command; it failed",
            );
            Err(CL_OUT_OF_RESOURCES)
        });
    event::set_status(
        &event,
        match result {
            Ok(()) => CL_COMPLETE,
            Err(code) => code,
        },
    );
}
