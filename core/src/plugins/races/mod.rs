//! RaceDetector (`--data-races`): accesses to local and global memory that conflict between
//! synchronisation points, with Oclgrind's rules (compat §4.5).
//!
//! * Within a work-group, two work-items' accesses to a byte race unless a barrier whose fence
//!   covers the memory (`CLK_LOCAL_MEM_FENCE` for local, `CLK_GLOBAL_MEM_FENCE` for global)
//!   separates them; races found are reported at the next such barrier, or the group's end.
//! * A `sub_group_barrier` orders the accesses of its sub-group's own work-items in the memory
//!   its fence covers (`shadow::SubGroupOrder`); those of other sub-groups still race with them
//!   until a work-group barrier. (Sub-groups are ours: Oclgrind has none.)
//! * Between work-groups, accesses to a byte of global memory race whatever the barriers;
//!   they are reported when the launch ends.
//! * Both accesses atomic: no race. At least one must store. Two stores of the same value do
//!   not race unless `--uniform-writes`. Private and constant memory cannot race.
//! * One message per pair of accesses (by entity, op and kind), at the lowest address they
//!   race on.
//!
//! Each worker keeps its group's accesses in `group_accesses` without a lock; a finished group's
//! global accesses go to the launch's table (`kernel`), which merges groups in launch order.
//! Races the user said are intended are left out (`suppress`). Under a debugger a race is
//! reported as soon as its second access is made, so that the debugger stops there.
//!
//! It takes a group's accesses interleaved (a lane executor running the work-items together,
//! an op's accesses in one batch): such a group's accesses are kept as segments (`segments`:
//! one op's accesses of consecutive work-items), and a group whose work-items touched the same
//! bytes between synchronisations, one of them writing, is run again in order
//! (`Worker::depends_on_order`), its accesses then kept in cells (`group_accesses`), so what it
//! reports is what the scalar executor's order gives.

mod group_accesses;
mod kernel;
mod report;
mod segments;
mod sites;
mod slab;
mod suppress;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use group_accesses::GroupShadow;
use kernel::{SharedTable, Spares};
use report::Race;
use report::{Names, GROUP};
use sites::Sites;
pub use suppress::Suppressions;

use super::{
    Access, AccessBatch, AccessKind, ExecContext, GroupContext, Interest, KernelContext,
    LaunchInfo, Plugin, Worker,
};
use crate::diagnostics::{Diagnostic, Entity, Level};
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};

/// `CLK_LOCAL_MEM_FENCE` and `CLK_GLOBAL_MEM_FENCE`.
const LOCAL_FENCE: u32 = 1;
const GLOBAL_FENCE: u32 = 2;

pub struct RaceDetector {
    shared: Arc<Shared>,
}

struct Shared {
    uniform_writes: bool,
    suppressions: Suppressions,
    /// Size of each live global buffer, by buffer index (accesses outside are ignored).
    buffers: Mutex<HashMap<u64, u64>>,
    /// The table of each running launch, by launch id (launches on two queues run at once).
    tables: Mutex<HashMap<u64, Arc<SharedTable>>>,
    /// Whether a kernel too large to check was reported.
    too_large: AtomicBool,
}

