//! The debugger's protocol: commands a front-end sends, and the events and replies the engine
//! sends back. Plain data, so that the line mode and the TUI (in process or over a socket) speak
//! the same language.

pub use oclgrind_diagnostic::Diagnostic;
use serde::{Deserialize, Serialize};

/// A memory for `gmem` / `lmem` / `pmem`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MemorySpace {
    Global,
    Local,
    Private,
}

/// What `info` shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum InfoWhat {
    /// The launch and the current work-item (`info`).
    Launch,
    Breakpoints,
    Locals,
    Args,
    WorkItems,
    /// Every work-group of the launch: how many finished, the state of each started one.
    Groups,
    /// The work-items of one work-group (by group id) with their states.
    GroupWorkItems([u64; 3]),
    Displays,
    /// Only the watchpoints of `Breakpoints`.
    Watchpoints,
    /// The selected frame, its caller and its callee.
    Frame,
    /// What each source line has run so far in this launch (instruction counts).
    Counts,
    /// The current work-group's recorded history (`info record`).
    Record,
}

/// What one source line ran: its LLVM instructions and the bytes its loads and stores moved.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineCount {
    /// The file, when it is not the program's source (a header it included).
    pub file: Option<String>,
    /// 0: instructions without a source position.
    pub line: u32,
    pub instructions: u64,
    pub memory_bytes: u64,
}

/// How `up`, `down` and `frame` move the selected frame. Frames are numbered as the
/// backtrace numbers them: the kernel is 0, the innermost call the highest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FrameMove {
    /// Towards the kernel, by this many frames.
    Up(u32),
    /// Towards the innermost call.
    Down(u32),
    /// To frame N; `None` shows the selected one.
    To(Option<u32>),
}

/// Where `list` starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ListFrom {
    /// After the previous listing (first time: after the current line).
    Next,
    /// The lines before the previous listing.
    Previous,
    /// Around a line.
    Around(u32),
    /// Every line of the program (for a source pane; `list` goes on where it was).
    Whole,
}

/// A request from the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// One source line, into calls.
    Step,
    /// One source line, over calls.
    Next,
    /// Until the current function returns.
    Finish,
    Continue,
    /// One LLVM instruction, into calls.
    Stepi,
    /// One LLVM instruction, over calls.
    Nexti,
    /// Back in the current work-group's history (gdb's `reverse-*` commands).
    Reverse(Motion),
    /// A breakpoint at `line` (the current line when `None`), stopping only when `condition`
    /// holds; a temporary one is deleted when it is hit.
    Break {
        /// An included file (by path or its last parts); `None`: the program's source, or
        /// with no line the current location's file.
        #[serde(default)]
        file: Option<String>,
        line: Option<u32>,
        condition: Option<String>,
        temporary: bool,
    },
    /// Sets (or with `None` removes) the condition of a breakpoint.
    Condition {
        number: u32,
        condition: Option<String>,
    },
    /// Deletes one breakpoint, watchpoint or display number, or all breakpoints.
    Delete {
        number: Option<u32>,
    },
    /// Stops when the memory of an expression changes.
    Watch {
        expr: String,
    },
    /// Prints an expression at every stop (and now).
    Display {
        expr: String,
        format: Option<char>,
    },
    Undisplay {
        number: Option<u32>,
    },
    /// Each of `exprs` as typed after `print`: one expression, or several separated by
    /// spaces, which the engine splits as `print` does (it can tell what an expression is).
    Print {
        exprs: Vec<String>,
        format: Option<char>,
    },
    /// `x/NFU expr`: `count` units of `unit` bytes in `format`.
    Examine {
        expr: String,
        count: u64,
        format: char,
        unit: u64,
    },
    /// Switch to the work-item with this global id.
    WorkItem {
        global: [u64; 3],
    },
    /// Whether a step, next or finish runs the other work-items of the current one's
    /// sub-group the same way first (`None`: say which).
    Lockstep {
        on: Option<bool>,
    },
    Memory {
        space: MemorySpace,
        address: Option<u64>,
        size: Option<u64>,
    },
    Info(InfoWhat),
    List(ListFrom),
    Backtrace,
    /// `up`, `down`, `frame`: selects the frame that `print`, `info locals` and `info args`
    /// look at (until the next stop).
    SelectFrame(FrameMove),
    /// The LLVM IR of the selected frame's function, its current instruction marked.
    Disassemble,
    /// Every line of a file of the program: its source (`None`) or an included file.
    SourceOf {
        file: Option<String>,
    },
    /// Up to `size` bytes of memory at an address (fewer near the end of its buffer), answered
    /// with `MemoryOf` (for a memory view).
    MemoryAt {
        space: MemorySpace,
        address: u64,
        size: u64,
    },
    /// Up to `size` bytes of the memory an expression names: what a pointer points to, or
    /// the variable itself (for a memory view).
    MemoryOf {
        expr: String,
        size: u64,
    },
    /// The variables of a scope of the selected frame, each with how to reach its parts
    /// (answered with `Variables` as `VariableList`).
    Variables(VariableScope),
    /// The parts of what an expression names: a struct's members, an array's or a vector's
    /// elements (`start` and at most `count` of them), a pointer's target (answered with
    /// `VariableList`).
    Children {
        expr: String,
        #[serde(default)]
        start: u64,
        #[serde(default)]
        count: Option<u64>,
    },
    /// One expression as a variable with parts (hover, watch): answered with a
    /// `VariableList` of one.
    Evaluate {
        expr: String,
    },
    /// Assigns `value` (an expression) to the private variable or memory `expr` names, in the
    /// selected frame; answered with a `VariableList` of the new value, or a `Message` saying
    /// why not.
    SetVariable {
        expr: String,
        value: String,
    },
    /// Writes bytes to memory at an address (a memory view); answered with `Written`.
    WriteMemory {
        space: MemorySpace,
        address: u64,
        bytes: Vec<u8>,
    },
    Quit,
}

