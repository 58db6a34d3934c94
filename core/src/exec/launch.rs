//! Launches: argument binding, the launch-wide state (`shared::Launch`) made once, and
//! work-group distribution over worker threads.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::debug::{DebugHook, StopSet};
use super::debug_run::DebugRun;
use super::group::{allocate_locals, Plain};
use super::kernel::KernelInstance;
use super::machine::Machine;
use super::plan::{KernelTraits, LaunchPlan, OutputOrder, PlanInputs};
use super::runner::GroupRunner;
use super::shadow_values::origin_code;
use super::shared::{Launch, Sink};
use crate::bytecode::{ScalarTy, VType};
use crate::counts::BlockCounts;
use crate::image::ImageDesc;
use crate::memory::{
    decode_address, encode_address, AddrSpace, GLOBAL_OFFSET_BITS, PRIVATE_OFFSET_BITS,
};
use crate::output::{Record, Sequencer};
use crate::plugins::{Interest, KernelContext, LaunchInfo, NamedBuffer};
use crate::program::{ParamAccess, ParamKind};

/// The index space of a launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NDRange {
    pub work_dim: u32,
    pub global_offset: [u64; 3],
    pub global_size: [u64; 3],
    pub local_size: [u64; 3],
}

/// The most work-items a launch may have, quick mode aside (which runs two work-groups of
/// any number): the simulator runs at best some 10^8 work-items a second, so this many would
/// take weeks. A wrapped negative size (`(size_t)-1`) is far beyond it.
pub const MAX_WORK_ITEMS: u64 = 1 << 48;

impl NDRange {
    /// The work-items of the whole range, if a 64-bit count can hold them.
    pub fn work_items(&self) -> Option<u64> {
        product(&self.global_size)
    }

    /// Whether a device whose work-groups hold at most `max_wg_size` work-items can run this
    /// range: every front end asks before it launches, so that a size no device could take is
    /// refused rather than allocated or run for ever.
    pub fn check(&self, max_wg_size: u64, quick: bool) -> Result<(), LaunchError> {
        if self.local_size.contains(&0) {
            return Err(LaunchError::ZeroWorkGroupSize);
        }
        match product(&self.local_size) {
            Some(n) if n <= max_wg_size => {}
            _ => {
                return Err(LaunchError::WorkGroupTooLarge {
                    size: self.local_size,
                    limit: max_wg_size,
                })
            }
        }
        let items = self.work_items().ok_or(LaunchError::TooLarge)?;
        if items > MAX_WORK_ITEMS && !quick {
            return Err(LaunchError::TooLong { items });
        }
        Ok(())
    }
}

/// The product of three sizes, if it fits in 64 bits.
fn product(v: &[u64; 3]) -> Option<u64> {
    v.iter().try_fold(1u64, |a, &b| a.checked_mul(b))
}

/// A kernel argument value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// A global or constant buffer address (0 for NULL).
    Pointer(u64),
    /// The size of a `__local` buffer.
    LocalSize(u64),
    /// The bytes of a scalar, vector or by-value struct.
    Bytes(Vec<u8>),
}

/// Reads the lanes of a by-value argument from its bytes.
fn value_lanes(vt: VType, bytes: &[u8]) -> Vec<u64> {
    let size = vt.elem.size() as usize;
    (0..vt.lanes as usize)
        .map(|i| {
            let mut b = [0u8; 8];
            if let Some(src) = bytes.get(i * size..(i + 1) * size) {
                b[..size].copy_from_slice(src);
            }
            let v = u64::from_le_bytes(b);
            match vt.elem {
                ScalarTy::Int(bits) => v & crate::semantics::mask(bits),
                _ => v,
            }
        })
        .collect()
}

/// Why a launch could not start.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LaunchError {
    #[error("kernel '{kernel}' takes {expected} arguments, {given} given")]
    ArgumentCount {
        kernel: String,
        expected: usize,
        given: usize,
    },
    #[error("argument '{name}': {why}")]
    Argument { name: String, why: String },
    #[error("work-group size must not be zero")]
    ZeroWorkGroupSize,
    #[error(
        "work-group size {}x{}x{} is more than the device's {limit} work-items (--max-wgsize)",
        size[0], size[1], size[2]
    )]
    WorkGroupTooLarge { size: [u64; 3], limit: u64 },
    #[error("the NDRange has more work-items than a 64-bit count can hold")]
    TooLarge,
    #[error(
        "the NDRange has {items} work-items, more than the simulator can run ({MAX_WORK_ITEMS}; \
         --quick runs only the first and last work-groups of any size)"
    )]
    TooLong { items: u64 },
    #[error("local memory needed ({needed} bytes) exceeds the device's {limit} bytes (--local-mem-size)")]
    LocalMemory { needed: u64, limit: u64 },
}

