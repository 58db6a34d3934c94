//! The plugin interface: every event reaches the plugins that asked for it, with the right
//! context, and plugins that ask for nothing cost nothing.

mod common;

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use common::Recorder;
use oclgrind_core::diagnostics::{Diagnostic, Entity};
use oclgrind_core::memory::{AddrSpace, Fault};
use oclgrind_core::plugins::{
    Access, AccessKind, ExecContext, GroupContext, Interest, KernelContext, LaunchInfo, Plugin,
    Worker,
};
use oclgrind_core::{launch, ArgValue, Config, Context, NDRange};

type Counts = Arc<Mutex<BTreeMap<String, u64>>>;
/// (address, bytes) of every store.
type Stores = Arc<Mutex<Vec<(u64, Vec<u8>)>>>;

/// Counts events by name: the plugin's own, and its workers', which merge theirs when they
/// finish.
struct Counter {
    interests: Interest,
    counts: Counts,
    stores: Stores,
    /// Workers made, and workers that had finished when the kernel ended.
    workers: Arc<Mutex<(u64, u64)>>,
}

impl Counter {
    fn new(interests: Interest) -> Arc<Counter> {
        Arc::new(Counter {
            interests,
            counts: Arc::default(),
            stores: Arc::default(),
            workers: Arc::default(),
        })
    }

    fn bump(&self, what: &str) {
        *self
            .counts
            .lock()
            .unwrap()
            .entry(what.to_string())
            .or_default() += 1;
    }

    fn count(&self, what: &str) -> u64 {
        self.counts.lock().unwrap().get(what).copied().unwrap_or(0)
    }
}

impl Plugin for Counter {
    fn name(&self) -> &str {
        "Counter"
    }
    fn interests(&self) -> Interest {
        self.interests
    }
    fn log(&self, _: &Diagnostic) {
        self.bump("log");
    }
    fn kernel_begin(&self, l: &LaunchInfo) {
        assert_eq!(l.kernel, "k");
        self.bump("kernel_begin");
    }
    fn worker(&self, _: &LaunchInfo) -> Option<Box<dyn Worker>> {
        self.workers.lock().unwrap().0 += 1;
        Some(Box::new(CountingWorker {
            counts: BTreeMap::new(),
            stores: Vec::new(),
            into: (
                self.counts.clone(),
                self.stores.clone(),
                self.workers.clone(),
            ),
        }))
    }
    fn kernel_end(&self, cx: &KernelContext) {
        let (made, finished) = *self.workers.lock().unwrap();
        assert_eq!(
            made, finished,
            "every worker finished before the kernel ended"
        );
        assert_eq!(cx.launch.num_groups, [2, 1, 1]);
        self.bump("kernel_end");
    }
    fn memory_allocated(&self, space: AddrSpace, _: u64, size: u64, _: u32) {
        assert_eq!((space, size), (AddrSpace::Global, 32));
        self.bump("allocated global");
    }
    fn host_memory_store(&self, _: u64, data: &[u8]) {
        assert_eq!(data.len(), 32);
        self.bump("host store");
    }
    fn host_memory_load(&self, _: u64, size: u64) {
        assert_eq!(size, 32);
        self.bump("host load");
    }
}

type Totals = (Counts, Stores, Arc<Mutex<(u64, u64)>>);

/// A worker's counts stay its own (no lock) until it finishes.
struct CountingWorker {
    counts: BTreeMap<String, u64>,
    stores: Vec<(u64, Vec<u8>)>,
    into: Totals,
}

impl CountingWorker {
    fn bump(&mut self, what: &str) {
        *self.counts.entry(what.to_string()).or_default() += 1;
    }
}

