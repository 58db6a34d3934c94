//! The debugging engine (the InteractiveDebugger of compat §5): decides when a work-item
//! stops, holds it while the user inspects it, and carries out the user's commands.
//!
//! Workers call `stopped` from the interpreter (exec::debug). One of them at a time holds the
//! prompt: it shows the stop to the front-end and runs the commands it gets back. While a
//! prompt is up (and while stepping) `attention` is set, so every other worker calls in at its
//! next instruction and waits: debugging never needs `--num-threads 1`.

use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::ThreadId;

use oclgrind_core::bytecode::{Op, Pc, VType};
use oclgrind_core::counts::{by_line, BlockCounts};
use oclgrind_core::diagnostics::{memory_dump_rows, Level, Source};
use oclgrind_core::exec::debug::{DebugHook, Moment, Resume, StopSet, WiState, WorkItemView};
use oclgrind_core::exec::KernelInstance;
use oclgrind_core::memory::AddrSpace;
use oclgrind_core::plugins::{Interest, LaunchInfo, Plugin};
use oclgrind_core::program::KernelCode;

use crate::expr;
use crate::files;
use crate::format::{self, Format};
use crate::inspect::{self, FrameTarget};
use crate::protocol::*;
pub use oclgrind_debug_protocol::Frontend;

/// Splits what was typed after `print`. Oclgrind takes each whitespace-separated word as one
/// expression; gdb takes the whole line. Both are honoured: when every word is an expression on
/// its own (`print a b[1] *p`) each is printed, otherwise the line is one (`print a + b`).
fn print_expressions(typed: &str) -> Vec<String> {
    let words: Vec<&str> = typed.split_whitespace().collect();
    if words.len() > 1 && words.iter().all(|w| crate::expr::parse(w).is_ok()) {
        words.iter().map(|w| w.to_string()).collect()
    } else {
        vec![typed.to_string()]
    }
}

/// Read before every instruction of a debug run. Process-wide, so that Ctrl-C can set it.
static ATTENTION: AtomicBool = AtomicBool::new(false);
/// Set by Ctrl-C.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// Stops the running kernel as Ctrl-C does (for a front-end that reads keys itself).
pub fn interrupt() {
    INTERRUPTED.store(true, Relaxed);
    ATTENTION.store(true, Relaxed);
}

extern "C" fn on_interrupt(_: libc::c_int) {
    interrupt();
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Continue,
    Step,
    /// Step over calls made below this depth.
    Next {
        depth: usize,
    },
    /// Until the call depth drops below this.
    Finish {
        depth: usize,
    },
    Quit,
}

struct Watch {
    expr: String,
    /// Whose memory it is: private memory is one work-item's, local memory one group's.
    owner: Option<[u64; 3]>,
    space: AddrSpace,
    addr: u64,
    len: u64,
    bytes: Vec<u8>,
    text: String,
}

struct Breakpoint {
    /// The program a line breakpoint belongs to (see `program_key`).
    program: u64,
    /// The included file of a line breakpoint (`None`: the program's source).
    file: Option<String>,
    line: Option<u32>,
    watch: Option<Watch>,
    condition: Option<String>,
    temporary: bool,
    hits: u64,
}

struct Display {
    number: u32,
    expr: String,
    format: Format,
}

/// The first instruction of each run of instructions on one line: where breakpoints stop.
#[derive(Default)]
struct LineTable {
    /// (function, pc, line, file): the file indexes `files`.
    starts: Vec<(u32, Pc, u32, u32)>,
    /// The files lines are in: the program's source (`None`) and included files.
    files: Vec<Option<String>>,
    /// Each function's signature line (its parameters'), where debug information has it.
    signatures: Vec<Option<u32>>,
}

impl LineTable {
    fn new(kernel: &KernelInstance) -> LineTable {
        let main = files::main_name(&kernel.source);
        let mut table = LineTable {
            starts: Vec::new(),
            files: vec![None],
            signatures: Vec::new(),
        };
        let debug = kernel.code.debug.as_ref();
        table.signatures = (0..kernel.code.functions.len())
            .map(|f| {
                let vars = &debug?.functions.get(f)?.variables;
                vars.iter()
                    .filter(|v| v.arg.is_some())
                    .map(|v| v.line)
                    .min()
            })
            .collect();
        for (fi, f) in kernel.code.functions.iter().enumerate() {
            // The table's id of each of the function's files, worked out once.
            let ids: Vec<u32> = (0..f.files.len() as u32)
                .map(|i| table.file_id(files::function_file(f, i, main)))
                .collect();
            let mut prev = (0, 0);
            for pc in 0..f.code.len() as Pc {
                let info = f.op_info(pc);
                let file = ids.get(info.file as usize).copied().unwrap_or(0);
                if info.line != 0 && (info.line, file) != prev {
                    table.starts.push((fi as u32, pc, info.line, file));
                }
                prev = (info.line, file);
            }
        }
        table
    }

    fn file_id(&mut self, file: Option<String>) -> u32 {
        match self.files.iter().position(|f| *f == file) {
            Some(i) => i as u32,
            None => {
                self.files.push(file);
                self.files.len() as u32 - 1
            }
        }
    }

    /// The file a user typed (`put.h`), as the path the line table knows.
    /// The first line from `line` of `file` that has code, if `line` lies inside a function
    /// of the kernel (from its signature to its last line in that file); `None` otherwise,
    /// and for lines that have code themselves.
    fn code_line_from(&self, file: Option<&str>, line: u32) -> Option<u32> {
        let id = self.files.iter().position(|f| f.as_deref() == file)? as u32;
        let lines_of = |func: u32| {
            (self.starts.iter())
                .filter(move |&&(f, _, l, i)| f == func && i == id && l != 0)
                .map(|&(.., l, _)| l)
        };
        let mut funcs: Vec<u32> = self.starts.iter().map(|&(f, ..)| f).collect();
        funcs.dedup();
        funcs.into_iter().find_map(|func| {
            let (first, last) = (lines_of(func).min()?, lines_of(func).max()?);
            // The signature, when it comes just before the body (not from a header).
            let first = match self.signatures.get(func as usize).copied().flatten() {
                Some(s) if s <= first => s,
                _ => first,
            };
            if !(first..=last).contains(&line) || lines_of(func).any(|l| l == line) {
                return None;
            }
            lines_of(func).filter(|&l| l > line).min()
        })
    }

    /// Where a breakpoint asked for at `line` of `file` goes, by gdb's rule: a line with code
    /// stays; one without, inside a function of the kernel, moves to the function's next line
    /// with code; one outside that cannot hold code (`may_hold_code`: blank, a comment, a
    /// `#define`) moves to the first line after it that can, and on to the code of a function
    /// of the kernel there. A line outside the kernel's functions that may hold code stays:
    /// another kernel of the program may run it. None when no line from `line` on can hold
    /// code.
    fn breakpoint_line(
        &self,
        file: Option<&str>,
        line: u32,
        may_hold_code: &[bool],
    ) -> Option<u32> {
        if let Some(moved) = self.code_line_from(file, line) {
            return Some(moved);
        }
        // The lines of a header that cannot be read may hold code; those past a file's end
        // cannot.
        let unknown = may_hold_code.is_empty();
        let can = |l: u32| {
            may_hold_code
                .get(l as usize - 1)
                .copied()
                .unwrap_or(unknown)
        };
        let last = may_hold_code.len().max(line as usize) as u32;
        let from = (line..=last).find(|&l| can(l))?;
        Some(self.code_line_from(file, from).unwrap_or(from))
    }

    fn find_file(&self, typed: &str) -> Option<String> {
        self.files
            .iter()
            .flatten()
            .find(|path| files::names(typed, path))
            .cloned()
    }
}

