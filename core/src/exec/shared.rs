//! What the parts of a running launch share, below all of them: the launch-wide state every
//! worker reads (`Launch`), a place in the run (`Where`, and `Here`, the interpreter's borrowed
//! form of it), and the memories a work-item reaches (`Mems`). The executors (`group`, `warp`,
//! `interp`, `step`) and what they call (`memops`, `env`, `checks`, `async_copy`,
//! `shadow_memory`) import it; it imports none of them.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::combine::PendingAtomics;
use super::debug::Attached;
use super::kernel::KernelInstance;
use super::machine::Machine;
use super::plan::LaunchPlan;
use super::undo::UndoLog;
use super::workitem::WiIds;
use crate::bytecode::Site;
use crate::counts::BlockCounts;
use crate::diagnostics::{self, At, Body, Diagnostic, Entity, Level, Rule};
use crate::memory::{AddrSpace, ArenaMemory, GlobalView, MemView};
use crate::output::{ItemKey, Record, Sequencer};
use crate::plugins::{
    ExecContext, GroupContext, KernelRef, LaunchInfo, LogSink, Memories, Workers,
};

/// What every worker thread of a launch shares.
pub(crate) struct Launch<'a> {
    pub ctx: &'a Machine,
    pub kernel: &'a KernelInstance,
    pub info: LaunchInfo,
    /// The kernel function's frame with its arguments bound.
    pub template: Vec<u64>,
    /// Initial contents of each work-item's private buffers (by-value args, then variables).
    pub private_init: Vec<Vec<u8>>,
    /// Sizes of the work-group's local buffers (kernel-scope variables, then arguments).
    pub local_sizes: Vec<u64>,
    pub global: GlobalView,
    pub sequencer: Sequencer<'a>,
    /// How the launch runs (`plan`).
    pub plan: LaunchPlan,
    /// What the plugins hear of (their interests, not decisions: the plan's inputs).
    pub observe_instructions: bool,
    pub observe_memory: bool,
    /// Plugins hear of loads' and stores' addresses alone (`Interest::ADDRESSES`).
    pub observe_addresses: bool,
    /// `observe_memory || observe_addresses`: loads and stores are shown to some plugin.
    pub observe_accesses: bool,
    /// Plugins hear where work-items went at branches (`Interest::BRANCHES`).
    pub observe_branches: bool,
    /// Each function's loops that make a compare-and-swap (`KernelCode::compare_exchange_loops`).
    pub compare_exchange_loops: Vec<Vec<(u32, u32)>>,
    /// Global buffers (by index) whose loads, and those whose atomics, no plugin watching
    /// memory needs to hear of (`LaunchInfo::unwritten` and `atomic_only`, when every such
    /// plugin skips accesses that cannot race).
    pub quiet_loads: Vec<u64>,
    pub quiet_atomics: Vec<u64>,
    pub observe_work_items: bool,
    /// Local and private allocations (work-group begin, work-item start, `alloca`).
    pub observe_allocations: bool,
    /// With deferred shadows (`ShadowPlan::Deferred`): a group had to start over with them,
    /// and so do all groups after it.
    pub shadows_needed: AtomicBool,
    /// How often each basic block ran, when the plan counts them.
    pub counts: Option<Arc<BlockCounts>>,
    /// Set when a debugger is attached.
    pub debug: Option<Attached<'a>>,
    /// Groups run ahead on warps while they could start over, and those of them that did
    /// (`lanes_pay`).
    pub ran_ahead: AtomicU64,
    pub started_over: AtomicU64,
    /// Work-items that ended in a fatal error: the launch did not complete as written.
    pub fatal_errors: AtomicU64,
}

/// Where something happened in a running launch: the group (`seq`, its number in launch
/// order, which orders its output), the work-item if it was one's, and the op. The one type
/// for a place in a run; `W` is how it holds the work-item: `Option<WiIds>` (owned, the
/// default: kept in reports), or `&WiIds` (the interpreter's borrowed view, `Here`, which
/// copies the ids only when a report needs them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Where<W = Option<WiIds>> {
    pub seq: u64,
    pub group: [u64; 3],
    pub wi: W,
    pub site: Site,
}

impl Where {
    /// The work-item, for ordering its records within the group.
    fn item_key(&self) -> Option<ItemKey> {
        self.wi
            .map(|ids| [ids.local[2], ids.local[1], ids.local[0]])
    }
}

impl Where<&WiIds> {
    /// The place owned, for a report.
    #[inline(always)]
    pub fn owned(&self) -> Where {
        Where {
            seq: self.seq,
            group: self.group,
            wi: Some(*self.wi),
            site: self.site,
        }
    }
}

/// Where plugins log: in the order of work-group `seq` (and of its work-item `from`).
pub(super) struct Sink<'a, 'l> {
    pub launch: &'a Launch<'l>,
    pub seq: u64,
    pub from: Option<ItemKey>,
}

impl LogSink for Sink<'_, '_> {
    fn log(&self, diagnostic: Diagnostic) {
        let record = Record::Log(Box::new(diagnostic));
        self.launch.sequencer.emit(self.seq, self.from, record);
    }

    fn stdout(&self, text: String) {
        let record = Record::Stdout(text.into_bytes());
        self.launch.sequencer.emit(self.seq, self.from, record);
    }
}

impl<'l> Launch<'l> {
    /// Whether the next group should run on lanes: always when it cannot start over; else
    /// until most of the groups run ahead so far had to (a kernel whose every group races
    /// would pay for each twice), judged after the first few.
    pub fn lanes_pay(&self) -> bool {
        if !self.plan.may_start_over() {
            return true;
        }
        let ran = self.ran_ahead.load(Ordering::Relaxed);
        ran < 16 || self.started_over.load(Ordering::Relaxed) * 2 <= ran
    }