impl Shared {
    fn buffers(&self) -> MutexGuard<'_, HashMap<u64, u64>> {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn tables(&self) -> MutexGuard<'_, HashMap<u64, Arc<SharedTable>>> {
        self.tables.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl RaceDetector {
    pub fn new(uniform_writes: bool, suppressions: Suppressions) -> RaceDetector {
        RaceDetector {
            shared: Arc::new(Shared {
                uniform_writes,
                suppressions,
                buffers: Mutex::default(),
                tables: Mutex::default(),
                too_large: AtomicBool::new(false),
            }),
        }
    }
}

impl Plugin for RaceDetector {
    fn name(&self) -> &str {
        "RaceDetector"
    }

    fn interests(&self) -> Interest {
        Interest::KERNEL
            | Interest::WORK_GROUP
            | Interest::BARRIER
            | Interest::MEMORY
            | Interest::ALLOCATION
    }

    fn takes_interleaved_events(&self) -> bool {
        true
    }

    fn skips_accesses_that_cannot_race(&self) -> bool {
        true
    }

    fn worker(&self, launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        let buffers = self.shared.buffers();
        let count = buffers.keys().max().map_or(0, |&i| i as usize + 1);
        let mut sizes = vec![0; count];
        for (&index, &size) in buffers.iter() {
            sizes[index as usize] = size;
        }
        Some(Box::new(RaceWorker {
            shared: self.shared.clone(),
            launch: launch.clone(),
            sizes,
            shadow: None,
            names: Names::default(),
            debugged: false,
            table: self.shared.tables().entry(launch.id).or_default().clone(),
            spares: Spares::default(),
        }))
    }

    fn kernel_end(&self, cx: &KernelContext) {
        let Some(table) = self.shared.tables().remove(&cx.launch.id) else {
            return;
        };
        let races = table.end(self.shared.uniform_writes, cx.launch);
        for race in self.shared.suppressions.filter(races, cx.launch) {
            cx.log(race.diagnostic(cx.launch, &cx.kernel));
        }
    }

    fn summary(&self) -> Option<String> {
        self.shared.suppressions.summary()
    }

    fn memory_allocated(&self, space: AddrSpace, address: u64, size: u64, _flags: u32) {
        if space == AddrSpace::Global {
            let (index, _) = decode_address(address, GLOBAL_OFFSET_BITS);
            self.shared.buffers().insert(index, size);
        }
    }

    fn memory_deallocated(&self, space: AddrSpace, address: u64) {
        if space == AddrSpace::Global {
            let (index, _) = decode_address(address, GLOBAL_OFFSET_BITS);
            self.shared.buffers().remove(&index);
        }
    }
}

/// The detector on one worker thread.
struct RaceWorker {
    shared: Arc<Shared>,
    launch: LaunchInfo,
    /// The global buffers' sizes as the launch began, by index (none is made or freed while
    /// it runs), until the shadow takes them.
    sizes: Vec<u64>,
    /// Made at the first group, which shows the kernel; None while the kernel cannot be checked.
    shadow: Option<GroupShadow>,
    names: Names,
    /// Whether a debugger runs the launch: it stops at an access that races, so races are
    /// reported when found rather than at the next synchronisation.
    debugged: bool,
    /// The launch's table of global accesses.
    table: Arc<SharedTable>,
    /// Room for this worker's groups' accesses in the table.
    spares: Spares,
}

/// Logs the races of a group, less those the user suppressed.
fn report(
    races: Vec<Race>,
    shared: &Shared,
    launch: &LaunchInfo,
    log: impl Fn(Diagnostic),
    kernel: &crate::plugins::KernelRef,
) {
    if races.is_empty() {
        return;
    }
    for race in shared.suppressions.filter(races, launch) {
        log(race.diagnostic(launch, kernel));
    }
}

/// With a debugger, the races the last access made, now: it stops at that access.
fn report_found(shadow: &mut GroupShadow, shared: &Shared, launch: &LaunchInfo, cx: &ExecContext) {
    if shadow.found() {
        let log = |d| cx.log(d);
        report(shadow.take_found(), shared, launch, log, &cx.kernel);
    }
}

impl RaceWorker {
    /// Whether an access of `kind` at `address` of `space` cannot race: a load of a buffer
    /// nothing in the launch can write, an atomic of one the launch accesses only atomically.
    fn cannot_race(&self, space: AddrSpace, kind: AccessKind, address: u64) -> bool {
        let buffers = match kind {
            AccessKind::Load => &self.launch.unwritten,
            AccessKind::Atomic | AccessKind::AtomicLoad => &self.launch.atomic_only,
            AccessKind::Store => return false,
        };
        !buffers.is_empty()
            && space == AddrSpace::Global
            && buffers.contains(&decode_address(address, GLOBAL_OFFSET_BITS).0)
    }

    /// The local linear index of the work-item of an event (GROUP for the group itself).
    fn work_item(&self, cx: &ExecContext) -> u32 {
        match cx.entity {
            Entity::WorkItem { local, .. } => {
                let s = self.names.size;
                (local[0] + (local[1] + local[2] * s[1]) * s[0]) as u32
            }
            _ => GROUP,
        }
    }
}

impl Worker for RaceWorker {
    fn work_group_begin(&mut self, cx: &GroupContext) {
        let l = &cx.launch;
        self.names = Names::of(l, cx.group);
        if self.shadow.is_none() {
            self.debugged = cx.debugged;
            let sites = Sites::new(cx.kernel.code);
            let fits = l.local_size.iter().product::<u64>() < GROUP as u64;
            match sites.filter(|_| fits) {
                Some(sites) => {
                    let sizes = std::mem::take(&mut self.sizes);
                    self.shadow = Some(GroupShadow::new(sites, sizes, self.debugged))
                }
                None => {
                    if !self.shared.too_large.swap(true, Ordering::Relaxed) {
                        cx.log(Diagnostic::text(
                            Level::Warning,
                            format!(
                                "RaceDetector: kernel '{}' is too large to check for data races",
                                l.kernel
                            ),
                        ));
                    }
                    return;
                }
            }
        }
        if let Some(shadow) = &mut self.shadow {
            shadow.begin(self.names, cx.interleaved);
        }
    }

    fn memory_allocated(&mut self, _cx: &ExecContext, space: AddrSpace, address: u64, size: u64) {
        if let (AddrSpace::Local, Some(shadow)) = (space, &mut self.shadow) {
            shadow.local_buffer(address, size);
        }
    }

    fn memory_access(&mut self, cx: &ExecContext, access: &Access) {
        if self.cannot_race(access.space, access.kind, access.address) {
            return;
        }
        let wi = self.work_item(cx);
        let uniform = self.shared.uniform_writes;
        let Some(shadow) = &mut self.shadow else {
            return;
        };
        // The accesses of async copies have no op of their own (the site is the wait).
        let site = if wi == GROUP {
            0
        } else {
            shadow.sites().number(cx.site)
        };
        let mut atomic = access.kind.atomic();
        if access.kind == AccessKind::Load {
            // A load the optimiser moved out of the condition that guarded it is run by
            // work-items the source never reads for (Oclgrind issue #210): it cannot race.
            if shadow.sites().speculated(site) {
                return;
            }
            // The seed of a compare-and-swap loop: the swap checks what it read (#155).
            atomic = shadow.sites().seeds_cas(site);
        }
        shadow.access((wi, site), access, atomic, uniform);
        if self.debugged {
            report_found(shadow, &self.shared, &self.launch, cx);
        }
    }

    fn memory_accesses(&mut self, cx: &GroupContext, batch: &AccessBatch) {
        if (batch.runs.iter()).all(|r| self.cannot_race(batch.space, batch.kind, r.address)) {
            return;
        }
        let uniform = self.shared.uniform_writes;
        let Some(shadow) = &mut self.shadow else {
            return;
        };
        // As `memory_access`, the op's facts looked up once.
        let site = shadow.sites().number(Some(batch.site));
        let mut atomic = batch.kind.atomic();
        if batch.kind == AccessKind::Load {
            if shadow.sites().speculated(site) {
                return;
            }
            atomic = shadow.sites().seeds_cas(site);
        }
        shadow.access_batch(site, batch, atomic, uniform);
        if self.debugged {
            let log = |d| cx.log(d);
            report(
                shadow.take_found(),
                &self.shared,
                &self.launch,
                log,
                &cx.kernel,
            );
        }
    }

    fn depends_on_order(&mut self) -> bool {
        self.shadow.as_mut().is_some_and(GroupShadow::dependent)
    }

    fn speculated_use(&mut self, cx: &ExecContext, access: &Access) {
        let wi = self.work_item(cx);
        let uniform = self.shared.uniform_writes;
        let Some(shadow) = &mut self.shadow else {
            return;
        };
        if wi == GROUP {
            return;
        }
        let site = shadow.sites().number(cx.site);
        let atomic = shadow.sites().seeds_cas(site);
        shadow.access((wi, site), access, atomic, uniform);
        if self.debugged {
            report_found(shadow, &self.shared, &self.launch, cx);
        }
    }

    fn work_group_barrier(&mut self, cx: &ExecContext, fence: u32) {
        let Some(shadow) = &mut self.shadow else {
            return;
        };
        if fence & (LOCAL_FENCE | GLOBAL_FENCE) == 0 {
            shadow.next_interval();
        }
        for (bit, space) in [
            (LOCAL_FENCE, AddrSpace::Local),
            (GLOBAL_FENCE, AddrSpace::Global),
        ] {
            if fence & bit != 0 {
                let races = shadow.sync(space);
                let log = |d| cx.log(d);
                report(races, &self.shared, &self.launch, log, &cx.kernel);
            }
        }
        shadow.barrier_passed(
            cx.site,
            [fence & LOCAL_FENCE != 0, fence & GLOBAL_FENCE != 0],
        );
    }

    fn sub_group_barrier(&mut self, _cx: &ExecContext, sub_group: u32, fence: u32) {
        if let Some(shadow) = &mut self.shadow {
            let size = self.launch.sub_group_size.min(u32::MAX as u64) as u32;
            let fenced = [fence & LOCAL_FENCE != 0, fence & GLOBAL_FENCE != 0];
            shadow.sub_group_barrier(sub_group, size, fenced);
        }
    }

    fn work_group_complete(&mut self, cx: &GroupContext) {
        let Some(shadow) = &mut self.shadow else {
            return;
        };
        let mut races = Vec::new();
        for space in [AddrSpace::Local, AddrSpace::Global] {
            races.extend(shadow.sync(space));
        }
        let mut runs = self.spares.group_runs(cx.launch.group_index(cx.group));
        shadow.global_runs(&mut runs);
        let log = |d| cx.log(d);
        report(races, &self.shared, &self.launch, log, &cx.kernel);
        let uniform = self.shared.uniform_writes;
        let (launch, sites) = (cx.launch, shadow.sites());
        self.table
            .finished((cx.seq, runs), uniform, launch, sites, &mut self.spares);
    }
}
