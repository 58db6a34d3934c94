//! How a launch runs, decided once before it starts: from what the plugins listen to, the
//! debugger, the configuration and the kernel, one pure function ([`LaunchPlan::new`]) picks
//! the executor, the shadows of the Uninitialized checker, how atomics are made and in which
//! order output leaves. The combinations that can happen are the variants below and the rows
//! of the decision table in the tests.

use crate::plugins::Interest;

/// What a launch plan is made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlanInputs {
    /// What the plugins listen to, together (of `INTERESTS`).
    pub interests: Interest,
    /// Every plugin that watches memory, allocations, groups or barriers takes a group's events
    /// interleaved (`PluginSet::take_interleaved_events`).
    pub interleaved: bool,
    /// A debugger is attached.
    pub debugger: bool,
    /// `OCLGRIND_EXECUTOR=scalar`.
    pub scalar_executor: bool,
    pub kernel: KernelTraits,
    /// Every global buffer is initialised as a whole (`GlobalView::shadows_clean`).
    pub global_shadows_clean: bool,
}

impl PlanInputs {
    /// The interests a plan depends on.
    pub const INTERESTS: [Interest; 6] = [
        Interest::MEMORY,
        Interest::ALLOCATION,
        Interest::INSTRUCTION,
        Interest::WORK_ITEM,
        Interest::UNINITIALIZED,
        Interest::INSTRUCTION_COUNTS,
    ];
}

/// What the plan needs to know of the kernel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KernelTraits {
    /// Some basic block is counted (`KernelCode::counted_blocks`).
    pub counted_blocks: bool,
    /// Some loop makes a compare-and-swap (`KernelCode::compare_exchange_loops`).
    pub compare_exchange_loops: bool,
    /// `KernelCode::atomics_undoable`.
    pub atomics_undoable: bool,
    /// `KernelCode::makes_no_uninitialised_values`.
    pub makes_no_uninitialised_values: bool,
}

/// How a launch runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct LaunchPlan {
    pub executor: Executor,
    pub shadows: ShadowPlan,
    pub atomics: AtomicPlan,
    pub output: OutputOrder,
    /// How often each basic block runs is counted (a plugin wants the counts and the kernel
    /// has blocks to count).
    pub counts: bool,
}

/// How a launch's groups run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Executor {
    /// One work-item after the other (`interp`): something watches single ops or
    /// work-items, or memory in a way a group cannot take back.
    Scalar,
    /// A group's work-items together (`warp`).
    Warps,
    /// Together, each group ready to start over one work-item at a time should its work-items
    /// turn out to depend on their order, or need shadows (`warp::run_lanes`, `undo`).
    Speculative,
}

/// The shadows of uninitialised bits the Uninitialized checker needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShadowPlan {
    /// Nobody listens for uninitialised values.
    Off,
    /// Every register and every memory has shadows; groups run one work-item at a time.
    Kept,
    /// The kernel makes no uninitialised value itself: groups run speculatively with no
    /// shadows but memory's, and one that reads memory not written yet (or whose load the
    /// memory refused) starts over with them, as do the groups after it
    /// (`Launch::shadows_needed`).
    Deferred,
    /// `Deferred`, while some global buffer holds uninitialised bits: groups check their
    /// global loads against the buffers' shadows and mark what they store initialised
    /// (`checks::deferred_global_access`).
    DeferredCheckingGlobals,
}

/// How atomics whose old value nobody reads are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AtomicPlan {
    AtOnce,
    /// Combined until their group's end (`combine`): nobody else sees memory while the
    /// launch runs.
    Combined,
    /// Combined where nobody sees them: on the buffers whose atomics no plugin hears of
    /// (`Launch::quiet_atomics`, or every buffer when none watches memory), in groups that
    /// keep no shadows. A group that starts over drops its pending updates; those applied
    /// early are undone with its stores (`PendingAtomics::flush`).
    CombinedWhereUnheard,
}

/// The order in which the launch's output leaves (`Sequencer`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OutputOrder {
    /// As it happens: a debugging user sees it then.
    Immediate,
    /// Group after group.
    ByGroup,
    /// Group after group, and within one by work-item: as the scalar executor would give it
    /// (`Sequencer::by_work_item`).
    ByWorkItem,
}