struct State {
    mode: Mode,
    /// The work-item that holds, or is to get, the prompt.
    focus: Option<[u64; 3]>,
    prompting: bool,
    breakpoints: BTreeMap<u32, Breakpoint>,
    /// The program of the current launch (see `program_key`).
    program: u64,
    next_breakpoint: u32,
    displays: Vec<Display>,
    next_display: u32,
    /// (work-item, function, line, depth) at the last prompt.
    last: Option<([u64; 3], u32, u32, usize)>,
    /// The call depth Oclgrind compares a stop's with to name the function: 0 at a launch's
    /// start, then the depth where the last step, next or finish began (`continue` and the
    /// stops themselves leave it).
    shown_depth: usize,
    /// Why the next prompt happens, when something other than stepping decided it.
    pending: Option<StopReason>,
    error_thread: Option<ThreadId>,
    /// Orders for workers waiting at an instruction boundary.
    directives: HashMap<ThreadId, Resume>,
    /// Waiting workers: their work-item and work-group.
    waiting: HashMap<ThreadId, ([u64; 3], [u64; 3])>,
    launch: Option<LaunchSummary>,
    lines: LineTable,
    /// Where `list` continues.
    list_next: Option<u32>,
    /// Where the value of the call that `finish` runs to the end of will be.
    finishing: Option<Returned>,
    /// The frame `up`, `down` and `frame` selected, counted from the innermost (0); reset at
    /// every stop.
    frame: usize,
    /// Work-items left at a prompt without running on (switched away from): the breakpoint
    /// they stopped at does not fire again when they resume there.
    resume_at: HashMap<[u64; 3], (u32, Pc)>,
    /// The SIGINT handler ours replaced while the kernel runs on after `continue`.
    previous_handler: Option<libc::sighandler_t>,
    /// Diagnostics not yet sent to the front-end as events.
    diagnostics: Vec<(bool, String)>,
    /// The current launch's instruction counts, as they fill.
    counts: Option<LaunchCounts>,
    /// `lockstep on`: steps take the focus's sub-group along (`StepAlong`).
    lockstep: bool,
    along: Option<StepAlong>,
}

/// A step, next or finish in lock-step: the other work-items of the prompt's sub-group each
/// make it in turn (each from where it is), then the prompt's own work-item, which then
/// holds the prompt as after any step.
struct StepAlong {
    leader: [u64; 3],
    /// The leader's step, and its position at the prompt (`State::last`), for its turn.
    mode: Mode,
    last: Option<([u64; 3], u32, u32, usize)>,
    /// The work-items still to take their turn after the one now stepping.
    queue: std::collections::VecDeque<[u64; 3]>,
    /// The one now stepping has not yet run: its step begins where it is.
    fresh: bool,
}

/// A launch's instruction counts and what they are counts of.
struct LaunchCounts {
    blocks: Arc<BlockCounts>,
    code: Arc<KernelCode>,
    source: Option<Arc<Source>>,
}

impl LaunchCounts {
    /// What each source line has run so far, with its text where the program's source has it.
    fn lines(&self) -> Vec<(LineCount, Option<String>)> {
        let main = files::main_name(&self.source);
        by_line(&self.code, &self.blocks.snapshot())
            .into_iter()
            .map(|l| {
                let in_main = l.file == main || l.line == 0;
                let text = match &self.source {
                    Some(src) if in_main && l.line != 0 => {
                        src.line(l.line).map(|t| t.trim().to_string())
                    }
                    _ => None,
                };
                let count = LineCount {
                    file: (!in_main).then_some(l.file),
                    line: l.line,
                    instructions: l.instructions,
                    memory_bytes: l.memory_bytes,
                };
                (count, text)
            })
            .collect()
    }
}

/// Identifies a program for its breakpoints, which persist across launches of its kernels
/// and stay out of other programs' (compat §5.1): the hash of its source text, so a program
/// built again from the same file keeps them too.
fn program_key(kernel: &KernelInstance) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    if let Some(source) = &kernel.source {
        for n in 1..=source.len() as u32 {
            source.line(n).hash(&mut h);
        }
    }
    h.finish()
}

/// Ctrl-C stops the kernel (after `continue`) instead of ending the program.
fn catch_interrupts(st: &mut State) {
    if st.previous_handler.is_none() {
        // SAFETY: the handler only stores to atomics.
        let previous = unsafe {
            libc::signal(
                libc::SIGINT,
                on_interrupt as extern "C" fn(libc::c_int) as libc::sighandler_t,
            )
        };
        st.previous_handler = Some(previous);
    }
}

/// Ctrl-C does again what it did before `continue` (at a prompt, after `quit`, between
/// launches: the host program may be the one that hangs).
fn release_interrupts(st: &mut State) {
    if let Some(previous) = st.previous_handler.take() {
        // SAFETY: puts back the handler `signal` returned.
        unsafe { libc::signal(libc::SIGINT, previous) };
    }
}

fn send_diagnostics(fe: &mut dyn Frontend, diagnostics: Vec<(bool, String)>) {
    for (error, message) in diagnostics {
        fe.event(&Event::Diagnostic { error, message });
    }
}

/// The interactive debugger.
pub struct Engine {
    state: Mutex<State>,
    changed: Condvar,
    frontend: Mutex<Box<dyn Frontend>>,
}

/// What a command does to the prompt.
enum Outcome {
    /// Stay at the prompt.
    Stay,
    /// Leave it, and run on like this.
    Resume(Resume),
    /// Leave it, and wait (another worker takes the prompt).
    Yield,
}

impl Engine {
    pub fn new(frontend: Box<dyn Frontend>) -> Arc<Engine> {
        Arc::new(Engine {
            state: Mutex::new(State {
                mode: Mode::Step,
                focus: None,
                prompting: false,
                breakpoints: BTreeMap::new(),
                program: 0,
                next_breakpoint: 1,
                displays: Vec::new(),
                next_display: 1,
                last: None,
                shown_depth: 0,
                pending: None,
                error_thread: None,
                directives: HashMap::new(),
                waiting: HashMap::new(),
                launch: None,
                lines: LineTable::default(),
                list_next: None,
                frame: 0,
                finishing: None,
                resume_at: HashMap::new(),
                previous_handler: None,
                diagnostics: Vec::new(),
                counts: None,
                lockstep: false,
                along: None,
            }),
            changed: Condvar::new(),
            frontend: Mutex::new(frontend),
        })
    }