impl Command {
    /// Whether the kernel runs (forwards or back) after this command: the engine answers it
    /// with the next stop, not a reply, and prompts only then. Front-ends treat the time
    /// until that stop as running (Ctrl-C interrupts, what the last stop showed is stale).
    pub fn runs(&self) -> bool {
        matches!(
            self,
            Command::Step
                | Command::Next
                | Command::Finish
                | Command::Continue
                | Command::Stepi
                | Command::Nexti
                | Command::Reverse(_)
        )
    }
}

/// How far a reverse command goes back: as far as its forward twin goes forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Motion {
    /// To the start of the previous source line, into calls (`reverse-step`).
    Step,
    /// To the start of the previous source line of this function (`reverse-next`).
    Next,
    /// To the call of the current function (`reverse-finish`).
    Finish,
    /// To the previous breakpoint or watched change, or the start of the history
    /// (`reverse-continue`).
    Continue,
    /// One LLVM instruction, into calls (`reverse-stepi`).
    Stepi,
    /// One LLVM instruction of this function (`reverse-nexti`).
    Nexti,
}

/// Which variables `Command::Variables` lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VariableScope {
    /// The selected frame's local variables.
    Locals,
    /// The selected frame's parameters.
    Args,
    /// The current work-group's `__local` variables (those the kernel declares, and the
    /// buffers its `__local` pointer arguments were given).
    GroupLocal,
}

/// A variable for a variables view: its value and type, and how to reach its parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct VariableInfo {
    /// As a view shows it: `x`, `[3]`, `s0`, `*p`.
    pub name: String,
    /// An expression `print` accepts that names it (`a[3]`, `s.x`, `*p`), for `Children`,
    /// `Evaluate` and `SetVariable`.
    pub expr: String,
    /// The value as `print` shows it, or why there is none.
    pub value: Result<String, ValueError>,
    /// The source type (`float4`, `struct pair`, `__global int *`), when known.
    #[serde(default)]
    pub type_name: Option<String>,
    /// How many parts `Children` gives: members, elements, components; 1 for a pointer
    /// that can be followed; 0 for a scalar.
    #[serde(default)]
    pub children: u64,
    /// Where its bytes are, for a memory view: the target of a pointer, or the variable's
    /// own storage when it has an address.
    #[serde(default)]
    pub memory: Option<(MemorySpace, u64)>,
}

/// Why a work-item stopped.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StopReason {
    /// The first source line of a launch.
    LaunchStart,
    /// A step, next or finish completed.
    Step,
    Breakpoint {
        number: u32,
        /// The breakpoint's condition could not be evaluated (it stops, like gdb).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        condition_error: Option<String>,
    },
    Watchpoint {
        number: u32,
        expr: String,
        old: String,
        new: String,
    },
    /// An error was reported (it has been shown).
    Error,
    /// Ctrl-C.
    Interrupted,
    /// The work-item reached a barrier.
    Barrier,
    /// The work-item finished.
    Finished,
    /// The user switched to this work-item.
    Switched,
    /// Going back reached the start of the recorded history.
    NoHistory,
}