impl LaunchPlan {
    /// The plan for a launch with `inputs`.
    pub(crate) fn new(inputs: &PlanInputs) -> LaunchPlan {
        let PlanInputs {
            interests,
            interleaved,
            debugger,
            scalar_executor,
            kernel,
            global_shadows_clean,
        } = *inputs;
        let wants = |i: Interest| interests.contains(i);
        let uninitialized = wants(Interest::UNINITIALIZED);
        let counts = wants(Interest::INSTRUCTION_COUNTS) && kernel.counted_blocks;
        // Plugins watching memory under warps get a group's events interleaved; a group whose
        // work-items turn out to depend on their order starts over (`undo`), so it must be
        // able to: what it did to global memory undone (only some atomics can be, with other
        // groups' in between), its blocks not counted twice.
        let watched = wants(Interest::MEMORY | Interest::ALLOCATION);
        let rerunnable = watched && interleaved && !counts && kernel.atomics_undoable;
        // A retry loop's instructions are counted as one work-item at a time runs it (as
        // Oclgrind's are): on lanes every lane tries at least once before they go through it
        // one at a time (`exec::warp`).
        let counted_retries = counts && kernel.compare_exchange_loops;
        let warps_fit = !scalar_executor
            && !counted_retries
            && !debugger
            && !wants(Interest::INSTRUCTION | Interest::WORK_ITEM)
            && (!watched || rerunnable);
        // A kernel that makes no uninitialised value itself can only come by one through a
        // load the memory refuses or one of memory not written yet.
        let deferred = uninitialized
            && warps_fit
            && !counts
            && kernel.atomics_undoable
            && kernel.makes_no_uninitialised_values;
        let shadows = match (uninitialized, deferred) {
            (false, _) => ShadowPlan::Off,
            (true, false) => ShadowPlan::Kept,
            (true, true) if global_shadows_clean => ShadowPlan::Deferred,
            (true, true) => ShadowPlan::DeferredCheckingGlobals,
        };
        let executor = match (
            warps_fit && shadows != ShadowPlan::Kept,
            watched || deferred,
        ) {
            (false, _) => Executor::Scalar,
            (true, false) => Executor::Warps,
            (true, true) => Executor::Speculative,
        };
        // The debugger shows memory as it is; kept shadows and those checked against global
        // buffers follow each atomic's value.
        let shadows_unseen = matches!(shadows, ShadowPlan::Off | ShadowPlan::Deferred);
        let atomics = match (uninitialized || wants(Interest::MEMORY), debugger) {
            (false, false) => AtomicPlan::Combined,
            (true, false) if shadows_unseen => AtomicPlan::CombinedWhereUnheard,
            _ => AtomicPlan::AtOnce,
        };
        let output = match (debugger, executor) {
            (true, _) => OutputOrder::Immediate,
            (false, Executor::Scalar) => OutputOrder::ByGroup,
            (false, _) => OutputOrder::ByWorkItem,
        };
        LaunchPlan {
            executor,
            shadows,
            atomics,
            output,
            counts,
        }
    }

    /// A group's work-items run together.
    #[inline(always)]
    pub fn on_warps(&self) -> bool {
        self.executor != Executor::Scalar
    }

    /// A group on warps may start over (`Executor::Speculative`).
    #[inline(always)]
    pub fn may_start_over(&self) -> bool {
        self.executor == Executor::Speculative
    }

    /// Registers and memory have shadows from the start (`ShadowPlan::Kept`).
    #[inline(always)]
    pub fn keeps_shadows(&self) -> bool {
        self.shadows == ShadowPlan::Kept
    }

    /// Shadows are deferred (`ShadowPlan::Deferred` and `DeferredCheckingGlobals`).
    #[inline(always)]
    pub fn defers_shadows(&self) -> bool {
        matches!(
            self.shadows,
            ShadowPlan::Deferred | ShadowPlan::DeferredCheckingGlobals
        )
    }

    /// Memory has shadows, kept or deferred.
    #[inline(always)]
    pub fn memory_shadows(&self) -> bool {
        self.shadows != ShadowPlan::Off
    }

    /// Groups check global accesses against the buffers' shadows
    /// (`ShadowPlan::DeferredCheckingGlobals`).
    #[inline(always)]
    pub fn checks_global_shadows(&self) -> bool {
        self.shadows == ShadowPlan::DeferredCheckingGlobals
    }

