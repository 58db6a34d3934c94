//! The debugged group's history (issue 43) against real execution: every golden kernel runs in
//! debug mode under a hook that stops before every op, and at each stop checks the op just
//! run against what the history recorded of it. The registers that changed are ones
//! `Op::writes` names (a return's: its caller's result slots) and the history has their old
//! and new values; the memory bytes that changed lie in the history's `Mem` records, with
//! their old and new bytes; the op's recorded place is where the previous stop was.
//!
//! Then the same kernels run under a hook that travels: from the present to random earlier
//! positions, on (back, forward, one op replayed) and home again, checking at each that the
//! state shown is the one the group had when it was there, and at home that it is the
//! present's again.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};

use oclgrind_cli::options::{self, Command};
use oclgrind_cli::sim;
use oclgrind_cli::sim_launch::{read_sim, Beside};
use oclgrind_core::bytecode::Op;
use oclgrind_core::context::Context;
use oclgrind_core::counts::BlockCounts;
use oclgrind_core::exec::debug::{DebugHook, Moment, Resume, StopSet, WorkItemView};
use oclgrind_core::exec::history::Record;
use oclgrind_core::exec::{launch, KernelInstance};
use oclgrind_core::memory::AddrSpace;
use oclgrind_core::plugins::LaunchInfo;

/// Ops checked per kernel: enough to pass loops, barriers and calls, few enough to snapshot
/// memory at each.
const OPS_PER_KERNEL: u64 = 300;

/// The state at a stop: where, the work-item's registers, the memory it sees.
struct Snapshot {
    group: [u64; 3],
    local: [u64; 3],
    frontier: u64,
    func: u32,
    pc: u32,
    base: u32,
    /// Where a return's result goes: the first result slot in the caller's frame.
    ret_to: Option<usize>,
    regs: Vec<u64>,
    /// Buffers: (space, address) → bytes.
    memory: HashMap<(AddrSpace, u64), Vec<u8>>,
}

#[derive(Default)]
struct Tally {
    stops: u64,
    /// Ops checked in this launch.
    launch_ops: u64,
    ops: u64,
    registers: u64,
    bytes: u64,
    failures: Vec<String>,
}

struct Checker {
    attention: AtomicBool,
    state: Mutex<(Option<Snapshot>, Tally, String)>,
}

/// Global and constant memory are one.
fn memory_class(space: AddrSpace) -> AddrSpace {
    match space {
        AddrSpace::Constant => AddrSpace::Global,
        s => s,
    }
}

fn snapshot(view: &WorkItemView, frontier: u64) -> Snapshot {
    let mut memory = HashMap::new();
    for space in [AddrSpace::Global, AddrSpace::Local, AddrSpace::Private] {
        for (addr, len) in view.buffer_ranges(space) {
            if let Some(bytes) = view.read(space, addr, len) {
                memory.insert((memory_class(space), addr), bytes);
            }
        }
    }
    Snapshot {
        group: view.group,
        local: view.ids.local,
        frontier,
        func: view.func,
        pc: view.pc,
        base: view.base,
        ret_to: view
            .frames
            .last()
            .map(|f| f.base as usize + f.ret_dst as usize),
        regs: view.regs.to_vec(),
        memory,
    }
}