/// What a launch did.
#[derive(Clone, Copy, Debug)]
pub struct LaunchStats {
    pub work_groups: u64,
    pub threads: usize,
    pub elapsed: std::time::Duration,
    /// Work-groups run again, work-item after work-item, because a checker found that their
    /// work-items depended on the order they ran in together (`warp::run_lanes`).
    pub started_over: u64,
    /// Work-items stopped by a fatal error (a stack overflow, a trap).
    pub fatal_errors: u64,
}

impl LaunchStats {
    /// The line `OCLGRIND_TIMING` prints for a launch of `kernel`.
    pub fn timing_line(&self, kernel: &str) -> String {
        let again = match self.started_over {
            0 => String::new(),
            n => format!(" ({n} run again in order)"),
        };
        format!(
            "Oclgrind: kernel '{kernel}': {} work-groups{again} on {} threads in {:.3} s",
            self.work_groups,
            self.threads,
            self.elapsed.as_secs_f64()
        )
    }
}

/// A kernel's arguments bound for a launch.
struct Bound {
    /// The kernel function's frame with its arguments.
    template: Vec<u64>,
    /// Initial contents of each work-item's private buffers (by-value args, then variables).
    private_init: Vec<Vec<u8>>,
    /// Sizes of the work-group's local buffers (kernel-scope variables, then arguments).
    local_sizes: Vec<u64>,
    named: Vec<NamedBuffer>,
    /// Global buffers the kernel cannot write, and those it only accesses atomically.
    unwritten: Vec<u64>,
    atomic_only: Vec<u64>,
}

/// Binds `args` to `kernel`'s parameters, checking each against its kind.
fn bind(ctx: &Machine, kernel: &KernelInstance, args: &[ArgValue]) -> Result<Bound, LaunchError> {
    let code = &kernel.code;
    let params = &code.info.params;
    let bad_argument = |name: &str, why: String| LaunchError::Argument {
        name: name.to_string(),
        why,
    };
    let mut template = kernel.frames[0].clone();
    let mut private_init = Vec::new();
    let mut local_sizes: Vec<u64> = code.locals.iter().map(|l| l.size).collect();
    // Kernel-scope local variables are named as the source does (`kernel.name` in the IR).
    let mut named: Vec<NamedBuffer> = (code.locals.iter().enumerate())
        .map(|(i, l)| NamedBuffer {
            name: l.name.rsplit('.').next().unwrap_or(&l.name).to_string(),
            space: AddrSpace::Local,
            index: i as u64 + 1,
            image: false,
        })
        .collect();
    // The global buffers of pointer arguments, and those of arguments the kernel may write
    // or access other than atomically (images' pixels among them: they may be a buffer's).
    let (mut buffers, mut written, mut plain) = (Vec::new(), Vec::new(), Vec::new());
    for (k, (p, a)) in params.iter().zip(args).enumerate() {
        let slot = p.slot as usize;
        match (&p.kind, a) {
            (ParamKind::Pointer(AddrSpace::Local), ArgValue::LocalSize(size)) => {
                let index =
                    code.first_local_arg_index() + (local_sizes.len() - code.locals.len()) as u64;
                local_sizes.push(*size);
                template[slot] = encode_address(index, 0, GLOBAL_OFFSET_BITS);
                named.push(NamedBuffer {
                    name: p.name.clone(),
                    space: AddrSpace::Local,
                    index,
                    image: false,
                });
            }
            (ParamKind::Pointer(space), ArgValue::Pointer(addr)) => {
                template[slot] = *addr;
                if *space == AddrSpace::Global && *addr != 0 {
                    let index = decode_address(ctx.global.canonical(*addr), GLOBAL_OFFSET_BITS).0;
                    let access = code.param_access.get(k);
                    let access = access.copied().unwrap_or(ParamAccess::ANYTHING);
                    buffers.push(index);
                    if access.writes {
                        written.push(index);
                    }
                    if access.plain {
                        plain.push(index);
                    }
                }
                if *addr != 0 {
                    named.push(NamedBuffer {
                        name: p.name.clone(),
                        space: *space,
                        index: decode_address(*addr, GLOBAL_OFFSET_BITS).0,
                        image: false,
                    });
                }
            }
            (ParamKind::Image, ArgValue::Pointer(addr)) => {
                template[slot] = *addr;
                // The pixels, which the descriptor at `addr` points to, go by the argument's name.
                let mut desc = [0u8; ImageDesc::SIZE];
                if *addr != 0 && ctx.global.read(*addr, &mut desc) {
                    let pixels = ImageDesc::from_bytes(&desc).data;
                    let index = decode_address(pixels, GLOBAL_OFFSET_BITS).0;
                    written.push(index);
                    plain.push(index);
                    named.push(NamedBuffer {
                        name: p.name.clone(),
                        space: AddrSpace::Global,
                        index,
                        image: true,
                    });
                }
            }
            (ParamKind::Sampler, ArgValue::Bytes(b)) => {
                let mut bits = [0u8; 4];
                let n = b.len().min(4);
                bits[..n].copy_from_slice(&b[..n]);
                template[slot] = u32::from_le_bytes(bits) as u64;
            }
            (ParamKind::Value(vt), ArgValue::Bytes(b)) => {
                for (i, lane) in value_lanes(*vt, b).into_iter().enumerate() {
                    template[slot + i] = lane;
                }
            }
            (ParamKind::ByVal { size }, ArgValue::Bytes(b)) => {
                // By-value arguments take the first private buffers, in argument order.
                let index = private_init.len() as u64 + 1;
                let mut data = b.clone();
                data.resize(*size as usize, 0);
                private_init.push(data);
                template[slot] = encode_address(index, 0, PRIVATE_OFFSET_BITS);
            }
            (ParamKind::Unsupported(why), _) => return Err(bad_argument(&p.name, why.clone())),
            (_, a) => return Err(bad_argument(&p.name, format!("wrong kind of value {a:?}"))),
        }
    }
    let but = |of: &[u64]| -> Vec<u64> {
        buffers
            .iter()
            .copied()
            .filter(|b| !of.contains(b))
            .collect()
    };
    let (unwritten, atomic_only) = (but(&written), but(&plain));
    debug_assert_eq!(
        private_init.len() as u64 + 1,
        code.first_private_var_index()
    );
    private_init.extend(code.privates.iter().map(|v| v.init.clone()));
    let needed = local_sizes
        .iter()
        .try_fold(0u64, |a, &b| a.checked_add(b))
        .unwrap_or(u64::MAX);
    if needed > ctx.config.local_mem_size {
        return Err(LaunchError::LocalMemory {
            needed,
            limit: ctx.config.local_mem_size,
        });
    }

    Ok(Bound {
        template,
        private_init,
        local_sizes,
        named,
        unwritten,
        atomic_only,
    })
}

