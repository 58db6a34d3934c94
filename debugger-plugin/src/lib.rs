//! oclgrind-debugger: the interactive debugger (compat §5).
//!
//! `engine` decides when work-items stop and runs the user's commands; `protocol` (from the
//! oclgrind-debug-protocol crate, which front-ends use without the simulator) is what it
//! exchanges with a front-end, `line` the line-mode front-end, `remote` the engine's end of a
//! front-end in another process. `target` is the debugger's view of a stopped work-item,
//! `inspect` reads one (frames, variables, memory), `expr` evaluates the expressions of
//! `print`, `display`, `watch` and breakpoint conditions, and `format` turns values and memory
//! into text. The simulator is read only through `oclgrind_core::debugging` and the plugin
//! interface.
//!
//! # The front-end API
//!
//! Every front-end — the line mode (`LineFrontend`), the TUI (the oclgrind-tui crate, in this
//! process or through `remote::SocketFrontend` from another), and any other, such as a Debug
//! Adapter Protocol server — is one thing: an implementation of [`Frontend`], handed to
//! [`Engine::new`]. Commands go in as the protocol's [`protocol::Command`]; everything comes
//! out as typed [`protocol::Event`]s, values and errors included. The engine calls the
//! front-end from the simulator's threads (the worker that holds the prompt; any worker for
//! kernel output), one call at a time.
//!
//! - `Frontend::event` receives, in order: `LaunchBegin`; `Stopped` when a work-item stops
//!   (its position, arguments and displays); for each command, its answers; `Output` (kernel
//!   `printf`) and `Diagnostic` whenever they happen (diagnostics before the stop they
//!   caused); `LaunchEnd` (with the launch's instruction counts by line); `Detached` after
//!   `quit`.
//! - `Frontend::command` is called after `Stopped` and after each command's answers: the
//!   next command, or `None` when the user has gone (it then ends like `quit`). So the
//!   answer to one command is everything sent between the `command` call that returned it
//!   and the next `command` call: zero or more `Event::Reply`s (`Reply::Message` for a
//!   confirmation or a refusal: the text of an `engine::CommandError` or `expr::ExprError`),
//!   or, for `workitem` with the current work-item, a `Stopped`. A command that runs the
//!   kernel on (`step`, `next`, `finish`, `continue`, `workitem` with another) is answered by
//!   the next `Stopped` or `LaunchEnd`.
//! - Work-items are the threads of a debugging session: `Info(WorkItems)` and
//!   `Info(GroupWorkItems)` list them with their states, `WorkItem` switches the prompt to
//!   one. A stopped work-item's frames come from `Backtrace` (innermost first, numbered from
//!   the kernel, 0) and `SelectFrame`, its variables from `Info(Locals)` and `Info(Args)` (of
//!   the selected frame), expressions are evaluated by `Print` (in the selected frame), memory is read by
//!   `MemoryAt` and `MemoryOf` (with which bits are uninitialised), and `Disassemble` gives
//!   the selected frame's LLVM IR with each instruction's source line (a `FrameInfo`'s
//!   `instruction` indexes it).
//! - A variables view (a Debug Adapter Protocol server's) gets `VariableList`s: `Variables`
//!   (the selected frame's locals or parameters, or the work-group's `__local` variables),
//!   `Children` (the members, elements, lanes or target of an expression, paged) and
//!   `Evaluate`, each variable with an expression `print` accepts that names it, its type,
//!   how many parts it has and where its bytes are. `SetVariable` assigns in the selected
//!   frame (memory, or a variable held in registers) and `WriteMemory` writes bytes; what
//!   they change is what the kernel sees when it runs on, and is initialised. A front-end
//!   that needs more gets it as a new `Command` and `Reply` pair in the protocol, answered
//!   by the engine module of its family (`inspection`, `variables`, `memory`).
//!
//! Ctrl-C is [`engine::interrupt`]; API misuse the runtime reports goes through
//! [`Engine::report_api_error`].

pub mod engine;
pub mod expr;
mod files;
pub mod format;
mod inspect;
pub mod line;
pub mod remote;
pub mod target;

pub use engine::{CommandError, Engine, Frontend};
pub use line::LineFrontend;
pub use oclgrind_debug_protocol::protocol;