/// Checks the op run between stops `a` and `b` (the history's last), returning what is wrong.
fn check_op(view: &WorkItemView, a: &Snapshot, b: &Snapshot, tally: &mut Tally) -> Vec<String> {
    let mut wrong = Vec::new();
    let history = view.history().unwrap();
    let op = history.back().next().expect("the op just run");
    let functions = &view.code().functions;
    let func = &functions[a.func as usize];
    let code = func.code[a.pc as usize];
    if op.position != a.frontier || (op.func, op.pc) != (a.func, a.pc) {
        wrong.push(format!(
            "recorded op {} at {}:{}, run at {}:{} position {}",
            op.position, op.func, op.pc, a.func, a.pc, a.frontier
        ));
    }
    let mut regs = HashMap::new();
    let mut mems = Vec::new();
    for r in op.records() {
        if let Record::Reg { slot, old, new } = r {
            regs.insert(slot as usize, (old, new));
        }
    }
    op.writes(|space, addr, old, new| {
        mems.push((memory_class(space), addr, old.to_vec(), new.to_vec()))
    });
    let same_item = (a.group, a.local) == (b.group, b.local);
    if same_item {
        // What Op::writes allows: the op's own slots, a return's result in its caller.
        let mut allowed: Vec<usize> = code
            .writes(func)
            .iter()
            .map(|s| a.base as usize + s as usize)
            .collect();
        if let (Op::Ret { n, .. }, Some(to)) = (code, a.ret_to) {
            allowed.extend(to..to + n as usize);
            if regs.len() > n as usize {
                wrong.push(format!("a return of {n} slots recorded {}", regs.len()));
            }
        }
        // Registers of frames both stops have: a call's new frame and a return's dead one
        // lie past the shorter.
        let end_a = a.base as usize + func.num_slots as usize;
        let end_b = b.base as usize + functions[b.func as usize].num_slots as usize;
        let live = end_a.min(end_b).min(a.regs.len()).min(b.regs.len());
        for s in 0..live {
            if a.regs[s] == b.regs[s] {
                continue;
            }
            tally.registers += 1;
            if !allowed.contains(&s) {
                wrong.push(format!("{code:?} changed slot {s}, not in Op::writes"));
            }
            match regs.get(&s) {
                Some(&(old, new)) if (old, new) == (a.regs[s], b.regs[s]) => {}
                got => wrong.push(format!(
                    "{code:?} slot {s}: {} -> {}, recorded {got:?}",
                    a.regs[s], b.regs[s]
                )),
            }
        }
    }
    for ((space, addr), before) in &a.memory {
        if *space == AddrSpace::Private && !same_item {
            continue;
        }
        let Some(after) = b.memory.get(&(*space, *addr)) else {
            continue;
        };
        for (i, (x, y)) in before.iter().zip(after).enumerate() {
            if x == y {
                continue;
            }
            tally.bytes += 1;
            let at = addr + i as u64;
            let kept = mems.iter().any(|(s, a, old, new)| {
                let j = at.wrapping_sub(*a) as usize;
                *s == *space && at >= *a && j < old.len() && (old[j], new[j]) == (*x, *y)
            });
            if !kept {
                wrong.push(format!(
                    "{code:?} changed {space:?} byte {at:#x} ({x} -> {y}), not recorded"
                ));
            }
        }
    }
    wrong
}

impl DebugHook for Checker {
    fn launch_begin(
        &self,
        _: &LaunchInfo,
        _: &KernelInstance,
        _: &StopSet,
        _: Option<Arc<BlockCounts>>,
    ) {
        self.attention.store(true, Relaxed);
        let mut state = self.state.lock().unwrap();
        state.0 = None;
        state.1.launch_ops = 0;
    }

    fn launch_end(&self, _: &LaunchInfo) {}

    fn attention(&self) -> &AtomicBool {
        &self.attention
    }

    fn stopped(&self, view: &WorkItemView, moment: Moment) -> Resume {
        if moment != Moment::Instruction {
            return Resume::Continue;
        }
        let mut guard = self.state.lock().unwrap();
        let (prev, tally, name) = &mut *guard;
        tally.stops += 1;
        let Some(history) = view.history() else {
            tally
                .failures
                .push(format!("{name}: a debugged group without a history"));
            self.attention.store(false, Relaxed);
            return Resume::Continue;
        };
        let now = snapshot(view, history.frontier());
        if let Some(a) = prev.as_ref() {
            if a.group == now.group && now.frontier == a.frontier + 1 {
                tally.ops += 1;
                tally.launch_ops += 1;
                for w in check_op(view, a, &now, tally) {
                    tally.failures.push(format!("{name}: {w}"));
                }
            }
        }
        *prev = Some(now);
        if tally.launch_ops >= OPS_PER_KERNEL {
            self.attention.store(false, Relaxed);
        }
        Resume::Continue
    }

    fn output(&self, _: &[u8]) {}

    fn worker_done(&self) {}
}

fn find_sims(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            find_sims(&path, out);
        } else if path.extension().is_some_and(|e| e == "sim") {
            out.push(path);
        }
    }
}