    /// An API misuse the runtime reported (`--check-api`): the front-end lists it with the
    /// kernels' diagnostics. During a launch it waits with theirs (a prompt may be up on
    /// another thread); between launches, when no prompt can be, it goes now.
    pub fn report_api_error(&self, message: &str) {
        let mut st = self.lock();
        if st.mode == Mode::Quit {
            return;
        }
        if st.launch.is_some() {
            st.diagnostics.push((true, message.to_string()));
            return;
        }
        drop(st);
        self.frontend().event(&Event::Diagnostic {
            error: true,
            message: message.to_string(),
        });
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn frontend(&self) -> MutexGuard<'_, Box<dyn Frontend>> {
        self.frontend.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sets `attention` for the current mode.
    fn settle_attention(st: &State) {
        let on = match st.mode {
            Mode::Quit => false,
            Mode::Continue => {
                st.pending.is_some()
                    || st.prompting
                    || st.breakpoints.values().any(|b| b.watch.is_some())
            }
            _ => true,
        };
        ATTENTION.store(on || INTERRUPTED.load(Relaxed), Relaxed);
    }

    /// Whether this work-item must stop now, wait, or run on.
    fn decide(
        &self,
        st: &mut State,
        view: &WorkItemView,
        moment: Moment,
        me: ThreadId,
    ) -> Option<Option<StopReason>> {
        let wi = view.ids.global;
        let mine = st.focus.is_none_or(|f| f == wi);
        if INTERRUPTED.swap(false, Relaxed) {
            st.pending = Some(StopReason::Interrupted);
        }
        let stepping = !matches!(st.mode, Mode::Continue | Mode::Quit);
        if moment != Moment::Instruction {
            if st.pending == Some(StopReason::Switched) && st.focus == Some(wi) {
                // Switched to a work-item that waits at a barrier or has finished.
                st.pending = None;
                return Some(Some(StopReason::Switched));
            }
            if stepping && mine {
                st.focus = Some(wi);
                return Some(Some(if moment == Moment::Finished {
                    StopReason::Finished
                } else {
                    StopReason::Barrier
                }));
            }
            return Some(None);
        }
        if st
            .resume_at
            .get(&wi)
            .is_some_and(|&at| at != (view.func, view.pc))
        {
            // It has run on from where it was left: its breakpoints fire again.
            st.resume_at.remove(&wi);
        }
        // A work-item that has not reached source code yet (one just started, say) runs on
        // to its first line before it shows a stop of these kinds.
        let before_source =
            inspect::line_of(view, view.func, view.pc) == 0 && !st.lines.starts.is_empty();
        match st.pending {
            Some(StopReason::Error) if before_source && st.error_thread.is_none_or(|t| t == me) => {
                return Some(None);
            }
            Some(StopReason::Switched) if before_source && st.focus == Some(wi) => {
                return Some(None);
            }
            Some(StopReason::Error) if st.error_thread.is_none_or(|t| t == me) => {
                st.pending = None;
                st.focus = Some(wi);
                return Some(Some(StopReason::Error));
            }
            // An interrupt shows where the work-item is in the source: not at an op of no
            // source line (a block's count, a parameter's spill), but at the next one.
            Some(StopReason::Interrupted) if before_source => return Some(None),
            Some(StopReason::Interrupted) => {
                st.pending = None;
                st.focus = Some(wi);
                return Some(Some(StopReason::Interrupted));
            }
            Some(StopReason::Switched) if st.focus == Some(wi) => {
                st.pending = None;
                return Some(Some(StopReason::Switched));
            }
            Some(_) => return None,
            None => {}
        }
        if stepping {
            if !mine {
                return None;
            }
            st.focus = Some(wi);
            let line = step_key(st, view);
            let depth = view.frames.len();
            let before_source = line == 0 && !st.lines.starts.is_empty();
            if let Some(along) = st.along.as_mut().filter(|a| a.fresh) {
                // A work-item taken along begins the step where it is, at its own depth (one
                // not yet started: at its first line).
                if before_source {
                    return Some(None);
                }
                along.fresh = false;
                st.last = Some((wi, view.func, line, depth));
                st.mode = match st.mode {
                    Mode::Next { .. } => Mode::Next { depth },
                    Mode::Finish { .. } => Mode::Finish { depth },
                    mode => mode,
                };
                return Some(None);
            }
            // A breakpoint on the way (in a call `next` steps over, say) stops it first.
            if let Some(reason) = self.breakpoint_hit(st, view) {
                return Some(Some(reason));
            }
            let no_source = st.lines.starts.is_empty();
            // The kernel's closing `}` is its return: Oclgrind stops after each instruction, so
            // a step there ends when the work-item has finished, not on the line.
            let kernel_return = view.func == 0
                && matches!(
                    view.kernel.code.functions[0].code.get(view.pc as usize),
                    Some(Op::Ret { .. } | Op::RetVoid)
                );
            let moved = line != 0
                && !kernel_return
                && st
                    .last
                    .is_none_or(|(g, f, l, _)| g != wi || f != view.func || l != line);
            let done = match st.mode {
                Mode::Step => moved,
                Mode::Next { depth: d } => moved && depth <= d,
                Mode::Finish { depth: d } => (no_source || line != 0) && depth < d,
                Mode::Continue | Mode::Quit => false,
            };
            return Some(done.then_some(StopReason::Step));
        }
        if let Some(reason) = self.breakpoint_hit(st, view) {
            st.focus = Some(wi);
            return Some(Some(reason));
        }
        // Someone else is to stop (attention is set for them): wait for them.
        if ATTENTION.load(Relaxed) && st.focus.is_some_and(|f| f != wi) {
            return None;
        }
        Some(None)
    }

    /// A breakpoint or watchpoint that fires here, if any.
    fn breakpoint_hit(&self, st: &mut State, view: &WorkItemView) -> Option<StopReason> {
        if st.resume_at.remove(&view.ids.global) == Some((view.func, view.pc)) {
            return None;
        }
        let line = inspect::line_of(view, view.func, view.pc);
        let target = FrameTarget {
            view,
            frame: inspect::frames(view)[0],
        };
        let at_line_start = st
            .lines
            .starts
            .binary_search_by(|&(f, pc, ..)| (f, pc).cmp(&(view.func, view.pc)))
            .is_ok();
        // Read only when a breakpoint is on this line.
        let mut file: Option<Option<String>> = None;
        let mut hit = None;
        let program = st.program;
        // A watchpoint shows the change at the next op with a source line.
        let no_line = line == 0 && !st.lines.starts.is_empty();
        for (&n, b) in st.breakpoints.iter_mut() {
            if let Some(w) = &mut b.watch {
                if no_line {
                    continue;
                }
                let whose = match w.space {
                    AddrSpace::Local => view.group,
                    _ => view.ids.global,
                };
                if w.owner.is_some_and(|o| o != whose) {
                    continue;
                }
                let Some(now) = view.read(w.space, w.addr, w.len) else {
                    continue;
                };
                if now != w.bytes {
                    let old = std::mem::take(&mut w.text);
                    w.bytes = now;
                    w.text = expr::parse(&w.expr)
                        .and_then(|e| expr::evaluate(&e, &target))
                        .map(|v| format::value(&v, Format::Natural, &target))
                        .unwrap_or_default();
                    b.hits += 1;
                    hit = Some(StopReason::Watchpoint {
                        number: n,
                        expr: w.expr.clone(),
                        old,
                        new: w.text.clone(),
                    });
                    break;
                }
                continue;
            }
            if b.line != Some(line) || !at_line_start || b.program != program {
                continue;
            }
            if *file.get_or_insert_with(|| files::file_of(view, view.func, view.pc)) != b.file {
                continue;
            }
            let (holds, condition_error) = match &b.condition {
                None => (true, None),
                Some(c) => match expr::parse(c).and_then(|e| expr::truth(&e, &target)) {
                    Ok(t) => (t, None),
                    Err(e) => (true, Some(e)),
                },
            };
            if holds {
                b.hits += 1;
                hit = Some(StopReason::Breakpoint {
                    number: n,
                    condition_error,
                });
                break;
            }
        }
        if let Some(StopReason::Breakpoint { number, .. }) = &hit {
            if st.breakpoints.get(number).is_some_and(|b| b.temporary) {
                st.breakpoints.remove(number);
                self.place_breakpoints(st, view.stops);
            }
        }
        hit
    }

    /// Sets the stop bits for the breakpoints.
    fn place_breakpoints(&self, st: &State, stops: &StopSet) {
        stops.clear();
        for b in st.breakpoints.values().filter(|b| b.program == st.program) {
            let Some(file) = st.lines.files.iter().position(|f| *f == b.file) else {
                continue;
            };
            if let Some(line) = b.line {
                for &(f, pc, l, in_file) in &st.lines.starts {
                    if l == line && in_file == file as u32 {
                        stops.set(f, pc, true);
                    }
                }
            }
        }
    }

    fn displays(&self, st: &State, view: &WorkItemView) -> Vec<Displayed> {
        st.displays
            .iter()
            .map(|d| Displayed {
                number: d.number,
                expr: d.expr.clone(),
                value: inspect::print(view, &d.expr, d.format),
            })
            .collect()
    }

    /// Shows a stop and runs commands until one resumes execution.
    fn prompt(
        &self,
        mut st: MutexGuard<'_, State>,
        view: &WorkItemView,
        reason: StopReason,
    ) -> Outcome {
        st.prompting = true;
        release_interrupts(&mut st);
        ATTENTION.store(true, Relaxed);
        let func = view.func;
        let line = step_key(&st, view);
        let depth = view.frames.len();
        // Oclgrind names the function when the call depth changed.
        let entered = depth != st.shown_depth;
        let other_work_item = st.last.is_some_and(|(g, ..)| g != view.ids.global);
        st.last = Some((view.ids.global, func, line, depth));
        st.list_next = None;
        st.frame = 0;
        // gdb's `Value returned is ...` when a finish completed here.
        let returned = (st.finishing.take())
            .filter(|r| reason == StopReason::Step && depth < r.depth)
            .map(|r| r.read(view));
        let stopped = Stopped {
            reason,
            position: inspect::position(view),
            entered_function: entered,
            other_work_item,
            returned,
            displays: self.displays(&st, view),
        };
        let diagnostics = std::mem::take(&mut st.diagnostics);
        drop(st);
        let mut fe = self.frontend();
        send_diagnostics(&mut **fe, diagnostics);
        fe.event(&Event::Stopped(stopped));
        loop {
            let outcome = match fe.command() {
                Some(cmd) => self.execute(cmd, view, &mut **fe),
                None => self.execute(Command::Quit, view, &mut **fe),
            };
            if !matches!(outcome, Outcome::Stay) {
                let mut st = self.lock();
                st.prompting = false;
                if !matches!(outcome, Outcome::Resume(Resume::Continue))
                    && view.state == WiState::Running
                {
                    st.resume_at.insert(view.ids.global, (view.func, view.pc));
                }
                if matches!(
                    view.state,
                    WiState::Finished | WiState::AtBarrier | WiState::AtSubGroupCall
                ) && st.focus == Some(view.ids.global)
                    && st.pending.is_none()
                {
                    // The next work-item to run takes the focus.
                    st.focus = None;
                }
                Engine::settle_attention(&st);
                self.changed.notify_all();
                return outcome;
            }
        }
    }

    fn execute(&self, cmd: Command, view: &WorkItemView, fe: &mut dyn Frontend) -> Outcome {
        let reply = |fe: &mut dyn Frontend, r: Reply| fe.event(&Event::Reply(r));
        let message = |fe: &mut dyn Frontend, m: &str| reply(fe, Reply::Message(m.to_string()));
        let depth = view.frames.len();
        match cmd {
            Command::Step | Command::Next | Command::Finish => {
                match view.state {
                    WiState::Finished => {
                        message(fe, "Work-item has finished.");
                        return Outcome::Stay;
                    }
                    WiState::AtBarrier => {
                        message(fe, "Work-item is at barrier.");
                        return Outcome::Stay;
                    }
                    WiState::AtSubGroupCall => {
                        message(fe, "Work-item is waiting for its sub-group.");
                        return Outcome::Stay;
                    }
                    _ => {}
                }
                let mut st = self.lock();
                st.shown_depth = depth;
                st.mode = match cmd {
                    Command::Step => Mode::Step,
                    Command::Next => Mode::Next { depth },
                    _ if depth == 0 => {
                        drop(st);
                        message(fe, "\"finish\" not meaningful in the outermost frame.");
                        return Outcome::Stay;
                    }
                    _ => {
                        st.finishing = returned_value_site(view);
                        Mode::Finish { depth }
                    }
                };
                if st.lockstep {
                    let mut queue: std::collections::VecDeque<_> = sub_group_mates(view)
                        .into_iter()
                        .filter(|&g| {
                            matches!(
                                view.work_item(g),
                                Some(WiState::NotStarted | WiState::Suspended)
                            )
                        })
                        .collect();
                    if let Some(first) = queue.pop_front() {
                        st.along = Some(StepAlong {
                            leader: view.ids.global,
                            mode: st.mode,
                            last: st.last,
                            queue,
                            fresh: true,
                        });
                        st.focus = Some(first);
                        return Outcome::Resume(Resume::SwitchTo(first));
                    }
                }
                Outcome::Resume(Resume::Continue)
            }
            Command::Lockstep { on } => {
                let mut st = self.lock();
                if let Some(on) = on {
                    st.lockstep = on;
                }
                let state = if st.lockstep { "on" } else { "off" };
                drop(st);
                message(
                    fe,
                    &format!(
                        "Lock-step of sub-groups ({} work-items each) is {state}.",
                        view.info.sub_group_size
                    ),
                );
                Outcome::Stay
            }
            Command::Continue => {
                let mut st = self.lock();
                st.mode = Mode::Continue;
                st.focus = None;
                catch_interrupts(&mut st);
                Outcome::Resume(Resume::Continue)
            }
            Command::Quit => {
                let mut st = self.lock();
                st.mode = Mode::Quit;
                release_interrupts(&mut st);
                INTERRUPTED.store(false, Relaxed);
                view.stops.clear();
                drop(st);
                fe.event(&Event::Detached);
                Outcome::Resume(Resume::Continue)
            }
            Command::Break {
                file,
                line,
                condition,
                temporary,
            } => {
                if view.kernel.source.is_none() {
                    message(fe, "Breakpoints only valid when source is available.");
                    return Outcome::Stay;
                }
                if self.lock().lines.starts.is_empty() {
                    // Built without debug information (-g0): no instruction has a line.
                    message(
                        fe,
                        "Breakpoints need line information, which this program lacks.",
                    );
                    return Outcome::Stay;
                }
                let (file, line) = match (file, line) {
                    (None, None) => match inspect::line_of(view, view.func, view.pc) {
                        0 => {
                            message(fe, "Not currently on a line.");
                            return Outcome::Stay;
                        }
                        l => (files::file_of(view, view.func, view.pc), l),
                    },
                    (None, Some(l)) => (None, l),
                    (Some(typed), l) => match self.lock().lines.find_file(&typed) {
                        Some(path) => (Some(path), l.unwrap_or(0)),
                        // The program's own file, by the name the user gave it.
                        None if view
                            .kernel
                            .source
                            .as_deref()
                            .is_some_and(|s| files::is_main_source(&typed, s)) =>
                        {
                            (None, l.unwrap_or(0))
                        }
                        None => {
                            message(fe, &format!("No source file named {typed}."));
                            return Outcome::Stay;
                        }
                    },
                };
                // A header that cannot be read is not checked: its lines are in the table.
                let length =
                    files::source(view, file.as_deref()).map_or(usize::MAX - 1, |s| s.len());
                if line == 0 || line as usize > length + 1 {
                    message(fe, "Invalid line number.");
                    return Outcome::Stay;
                }
                if let Some(c) = &condition {
                    if let Err(e) = expr::parse(c) {
                        message(fe, &e);
                        return Outcome::Stay;
                    }
                }
                let may_hold_code = files::source(view, file.as_deref())
                    .map(|s| files::may_hold_code(&s))
                    .unwrap_or_default();
                let mut st = self.lock();
                let asked = line;
                let Some(line) = st
                    .lines
                    .breakpoint_line(file.as_deref(), line, &may_hold_code)
                else {
                    drop(st);
                    message(
                        fe,
                        &format!("Line {asked} has no code, nor has any line after it."),
                    );
                    return Outcome::Stay;
                };
                let n = st.next_breakpoint;
                st.next_breakpoint += 1;
                let program = st.program;
                st.breakpoints.insert(
                    n,
                    Breakpoint {
                        program,
                        file: file.clone(),
                        line: Some(line),
                        watch: None,
                        condition,
                        temporary,
                        hits: 0,
                    },
                );
                self.place_breakpoints(&st, view.stops);
                drop(st);
                let kind = if temporary {
                    "Temporary breakpoint"
                } else {
                    "Breakpoint"
                };
                let of = file
                    .as_deref()
                    .map(|f| format!(" of {}", files::short_name(f)))
                    .unwrap_or_default();
                let moved = if line != asked {
                    format!(" (line {asked} has no code)")
                } else {
                    String::new()
                };
                message(fe, &format!("{kind} {n} at line {line}{of}{moved}"));
                Outcome::Stay
            }
            Command::Condition { number, condition } => {
                if let Some(c) = &condition {
                    if let Err(e) = expr::parse(c) {
                        message(fe, &e);
                        return Outcome::Stay;
                    }
                }
                let mut st = self.lock();
                let text = match st.breakpoints.get_mut(&number) {
                    Some(b) => {
                        let text = match &condition {
                            Some(_) => format!("Breakpoint {number} now conditional."),
                            None => format!("Breakpoint {number} now unconditional."),
                        };
                        b.condition = condition;
                        text
                    }
                    None => "Breakpoint not found.".to_string(),
                };
                drop(st);
                message(fe, &text);
                Outcome::Stay
            }
            Command::Delete { number } => {
                let mut st = self.lock();
                let text = match number {
                    None => {
                        st.breakpoints.clear();
                        None
                    }
                    // Other programs' breakpoints are not in sight (compat §5.3).
                    Some(n)
                        if st
                            .breakpoints
                            .get(&n)
                            .is_some_and(|b| b.program == st.program) =>
                    {
                        st.breakpoints.remove(&n);
                        None
                    }
                    Some(_) => Some("Breakpoint not found.".to_string()),
                };
                self.place_breakpoints(&st, view.stops);
                drop(st);
                if let Some(t) = text {
                    message(fe, &t);
                }
                Outcome::Stay
            }
            Command::Watch { expr: text } => {
                let target = self.target(view);
                let watched = expr::parse(&text).and_then(|e| {
                    let v = expr::evaluate(&e, &target)?;
                    let (space, addr, len) = expr::address_of(&v, &target)?;
                    let bytes = view
                        .read(space, addr, len)
                        .ok_or_else(|| format!("Cannot access memory at address 0x{addr:x}"))?;
                    let owner = match space {
                        AddrSpace::Private | AddrSpace::Generic => Some(view.ids.global),
                        AddrSpace::Local => Some(view.group),
                        AddrSpace::Global | AddrSpace::Constant => None,
                    };
                    Ok(Watch {
                        expr: text.clone(),
                        owner,
                        space,
                        addr,
                        len,
                        bytes,
                        text: format::value(&v, Format::Natural, &target),
                    })
                });
                match watched {
                    Ok(w) => {
                        let mut st = self.lock();
                        let n = st.next_breakpoint;
                        st.next_breakpoint += 1;
                        let program = st.program;
                        st.breakpoints.insert(
                            n,
                            Breakpoint {
                                program,
                                file: None,
                                line: None,
                                watch: Some(w),
                                condition: None,
                                temporary: false,
                                hits: 0,
                            },
                        );
                        drop(st);
                        message(fe, &format!("Watchpoint {n}: {text}"));
                    }
                    Err(e) => message(fe, &e),
                }
                Outcome::Stay
            }
            Command::Display { expr: text, format } => {
                let fmt = match format.map(format::parse_format) {
                    Some(None) => {
                        message(fe, "Undefined output format.");
                        return Outcome::Stay;
                    }
                    Some(Some(f)) => f,
                    None => Format::Natural,
                };
                let value = inspect::print(view, &text, fmt);
                // Like gdb: an expression that does not parse or names nothing is refused;
                // one whose memory cannot be read now is kept.
                if let Err(e) = &value {
                    if expr::parse(&text).is_err() || e.starts_with("No symbol") {
                        message(fe, e);
                        return Outcome::Stay;
                    }
                }
                let mut st = self.lock();
                let number = st.next_display;
                st.next_display += 1;
                st.displays.push(Display {
                    number,
                    expr: text.clone(),
                    format: fmt,
                });
                drop(st);
                reply(
                    fe,
                    Reply::Displays(vec![Displayed {
                        number,
                        value,
                        expr: text,
                    }]),
                );
                Outcome::Stay
            }
            Command::Undisplay { number } => {
                let mut st = self.lock();
                match number {
                    None => st.displays.clear(),
                    Some(n) => {
                        let before = st.displays.len();
                        st.displays.retain(|d| d.number != n);
                        if st.displays.len() == before {
                            drop(st);
                            message(fe, &format!("No display number {n}."));
                        }
                    }
                }
                Outcome::Stay
            }
            Command::Print { exprs, format } => {
                let fmt = match format.map(format::parse_format) {
                    Some(None) => {
                        message(fe, "Undefined output format.");
                        return Outcome::Stay;
                    }
                    Some(Some(f)) => f,
                    None => Format::Natural,
                };
                let frame = selected_frame(view, self.lock().frame);
                let values = exprs
                    .iter()
                    .flat_map(|typed| print_expressions(typed))
                    .map(|e| {
                        let v = inspect::print_in(view, frame, &e, fmt);
                        (e, v)
                    })
                    .collect();
                reply(fe, Reply::Values(values));
                Outcome::Stay
            }
            Command::Examine {
                expr: text,
                count,
                format: letter,
                unit,
            } => {
                let target = self.target(view);
                let out = format::parse_format(letter)
                    .ok_or_else(|| "Undefined output format.".to_string())
                    .and_then(|fmt| {
                        let e = expr::parse(&text)?;
                        let v = expr::evaluate(&e, &target)?;
                        // A plain number is taken as a global address.
                        let (space, addr) = expr::pointer_target(&v, &target)?;
                        let space = space.unwrap_or(AddrSpace::Global);
                        format::examine(&target, space, addr, count, fmt, unit)
                    });
                match out {
                    Ok(text) => reply(fe, Reply::Text(text)),
                    Err(e) => message(fe, &e),
                }
                Outcome::Stay
            }
            Command::WorkItem { global } => self.switch(global, view, fe),
            Command::Memory {
                space,
                address,
                size,
            } => {
                let space = core_space(space);
                match address {
                    None => dump_memory(view, space, fe),
                    Some(addr) if addr % 4 != 0 => message(fe, "Invalid address."),
                    Some(addr) => {
                        match inspect::memory_rows(view, space, addr, size.unwrap_or(8)) {
                            Ok(rows) => reply(fe, Reply::Memory(rows)),
                            Err(e) => message(fe, &e),
                        }
                    }
                }
                Outcome::Stay
            }
            Command::Info(what) => {
                let r = self.info(what, view);
                reply(fe, r);
                Outcome::Stay
            }
            Command::List(from) => {
                match self.list(from, view) {
                    Ok(lines) => reply(fe, Reply::Source(lines)),
                    Err(e) => message(fe, &e),
                }
                Outcome::Stay
            }
            Command::Backtrace => {
                reply(fe, Reply::Backtrace(inspect::backtrace(view)));
                Outcome::Stay
            }
            Command::SelectFrame(how) => {
                reply(fe, self.select_frame(how, view));
                Outcome::Stay
            }
            Command::Disassemble => {
                reply(fe, inspect::disassembly(view));
                Outcome::Stay
            }
            Command::SourceOf { file } => {
                match files::source(view, file.as_deref()) {
                    Some(source) => reply(fe, Reply::Source(whole(&source))),
                    None => message(fe, "No source code available."),
                }
                Outcome::Stay
            }
            Command::MemoryOf { expr, size } => {
                match inspect::memory_of(view, &expr, size) {
                    Ok((space, address, bytes)) => reply(
                        fe,
                        Reply::MemoryOf {
                            expr,
                            space: protocol_space(space),
                            address,
                            uninitialized: shadow_of(view, space, address, &bytes),
                            bytes,
                        },
                    ),
                    Err(e) => message(fe, &e),
                }
                Outcome::Stay
            }
            Command::MemoryAt {
                space,
                address,
                size,
            } => {
                match inspect::read_up_to(view, core_space(space), address, size) {
                    Ok(bytes) => reply(
                        fe,
                        Reply::MemoryOf {
                            expr: format!("0x{address:x}"),
                            space,
                            address,
                            uninitialized: shadow_of(view, core_space(space), address, &bytes),
                            bytes,
                        },
                    ),
                    Err(e) => message(fe, &e),
                }
                Outcome::Stay
            }
        }
    }

    /// What expressions are evaluated in: the selected frame.
    fn target<'v, 'a>(&self, view: &'v WorkItemView<'a>) -> FrameTarget<'v, 'a> {
        FrameTarget {
            view,
            frame: selected_frame(view, self.lock().frame),
        }
    }

    /// `up`, `down`, `frame`.
    fn select_frame(&self, how: FrameMove, view: &WorkItemView) -> Reply {
        let all = inspect::backtrace(view);
        let mut st = self.lock();
        let now = st.frame.min(all.len() - 1);
        let outermost = all.len() - 1;
        let to = match how {
            FrameMove::Up(_) if now == outermost => {
                return Reply::Message("Initial frame selected; you cannot go up.".into())
            }
            FrameMove::Down(_) if now == 0 => {
                return Reply::Message(
                    "Bottom (innermost) frame selected; you cannot go down.".into(),
                )
            }
            FrameMove::Up(n) => (now + n as usize).min(outermost),
            FrameMove::Down(n) => now.saturating_sub(n as usize),
            FrameMove::To(None) => now,
            // Numbered as the backtrace numbers them: the kernel is 0.
            FrameMove::To(Some(depth)) => match outermost.checked_sub(depth as usize) {
                Some(i) => i,
                None => return Reply::Message(format!("No frame at level {depth}.")),
            },
        };
        st.frame = to;
        drop(st);
        let frame = all[to].clone();
        let at = inspect::frames(view)[to];
        let file = files::file_of(view, at.func, at.pc);
        let source = files::source(view, file.as_deref())
            .and_then(|s| s.line(frame.line).map(str::to_string));
        Reply::Frame { frame, source }
    }

    /// `workitem`: switches the prompt to another work-item.
    fn switch(&self, global: [u64; 3], view: &WorkItemView, fe: &mut dyn Frontend) -> Outcome {
        let message =
            |fe: &mut dyn Frontend, m: &str| fe.event(&Event::Reply(Reply::Message(m.into())));
        match view.work_item(global) {
            None => {
                message(fe, "Invalid global ID.");
                return Outcome::Stay;
            }
            Some(WiState::Finished) if global != view.ids.global => {
                message(fe, "Work-item has already finished, unable to load state.");
                return Outcome::Stay;
            }
            _ => {}
        }
        if global == view.ids.global {
            let stopped = Stopped {
                reason: StopReason::Switched,
                position: inspect::position(view),
                entered_function: false,
                other_work_item: false,
                returned: None,
                displays: self.displays(&self.lock(), view),
            };
            fe.event(&Event::Stopped(stopped));
            return Outcome::Stay;
        }
        let mut st = self.lock();
        st.focus = Some(global);
        st.pending = Some(StopReason::Switched);
        let group = group_of(view.info, global);
        // A waiting worker that runs the target's group switches to it itself.
        let holder = st
            .waiting
            .iter()
            .find(|(_, (_, g))| *g == group)
            .map(|(t, (wi, _))| (*t, *wi));
        if let Some((thread, wi)) = holder {
            if wi != global {
                st.directives.insert(thread, Resume::SwitchTo(global));
            }
            return Outcome::Yield;
        }
        Outcome::Resume(Resume::SwitchTo(global))
    }

    fn info(&self, what: InfoWhat, view: &WorkItemView) -> Reply {
        let st = self.lock();
        match what {
            InfoWhat::Launch => Reply::Launch {
                summary: st.launch.clone().unwrap_or(LaunchSummary {
                    kernel: view.info.kernel.clone(),
                    global_size: view.info.global_size,
                    global_offset: view.info.global_offset,
                    local_size: view.info.local_size,
                }),
                current: Some(Box::new(inspect::position(view))),
            },
            InfoWhat::Breakpoints | InfoWhat::Watchpoints => Reply::Breakpoints(
                st.breakpoints
                    .iter()
                    .filter(|(_, b)| b.watch.is_some() || b.program == st.program)
                    .filter(|(_, b)| what != InfoWhat::Watchpoints || b.watch.is_some())
                    .map(|(&n, b)| BreakpointInfo {
                        number: n,
                        file: b.file.clone(),
                        line: b.line,
                        watch: b.watch.as_ref().map(|w| w.expr.clone()),
                        condition: b.condition.clone(),
                        temporary: b.temporary,
                        hits: b.hits,
                    })
                    .collect(),
            ),
            InfoWhat::Locals | InfoWhat::Args => {
                let frame = selected_frame(view, st.frame);
                drop(st);
                Reply::Variables(inspect::variables(view, frame, what == InfoWhat::Args))
            }
            InfoWhat::Frame => {
                let all = inspect::backtrace(view);
                let i = st.frame.min(all.len() - 1);
                Reply::FrameDetails {
                    frame: all[i].clone(),
                    caller: all.get(i + 1).cloned(),
                    callee: i.checked_sub(1).map(|j| all[j].clone()),
                }
            }
            InfoWhat::Displays => {
                let d = self.displays(&st, view);
                Reply::Displays(d)
            }
            InfoWhat::WorkItems => {
                drop(st);
                Reply::WorkItems(group_work_items(view, view.group))
            }
            InfoWhat::Groups => {
                drop(st);
                launch_groups(view)
            }
            InfoWhat::Counts => Reply::Counts {
                kernel: view.info.kernel.clone(),
                lines: st
                    .counts
                    .as_ref()
                    .map(LaunchCounts::lines)
                    .unwrap_or_default(),
            },
            InfoWhat::GroupWorkItems(group) => {
                drop(st);
                let n = view.info.num_groups;
                if (0..3).all(|d| group[d] < n[d]) {
                    Reply::WorkItems(group_work_items(view, group))
                } else {
                    Reply::Message(format!("No work-group {group:?} in this launch."))
                }
            }
        }
    }

    fn list(&self, from: ListFrom, view: &WorkItemView) -> Result<Vec<(u32, String)>, String> {
        let no_source = || "No source code available.".to_string();
        if from == ListFrom::Whole {
            return Ok(whole(view.kernel.source.as_ref().ok_or_else(no_source)?));
        }
        // The file the work-item is in: the program's source or a header.
        let file = files::file_of(view, view.func, view.pc);
        let source = files::source(view, file.as_deref()).ok_or_else(no_source)?;
        let mut st = self.lock();
        let current = inspect::line_of(view, view.func, view.pc).max(1);
        let start = match from {
            ListFrom::Next => st.list_next.unwrap_or(current + 1),
            // The ten lines before the previous listing, or before the current line.
            ListFrom::Previous => match st.list_next {
                Some(next) => next.saturating_sub(20).max(1),
                None => current.saturating_sub(10).max(1),
            },
            ListFrom::Around(0) => return Err("Invalid line number.".into()),
            ListFrom::Around(n) if n as usize > source.len() => {
                return Err("Invalid line number.".into())
            }
            ListFrom::Around(n) => n.saturating_sub(5).max(1),
            ListFrom::Whole => 1,
        };
        let lines: Vec<_> = (start..start + 10)
            .filter_map(|n| source.line(n).map(|t| (n, t.to_string())))
            .collect();
        st.list_next = Some(start + 10);
        Ok(lines)
    }
}

/// Every line of a source, numbered.
fn whole(source: &oclgrind_core::diagnostics::Source) -> Vec<(u32, String)> {
    (1..=source.len() as u32)
        .filter_map(|n| source.line(n).map(|t| (n, t.to_string())))
        .collect()
}

/// The work-group of a global id.
fn group_of(info: &LaunchInfo, global: [u64; 3]) -> [u64; 3] {
    std::array::from_fn(|d| global[d].saturating_sub(info.global_offset[d]) / info.local_size[d])
}

/// A whole memory, as Oclgrind dumps it, sent in pieces: the buffers may be large.
fn dump_memory(view: &WorkItemView, space: AddrSpace, fe: &mut dyn Frontend) {
    const PIECE: u64 = 64 * 1024;
    let mut text = String::from("\n");
    for (addr, size) in view.buffer_ranges(space) {
        for offset in (0..size).step_by(PIECE as usize) {
            let len = PIECE.min(size - offset);
            if let Some(bytes) = view.read(space, addr + offset, len) {
                memory_dump_rows(&mut text, addr + offset, &bytes);
            }
            if text.len() >= 1 << 20 {
                fe.event(&Event::Reply(Reply::Text(std::mem::take(&mut text))));
            }
        }
    }
    if !text.is_empty() {
        fe.event(&Event::Reply(Reply::Text(text)));
    }
}

fn work_item_state(state: WiState) -> WorkItemState {
    match state {
        WiState::NotStarted => WorkItemState::NotStarted,
        WiState::Suspended => WorkItemState::Ready,
        WiState::Running => WorkItemState::Running,
        WiState::AtBarrier => WorkItemState::AtBarrier,
        WiState::AtSubGroupCall => WorkItemState::AtSubGroupCall,
        WiState::Finished => WorkItemState::Finished,
    }
}

/// The launch's progress, group by group.
fn launch_groups(view: &WorkItemView) -> Reply {
    let progress = view.progress();
    let started = progress
        .started
        .into_iter()
        .map(|(group, states)| {
            let mut counts: Vec<(WorkItemState, u64)> = Vec::new();
            for s in states.into_iter().map(work_item_state) {
                match counts.iter_mut().find(|(k, _)| *k == s) {
                    Some((_, n)) => *n += 1,
                    None => counts.push((s, 1)),
                }
            }
            counts.sort_by_key(|&(s, _)| s as u8);
            GroupInfo {
                group,
                counts,
                current: group == view.group,
            }
        })
        .collect();
    Reply::Groups {
        total: progress.total,
        finished: progress.finished,
        finished_ranges: progress.finished_ranges,
        started,
    }
}

fn core_space(space: MemorySpace) -> AddrSpace {
    match space {
        MemorySpace::Global => AddrSpace::Global,
        MemorySpace::Local => AddrSpace::Local,
        MemorySpace::Private => AddrSpace::Private,
    }
}

/// The protocol's name for where memory is (constant memory is global memory here).
fn protocol_space(space: AddrSpace) -> MemorySpace {
    match space {
        AddrSpace::Local => MemorySpace::Local,
        AddrSpace::Private | AddrSpace::Generic => MemorySpace::Private,
        AddrSpace::Global | AddrSpace::Constant => MemorySpace::Global,
    }
}

/// Every work-item of work-group `group` with its state.
fn group_work_items(view: &WorkItemView, group: [u64; 3]) -> Vec<WorkItemInfo> {
    let info = view.info;
    let mut out = Vec::new();
    let start: [u64; 3] =
        std::array::from_fn(|d| group[d] * info.local_size[d] + info.global_offset[d]);
    for z in 0..info.local_size[2] {
        for y in 0..info.local_size[1] {
            for x in 0..info.local_size[0] {
                let global = [start[0] + x, start[1] + y, start[2] + z];
                let Some(state) = view.work_item(global) else {
                    continue;
                };
                out.push(WorkItemInfo {
                    global,
                    state: work_item_state(state),
                    current: global == view.ids.global,
                });
            }
        }
    }
    out
}

impl DebugHook for Engine {
    fn launch_begin(
        &self,
        info: &LaunchInfo,
        kernel: &KernelInstance,
        stops: &StopSet,
        counts: Option<Arc<BlockCounts>>,
    ) {
        let mut st = self.lock();
        // One launch at a time (queues run on threads of their own): the state below is
        // the current launch's.
        while st.launch.is_some() {
            st = self.changed.wait(st).unwrap_or_else(|e| e.into_inner());
        }
        st.counts = counts.map(|blocks| LaunchCounts {
            blocks,
            code: kernel.code.clone(),
            source: kernel.source.clone(),
        });
        st.lines = LineTable::new(kernel);
        st.program = program_key(kernel);
        st.lines.starts.sort_by_key(|&(f, pc, ..)| (f, pc));
        st.last = None;
        st.shown_depth = 0;
        st.pending = None;
        st.focus = None;
        st.error_thread = None;
        st.directives.clear();
        st.waiting.clear();
        st.list_next = None;
        st.resume_at.clear();
        let summary = LaunchSummary {
            kernel: info.kernel.clone(),
            global_size: info.global_size,
            global_offset: info.global_offset,
            local_size: info.local_size,
        };
        st.launch = Some(summary.clone());
        if st.mode != Mode::Quit {
            // Every launch stops at its first source line, in its first work-item (whichever
            // worker thread gets going first).
            st.mode = Mode::Step;
            st.focus = Some(info.global_offset);
            self.place_breakpoints(&st, stops);
        }
        Engine::settle_attention(&st);
        drop(st);
        if self.lock().mode != Mode::Quit {
            self.frontend().event(&Event::LaunchBegin(summary));
        }
    }