/// Where a work-item is.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub global: [u64; 3],
    pub local: [u64; 3],
    pub group: [u64; 3],
    pub function: String,
    /// Parameters and their values, for `In function f(a=1, ...)`.
    pub args: Vec<(String, String)>,
    /// The included file the line is in (`None`: the program's source).
    #[serde(default)]
    pub file: Option<String>,
    /// 0 when the instruction has no source line.
    pub line: u32,
    /// The text of the line.
    pub source: Option<String>,
    /// The instruction, when there is no source line.
    pub instruction: Option<String>,
    /// Calls deep (0 in the kernel).
    pub depth: usize,
    /// The work-item has finished / waits at a barrier.
    pub finished: bool,
    pub at_barrier: bool,
}

/// An expression displayed at every stop, with its value (or the error).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Displayed {
    pub number: u32,
    pub expr: String,
    pub value: Result<String, ValueError>,
}

/// Why an expression has no value: the engine's message (gdb's words), and the kind of
/// failure, which the line mode words as Oclgrind does in scripts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueError {
    pub kind: ValueErrorKind,
    pub message: String,
}

/// What kind of failure a [`ValueError`] is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValueErrorKind {
    /// A name no variable in scope has.
    NoSymbol,
    /// A member the struct or vector does not have (its name).
    NoMember(String),
    /// The expression ended too early (`s.`, `a +`).
    EndedEarly,
    Other,
}

impl std::fmt::Display for ValueError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// A stop: the front-end prompts for commands until one resumes execution.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stopped {
    pub reason: StopReason,
    pub position: Position,
    /// The call depth differs from where the last step began (0 before any): Oclgrind then
    /// names the function.
    pub entered_function: bool,
    /// The stop is in another work-item than the previous one.
    #[serde(default)]
    pub other_work_item: bool,
    /// A `finish` ended here: the value the function returned.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub returned: Option<String>,
    pub displays: Vec<Displayed>,
    /// The stop is in the recorded past: the state shown is as it was then, and commands
    /// that go forward replay the history up to the present.
    #[serde(default)]
    pub replaying: bool,
}

/// A frame of a backtrace, innermost first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrameInfo {
    pub depth: usize,
    pub function: String,
    pub args: Vec<(String, String)>,
    pub line: u32,
    /// The included file the line is in (`None`: the program's source).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The column of the frame's current position (0: unknown).
    #[serde(default)]
    pub column: u32,
    /// The index of the frame's current instruction in its function (as `Disassemble`
    /// numbers them).
    #[serde(default)]
    pub instruction: usize,
}

/// One work-item of the launch, for `info workitems` and the TUI's grid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct WorkItemInfo {
    pub global: [u64; 3],
    pub state: WorkItemState,
    pub current: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkItemState {
    NotStarted,
    Ready,
    Running,
    AtBarrier,
    /// Waiting for its sub-group at a sub-group function (`sub_group_reduce_add`, ...).
    AtSubGroupCall,
    Finished,
}

/// A started, unfinished work-group and how many of its work-items are in each state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupInfo {
    pub group: [u64; 3],
    pub counts: Vec<(WorkItemState, u64)>,
    /// The current work-item is in it.
    pub current: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BreakpointInfo {
    pub number: u32,
    /// The included file it is in (`None`: the program's source).
    #[serde(default)]
    pub file: Option<String>,
    /// `None` for watchpoints.
    pub line: Option<u32>,
    pub watch: Option<String>,
    pub condition: Option<String>,
    pub temporary: bool,
    pub hits: u64,
}

/// The launch, for `info`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LaunchSummary {
    pub kernel: String,
    pub global_size: [u64; 3],
    pub global_offset: [u64; 3],
    pub local_size: [u64; 3],
}

