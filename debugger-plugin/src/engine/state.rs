//! What the engine remembers between stops: how execution goes on, the breakpoints,
//! watchpoints and displays, and the current launch. One `State` behind the engine's lock.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::thread::ThreadId;

use oclgrind_core::debugging::{AddrSpace, KernelInstance, Pc, Resume, ReturnSite};

use super::counts::Counts;
use super::diagnostics::Queued;
use super::lines::LineTable;
use super::reverse::Arrival;
use crate::format::Format;
use crate::protocol::{LaunchSummary, StopReason};

/// How execution goes on from the prompt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
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

pub(super) struct Watch {
    pub expr: String,
    /// Whose memory it is: private memory is one work-item's, local memory one group's.
    pub owner: Option<[u64; 3]>,
    pub space: AddrSpace,
    pub addr: u64,
    pub len: u64,
    pub bytes: Vec<u8>,
    pub text: String,
}

pub(super) struct Breakpoint {
    /// The program a line breakpoint belongs to (see `program_key`).
    pub program: u64,
    /// The included file of a line breakpoint (`None`: the program's source).
    pub file: Option<String>,
    pub line: Option<u32>,
    pub watch: Option<Watch>,
    pub condition: Option<String>,
    pub temporary: bool,
    pub hits: u64,
}

pub(super) struct Display {
    pub number: u32,
    pub expr: String,
    pub format: Format,
}

/// (work-item, function, line or instruction, depth): where a work-item was at a prompt.
pub(super) type At = ([u64; 3], u32, u32, usize);

pub(super) struct State {
    pub mode: Mode,
    /// The work-item that holds, or is to get, the prompt.
    pub focus: Option<[u64; 3]>,
    pub prompting: bool,
    pub breakpoints: BTreeMap<u32, Breakpoint>,
    /// The program of the current launch (see `program_key`).
    pub program: u64,
    pub next_breakpoint: u32,
    pub displays: Vec<Display>,
    pub next_display: u32,
    /// Where the work-item was at the last prompt.
    pub last: Option<At>,
    /// The call depth Oclgrind compares a stop's with to name the function: 0 at a launch's
    /// start, then the depth where the last step, next or finish began (`continue` and the
    /// stops themselves leave it).
    pub shown_depth: usize,
    /// Why the next prompt happens, when something other than stepping decided it.
    pub pending: Option<StopReason>,
    pub error_thread: Option<ThreadId>,
    /// Orders for workers waiting at an instruction boundary.
    pub directives: HashMap<ThreadId, Resume>,
    /// Waiting workers: their work-item and work-group.
    pub waiting: HashMap<ThreadId, ([u64; 3], [u64; 3])>,
    pub launch: Option<LaunchSummary>,
    pub lines: LineTable,
    /// Where `list` continues.
    pub list_next: Option<u32>,
    /// Where the value of the call that `finish` runs to the end of will be.
    pub finishing: Option<ReturnSite>,
    /// The frame `up`, `down` and `frame` selected, counted from the innermost (0); reset at
    /// every stop.
    pub frame: usize,
    /// Work-items left at a prompt without running on (switched away from): the breakpoint
    /// they stopped at does not fire again when they resume there.
    pub resume_at: HashMap<[u64; 3], (u32, Pc)>,
    /// The SIGINT handler ours replaced while the kernel runs on after `continue`.
    pub previous_handler: Option<libc::sighandler_t>,
    /// Diagnostics not yet sent to the front-end as events (see `diagnostics`).
    pub diagnostics: Vec<Queued>,
    /// The current launch's instruction counts, as they fill.
    pub counts: Option<Counts>,
    /// `lockstep on`: steps take the focus's sub-group along (`StepAlong`).
    pub lockstep: bool,
    pub along: Option<StepAlong>,
    /// `stepi` and `nexti`: steps go by LLVM instruction, not by line.
    pub by_instruction: bool,
    /// Where a reverse command is taking the group (`reverse`).
    pub arrival: Option<Arrival>,
}

/// A step, next or finish in lock-step: the other work-items of the prompt's sub-group each
/// make it in turn (each from where it is), then the prompt's own work-item, which then
/// holds the prompt as after any step.
pub(super) struct StepAlong {
    pub leader: [u64; 3],
    /// The leader's step, and its position at the prompt (`State::last`), for its turn.
    pub mode: Mode,
    pub last: Option<At>,
    /// The work-items still to take their turn after the one now stepping.
    pub queue: VecDeque<[u64; 3]>,
    /// The one now stepping has not yet run: its step begins where it is.
    pub fresh: bool,
}

impl State {
    /// Before the first launch: the first launch stops at its first line.
    pub fn new() -> State {
        State {
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
            by_instruction: false,
            arrival: None,
        }
    }

    /// Forgets the last launch's work-items and positions (breakpoints and displays stay).
    pub fn begin_launch(&mut self, kernel: &KernelInstance, summary: LaunchSummary) {
        self.lines = LineTable::new(kernel);
        self.program = program_key(kernel);
        self.last = None;
        self.shown_depth = 0;
        self.pending = None;
        self.focus = None;
        self.error_thread = None;
        self.directives.clear();
        self.waiting.clear();
        self.list_next = None;
        self.resume_at.clear();
        self.arrival = None;
        self.launch = Some(summary);
    }

    /// A new breakpoint's (or watchpoint's) number; they share one sequence.
    pub fn add_breakpoint(&mut self, b: Breakpoint) -> u32 {
        let n = self.next_breakpoint;
        self.next_breakpoint += 1;
        self.breakpoints.insert(n, b);
        n
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
