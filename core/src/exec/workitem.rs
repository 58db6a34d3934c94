//! The resumable state of one work-item.

use super::shadow_values::ShadowFile;
use crate::bytecode::{Pc, Site, Slot, WiQuery};
use crate::memory::{AddrSpace, ArenaMark, ArenaMemory};
use crate::plugins::LaunchInfo;

/// Identity of a work-item within its launch.
#[derive(Clone, Copy, Debug, Default)]
pub struct WiIds {
    pub global: [u64; 3],
    pub local: [u64; 3],
}

/// Why a work-item stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Stop {
    Finished,
    /// At a barrier (`WorkItem::barrier_at` says which).
    Barrier,
    /// At a sub-group meeting (`Op::SubGroupMeet`), its pc the one after it.
    Meet,
    /// Debug runs: the debugger wants the work-item with this global id to run next.
    Switch([u64; 3]),
    /// Debug runs: the debugger wants this work-group handed back to the launch.
    Park,
    /// `run_one`: the op ran and the work-item goes on.
    Stepped,
    /// Debug runs: the debugger wants the group moved to this position of its history
    /// (`travel`).
    Travel(u64),
    /// It passed `SPIN_LIMIT` spin points (`Op::SpinPoint`: atomic and volatile accesses)
    /// since it began running: it may be waiting for another work-item, which runs first
    /// (independent forward progress).
    Yield,
}

/// Spin points a work-item passes, or backward branches a warp takes, in one turn before it
/// gives way to the others of its group: a work-item spinning on a flag that another sets would
/// otherwise spin forever in an executor that runs work-items in turn.
pub(crate) const SPIN_LIMIT: u32 = 1 << 16;

/// A caller's state, saved while a called function runs.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    pub func: u32,
    pub base: u32,
    pub ret_pc: Pc,
    pub ret_dst: Slot,
    /// Private memory to release when the callee returns.
    pub mark: ArenaMark,
}

pub struct WorkItem {
    /// All frames' register slots; the current frame starts at `base`.
    pub regs: Vec<u64>,
    /// Their shadows (uninitialised bits) and origins, beside them; empty unless the launch
    /// keeps shadows.
    pub shadow: ShadowFile,
    pub frames: Vec<Frame>,
    pub func: u32,
    pub pc: Pc,
    pub base: u32,
    pub private: ArenaMemory,
    pub ids: WiIds,
    /// Where the work-item waits, when it is at a barrier: (function, pc of the barrier op,
    /// its fence flags).
    pub barrier_at: (u32, Pc, u32),
    /// Events it waits for, at a `wait_group_events`.
    pub wait_events: Vec<u64>,
    /// The launch whose entry frame (constants and arguments) `regs` starts with: a
    /// work-item of the same launch starts from them without copying them again.
    entry_frame_of: Option<u64>,
}

impl WorkItem {
    /// The op it is at.
    pub fn site(&self) -> Site {
        Site {
            func: self.func,
            pc: self.pc,
        }
    }

    pub fn new() -> WorkItem {
        WorkItem {
            regs: Vec::new(),
            shadow: ShadowFile::default(),
            frames: Vec::new(),
            func: 0,
            pc: 0,
            base: 0,
            private: ArenaMemory::new(AddrSpace::Private),
            ids: WiIds::default(),
            barrier_at: (0, 0, 0),
            wait_events: Vec::new(),
            entry_frame_of: None,
        }
    }

    /// Resets to the start of the kernel with launch `entry.launch`'s entry frame; with
    /// `shadow` (the entry frame's shadows and its `undef` slots), registers and private
    /// memory keep shadows.
    #[inline(always)]
    pub fn reset(
        &mut self,
        entry: EntryFrame,
        shadow: Option<(&[u64], &[Slot])>,
        stack_slots: usize,
        ids: WiIds,
    ) {
        if self.entry_frame_of == Some(entry.launch) {
            // Ops leave the fixed slots as they were, and write the others before reading
            // them: the last work-item's registers do.
            #[cfg(debug_assertions)]
            entry.check_and_scramble(&mut self.regs);
        } else {
            self.regs.clear();
            self.regs.extend_from_slice(entry.values);
            self.regs.resize(stack_slots.max(entry.values.len()), 0);
            self.entry_frame_of = Some(entry.launch);
        }
        if let Some((shadow, undef)) = shadow {
            let n = self.regs.len();
            self.shadow.bits.resize(n, 0);
            self.shadow.origins.resize(n, 0);
            self.shadow.init_frame(0, shadow, 0, undef);
            self.private.track_shadows();
        } else if self.private.tracks_shadows() {
            // Kept from a launch with shadows: this one has none.
            self.private = ArenaMemory::new(AddrSpace::Private);
        }
        self.frames.clear();
        self.func = 0;
        self.pc = 0;
        self.base = 0;
        self.private.clear();
        self.ids = ids;
        self.wait_events.clear();
    }
}

/// A launch's entry frame: the kernel function's registers with its arguments bound.
#[derive(Clone, Copy)]
pub struct EntryFrame<'a> {
    /// The launch's number (`LaunchInfo::id`).
    pub launch: u64,
    pub values: &'a [u64],
    /// Its slots that no op writes (`Function::fixed_slots`), which debug builds check.
    #[cfg_attr(not(debug_assertions), allow(dead_code))]
    pub fixed: &'a [(Slot, u32)],
}

impl EntryFrame<'_> {
    /// Debug builds check that the last work-item left the fixed slots alone, and scramble
    /// the others, so that tests catch an op that reads a slot before writing it.
    #[cfg(debug_assertions)]
    fn check_and_scramble(&self, regs: &mut [u64]) {
        let mut fixed = vec![false; self.values.len()];
        for &(first, count) in self.fixed {
            for k in first as usize..(first + count) as usize {
                assert_eq!(regs[k], self.values[k], "an op wrote fixed slot {k}");
                fixed[k] = true;
            }
        }
        for (k, reg) in regs[..self.values.len()].iter_mut().enumerate() {
            if !fixed[k] {
                *reg = 0x5ca7_7e4e_d5ca_77e4 ^ k as u64;
            }
        }
    }
}

impl Default for WorkItem {
    fn default() -> Self {
        Self::new()
    }
}

/// Value of a work-item query; out-of-range dimensions give 0 for ids and 1 for sizes.
pub(crate) fn query(
    q: WiQuery,
    dim: u64,
    ids: &WiIds,
    group: &[u64; 3],
    size: &[u64; 3],
    info: &LaunchInfo,
) -> u64 {
    let d = dim as usize;
    let in_range = d < 3;
    let pick = |v: &[u64; 3], default: u64| if in_range { v[d] } else { default };
    match q {
        WiQuery::GlobalId => pick(&ids.global, 0),
        WiQuery::LocalId => pick(&ids.local, 0),
        WiQuery::GroupId => pick(group, 0),
        WiQuery::GlobalSize => pick(&info.global_size, 1),
        WiQuery::GlobalOffset => pick(&info.global_offset, 0),
        WiQuery::LocalSize => pick(size, 1),
        WiQuery::EnqueuedLocalSize => pick(&info.local_size, 1),
        WiQuery::NumGroups => pick(&info.num_groups, 1),
        WiQuery::WorkDim => info.work_dim as u64,
        WiQuery::GlobalLinearId => {
            let g = |k: usize| ids.global[k] - info.global_offset[k];
            (g(2) * info.global_size[1] + g(1)) * info.global_size[0] + g(0)
        }
        WiQuery::LocalLinearId => (ids.local[2] * size[1] + ids.local[1]) * size[0] + ids.local[0],
    }
}