/// A command's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reply {
    /// `print`: each expression with its value or error.
    Values(Vec<(String, Result<String, ValueError>)>),
    /// `info locals` / `info args`.
    Variables(Vec<(String, String)>),
    Backtrace(Vec<FrameInfo>),
    /// The frame now selected, with its current source line.
    Frame {
        frame: FrameInfo,
        source: Option<String>,
    },
    /// `info frame`: the selected frame, the one that called it and the one it called.
    FrameDetails {
        frame: FrameInfo,
        caller: Option<FrameInfo>,
        callee: Option<FrameInfo>,
    },
    /// `MemoryOf`: the bytes from `address` on.
    MemoryOf {
        expr: String,
        space: MemorySpace,
        address: u64,
        bytes: Vec<u8>,
        /// With `--uninitialized`: each byte's uninitialised bits (as many as `bytes`);
        /// empty when that is not known.
        #[serde(default)]
        uninitialized: Vec<u8>,
    },
    /// `disassemble`: a function's LLVM IR instructions, and which one is current.
    Disassembly {
        function: String,
        instructions: Vec<String>,
        current: Option<usize>,
        /// The source line of each instruction (0: none), to match them to the source.
        #[serde(default)]
        lines: Vec<u32>,
    },
    /// Numbered source lines.
    Source(Vec<(u32, String)>),
    /// Memory: rows of (address, bytes).
    Memory(Vec<(u64, Vec<u8>)>),
    /// Formatted text (a whole-memory dump, `x` output).
    Text(String),
    WorkItems(Vec<WorkItemInfo>),
    /// `info groups`: the launch's progress (groups neither finished nor started have not
    /// started).
    Groups {
        total: u64,
        finished: u64,
        /// The finished groups as half-open ranges of linear indices (x fastest).
        finished_ranges: Vec<(u64, u64)>,
        started: Vec<GroupInfo>,
    },
    Breakpoints(Vec<BreakpointInfo>),
    Displays(Vec<Displayed>),
    /// `info`: the launch and where the current work-item is (`None` when all finished).
    Launch {
        summary: LaunchSummary,
        current: Option<Box<Position>>,
    },
    /// `info counts`: the kernel's instruction counts so far, by source line, with each
    /// line's text where the source has it.
    Counts {
        kernel: String,
        lines: Vec<(LineCount, Option<String>)>,
    },
    /// `Variables`, `Children`, `Evaluate`, `SetVariable`.
    VariableList(Vec<VariableInfo>),
    /// `WriteMemory`: how many bytes were written (fewer at the end of a buffer).
    Written(u64),
    /// `info record`: the current work-group's history.
    Record(RecordInfo),
    /// A confirmation or an error, as a sentence.
    Message(String),
}

/// The current work-group's recorded history, in instructions (gdb's instruction numbers:
/// position N is the state before the group's Nth instruction, counted from 0).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordInfo {
    /// The first position still kept.
    pub lowest: u64,
    /// The present: the position after the last instruction run.
    pub highest: u64,
    /// Where the stop is, when it is in the past.
    pub current: Option<u64>,
    /// Bytes the history holds, and at most keeps (`--history-size`).
    pub bytes: u64,
    pub limit: u64,
}

/// What the engine sends to the front-end.
// Events go one at a time, at a stop's pace: boxing the large stop would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    LaunchBegin(LaunchSummary),
    LaunchEnd {
        kernel: String,
        /// What each source line ran in the launch (a TUI shades its source by it).
        #[serde(default)]
        counts: Vec<LineCount>,
    },
    /// A diagnostic the simulator reported (the Logger prints it too; a TUI shows it in its
    /// own pane). Sent before the stop it caused, or at the end of the launch.
    Diagnostic(Diagnostic),
    /// Text the kernel printed (`printf`), when it was printed.
    Output(String),
    /// A work-item stopped: prompt for commands.
    Stopped(Stopped),
    Reply(Reply),
    /// No more prompts (quit).
    Detached,
}

/// What the engine sends to a front-end in another process: its events, and a request for
/// the next command (answered with an `Option<Command>`, `None` meaning quit).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ToFrontend {
    Event(Box<Event>),
    Prompt,
}

/// A message as one line of the wire format (JSON, without its newline).
pub fn encode_line<T: Serialize>(message: &T) -> Option<String> {
    serde_json::to_string(message).ok()
}

/// What the engine reads from a front-end in another process: the answer to a prompt, one
/// line; `None` (quit) for a line that is not a command.
pub fn decode_command_line(line: &str) -> Option<Command> {
    serde_json::from_str::<Option<Command>>(line).ok().flatten()
}

