//! Why a command is refused: one variant per refusal, shown as the sentence Oclgrind or gdb
//! says for it. The prompt sends it to the front-end as a `Reply::Message`.

use crate::expr::ExprError;

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// An expression (of `print`, `x`, `watch`, a condition ...) that cannot be evaluated.
    #[error(transparent)]
    Expr(#[from] ExprError),

    // Execution control.
    #[error("Work-item has finished.")]
    Finished,
    #[error("Work-item is at barrier.")]
    AtBarrier,
    #[error("Work-item is waiting for its sub-group.")]
    AtSubGroupCall,
    #[error("\"finish\" not meaningful in the outermost frame.")]
    FinishInOutermostFrame,

    // Breakpoints and displays.
    #[error("Breakpoints only valid when source is available.")]
    BreakpointsNeedSource,
    /// Built without debug information (-g0): no instruction has a line.
    #[error("Breakpoints need line information, which this program lacks.")]
    BreakpointsNeedLines,
    #[error("Not currently on a line.")]
    NotOnALine,
    #[error("No source file named {0}.")]
    NoSourceFile(String),
    #[error("Invalid line number.")]
    InvalidLine,
    #[error("Line {0} has no code, nor has any line after it.")]
    NoCodeFrom(u32),
    #[error("Breakpoint not found.")]
    NoBreakpoint,
    #[error("No display number {0}.")]
    NoDisplay(u32),
    #[error("Undefined output format.")]
    UndefinedFormat,

    // Inspection.
    #[error("No source code available.")]
    NoSource,
    #[error("Invalid address.")]
    UnalignedAddress,
    #[error("Invalid memory address.")]
    InvalidAddress,
    #[error("Initial frame selected; you cannot go up.")]
    OutermostFrame,
    #[error("Bottom (innermost) frame selected; you cannot go down.")]
    InnermostFrame,
    #[error("No frame at level {0}.")]
    NoFrame(u32),

    // Work-items.
    #[error("Invalid global ID.")]
    NoWorkItem,
    #[error("Work-item has already finished, unable to load state.")]
    WorkItemFinished,
    #[error("No work-group {0:?} in this launch.")]
    NoWorkGroup([u64; 3]),

    // Going back.
    #[error("The history is off (--history-size 0): reverse execution is not available.")]
    HistoryOff,
    #[error("The kernel's state cannot be changed while replaying its history; continue to the present first.")]
    ReplayReadOnly,
    #[error("Other work-items cannot be shown while replaying the history; continue to the present first.")]
    ReplaySwitch,

    // Changing state.
    #[error("Cannot assign to {0}: its value lives in no memory.")]
    NotAssignable(String),
    #[error("Cannot assign to {0}: it has been optimized out here.")]
    AssignOptimizedOut(String),
    #[error("Cannot assign to {0}: it is a constant here.")]
    AssignConstant(String),
    #[error("Cannot assign to {0}: only a whole variable held in registers can be set.")]
    AssignRegisterPart(String),
}