    /// The kernel being run, for plugins.
    pub fn kernel_ref(&self) -> KernelRef<'_> {
        self.kernel.kernel_ref()
    }

    /// Runs `f` with the execution context of `at` (for plugin events and diagnostics);
    /// `with_code`: whether `at`'s op is part of the event.
    pub fn with_context<R>(
        &self,
        at: Where,
        with_code: bool,
        f: impl FnOnce(&ExecContext) -> R,
    ) -> R {
        let memory = self.global_memory();
        self.with_context_reading(at, with_code, memory, f)
    }

    /// What every event lets a plugin read: global memory.
    pub fn global_memory(&self) -> Memories<'_> {
        Memories {
            global: Some(self.global.mem()),
            ..Memories::default()
        }
    }

    /// As `with_context`, with `memory` for plugins to read.
    pub fn with_context_reading<'m, R>(
        &'m self,
        at: Where,
        with_code: bool,
        memory: Memories<'m>,
        f: impl FnOnce(&ExecContext) -> R,
    ) -> R {
        let sink = Sink {
            launch: self,
            seq: at.seq,
            from: at.item_key(),
        };
        let entity = match at.wi {
            Some(ids) => Entity::WorkItem {
                global: ids.global,
                local: ids.local,
                group: at.group,
            },
            None => Entity::Group(at.group),
        };
        let cx = ExecContext {
            launch: &self.info,
            kernel: self.kernel_ref(),
            entity,
            site: with_code.then_some(at.site),
            memory,
            sink: &sink,
        };
        f(&cx)
    }

    /// Runs `f` with the context of work-group `group` (number `seq`, `size` work-items).
    pub fn with_group_context<R>(
        &self,
        (seq, group, size): (u64, [u64; 3], [u64; 3]),
        f: impl FnOnce(&GroupContext) -> R,
    ) -> R {
        let sink = Sink {
            launch: self,
            seq,
            from: None,
        };
        let cx = GroupContext {
            launch: &self.info,
            kernel: self.kernel_ref(),
            seq,
            group,
            size,
            interleaved: false,
            debugged: super::debug::in_debug_worker(),
            memory: self.global_memory(),
            sink: &sink,
        };
        f(&cx)
    }

    /// Reports a diagnostic in the standard layout at `at`.
    pub fn report(&self, at: Where, rule: Rule, level: Level, headline: String) {
        self.with_context(at, true, |cx| cx.report(rule, level, headline));
    }

    /// Reports a fatal error (the work-item stops) in Oclgrind's layout: `OCLGRIND FATAL
    /// ERROR (<file>:<line>)`, then the message and the usual lines. Where Oclgrind names its
    /// own source, the position is the kernel's, which is what the user can act on.
    pub fn report_fatal(&self, at: Where, message: &str) {
        let f = &self.kernel.code.functions[at.site.func as usize];
        let info = f.op_info(at.site.pc);
        let file = match (f.file(&info), self.kernel.source.as_deref()) {
            ("", Some(source)) => source.name.as_str(),
            ("", None) => "input.cl",
            (file, _) => file,
        };
        self.fatal_errors.fetch_add(1, Ordering::Relaxed);
        let headline = format!("OCLGRIND FATAL ERROR ({file}:{})", info.line);
        self.with_context(at, true, |cx| {
            let mut d = cx.diagnostic(Rule::FatalError, Level::Error, headline);
            if let Body::Standard { message: lines, .. } = &mut d.body {
                lines.extend(message.lines().map(str::to_string));
            }
            cx.log(d);
        });
    }

    /// Output from `at`'s work-item, or its group's if it names none.
    pub fn emit(&self, at: Where, record: Record) {
        self.sequencer.emit(at.seq, at.item_key(), record);
    }

    /// Where a message about the op at `site` points.
    pub fn at(&self, site: Site) -> At {
        diagnostics::at(
            &self.kernel.code.functions,
            Some(site),
            self.kernel.source.as_deref(),
        )
    }

    /// Logs a diagnostic about this launch (built by `body`'s caller) in `at`'s order.
    pub fn log(&self, at: Where, rule: Rule, level: Level, headline: String, body: Body) {
        let d = self.info.diagnostic(rule, level, headline, body);
        self.emit(at, Record::Log(Box::new(d)));
    }
}

/// The op a work-item is running, as the interpreter holds it: the launch, and the place as a
/// borrowed `Where` (the work-item's ids are copied only when a report needs them, `at`).
#[derive(Clone, Copy)]
pub(crate) struct Here<'a> {
    pub launch: &'a Launch<'a>,
    pub place: Where<&'a WiIds>,
}

impl Here<'_> {
    #[inline(always)]
    pub fn at(&self) -> Where {
        self.place.owned()
    }
}

/// The memories a work-item can address, and the plugin workers that watch its accesses.
pub(crate) struct Mems<'a> {
    pub global: MemView<'a>,
    pub local: &'a mut ArenaMemory,
    pub private: &'a mut ArenaMemory,
    pub workers: &'a mut Workers,
    /// This worker's combined atomics (`combine`): applied before anything else touches them.
    pub pending: &'a mut PendingAtomics,
    /// What the group's stores overwrote, while it may start over.
    pub undo: &'a mut UndoLog,
}

impl Mems<'_> {
    #[inline(always)]
    pub fn view(&mut self, space: AddrSpace) -> MemView<'_> {
        match space {
            AddrSpace::Global | AddrSpace::Constant => self.global,
            AddrSpace::Local => self.local.view(),
            // Generic pointers are resolved before this (memory::resolve).
            AddrSpace::Private | AddrSpace::Generic => self.private.view(),
        }
    }
}