    /// Whether an atomic of a buffer whose atomics no plugin hears of (`unheard`), made by a
    /// group with no shadows, may be combined.
    #[inline(always)]
    pub fn combines_unheard_atomic(&self, unheard: bool) -> bool {
        match self.atomics {
            AtomicPlan::Combined => true,
            AtomicPlan::CombinedWhereUnheard => unheard,
            AtomicPlan::AtOnce => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use AtomicPlan::*;
    use Executor::*;
    use OutputOrder::*;
    use ShadowPlan::*;

    /// A plain kernel's inputs: no plugin, no debugger, undoable atomics, no uninitialised
    /// value of its own, clean buffers.
    const PLAIN: PlanInputs = PlanInputs {
        interests: Interest::NONE,
        interleaved: true,
        debugger: false,
        scalar_executor: false,
        kernel: KernelTraits {
            counted_blocks: true,
            compare_exchange_loops: false,
            atomics_undoable: true,
            makes_no_uninitialised_values: true,
        },
        global_shadows_clean: true,
    };

    /// The race detector's interests.
    fn races() -> Interest {
        Interest::MEMORY | Interest::WORK_GROUP | Interest::BARRIER
    }

    fn plan(executor: Executor, shadows: ShadowPlan, atomics: AtomicPlan) -> LaunchPlan {
        let output = match executor {
            Scalar => ByGroup,
            _ => ByWorkItem,
        };
        LaunchPlan {
            executor,
            shadows,
            atomics,
            output,
            counts: false,
        }
    }

    #[test]
    fn decision_table() {
        let with = |interests: Interest| PlanInputs { interests, ..PLAIN };
        let kernel = |f: fn(&mut KernelTraits)| {
            let mut inputs = PLAIN;
            f(&mut inputs.kernel);
            inputs
        };
        let uninit = Interest::UNINITIALIZED;
        let counting = Interest::INSTRUCTION_COUNTS;
        #[rustfmt::skip]
        let table: Vec<(&str, PlanInputs, LaunchPlan)> = vec![
            ("nothing listens", PLAIN, plan(Warps, Off, Combined)),
            ("MemCheck", with(Interest::FAULTS | Interest::LOG), plan(Warps, Off, Combined)),
            ("OCLGRIND_EXECUTOR=scalar", PlanInputs { scalar_executor: true, ..PLAIN },
                plan(Scalar, Off, Combined)),
            ("debugger", PlanInputs { debugger: true, ..PLAIN },
                LaunchPlan { output: Immediate, ..plan(Scalar, Off, AtOnce) }),
            ("plugin of every op", with(Interest::INSTRUCTION), plan(Scalar, Off, Combined)),
            ("plugin of work-items", with(Interest::WORK_ITEM), plan(Scalar, Off, Combined)),
            ("race detector", with(races()), plan(Speculative, Off, CombinedWhereUnheard)),
            ("race detector, atomics that cannot be undone",
                PlanInputs { interests: races(), ..kernel(|k| k.atomics_undoable = false) },
                plan(Scalar, Off, CombinedWhereUnheard)),
            ("memory plugin that wants events in order",
                PlanInputs { interests: races(), interleaved: false, ..PLAIN },
                plan(Scalar, Off, CombinedWhereUnheard)),
            ("allocations alone", with(Interest::ALLOCATION), plan(Speculative, Off, Combined)),
            ("instruction counts", with(counting),
                LaunchPlan { counts: true, ..plan(Warps, Off, Combined) }),
            ("instruction counts, compare-and-swap loop",
                PlanInputs { interests: counting, ..kernel(|k| k.compare_exchange_loops = true) },
                LaunchPlan { counts: true, ..plan(Scalar, Off, Combined) }),
            ("compare-and-swap loop, not counted", kernel(|k| k.compare_exchange_loops = true),
                plan(Warps, Off, Combined)),
            ("instruction counts, nothing to count",
                PlanInputs { interests: counting, ..kernel(|k| k.counted_blocks = false) },
                plan(Warps, Off, Combined)),
            ("instruction counts and race detector", with(counting | races()),
                LaunchPlan { counts: true, ..plan(Scalar, Off, CombinedWhereUnheard) }),
            ("Uninitialized, clean kernel", with(uninit),
                plan(Speculative, Deferred, CombinedWhereUnheard)),
            ("Uninitialized, buffers the host left unwritten",
                PlanInputs { interests: uninit, global_shadows_clean: false, ..PLAIN },
                plan(Speculative, DeferredCheckingGlobals, AtOnce)),
            ("Uninitialized, kernel makes uninitialised values",
                PlanInputs {
                    interests: uninit,
                    ..kernel(|k| k.makes_no_uninitialised_values = false)
                },
                plan(Scalar, Kept, AtOnce)),
            ("Uninitialized, atomics that cannot be undone",
                PlanInputs { interests: uninit, ..kernel(|k| k.atomics_undoable = false) },
                plan(Scalar, Kept, AtOnce)),
            ("Uninitialized, OCLGRIND_EXECUTOR=scalar",
                PlanInputs { interests: uninit, scalar_executor: true, ..PLAIN },
                plan(Scalar, Kept, AtOnce)),
            ("Uninitialized and instruction counts", with(uninit | counting),
                LaunchPlan { counts: true, ..plan(Scalar, Kept, AtOnce) }),
            ("Uninitialized and race detector", with(uninit | races()),
                plan(Speculative, Deferred, CombinedWhereUnheard)),
            ("Uninitialized and debugger", PlanInputs { debugger: true, ..with(uninit) },
                LaunchPlan { output: Immediate, ..plan(Scalar, Kept, AtOnce) }),
        ];
        for (row, inputs, expected) in table {
            assert_eq!(LaunchPlan::new(&inputs), expected, "{row}");
        }
    }

    /// Every combination of the inputs gives a plan whose parts fit together.
    #[test]
    fn every_plan_is_consistent() {
        let interests = [
            Interest::NONE,
            Interest::FAULTS,
            Interest::MEMORY,
            Interest::ALLOCATION,
            Interest::INSTRUCTION,
            Interest::WORK_ITEM,
            Interest::UNINITIALIZED,
            Interest::INSTRUCTION_COUNTS,
        ];
        for bits in 0u32..1 << 15 {
            let bit = |k: u32| bits & (1 << k) != 0;
            let chosen = (0..8).filter(|&k| bit(k)).map(|k| interests[k as usize]);
            let inputs = PlanInputs {
                interests: chosen.fold(Interest::NONE, |a, b| a | b),
                interleaved: bit(8),
                debugger: bit(9),
                scalar_executor: bit(10),
                kernel: KernelTraits {
                    counted_blocks: bit(11),
                    compare_exchange_loops: bit(12),
                    atomics_undoable: bit(13),
                    makes_no_uninitialised_values: bit(14),
                },
                global_shadows_clean: bits % 3 == 0,
            };
            let p = LaunchPlan::new(&inputs);
            let context = format!("{inputs:?} gave {p:?}");
            // Shadows kept from the start mean one work-item at a time; deferred ones, a
            // group that can start over with them.
            assert!(!p.keeps_shadows() || p.executor == Scalar, "{context}");
            assert!(
                !p.defers_shadows() || p.executor == Speculative,
                "{context}"
            );
            // Atomics wait only where nobody could see them waiting: everywhere when nothing
            // watches memory, else only where nobody hears of them and no shadow follows them.
            let sees = Interest::MEMORY | Interest::UNINITIALIZED;
            assert!(
                p.atomics != Combined || !inputs.debugger && !inputs.interests.contains(sees),
                "{context}"
            );
            let waits_unheard = p.combines_unheard_atomic(true);
            assert!(!waits_unheard || !inputs.debugger, "{context}");
            assert!(
                !waits_unheard || matches!(p.shadows, Off | Deferred),
                "{context}"
            );
            assert!(
                !p.combines_unheard_atomic(false) || p.atomics == Combined,
                "{context}"
            );
            // The debugger and the scalar executor see single work-items.
            if inputs.debugger || inputs.scalar_executor {
                assert_eq!(p.executor, Scalar, "{context}");
            }
            assert_eq!(p.output == Immediate, inputs.debugger, "{context}");
            assert_eq!(p.output == ByWorkItem, p.on_warps(), "{context}");
        }
    }
}
