//! A worker thread's state for running work-groups (`GroupRunner`): what the scheduler
//! (`group`), the executors (`interp`, `warp`) and debug runs (`debug_run`) each add their
//! methods to, below all of them.

use super::async_copy::AsyncState;
use super::combine::PendingAtomics;
use super::items::{GroupItems, Lanes};
use super::shared::Launch;
use super::undo::UndoLog;
use super::workitem::WiIds;
use crate::bytecode::Site;
use crate::exchange::Exchange;
use crate::memory::{AddrSpace, ArenaMemory};
use crate::plugins::Workers;

/// A work-group's local memory, with shadows when the launch keeps them or defers them.
pub(crate) fn local_memory(launch: &Launch) -> ArenaMemory {
    let mut local = ArenaMemory::new(AddrSpace::Local);
    if launch.plan.memory_shadows() {
        local.track_shadows();
    }
    local
}

/// One worker thread's reusable state for running work-groups.
pub(crate) struct GroupRunner<'l> {
    pub launch: &'l Launch<'l>,
    pub local: ArenaMemory,
    pub asyncs: AsyncState,
    /// The values of the current group's work-group functions.
    pub exchange: Exchange,
    /// The current group's work-items, their buffers reused from group to group (boxed, to
    /// be taken out cheaply while the group runs).
    pub(super) items: Option<Box<GroupItems>>,
    pub seq: u64,
    pub group: [u64; 3],
    /// The work-item that finished last, and where.
    pub(crate) last_finished: (WiIds, Site),
    /// Size of this group (smaller than requested at the edge of a non-uniform NDRange).
    pub size: [u64; 3],
    /// The plugins' state on this thread (in debug runs: the current group's).
    pub workers: Workers,
    /// How often each basic block ran on this thread, when the launch counts instructions
    /// (added to the launch's counts at the end).
    pub block_counts: Vec<u64>,
    /// Atomics of the current group that wait for its end (`combine`).
    pub pending: PendingAtomics,
    /// The lane executor's state.
    pub(super) lanes: Lanes,
    /// What the current group's stores overwrote, while it may start over (`warp`).
    pub(super) undo: UndoLog,
    /// The current group's registers and memory have shadows: the launch's, or, when it
    /// defers them, since a group had to start over with them (`ShadowPlan::Deferred`).
    pub shadows: bool,
}

impl<'l> GroupRunner<'l> {
    pub fn new(launch: &'l Launch<'l>) -> Self {
        GroupRunner {
            launch,
            local: local_memory(launch),
            asyncs: AsyncState::default(),
            exchange: Exchange::default(),
            // A debugged launch's groups bring their own (debug_run).
            items: match launch.debug {
                Some(_) => None,
                None => launch.ctx.states.take().map(Box::new),
            },
            seq: 0,
            group: [0; 3],
            last_finished: (WiIds::default(), Site::default()),
            size: [1; 3],
            workers: if launch.debug.is_some() {
                // Each debugged group brings its own (debug_run).
                Workers::none()
            } else {
                launch.ctx.plugins().workers(&launch.info)
            },
            block_counts: match &launch.counts {
                Some(_) => vec![0; launch.kernel.code.counted_blocks as usize],
                None => Vec::new(),
            },
            pending: PendingAtomics::default(),
            lanes: Lanes::default(),
            undo: UndoLog::default(),
            shadows: launch.plan.keeps_shadows(),
        }
    }

    /// The end of this thread's part of the launch.
    pub fn finish(&mut self) {
        if let Some(items) = self.items.take() {
            self.launch.ctx.states.give(*items);
        }
        std::mem::replace(&mut self.workers, Workers::none()).finish();
        if let Some(counts) = &self.launch.counts {
            counts.add(&self.block_counts);
            self.block_counts.fill(0);
        }
    }
}
