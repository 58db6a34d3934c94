//! What an interactive debugger reads of the simulator, in one place.
//!
//! The debugger (the oclgrind-debugger crate) uses core only through this module and the
//! plugin interface (`plugins::{Plugin, Interest, LaunchInfo}`), so that the executor, the
//! bytecode and the lowering can change behind it. Most of it is what `exec::debug` already
//! offers, re-exported: the hook a debugger implements, the stopped work-item it is shown
//! (`WorkItemView`), the stop bits, the moments it is called at and how the work-item goes
//! on. What would otherwise take the bytecode's internals (ops, call sites, register types,
//! the executor's frames and addresses) is answered here by thin wrappers: a function's code
//! as source positions and instruction text (`FunctionCode`), the call stack (`FrameRef`),
//! where variables are, and where a returning call's value will be (`ReturnSite`).

use std::sync::Arc;

use crate::bytecode::{Function, Op, Slot, VType};
use crate::program::KernelCode;

pub use crate::bytecode::{Pc, ScalarTy};
pub use crate::context::Output;
pub use crate::counts::{BlockCounts, LineCount};
pub use crate::debuginfo::{
    DbgType, Encoding, GlobalPlace, KernelDebug, Location, Member, TypeId, Variable,
};
pub use crate::diagnostics::{memory_dump_rows, Diagnostic, Level, Source};
pub use crate::exec::debug::{
    in_debug_worker, DebugHook, HistoryView, LaunchProgress, Moment, PastOp, Resume, StopSet,
    WiState, WorkItemView,
};
pub use crate::exec::KernelInstance;
pub use crate::half;
pub use crate::memory::{resolve, to_generic, AddrSpace};

/// Where an instruction of the bytecode comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SourcePos {
    /// The source line (0: none).
    pub line: u32,
    /// The column (0: unknown).
    pub column: u32,
    /// The file, as an index into its function's files (`FunctionCode::file_name`).
    pub file: u32,
    /// The LLVM instruction it was lowered from (`None`: an op of its own, a block's count).
    pub instruction: Option<u32>,
}

/// A function of a kernel as a debugger reads its code: its name, where each of its
/// instructions comes from, and its LLVM instructions' text.
#[derive(Clone, Copy)]
pub struct FunctionCode<'a>(&'a Function);

impl<'a> FunctionCode<'a> {
    pub fn name(self) -> &'a str {
        &self.0.name
    }

    /// How many instructions (bytecode ops) it has: the pcs are `0..len`.
    pub fn len(self) -> Pc {
        self.0.code.len() as Pc
    }

    pub fn is_empty(self) -> bool {
        self.0.code.is_empty()
    }

    /// Where instruction `pc` comes from (no line for a pc out of range).
    pub fn position(self, pc: Pc) -> SourcePos {
        let info = self.0.op_info(pc);
        SourcePos {
            line: info.line,
            column: info.col,
            file: info.file,
            instruction: (info.inst != u32::MAX).then_some(info.inst),
        }
    }

    /// How many files its source positions name.
    pub fn file_count(self) -> u32 {
        self.0.files.len() as u32
    }

    /// File `index` as the debug information names it (`input.cl` for the program's own
    /// source; may be empty).
    pub fn file_name(self, index: u32) -> Option<&'a str> {
        self.0.files.get(index as usize).map(String::as_str)
    }

    /// File `index` as a path where it can be read (an included header).
    pub fn file_path(self, index: u32) -> Option<&'a str> {
        self.0.file_paths.get(index as usize).map(String::as_str)
    }

    /// The text of the LLVM instruction that instruction `pc` was lowered from.
    pub fn instruction_text(self, pc: Pc) -> Option<&'a str> {
        self.0.inst_text(pc)
    }

    /// Its LLVM instructions, in order: their text and source line (0: none).
    pub fn instructions(self) -> impl ExactSizeIterator<Item = (&'a str, u32)> + 'a {
        self.0.insts.iter().map(|i| (i.text.as_str(), i.line))
    }

    /// Whether instruction `pc` returns from the function.
    pub fn returns_at(self, pc: Pc) -> bool {
        matches!(
            self.0.code.get(pc as usize),
            Some(Op::Ret { .. } | Op::RetVoid)
        )
    }
}

/// Every function of a kernel, the kernel itself first (function 0).
pub fn kernel_functions(kernel: &KernelInstance) -> impl Iterator<Item = FunctionCode<'_>> {
    kernel.code.functions.iter().map(FunctionCode)
}

/// The source-level debug information of a kernel, when it was built with it.
pub fn kernel_debug(kernel: &KernelInstance) -> Option<&KernelDebug> {
    kernel.code.debug.as_ref()
}

/// One frame of a work-item's call stack.
#[derive(Clone, Copy, Debug)]
pub struct FrameRef {
    pub func: u32,
    /// The instruction the frame is at (for callers: their call).
    pub pc: Pc,
    /// Its first register slot.
    pub base: u32,
}

/// Where the value of the call a work-item is in will arrive once it returns: the caller's
/// registers, and its type.
#[derive(Clone, Copy, Debug)]
pub struct ReturnSite {
    /// The call depth of the function returning.
    pub depth: usize,
    caller_base: u32,
    dst: Slot,
    ty: VType,
}