impl Worker for CountingWorker {
    fn work_group_begin(&mut self, cx: &GroupContext) {
        assert_eq!(cx.size, [4, 1, 1]);
        self.bump("wg_begin");
    }
    fn work_group_complete(&mut self, _: &GroupContext) {
        self.bump("wg_complete");
    }
    fn work_group_barrier(&mut self, cx: &ExecContext, fence: u32) {
        assert!(matches!(cx.entity, Entity::Group(_)));
        assert!(cx.site.is_some(), "a barrier names its op");
        assert_eq!(fence, 1);
        self.bump("barrier");
    }
    fn work_item_begin(&mut self, cx: &ExecContext) {
        assert!(matches!(cx.entity, Entity::WorkItem { .. }));
        self.bump("wi_begin");
    }
    fn work_item_complete(&mut self, _: &ExecContext) {
        self.bump("wi_complete");
    }
    fn instruction_executed(&mut self, cx: &ExecContext) {
        assert!(cx.site.is_some());
        self.bump("instruction");
    }
    fn memory_access(&mut self, cx: &ExecContext, a: &Access) {
        let site = cx.site.expect("an access names its op");
        let at = cx.kernel.at(Some(site));
        // The LLVM instruction the access comes from.
        let opcode = match a.kind {
            AccessKind::Load => "load",
            AccessKind::Store => "store",
            AccessKind::Atomic | AccessKind::AtomicLoad => "atomic",
        };
        assert!(
            at.instruction().is_some_and(|i| i.contains(opcode)),
            "{at:?}"
        );
        // (At -O0, spills of arguments to private memory have no source position.)
        if a.space != AddrSpace::Private {
            assert!(at.place().is_some(), "{at:?}");
        }
        match a.kind {
            AccessKind::Load => {
                assert!(a.data.is_empty());
                self.bump(&format!("load {}", a.space));
            }
            AccessKind::Store => {
                assert_eq!(a.size as usize, a.data.len());
                self.bump(&format!("store {}", a.space));
                self.stores.push((a.address, a.data.to_vec()));
            }
            AccessKind::Atomic | AccessKind::AtomicLoad => self.bump("atomic"),
        }
    }
    fn memory_allocated(&mut self, cx: &ExecContext, space: AddrSpace, _: u64, size: u64) {
        match space {
            AddrSpace::Local => {
                assert!(matches!(cx.entity, Entity::Group(_)));
                assert_eq!(size, 16);
            }
            _ => assert!(matches!(cx.entity, Entity::WorkItem { .. })),
        }
        self.bump(&format!("allocated {space}"));
    }
    fn memory_fault(&mut self, _: &ExecContext, _: &Fault) {
        self.bump("fault");
    }
    fn finish(self: Box<Self>) {
        let (counts, stores, workers) = self.into;
        let mut all = counts.lock().unwrap();
        for (k, n) in self.counts {
            *all.entry(k).or_default() += n;
        }
        stores.lock().unwrap().extend(self.stores);
        workers.lock().unwrap().1 += 1;
    }
}

const SRC: &str = r#"
kernel void k(global int *out, local int *tmp) {
  int l = get_local_id(0);
  tmp[l] = l * 10;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tmp[(l + 1) % 4];
  if (get_global_id(0) == 7) out[8] = 0;
}
"#;

fn run_with(plugin: Arc<Counter>) -> Vec<u8> {
    let mut ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        num_threads: 2,
        ..Config::default()
    });
    ctx.add_plugin(plugin);
    let program = ctx.build_program(SRC, "-cl-opt-disable").expect("builds");
    let placed = ctx.place_program(Arc::new(program)).unwrap();
    let kernel = placed.kernel("k").unwrap();
    let out = ctx.allocate(32, 0).unwrap();
    ctx.host_write(out, &[0; 32]);
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [8, 1, 1],
        local_size: [4, 1, 1],
    };
    launch(
        &ctx,
        &kernel,
        &[ArgValue::Pointer(out), ArgValue::LocalSize(16)],
        &nd,
    )
    .unwrap();
    let mut bytes = vec![0u8; 32];
    ctx.host_read(out, &mut bytes);
    bytes
}