/// What a front-end reads from the engine in another process: one line; `None` for a line
/// that is not a message (it is skipped).
pub fn decode_frontend_line(line: &str) -> Option<ToFrontend> {
    serde_json::from_str::<ToFrontend>(line).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + std::fmt::Debug>(v: T) {
        let text = serde_json::to_string(&v).expect("serialises");
        let back: T = serde_json::from_str(&text).expect("deserialises");
        assert_eq!(back, v, "{text}");
    }

    #[test]
    fn commands_round_trip() {
        round_trip(Command::Break {
            file: Some("put.h".into()),
            line: Some(12),
            condition: Some("i == 3".into()),
            temporary: true,
        });
        round_trip(Command::Examine {
            expr: "&a[2]".into(),
            count: 4,
            format: 'x',
            unit: 4,
        });
        round_trip(Command::Memory {
            space: MemorySpace::Local,
            address: Some(0x40),
            size: None,
        });
        round_trip(Command::List(ListFrom::Around(7)));
        round_trip(Command::Info(InfoWhat::WorkItems));
        round_trip(Command::Info(InfoWhat::Groups));
        round_trip(Command::List(ListFrom::Whole));
        round_trip(Command::Disassemble);
        round_trip(Command::SourceOf {
            file: Some("/src/put.h".into()),
        });
        round_trip(Command::MemoryOf {
            expr: "p".into(),
            size: 64,
        });
        round_trip(Command::Info(InfoWhat::GroupWorkItems([1, 2, 0])));
        round_trip(Command::MemoryAt {
            space: MemorySpace::Local,
            address: 0x40,
            size: 256,
        });
        round_trip(Event::Reply(Reply::MemoryOf {
            expr: "p".into(),
            space: MemorySpace::Global,
            address: 0x1000,
            bytes: vec![1, 2],
            uninitialized: vec![0, 0xff],
        }));
        round_trip(Event::Reply(Reply::Disassembly {
            function: "k".into(),
            instructions: vec!["%1 = add i32 %0, 1".into(), "ret void".into()],
            current: Some(1),
            lines: vec![3, 4],
        }));
        round_trip(Command::WorkItem { global: [1, 2, 3] });
        round_trip(Command::Reverse(Motion::Nexti));
    }

    #[test]
    fn commands_that_run_the_kernel() {
        for c in [
            Command::Continue,
            Command::Stepi,
            Command::Reverse(Motion::Continue),
            Command::Reverse(Motion::Finish),
        ] {
            assert!(c.runs(), "{c:?}");
        }
        for c in [
            Command::Quit,
            Command::Backtrace,
            Command::Info(InfoWhat::Record),
        ] {
            assert!(!c.runs(), "{c:?}");
        }
    }

    #[test]
    fn events_round_trip() {
        let position = Position {
            global: [1, 0, 0],
            local: [1, 0, 0],
            group: [0, 0, 0],
            file: Some("/src/put.h".into()),
            function: "k".into(),
            args: vec![("n".into(), "4".into())],
            line: 7,
            source: Some("  x = y;".into()),
            instruction: None,
            depth: 0,
            finished: false,
            at_barrier: false,
        };
        round_trip(Event::Stopped(Stopped {
            reason: StopReason::Watchpoint {
                number: 2,
                expr: "a[1]".into(),
                old: "1".into(),
                new: "2".into(),
            },
            position: position.clone(),
            entered_function: true,
            other_work_item: false,
            returned: None,
            displays: vec![Displayed {
                number: 1,
                expr: "i".into(),
                value: Err(ValueError {
                    kind: ValueErrorKind::Other,
                    message: "value has been optimized out".into(),
                }),
            }],
            replaying: true,
        }));
        round_trip(Event::Reply(Reply::Launch {
            summary: LaunchSummary {
                kernel: "k".into(),
                global_size: [16, 1, 1],
                global_offset: [0; 3],
                local_size: [4, 1, 1],
            },
            current: Some(Box::new(position.clone())),
        }));
        round_trip(Event::Stopped(Stopped {
            reason: StopReason::Breakpoint {
                number: 3,
                condition_error: Some("No symbol \"q\" in current context.".into()),
            },
            position: position.clone(),
            entered_function: false,
            other_work_item: false,
            returned: None,
            displays: vec![],
            replaying: false,
        }));
        round_trip(Event::Diagnostic(Diagnostic::api_error(
            "clCreateBuffer",
            "CL_INVALID_BUFFER_SIZE",
            Some("size is 0".into()),
        )));
        round_trip(Event::LaunchEnd {
            kernel: "k".into(),
            counts: vec![LineCount {
                file: Some("h.h".into()),
                line: 3,
                instructions: 12,
                memory_bytes: 8,
            }],
        });
        round_trip(Event::Reply(Reply::Groups {
            total: 16,
            finished: 3,
            finished_ranges: vec![(0, 2), (5, 6)],
            started: vec![GroupInfo {
                group: [3, 0, 0],
                counts: vec![(WorkItemState::Running, 1), (WorkItemState::AtBarrier, 3)],
                current: true,
            }],
        }));
        round_trip(ToFrontend::Prompt);
        round_trip(ToFrontend::Event(Box::new(Event::Detached)));
        round_trip(Some(Command::Step));
        round_trip(None::<Command>);
        round_trip(Event::Output("gid 3: \u{e9}\n".into()));
        round_trip(Event::Reply(Reply::WorkItems(vec![WorkItemInfo {
            global: [0; 3],
            state: WorkItemState::AtBarrier,
            current: true,
        }])));
        round_trip(Event::Reply(Reply::Memory(vec![(
            0x1000,
            vec![1, 2, 3, 4],
        )])));
    }
}