/// Runs one `.sim` file under the hook `checker`, with its `# ARGS` and one worker thread.
fn run_sim<H: DebugHook + 'static>(sim_path: &Path, checker: &Arc<H>) -> Result<(), String> {
    let dir = sim_path.parent().unwrap();
    let text = sim::decode_text(std::fs::read(sim_path).map_err(|e| e.to_string())?);
    let mut args: Vec<String> = text
        .lines()
        .next()
        .and_then(|l| l.strip_prefix("# ARGS: "))
        .map(|a| {
            a.split(' ')
                .filter(|a| !a.is_empty())
                .map(String::from)
                .collect()
        })
        .unwrap_or_default();
    args.extend(["--num-threads".into(), "1".into(), "x.sim".into()]);
    let options = options::parse(Command::Kernel, &args).map_err(|e| e.to_string())?;
    let config = options.config().map_err(|e| e.to_string())?;
    let mut ctx = Context::new(config);
    ctx.set_debugger(checker.clone());
    std::env::set_current_dir(dir).unwrap();
    let files = Beside {
        ctx: &ctx,
        dir: dir.to_path_buf(),
    };
    let sim = read_sim(&ctx, &text, &files).map_err(|e| e.to_string())?;
    // Views (`in=`) reach one store's bytes at two addresses, which the byte-by-byte checks
    // here cannot tell apart; SVM (`svm=`) is mapped once a process.
    if !sim.launch.stores.is_empty() || !sim.launch.svm.is_empty() {
        return Err("aliased memory".into());
    }
    // Launches of more than a million work-items (some golden files are refused later,
    // or stopped by a time limit): not run here.
    let items = sim
        .nd
        .global_size
        .iter()
        .try_fold(1u64, |n, &g| n.checked_mul(g));
    if items.is_none_or(|n| n > 1 << 20) {
        return Err("too many work-items".into());
    }
    // As oclgrind-kernel refuses them.
    let config = &ctx.config;
    (sim.nd)
        .check(config.max_wg_size, config.quick)
        .map_err(|e| e.to_string())?;
    let uniform = sim.kernel.code.info.attrs.uniform_work_group_size;
    if uniform && (0..3).any(|d| !sim.nd.global_size[d].is_multiple_of(sim.nd.local_size[d])) {
        return Err("not uniform".into());
    }
    launch(&ctx, &sim.kernel, &sim.args, &sim.nd).map_err(|e| e.to_string())?;
    Ok(())
}

#[test]
fn the_history_records_what_every_op_changes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden");
    let mut sims = Vec::new();
    find_sims(&root, &mut sims);
    sims.sort();
    let checker = Arc::new(Checker {
        attention: AtomicBool::new(true),
        state: Mutex::new((None, Tally::default(), String::new())),
    });
    let (mut ran, mut skipped) = (0, Vec::new());
    for path in &sims {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        checker.state.lock().unwrap().2 = name.clone();
        match run_sim(path, &checker) {
            Ok(()) => ran += 1,
            Err(e) => skipped.push(format!("{name}: {}", e.lines().next().unwrap_or(""))),
        }
    }
    let state = checker.state.lock().unwrap();
    let tally = &state.1;
    eprintln!(
        "{ran} kernels run, {} not ({}); {} stops, {} ops checked, {} register and {} byte changes",
        skipped.len(),
        skipped.join("; "),
        tally.stops,
        tally.ops,
        tally.registers,
        tally.bytes
    );
    assert!(
        tally.failures.is_empty(),
        "{} failures:\n{}",
        tally.failures.len(),
        tally.failures[..tally.failures.len().min(40)].join("\n")
    );
    // Most golden kernels launch (the `err_` files are failures on purpose, and some others
    // are refused), and the checks saw registers and memory change.
    let meant_to_run = sims
        .iter()
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("err_"))
        })
        .count();
    assert!(ran > meant_to_run * 3 / 4, "{ran} of {meant_to_run}");
    assert!(tally.ops > 10_000 && tally.registers > 10_000 && tally.bytes > 1_000);
}

/// A digest of what a stop shows: the work-item and where it is, its frames, the registers
/// of its live frames (and their shadows), and all the memory it sees.
fn digest(view: &WorkItemView) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (view.ids.global, view.func, view.pc, view.base).hash(&mut h);
    for f in view.frames {
        (f.func, f.base, f.ret_pc, f.ret_dst).hash(&mut h);
    }
    let functions = &view.code().functions;
    let live = (view.base as usize + functions[view.func as usize].num_slots as usize)
        .min(view.regs.len());
    view.regs[..live].hash(&mut h);
    if let Some(shadow) = view.shadow {
        shadow[..live.min(shadow.len())].hash(&mut h);
    }
    for space in [AddrSpace::Global, AddrSpace::Local, AddrSpace::Private] {
        for (addr, len) in view.buffer_ranges(space) {
            (addr, view.read(space, addr, len)).hash(&mut h);
            view.read_shadow(space, addr, len).hash(&mut h);
        }
    }
    h.finish()
}