#[test]
fn every_event_reaches_interested_plugins() {
    let all = Interest::LOG
        | Interest::KERNEL
        | Interest::WORK_GROUP
        | Interest::WORK_ITEM
        | Interest::INSTRUCTION
        | Interest::MEMORY
        | Interest::BARRIER
        | Interest::FAULTS
        | Interest::ALLOCATION
        | Interest::HOST_MEMORY;
    let c = Counter::new(all);
    let out = run_with(c.clone());
    assert_eq!(*c.workers.lock().unwrap(), (2, 2), "one worker per thread");
    let words: Vec<i32> = out
        .chunks_exact(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    assert_eq!(words, vec![10, 20, 30, 0, 10, 20, 30, 0]);
    assert_eq!((c.count("kernel_begin"), c.count("kernel_end")), (1, 1));
    assert_eq!(
        (
            c.count("allocated global"),
            c.count("host store"),
            c.count("host load")
        ),
        (1, 1, 1)
    );
    // The local buffer once per group; each work-item's allocas (at -O0: `l`).
    assert_eq!(c.count("allocated local"), 2);
    assert!(c.count("allocated private") >= 8);
    assert_eq!((c.count("wg_begin"), c.count("wg_complete")), (2, 2));
    assert_eq!((c.count("wi_begin"), c.count("wi_complete")), (8, 8));
    assert_eq!(c.count("barrier"), 2);
    assert_eq!(c.count("store local"), 8);
    assert_eq!(c.count("load local"), 8);
    // 8 results plus the out-of-bounds attempt, which is observed before it is refused.
    assert_eq!(c.count("store global"), 9);
    assert_eq!(c.count("fault"), 1);
    assert_eq!(c.count("log"), 1, "MemCheck's message");
    assert!(c.count("instruction") > 8 * 10);
    let stores = c.stores.lock().unwrap();
    assert!(stores.iter().any(|(_, d)| d == &30i32.to_le_bytes()));
}

#[test]
fn plugins_only_get_what_they_ask_for() {
    let c = Counter::new(Interest::KERNEL);
    run_with(c.clone());
    // Workers are made (the plugin wants none of their events: they are simply not called).
    let counts = c.counts.lock().unwrap().clone();
    assert_eq!(
        counts.keys().collect::<Vec<_>>(),
        vec!["kernel_begin", "kernel_end"]
    );
}

/// Every group stores its id to the same four elements: 12 races between groups.
const RACY: &str = r#"
kernel void a(global int *out) { out[get_local_id(0)] = get_group_id(0); }
kernel void b(global int *out) { out[get_local_id(0)] = get_group_id(0) + 1; }
"#;

#[test]
fn launches_running_at_once_keep_their_races_apart() {
    for _ in 0..10 {
        let messages = Arc::new(Recorder::default());
        let mut ctx = Context::new(Config {
            log_file: Some("/dev/null".into()),
            num_threads: 2,
            data_races: true,
            ..Config::default()
        });
        ctx.add_plugin(messages.clone());
        let program = ctx.build_program(RACY, "").expect("builds");
        let placed = ctx.place_program(Arc::new(program)).unwrap();
        let nd = NDRange {
            work_dim: 1,
            global_offset: [0; 3],
            global_size: [64, 1, 1],
            local_size: [4, 1, 1],
        };
        std::thread::scope(|s| {
            for name in ["a", "b"] {
                let (ctx, placed) = (&ctx, &placed);
                s.spawn(move || {
                    let kernel = placed.kernel(name).unwrap();
                    let out = ctx.allocate(16, 0).unwrap();
                    ctx.host_write(out, &[0; 16]);
                    launch(ctx, &kernel, &[ArgValue::Pointer(out)], &nd).unwrap();
                });
            }
        });
        let messages = messages.0.lock().unwrap();
        for name in ["a", "b"] {
            let races = messages
                .iter()
                .filter(|m| m.contains(&format!("\tKernel: {name}\n")))
                .count();
            // Groups 1 to 15 against group 0, at each of the four elements.
            assert_eq!(races, 60, "kernel {name}: {messages:?}");
        }
        assert_eq!(messages.len(), 120);
    }
}

/// A clean kernel (a tile through local memory) and one whose work-items depend on their
/// order: each adds to a shared counter, after adding to its own global element.
const ORDERED: &str = r#"
kernel void clean(global int *out, local int *tile) {
  int l = get_local_id(0);
  tile[l] = l;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] = tile[3 - l];
}
kernel void counted(global int *out) {
  local int c;
  int l = get_local_id(0);
  if (l == 0) c = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += 1;
  c += 1;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[get_global_id(0)] += c * 10;
}
kernel void tallied(global int *out) {
  local int c;
  int l = get_local_id(0);
  if (l == 0) c = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  atomic_inc(&out[15]);
  c += 1;
}
"#;