/// Most worker threads a launch uses, whatever `--num-threads` asks for.
const MAX_THREADS: usize = 256;

/// Launches in this process so far: the next launch's number.
static LAUNCHES: AtomicU64 = AtomicU64::new(0);

/// Takes the next launch number, for a launch that needs to know it before it starts (a
/// capture names its files after it); give it to [`launch_as`].
pub fn claim_launch_id() -> u64 {
    LAUNCHES.fetch_add(1, Ordering::Relaxed)
}

/// Runs a kernel over an NDRange. Errors are problems with the arguments or the NDRange;
/// problems found while running are reported through the plugins.
pub fn launch(
    ctx: &Machine,
    kernel: &KernelInstance,
    args: &[ArgValue],
    nd: &NDRange,
) -> Result<LaunchStats, LaunchError> {
    launch_as(ctx, kernel, args, nd, None)
}

/// [`launch`], numbered `id` (from [`claim_launch_id`]) rather than by the next number.
pub fn launch_as(
    ctx: &Machine,
    kernel: &KernelInstance,
    args: &[ArgValue],
    nd: &NDRange,
    id: Option<u64>,
) -> Result<LaunchStats, LaunchError> {
    let code = &kernel.code;
    let params = &code.info.params;
    if args.len() != params.len() {
        return Err(LaunchError::ArgumentCount {
            kernel: code.info.name.clone(),
            expected: params.len(),
            given: args.len(),
        });
    }
    nd.check(ctx.config.max_wg_size, ctx.config.quick)?;
    let Bound {
        template,
        private_init,
        local_sizes,
        named,
        unwritten,
        atomic_only,
    } = bind(ctx, kernel, args)?;

    let num_groups: [u64; 3] =
        std::array::from_fn(|d| nd.global_size[d].div_ceil(nd.local_size[d]));
    let total = product(&num_groups).ok_or(LaunchError::TooLarge)?;
    // Quick mode runs only the first and the last work-group.
    let quick = ctx.config.quick && total > 2;
    let count = if quick { 2 } else { total };
    let plugins = ctx.plugins();
    // A debugged launch that records history runs on one worker (see `journal`).
    let records_history = ctx.debugger().is_some() && ctx.config.history_size > 0;
    let threads = if plugins.all_thread_safe() && !records_history {
        let work = usize::try_from(count).unwrap_or(usize::MAX).max(1);
        ctx.config.num_threads.clamp(1, MAX_THREADS).min(work)
    } else {
        1
    };
    let info = LaunchInfo {
        kernel: code.info.name.clone(),
        work_dim: nd.work_dim,
        global_offset: nd.global_offset,
        global_size: nd.global_size,
        local_size: nd.local_size,
        num_groups,
        named,
        unwritten,
        atomic_only,
        id: id.unwrap_or_else(claim_launch_id),
        threads,
        sub_group_size: ctx.config.sub_group_size.max(1),
    };
    let uninitialized = plugins.wants(Interest::UNINITIALIZED);
    let global = ctx
        .global
        .view(uninitialized.then_some(&origin_code::global));
    let debugger = ctx.debugger();
    let deliver = |r: Record| match r {
        Record::Log(d) => ctx.log(&d),
        Record::Stdout(bytes) => match debugger {
            Some(hook) => hook.output(&bytes),
            None => ctx.write_stdout(&bytes),
        },
    };
    let history = ctx.config.history_size;
    let debug_run =
        debugger.map(|hook| DebugRun::new(hook, StopSet::new(&kernel.code), info.clone(), history));
    let interests = PlanInputs::INTERESTS
        .into_iter()
        .filter(|&i| plugins.wants(i));
    let compare_exchange_loops = code.compare_exchange_loops();
    let plan = LaunchPlan::new(&PlanInputs {
        interests: interests.fold(Interest::NONE, |a, b| a | b),
        interleaved: plugins.take_interleaved_events(),
        debugger: debugger.is_some(),
        scalar_executor: ctx.config.scalar_executor,
        kernel: KernelTraits {
            counted_blocks: code.counted_blocks > 0,
            compare_exchange_loops: compare_exchange_loops.iter().any(|l| !l.is_empty()),
            atomics_undoable: code.atomics_undoable(),
            makes_no_uninitialised_values: code.makes_no_uninitialised_values(),
        },
        global_shadows_clean: global.shadows_clean(),
    });
    let (quiet_loads, quiet_atomics) = match plugins.skip_accesses_that_cannot_race() {
        true => (info.unwritten.clone(), info.atomic_only.clone()),
        false => Default::default(),
    };
    let launch = Launch {
        ctx,
        kernel,
        info,
        template,
        private_init,
        local_sizes,
        global,
        sequencer: match plan.output {
            OutputOrder::Immediate => Sequencer::immediate(&deliver),
            OutputOrder::ByGroup => Sequencer::new(&deliver),
            OutputOrder::ByWorkItem => Sequencer::new(&deliver).by_work_item(),
        },
        plan,
        observe_instructions: plugins.wants(Interest::INSTRUCTION),
        observe_memory: plugins.wants(Interest::MEMORY),
        observe_addresses: plugins.wants(Interest::ADDRESSES),
        observe_accesses: plugins.wants(Interest::MEMORY | Interest::ADDRESSES),
        observe_branches: plugins.wants(Interest::BRANCHES),
        compare_exchange_loops,
        quiet_loads,
        quiet_atomics,
        observe_work_items: plugins.wants(Interest::WORK_ITEM),
        observe_allocations: plugins.wants(Interest::ALLOCATION),
        shadows_needed: AtomicBool::new(false),
        counts: plan
            .counts
            .then(|| Arc::new(BlockCounts::new(code.counted_blocks))),
        debug: debug_run.as_ref().map(DebugRun::attached),
        started_over: AtomicU64::new(0),
        fatal_errors: AtomicU64::new(0),
        ran_ahead: AtomicU64::new(0),
    };
    // Ctrl-C from here on lets out what the sequencer holds before the process ends.
    let _interruptible = crate::interrupt::register(&launch.sequencer);
    if let Some(d) = &launch.debug {
        d.hook
            .launch_begin(&launch.info, kernel, d.stops, launch.counts.clone());
    }
    // The debugger hears of the end even if a worker panics (it holds other launches back
    // until then).
    let _debug_end = launch
        .debug
        .as_ref()
        .map(|d| EndOfDebugLaunch(d.hook, &launch.info));
    for p in plugins.each(Interest::KERNEL) {
        p.kernel_begin(&launch.info);
    }
    let started = std::time::Instant::now();
    let used = run_groups(&launch, debug_run.as_ref(), (count, total, quick), threads);
    // After every group's output: messages about the launch as a whole come last, and still
    // belong to the launch for the debugger (its end comes after them).
    let end = Sink {
        launch: &launch,
        seq: count,
        from: None,
    };
    let counts = launch.counts.as_ref().map(|c| c.snapshot());
    let cx = KernelContext {
        launch: &launch.info,
        kernel: launch.kernel_ref(),
        counts: counts.as_deref(),
        memory: launch.global_memory(),
        sink: &end,
    };
    for p in plugins.each(Interest::KERNEL) {
        p.kernel_end(&cx);
    }
    launch.sequencer.complete(count);
    drop(_debug_end);
    Ok(LaunchStats {
        work_groups: count,
        threads: used,
        elapsed: started.elapsed(),
        started_over: launch.started_over.load(Ordering::Relaxed),
        fatal_errors: launch.fatal_errors.load(Ordering::Relaxed),
    })
}