    fn launch_end(&self, info: &LaunchInfo) {
        let mut st = self.lock();
        let quit = st.mode == Mode::Quit;
        release_interrupts(&mut st);
        ATTENTION.store(false, Relaxed);
        let diagnostics = std::mem::take(&mut st.diagnostics);
        // Every worker has finished: the counts are complete.
        let counts = st.counts.as_ref().map(LaunchCounts::lines);
        drop(st);
        if !quit {
            let mut fe = self.frontend();
            send_diagnostics(&mut **fe, diagnostics);
            fe.event(&Event::LaunchEnd {
                kernel: info.kernel.clone(),
                counts: counts
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(count, _)| count)
                    .collect(),
            });
        }
        // Only now may the next launch begin, so that its events follow these. An API error
        // the host reported meanwhile was queued for this launch: it goes first.
        loop {
            let mut st = self.lock();
            let late = std::mem::take(&mut st.diagnostics);
            if late.is_empty() || quit {
                st.launch = None;
                break;
            }
            drop(st);
            send_diagnostics(&mut **self.frontend(), late);
        }
        self.changed.notify_all();
    }

    fn attention(&self) -> &AtomicBool {
        &ATTENTION
    }

    fn worker_done(&self) {
        let mut st = self.lock();
        if st.error_thread == Some(std::thread::current().id()) {
            // Its error stop is for whichever worker runs on.
            st.error_thread = None;
            self.changed.notify_all();
        }
    }