/// Runs kernel `name` of ORDERED over 4 groups of 4 with the race detector (on one work-item
/// at a time if `scalar`) on `threads` worker threads; the launch's statistics, `out`, and
/// the messages.
fn run_checked(
    name: &str,
    scalar: bool,
    threads: usize,
) -> (oclgrind_core::LaunchStats, Vec<i32>, Vec<String>) {
    let messages = Arc::new(Recorder::default());
    let mut ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        num_threads: threads,
        data_races: true,
        scalar_executor: scalar,
        ..Config::default()
    });
    ctx.add_plugin(messages.clone());
    let program = ctx.build_program(ORDERED, "").expect("builds");
    let placed = ctx.place_program(Arc::new(program)).unwrap();
    let kernel = placed.kernel(name).unwrap();
    let out = ctx.allocate(64, 0).unwrap();
    ctx.host_write(out, &[0; 64]);
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [16, 1, 1],
        local_size: [4, 1, 1],
    };
    let mut args = vec![ArgValue::Pointer(out)];
    if name == "clean" {
        args.push(ArgValue::LocalSize(16));
    }
    let stats = launch(&ctx, &kernel, &args, &nd).unwrap();
    let mut bytes = vec![0u8; 64];
    ctx.host_read(out, &mut bytes);
    let values = bytes
        .chunks(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let messages = messages.0.lock().unwrap().clone();
    (stats, values, messages)
}

#[test]
fn checked_groups_run_together_and_start_over_when_their_order_matters() {
    let (stats, out, messages) = run_checked("clean", false, 1);
    assert_eq!(stats.started_over, 0);
    let tile: Vec<i32> = (0..16).map(|i| 3 - i % 4).collect();
    assert_eq!(out, tile);
    assert!(messages.is_empty(), "{messages:?}");

    // Each group's work-items share a counter: run together, they would each read 0 and
    // leave 1; run one after another (as Oclgrind does), the counter ends at 4. Each group
    // starts over, its stores to `out` undone (else each element would be 2 + 40).
    let (stats, out, messages) = run_checked("counted", false, 1);
    assert_eq!(stats.started_over, 4);
    assert_eq!(out, vec![41; 16]);
    let (scalar_stats, scalar_out, scalar_messages) = run_checked("counted", true, 1);
    assert_eq!(scalar_stats.started_over, 0);
    assert_eq!((out, &messages), (scalar_out, &scalar_messages));
    assert!(messages
        .iter()
        .any(|m| m.contains("data race at local memory")));

    // Groups that start over undo their atomic additions by subtracting, so that those of
    // groups running at the same time on other threads stay counted.
    for threads in [1, 2] {
        let (stats, out, _) = run_checked("tallied", false, threads);
        assert_eq!((stats.started_over, out[15]), (4, 16), "{threads} threads");
    }
}

#[test]
fn a_launch_whose_groups_keep_starting_over_runs_the_rest_in_order() {
    let mut ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        num_threads: 1,
        data_races: true,
        ..Config::default()
    });
    ctx.add_plugin(Arc::new(Recorder::default()));
    let program = ctx.build_program(ORDERED, "").expect("builds");
    let placed = ctx.place_program(Arc::new(program)).unwrap();
    let kernel = placed.kernel("counted").unwrap();
    let out = ctx.allocate(4 * 256, 0).unwrap();
    ctx.host_write(out, &[0; 4 * 256]);
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [256, 1, 1],
        local_size: [4, 1, 1],
    };
    let stats = launch(&ctx, &kernel, &[ArgValue::Pointer(out)], &nd).unwrap();
    // Every group races: the first 16 run ahead and start over, the other 48 run in order.
    assert_eq!((stats.work_groups, stats.started_over), (64, 16));
    let mut bytes = vec![0u8; 4 * 256];
    ctx.host_read(out, &mut bytes);
    assert!(bytes
        .chunks(4)
        .all(|b| i32::from_le_bytes(b.try_into().unwrap()) == 41));
}