/// Runs the launch's `count` work-groups (of `total`; with `quick`, the first and the last)
/// on up to `threads` worker threads (`debug_run` hands them out when a debugger is attached);
/// returns how many ran.
fn run_groups(
    launch: &Launch,
    debug_run: Option<&DebugRun>,
    (count, total, quick): (u64, u64, bool),
    threads: usize,
) -> usize {
    let next = AtomicU64::new(0);
    // Each worker takes the next work-group until none is left; groups are numbered in the
    // order they are handed out, which is the order their output appears in.
    let work = |runner: &mut GroupRunner| loop {
        if let Some(d) = debug_run {
            d.work(runner);
            break;
        }
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= count {
            runner.finish();
            break;
        }
        let linear = if quick && i == 1 { total - 1 } else { i };
        let n = &launch.info.num_groups;
        let group = [
            linear % n[0],
            (linear / n[0]) % n[1],
            linear / (n[0] * n[1]),
        ];
        runner.run_group(i, group);
    };
    let mut used = 1;
    std::thread::scope(|s| {
        for _ in 1..threads {
            // Fewer workers if the system will not give us threads.
            let spawned = std::thread::Builder::new()
                .name("oclgrind-worker".into())
                .spawn_scoped(s, || work(&mut GroupRunner::new(launch)));
            if spawned.is_err() {
                break;
            }
            used += 1;
        }
        work(&mut GroupRunner::new(launch));
    });
    used
}