#[derive(Default)]
struct Trips {
    name: String,
    /// The digest of each (group, position) when the group was there live.
    seen: HashMap<([u64; 3], u64), u64>,
    rng: u64,
    /// Positions still to visit before going home.
    hops: u32,
    /// The present an excursion left from: the hook is asked there again on the way home.
    left_from: Option<([u64; 3], u64)>,
    launch_ops: u64,
    visits: u64,
    round_trips: u64,
    failures: Vec<String>,
}

impl Trips {
    fn random(&mut self, below: u64) -> u64 {
        self.rng = self
            .rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.rng >> 33) % below.max(1)
    }
}

struct Traveller {
    attention: AtomicBool,
    trips: Mutex<Trips>,
}

impl DebugHook for Traveller {
    fn launch_begin(
        &self,
        _: &LaunchInfo,
        _: &KernelInstance,
        _: &StopSet,
        _: Option<Arc<BlockCounts>>,
    ) {
        self.attention.store(true, Relaxed);
        let mut t = self.trips.lock().unwrap();
        t.seen.clear();
        t.launch_ops = 0;
        t.left_from = None;
    }

    fn launch_end(&self, _: &LaunchInfo) {}

    fn attention(&self) -> &AtomicBool {
        &self.attention
    }

    fn stopped(&self, view: &WorkItemView, moment: Moment) -> Resume {
        if moment != Moment::Instruction {
            return Resume::Continue;
        }
        let mut t = self.trips.lock().unwrap();
        let Some(history) = view.history() else {
            return Resume::Continue;
        };
        let key = (view.group, history.position);
        let now = digest(view);
        let name = t.name.clone();
        if history.in_past() {
            t.visits += 1;
            if t.seen.get(&key) != Some(&now) {
                let pc = (view.func, view.pc);
                t.failures
                    .push(format!("{name}: position {} ({pc:?}) differs", key.1));
            }
            if t.hops == 0 {
                return Resume::Travel(history.frontier());
            }
            t.hops -= 1;
            let (start, frontier) = (history.start(), history.frontier());
            return match t.random(3) {
                0 => Resume::Continue,
                1 => Resume::Travel(start + t.random(frontier - start)),
                _ => Resume::Travel(start + t.random(key.1 - start + 1)),
            };
        }
        match t.seen.get(&key) {
            Some(&before) if before != now => t.failures.push(format!(
                "{name}: back at the present {}, the state differs",
                key.1
            )),
            Some(_) => {}
            None => {
                t.seen.insert(key, now);
                t.launch_ops += 1;
            }
        }
        if t.left_from == Some(key) {
            t.left_from = None;
            t.round_trips += 1;
            return Resume::Continue;
        }
        if t.launch_ops >= OPS_PER_KERNEL {
            self.attention.store(false, Relaxed);
            return Resume::Continue;
        }
        if key.1 > history.start() && t.random(5) == 0 {
            t.hops = 1 + t.random(4) as u32;
            t.left_from = Some(key);
            let start = history.start();
            return Resume::Travel(start + t.random(key.1 - start));
        }
        Resume::Continue
    }

    fn output(&self, _: &[u8]) {}

    fn worker_done(&self) {}
}

#[test]
fn going_back_and_forth_shows_each_past_state_and_comes_home_exact() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/golden");
    let mut sims = Vec::new();
    find_sims(&root, &mut sims);
    sims.sort();
    let traveller = Arc::new(Traveller {
        attention: AtomicBool::new(true),
        trips: Mutex::new(Trips {
            rng: 43,
            ..Trips::default()
        }),
    });
    let mut ran = 0;
    for path in &sims {
        let name = path.strip_prefix(&root).unwrap().display().to_string();
        traveller.trips.lock().unwrap().name = name;
        if run_sim(path, &traveller).is_ok() {
            ran += 1;
        }
    }
    let t = traveller.trips.lock().unwrap();
    eprintln!(
        "{ran} kernels run; {} positions visited in the past, {} round trips",
        t.visits, t.round_trips
    );
    let mut kernels: Vec<&str> = t
        .failures
        .iter()
        .filter_map(|f| f.split(':').next())
        .collect();
    kernels.dedup();
    assert!(
        t.failures.is_empty(),
        "{} failures in {}:\n{}",
        t.failures.len(),
        kernels.join(", "),
        t.failures[..t.failures.len().min(40)].join("\n")
    );
    assert!(
        t.visits > 10_000 && t.round_trips > 2_000,
        "{} {}",
        t.visits,
        t.round_trips
    );
}