/// Each group writes its tile, then reads it back reversed; work-item `bad` reads `tile[4]`,
/// which nobody wrote, and so stores an uninitialised value. `zero` writes `out` without
/// reading it.
const TILES: &str = r#"
kernel void tiles(global int *out, local int *tile, int bad) {
  int l = get_local_id(0);
  int g = get_global_id(0);
  tile[l] = g;
  barrier(CLK_LOCAL_MEM_FENCE);
  out[g] += tile[g == bad ? 4 : 3 - l];
}

kernel void zero(global int *out) {
  out[get_global_id(0)] = 0;
}
"#;

/// Who wrote `out` before `tiles` ran.
#[derive(Clone, Copy, PartialEq)]
enum Writer {
    Host,
    /// The `zero` kernel, into a buffer the host never wrote.
    Kernel,
    Nobody,
}

/// Runs TILES over 4 groups of 4 with the Uninitialized checker on `threads` worker threads,
/// `out` written by `writer`; the last launch's statistics, `out`, and the messages.
fn run_tiles(
    bad: i32,
    writer: Writer,
    threads: usize,
) -> (oclgrind_core::LaunchStats, Vec<i32>, Vec<String>) {
    let messages = Arc::new(Recorder::default());
    let mut ctx = Context::new(Config {
        log_file: Some("/dev/null".into()),
        num_threads: threads,
        uninitialized: true,
        ..Config::default()
    });
    ctx.add_plugin(messages.clone());
    let program = ctx.build_program(TILES, "").expect("builds");
    let placed = ctx.place_program(Arc::new(program)).unwrap();
    let kernel = placed.kernel("tiles").unwrap();
    let out = ctx.allocate(64, 0).unwrap();
    let nd = NDRange {
        work_dim: 1,
        global_offset: [0; 3],
        global_size: [16, 1, 1],
        local_size: [4, 1, 1],
    };
    match writer {
        Writer::Host => assert!(ctx.host_write(out, &[0; 64])),
        Writer::Kernel => {
            let zero = placed.kernel("zero").unwrap();
            let stats = launch(&ctx, &zero, &[ArgValue::Pointer(out)], &nd).unwrap();
            assert_eq!(stats.started_over, 0, "zero only writes");
        }
        Writer::Nobody => {}
    }
    let args = [
        ArgValue::Pointer(out),
        ArgValue::LocalSize(20),
        ArgValue::Bytes(bad.to_le_bytes().to_vec()),
    ];
    let stats = launch(&ctx, &kernel, &args, &nd).unwrap();
    let mut bytes = vec![0u8; 64];
    ctx.host_read(out, &mut bytes);
    let values = bytes
        .chunks(4)
        .map(|b| i32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    let messages = messages.0.lock().unwrap().clone();
    (stats, values, messages)
}

#[test]
fn uninitialized_checks_defer_shadows_until_a_group_reads_what_nobody_wrote() {
    let reversed = |bad: i32| -> Vec<i32> {
        (0..16)
            .map(|g| if g == bad { 0 } else { g / 4 * 4 + 3 - g % 4 })
            .collect()
    };
    // Nothing uninitialised: every group runs without shadows, none starts over.
    // A buffer the host never wrote is initialised where a kernel without shadows stored.
    for writer in [Writer::Host, Writer::Kernel] {
        let (stats, out, messages) = run_tiles(-1, writer, 1);
        assert_eq!((stats.started_over, out), (0, reversed(-1)));
        assert!(messages.is_empty(), "{messages:?}");
    }

    // Work-item 6 reads an unwritten element: its group starts over with shadows (its first
    // run's stores undone: each element added to once), and reports it.
    for (threads, writer) in [(1, Writer::Host), (2, Writer::Host), (1, Writer::Kernel)] {
        let (stats, out, messages) = run_tiles(6, writer, threads);
        assert!(stats.started_over >= 1, "{threads} threads");
        assert_eq!(out, reversed(6), "{threads} threads");
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(messages[0].contains("Uninitialized value written to global memory"));
    }

    // Global memory with uninitialised bytes: the first group to read them starts over with
    // shadows, and the groups after it run with them; every work-item's store is reported.
    let (stats, out, messages) = run_tiles(-1, Writer::Nobody, 1);
    assert_eq!((stats.started_over, out), (1, reversed(-1)));
    assert_eq!(messages.len(), 16, "{messages:?}");
}