    fn output(&self, bytes: &[u8]) {
        // Only the front-end's lock: a prompt on another thread holds it while it reads
        // commands, and this worker is not one it waits for.
        let text = String::from_utf8_lossy(bytes).into_owned();
        self.frontend().event(&Event::Output(text));
    }

    fn stopped(&self, view: &WorkItemView, moment: Moment) -> Resume {
        let me = std::thread::current().id();
        let mut st = self.lock();
        loop {
            if let Some(d) = st.directives.remove(&me) {
                st.waiting.remove(&me);
                return d;
            }
            if st.mode == Mode::Quit {
                st.waiting.remove(&me);
                return Resume::Continue;
            }
            if !st.prompting {
                if let Some(resume) = follow_focus(&st, view) {
                    st.waiting.remove(&me);
                    return resume;
                }
                if let Some(target) = switch_within_group(&st, view) {
                    st.waiting.remove(&me);
                    return Resume::SwitchTo(target);
                }
                match self.decide(&mut st, view, moment, me) {
                    Some(None) => {
                        st.waiting.remove(&me);
                        return Resume::Continue;
                    }
                    Some(Some(reason)) => {
                        st.waiting.remove(&me);
                        if let Some(next) = take_turn_along(&mut st, &reason) {
                            return Resume::SwitchTo(next);
                        }
                        match self.prompt(st, view, reason) {
                            Outcome::Resume(r) => return r,
                            Outcome::Stay | Outcome::Yield => st = self.lock(),
                        }
                        if moment != Moment::Instruction {
                            // Nothing to wait for at a barrier or the end: the switch target
                            // is run by whoever holds its group.
                            return Resume::Park;
                        }
                        // The lock was let go: whatever was to wake this worker may have
                        // happened already, so look again before waiting.
                        continue;
                    }
                    None => {}
                }
            }
            continue_waiting(&mut st, me, view);
            st = self.changed.wait(st).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// Where a work-item is, as far as stepping goes: its source line, or, in a program without
/// any line information (from SPIR-V, say), its LLVM instruction (numbered from 1).
fn step_key(st: &State, view: &WorkItemView) -> u32 {
    if st.lines.starts.is_empty() {
        let f = &view.code().functions[view.func as usize];
        // An op of no instruction (a block's count) is 0: never where a step stops.
        f.op_info(view.pc).inst.checked_add(1).unwrap_or(0)
    } else {
        inspect::line_of(view, view.func, view.pc)
    }
}

/// The work-item of this group the prompt was switched to, when this worker holds the group
/// but was not yet waiting when the switch was made (so it got no directive).
fn switch_within_group(st: &State, view: &WorkItemView) -> Option<[u64; 3]> {
    let target = st.focus?;
    let switched = st.pending == Some(StopReason::Switched);
    (switched && target != view.ids.global && group_of(view.info, target) == view.group)
        .then_some(target)
}

/// After a work-item taken along by a lock-step has made its step (`reason`), the work-item
/// whose turn is next; None when the prompt's own has made it, or when something else (a
/// breakpoint, an error) stopped it, which ends the lock-step there.
fn take_turn_along(st: &mut State, reason: &StopReason) -> Option<[u64; 3]> {
    let along = st.along.as_mut()?;
    let own_turn = st.focus == Some(along.leader);
    let turn_made = matches!(
        reason,
        StopReason::Step | StopReason::Barrier | StopReason::Finished
    );
    if own_turn || !turn_made {
        st.along = None;
        return None;
    }
    let next = match along.queue.pop_front() {
        Some(next) => {
            along.fresh = true;
            next
        }
        None => {
            let along = st.along.take()?;
            st.mode = along.mode;
            st.last = along.last;
            along.leader
        }
    };
    st.focus = Some(next);
    Some(next)
}

/// The other work-items of the sub-group of `view`'s work-item, by sub-group local id.
fn sub_group_mates(view: &WorkItemView) -> Vec<[u64; 3]> {
    let info = view.info;
    let size: [u64; 3] = std::array::from_fn(|d| {
        let start = view.group[d] * info.local_size[d];
        info.local_size[d].min(info.global_size[d] - start)
    });
    let count = size.iter().product::<u64>();
    let local = view.ids.local;
    let me = (local[2] * size[1] + local[1]) * size[0] + local[0];
    let n = info.sub_group_size.max(1);
    let first = me - me % n;
    (first..(first + n).min(count))
        .filter(|&i| i != me)
        .map(|i| {
            let l = [i % size[0], i / size[0] % size[1], i / (size[0] * size[1])];
            std::array::from_fn(|d| {
                info.global_offset[d] + view.group[d] * info.local_size[d] + l[d]
            })
        })
        .collect()
}

/// While the work-item that is to hold the prompt (being stepped, or switched to) waits for
/// its sub-group at a sub-group function, the others of its group run on, so that the
/// sub-group can meet; once a stepped one can run again, the worker holding the group (this
/// one) switches back to it (one switched to is switched to as any other).
fn follow_focus(st: &State, view: &WorkItemView) -> Option<Resume> {
    if st.mode == Mode::Quit {
        return None;
    }
    let focus = st.focus?;
    if focus == view.ids.global || group_of(view.info, focus) != view.group {
        return None;
    }
    let stepping = st.mode != Mode::Continue;
    match view.work_item(focus)? {
        WiState::AtSubGroupCall => Some(Resume::Continue),
        WiState::Suspended if stepping => Some(Resume::SwitchTo(focus)),
        _ => None,
    }
}

fn continue_waiting(st: &mut State, me: ThreadId, view: &WorkItemView) {
    st.waiting.insert(me, (view.ids.global, view.group));
}

/// Errors stop the work-item that caused them (compat §5.1).
impl Plugin for Engine {
    fn name(&self) -> &str {
        "InteractiveDebugger"
    }

    fn interests(&self) -> Interest {
        // The counts: `info counts`, and the TUI's shading of the source.
        Interest::LOG | Interest::INSTRUCTION_COUNTS
    }

    fn log(&self, level: Level, message: &str) {
        if !matches!(level, Level::Warning | Level::Error) {
            return;
        }
        let mut st = self.lock();
        if st.mode == Mode::Quit || st.launch.is_none() {
            return;
        }
        // Queued, not sent: the front-end may be busy prompting on another thread.
        st.diagnostics
            .push((level == Level::Error, message.to_string()));
        // Only a worker of the launch runs a work-item that can stop (not, say, the host
        // thread reporting an API misuse meanwhile).
        if level != Level::Error || !oclgrind_core::exec::debug::in_debug_worker() {
            return;
        }
        st.pending = Some(StopReason::Error);
        st.error_thread = Some(std::thread::current().id());
        ATTENTION.store(true, Relaxed);
    }
}

/// The uninitialised bits of memory read for a memory view (empty without the checker).
fn shadow_of(
    view: &WorkItemView,
    space: oclgrind_core::memory::AddrSpace,
    address: u64,
    bytes: &[u8],
) -> Vec<u8> {
    view.read_shadow(space, address, bytes.len() as u64)
        .unwrap_or_default()
}

/// Where a call's value will be once it returns: the caller's registers, and its type.
struct Returned {
    /// The call depth of the function returning.
    depth: usize,
    caller_base: u32,
    dst: Pc,
    ty: VType,
}

impl Returned {
    /// The value, formatted as C prints its type.
    fn read(&self, view: &WorkItemView) -> String {
        let regs = view.frame_regs(self.caller_base);
        let lane = |k: usize| {
            let bits = regs.get(self.dst as usize + k).copied().unwrap_or(0);
            format::register(self.ty.elem, bits)
        };
        match self.ty.lanes {
            1 => lane(0),
            n => format!(
                "({})",
                (0..n as usize).map(lane).collect::<Vec<_>>().join(",")
            ),
        }
    }
}

/// For `finish`: where the current function's value will arrive, if it returns one the
/// debugger can show.
fn returned_value_site(view: &WorkItemView) -> Option<Returned> {
    let caller = view.frames.last()?;
    let f = view.kernel.code.functions.get(caller.func as usize)?;
    let Some(&Op::Call { site }) = f.code.get(caller.ret_pc.checked_sub(1)? as usize) else {
        return None;
    };
    let call = f.calls.get(site as usize)?;
    Some(Returned {
        depth: view.frames.len(),
        caller_base: caller.base,
        dst: call.dst,
        ty: call.ret_ty?,
    })
}

/// Frame `index` of the work-item counted from the innermost, or its outermost frame.
fn selected_frame(view: &WorkItemView, index: usize) -> inspect::FrameRef {
    let all = inspect::frames(view);
    all[index.min(all.len() - 1)]
}

#[cfg(test)]
mod tests {
    use super::print_expressions;

    #[test]
    fn print_splits_words_only_when_each_is_an_expression() {
        assert_eq!(print_expressions("a b.c d[1]"), ["a", "b.c", "d[1]"]);
        assert_eq!(print_expressions("a + 1"), ["a + 1"]);
        assert_eq!(print_expressions("x"), ["x"]);
    }
}
