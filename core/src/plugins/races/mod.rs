//! RaceDetector (`--data-races`): accesses to local and global memory that conflict between
//! synchronisation points, with Oclgrind's rules (compat §4.5).
//!
//! * Within a work-group, two work-items' accesses to a byte race unless a barrier whose fence
//!   covers the memory (`CLK_LOCAL_MEM_FENCE` for local, `CLK_GLOBAL_MEM_FENCE` for global)
//!   separates them; races found are reported at the next such barrier, or the group's end.
//! * Between work-groups, accesses to a byte of global memory race whatever the barriers;
//!   they are reported when the launch ends.
//! * Both accesses atomic: no race. At least one must store. Two stores of the same value do
//!   not race unless `--uniform-writes`. Private and constant memory cannot race.
//! * One message per pair of accesses (by entity, op and kind), at the lowest address they
//!   race on.
//!
//! Each worker keeps its group's accesses in `shadow` without a lock; a finished group's
//! global accesses go to the launch's table (`kernel`), which merges groups in launch order.

mod kernel;
mod report;
mod shadow;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};

use kernel::KernelTable;
use report::Race;
use shadow::{GroupShadow, Names, GROUP};

use super::{
    Access, AccessKind, ExecContext, GroupContext, Interest, KernelContext, LaunchInfo, Plugin,
    Worker,
};
use crate::diagnostics::{Entity, Level};
use crate::memory::{decode_address, AddrSpace, GLOBAL_OFFSET_BITS};

/// `CLK_LOCAL_MEM_FENCE` and `CLK_GLOBAL_MEM_FENCE`.
const LOCAL_FENCE: u32 = 1;
const GLOBAL_FENCE: u32 = 2;

pub struct RaceDetector {
    shared: Arc<Shared>,
}

struct Shared {
    uniform_writes: bool,
    /// Size of each live global buffer, by buffer index (accesses outside are ignored).
    buffers: Mutex<HashMap<u64, u64>>,
    kernel: Mutex<KernelTable>,
}

impl Shared {
    fn kernel(&self) -> MutexGuard<'_, KernelTable> {
        self.kernel.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn buffers(&self) -> MutexGuard<'_, HashMap<u64, u64>> {
        self.buffers.lock().unwrap_or_else(|e| e.into_inner())
    }
}

impl RaceDetector {
    pub fn new(uniform_writes: bool) -> RaceDetector {
        RaceDetector {
            shared: Arc::new(Shared {
                uniform_writes,
                buffers: Mutex::default(),
                kernel: Mutex::default(),
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

    fn worker(&self, launch: &LaunchInfo) -> Option<Box<dyn Worker>> {
        Some(Box::new(RaceWorker {
            shared: self.shared.clone(),
            launch: launch.clone(),
            buffers: self.shared.buffers().clone(),
            shadow: GroupShadow::default(),
            names: Names::default(),
        }))
    }

    fn kernel_end(&self, cx: &KernelContext) {
        let races = self.shared.kernel().end(self.shared.uniform_writes, cx.launch);
        for race in races {
            cx.log(Level::Error, race.message(cx.launch, &cx.kernel));
        }
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
    /// The global buffers as the launch began (none is made or freed while it runs).
    buffers: HashMap<u64, u64>,
    shadow: GroupShadow,
    names: Names,
}

impl RaceWorker {
    fn report(&self, races: Vec<Race>, log: impl Fn(String), kernel: &crate::plugins::KernelRef) {
        for race in races {
            log(race.message(&self.launch, kernel));
        }
    }
}

impl Worker for RaceWorker {
    fn work_group_begin(&mut self, cx: &GroupContext) {
        let l = &cx.launch;
        self.names = Names {
            group: cx.group,
            size: cx.size,
            origin: std::array::from_fn(|d| cx.group[d] * l.local_size[d] + l.global_offset[d]),
        };
        self.shadow.begin(self.names);
    }

    fn memory_allocated(&mut self, _cx: &ExecContext, space: AddrSpace, address: u64, size: u64) {
        if space == AddrSpace::Local {
            self.shadow.local_buffer(address, size);
        }
    }

    fn memory_access(&mut self, cx: &ExecContext, access: &Access) {
        let wi = match cx.entity {
            Entity::WorkItem { local, .. } => {
                let s = self.names.size;
                (local[0] + (local[1] + local[2] * s[1]) * s[0]) as u32
            }
            _ => GROUP,
        };
        // The accesses of async copies have no op of their own (the site is the wait).
        let site = if wi == GROUP { None } else { cx.site };
        let mut atomic = access.kind.atomic();
        if let (AccessKind::Load, Some(inst)) = (access.kind, site.and_then(|s| cx.kernel.inst(s))) {
            // A load the optimiser moved out of the condition that guarded it is run by
            // work-items the source never reads for (Oclgrind issue #210): it cannot race.
            if inst.speculated {
                return;
            }
            // The seed of a compare-and-swap loop: the swap checks what it read (#155).
            atomic = inst.seeds_cas;
        }
        let buffers = &self.buffers;
        let uniform = self.shared.uniform_writes;
        let get = |b| buffers.get(&b).copied();
        self.shadow
            .access((wi, site), access, atomic, uniform, &get);
    }

    fn speculated_use(&mut self, cx: &ExecContext, access: &Access) {
        let Entity::WorkItem { local, .. } = cx.entity else {
            return;
        };
        let s = self.names.size;
        let wi = (local[0] + (local[1] + local[2] * s[1]) * s[0]) as u32;
        let atomic = cx.site.and_then(|s| cx.kernel.inst(s)).is_some_and(|i| i.seeds_cas);
        let buffers = &self.buffers;
        let get = |b| buffers.get(&b).copied();
        let uniform = self.shared.uniform_writes;
        self.shadow
            .access((wi, cx.site), access, atomic, uniform, &get);
    }

    fn work_group_barrier(&mut self, cx: &ExecContext, fence: u32) {
        for (bit, space) in [(LOCAL_FENCE, AddrSpace::Local), (GLOBAL_FENCE, AddrSpace::Global)] {
            if fence & bit != 0 {
                let races = self.shadow.sync(space);
                self.report(races, |m| cx.log(Level::Error, m), &cx.kernel);
            }
        }
    }

    fn work_group_complete(&mut self, cx: &GroupContext) {
        for space in [AddrSpace::Local, AddrSpace::Global] {
            let races = self.shadow.sync(space);
            self.report(races, |m| cx.log(Level::Error, m), &cx.kernel);
        }
        let runs = self.shadow.global_runs();
        let uniform = self.shared.uniform_writes;
        self.shared
            .kernel()
            .finished(cx.seq, self.names, runs, uniform, cx.launch);
    }
}