/// Tells the debugger that its launch is over when dropped.
struct EndOfDebugLaunch<'a>(&'a dyn DebugHook, &'a LaunchInfo);

impl Drop for EndOfDebugLaunch<'_> {
    fn drop(&mut self) {
        self.0.launch_end(self.1);
    }
}

impl GroupRunner<'_> {
    /// Runs work-group `group` (number `seq`): on lanes (`warp`) when they pay, starting over
    /// in turns if its work-items turn out to depend on their order; else in turns (`group`'s
    /// scheduler).
    pub fn run_group(&mut self, seq: u64, group: [u64; 3]) {
        self.enter_group(seq, group);
        self.local.clear();
        allocate_locals(self.launch, &mut self.local);
        let count = self.size.iter().product::<u64>();
        let launch = self.launch;
        let deferred = launch.plan.defers_shadows();
        let on_lanes = launch.plan.on_warps()
            && count > 1
            && launch.lanes_pay()
            && !(deferred && launch.shadows_needed.load(Ordering::Relaxed));
        // Deferred shadows: only a group on lanes can start over if it needs them.
        self.shadows = launch.plan.keeps_shadows() || (deferred && !on_lanes);
        self.begin_group(on_lanes && launch.plan.may_start_over());
        self.asyncs.reset(count);
        self.exchange.reset(self.size);
        let mut items = self.items.take().unwrap_or_default();
        items.reset(count as usize);
        if on_lanes {
            if self.launch.plan.may_start_over() {
                self.launch.ran_ahead.fetch_add(1, Ordering::Relaxed);
            }
            if !self.run_lanes(&mut items) {
                self.launch.started_over.fetch_add(1, Ordering::Relaxed);
                if self.undo.needs_shadows {
                    self.launch.shadows_needed.store(true, Ordering::Relaxed);
                }
                self.shadows = deferred;
                self.start_over(&mut items);
                self.take_turns(&mut items, &Plain, None);
            }
        } else {
            self.take_turns(&mut items, &Plain, None);
        }
        // Other groups see this one's atomics from here on.
        self.pending.flush(&mut self.undo);
        self.items = Some(items);
        self.end_group();
        self.launch.sequencer.complete(seq);
    }
}