impl ReturnSite {
    /// The value, once it has arrived: the scalar type of its lanes and each lane's bits.
    pub fn read(&self, view: &WorkItemView) -> (ScalarTy, Vec<u64>) {
        let regs = view.frame_regs(self.caller_base);
        let lanes = (0..self.ty.lanes as usize)
            .map(|k| regs.get(self.dst as usize + k).copied().unwrap_or(0))
            .collect();
        (self.ty.elem, lanes)
    }
}

/// What a debugger reads of a stopped work-item beyond the view's own fields: its code, its
/// call stack, its variables and where a call's value will arrive.
impl WorkItemView<'_> {
    /// Function `func` of the running kernel.
    pub fn function_code(&self, func: u32) -> Option<FunctionCode<'_>> {
        self.code().functions.get(func as usize).map(FunctionCode)
    }

    /// The function the work-item is in.
    pub fn current_function(&self) -> FunctionCode<'_> {
        FunctionCode(&self.code().functions[self.func as usize])
    }

    /// The kernel's source-level debug information, when it was built with it.
    pub fn debug_info(&self) -> Option<&KernelDebug> {
        kernel_debug(self.kernel)
    }

    /// The program's source text, when it was built from source.
    pub fn source(&self) -> Option<&Arc<Source>> {
        self.kernel.source.as_ref()
    }

    /// Calls deep (0 in the kernel).
    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    /// The frames of the work-item, innermost first.
    pub fn stack(&self) -> Vec<FrameRef> {
        let mut out = vec![FrameRef {
            func: self.func,
            pc: self.pc,
            base: self.base,
        }];
        for f in self.frames.iter().rev() {
            out.push(FrameRef {
                func: f.func,
                // The call instruction comes just before the return address.
                pc: f.ret_pc.saturating_sub(1),
                base: f.base,
            });
        }
        out
    }

    /// The variables of `frame` that debug information places at its instruction, with
    /// where each is.
    pub fn variables_at(&self, frame: FrameRef) -> Vec<(&Variable, &Location)> {
        (self.debug_info())
            .and_then(|d| d.functions.get(frame.func as usize))
            .map(|f| f.locations_at(frame.pc))
            .unwrap_or_default()
    }

    /// Writes `bytes` at `addr` in `space`: the work-item's private memory, its group's local
    /// memory, or global memory (a generic address is resolved first). Reads through the view
    /// see the bytes at once, and the work-item's state gets them (initialised, for the
    /// Uninitialized checker) before it runs on. False, writing nothing, unless one live
    /// allocation holds them all.
    pub fn write(&self, space: AddrSpace, addr: u64, bytes: &[u8]) -> bool {
        self.queue_write(space, addr, bytes)
    }

    /// Sets register `slot` of `frame` (as `Location::Slots` numbers them) to `bits` (the
    /// register's value, zero-extended), from now on as for `write`. False if the frame has
    /// no such slot.
    pub fn set_register(&self, frame: FrameRef, slot: u32, bits: u64) -> bool {
        self.queue_register(frame.base as usize + slot as usize, bits)
    }

    /// Where a program- or kernel-scope variable is in memory.
    pub fn global_address(&self, place: GlobalPlace) -> Option<(AddrSpace, u64)> {
        Some(match place {
            GlobalPlace::Program(n) => (
                AddrSpace::Global,
                *self.kernel.program_addresses.get(n as usize)?,
            ),
            // Local variable n is the work-group's local buffer n + 1.
            GlobalPlace::Local(n) => (
                AddrSpace::Local,
                crate::memory::encode_address(n as u64 + 1, 0, AddrSpace::Local.offset_bits()),
            ),
        })
    }

    /// Where the value of the call the work-item is in will arrive, if it returns one a
    /// debugger can show (a scalar or a vector).
    pub fn return_site(&self) -> Option<ReturnSite> {
        let caller = self.frames.last()?;
        let f = self.code().functions.get(caller.func as usize)?;
        let Some(&Op::Call { site }) = f.code.get(caller.ret_pc.checked_sub(1)? as usize) else {
            return None;
        };
        let call = f.calls.get(site as usize)?;
        Some(ReturnSite {
            depth: self.frames.len(),
            caller_base: caller.base,
            dst: call.dst,
            ty: call.ret_ty?,
        })
    }
}

/// A launch's instruction counts with the code they count, to be read by source line at any
/// stop (they fill as the launch runs).
pub struct LaunchCounts {
    code: Arc<KernelCode>,
    blocks: Arc<BlockCounts>,
}

impl LaunchCounts {
    pub fn new(kernel: &KernelInstance, blocks: Arc<BlockCounts>) -> LaunchCounts {
        LaunchCounts {
            code: kernel.code.clone(),
            blocks,
        }
    }

    /// The counts so far, per source line (see `counts::by_line`).
    pub fn by_line(&self) -> Vec<LineCount> {
        crate::counts::by_line(&self.code, &self.blocks.snapshot())
    }
}
