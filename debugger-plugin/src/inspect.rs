//! Reading a stopped work-item: its frames, variables, position and memory, as protocol data.

use oclgrind_core::debugging::{
    AddrSpace, FrameRef, KernelDebug, Location, Pc, Variable, WiState, WorkItemView,
};

use crate::expr::{self, Evaluated, ExprError};
use crate::format::{self, Format};
use crate::protocol::{FrameInfo, Position, Reply};
use crate::target::{Place, Target, Value};

fn empty_debug() -> &'static KernelDebug {
    static EMPTY: std::sync::OnceLock<KernelDebug> = std::sync::OnceLock::new();
    EMPTY.get_or_init(KernelDebug::default)
}

/// A frame of a stopped work-item, as the expression evaluator sees it.
pub struct FrameTarget<'v, 'a> {
    pub view: &'v WorkItemView<'a>,
    pub frame: FrameRef,
}

impl Target for FrameTarget<'_, '_> {
    fn debug(&self) -> &KernelDebug {
        self.view.debug_info().unwrap_or_else(|| empty_debug())
    }

    fn read(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
        self.view.read(space, addr, len)
    }

    fn read_shadow(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
        self.view.read_shadow(space, addr, len)
    }

    fn call(&self, name: &str, args: &[u64]) -> Option<Result<u64, usize>> {
        self.view.work_item_function(name, args)
    }

    fn lookup(&self, name: &str) -> Option<Value> {
        let debug = self.view.debug_info()?;
        if let Some((var, location)) = variable_named(self.view, self.frame, name) {
            let regs = self.view.frame_regs(self.frame.base);
            let shadow = self.view.frame_shadow(self.frame.base);
            return Some(Value {
                ty: var.ty,
                place: place_of(location, &regs, shadow.as_deref()),
            });
        }
        let g = debug.globals.iter().find(|g| g.name == name)?;
        let (space, addr) = self.view.global_address(g.place)?;
        Some(Value {
            ty: g.ty,
            place: Place::Memory { space, addr },
        })
    }
}

/// The variable `name` of `frame` and where it is: the innermost declaration when names
/// repeat, and one the optimiser kept over one it removed.
pub fn variable_named<'v>(
    view: &'v WorkItemView,
    frame: FrameRef,
    name: &str,
) -> Option<(&'v Variable, &'v Location)> {
    let mut candidates: Vec<_> = (view.variables_at(frame).into_iter())
        .rev()
        .filter(|(v, _)| v.name == name)
        .collect();
    candidates.sort_by_key(|(_, l)| matches!(l, Location::OptimizedOut));
    candidates.into_iter().next()
}

/// Where a variable's bytes are, given its frame's registers (and their shadows, with
/// `--uninitialized`).
fn place_of(location: &Location, regs: &[u64], shadow: Option<&[u64]>) -> Place {
    match location {
        Location::Memory { slot, space } => match regs.get(*slot as usize) {
            Some(&addr) => Place::Memory {
                space: *space,
                addr,
            },
            None => Place::OptimizedOut,
        },
        Location::Slots {
            slot,
            lanes,
            lane_bytes,
        } => {
            let mut bytes = Vec::new();
            let mut uninit = Vec::new();
            for i in 0..*lanes {
                let at = (*slot + i) as usize;
                match regs.get(at) {
                    Some(v) => bytes.extend_from_slice(&v.to_le_bytes()[..*lane_bytes as usize]),
                    None => return Place::OptimizedOut,
                }
                let s = shadow.and_then(|s| s.get(at)).copied().unwrap_or(0);
                uninit.extend_from_slice(&s.to_le_bytes()[..*lane_bytes as usize]);
            }
            if uninit.iter().any(|&b| b != 0) {
                Place::Uninit {
                    bytes,
                    shadow: uninit,
                }
            } else {
                Place::Bytes(bytes)
            }
        }
        Location::Constant(bytes) => Place::Bytes(bytes.clone()),
        Location::OptimizedOut => Place::OptimizedOut,
    }
}

/// Variables of a frame (parameters only, in order, or locals only, by line) with their
/// values.
pub fn frame_variables<'v>(
    view: &'v WorkItemView,
    frame: FrameRef,
    args: bool,
) -> Vec<(&'v Variable, Value)> {
    let regs = view.frame_regs(frame.base);
    let shadow = view.frame_shadow(frame.base);
    let mut vars: Vec<_> = (view.variables_at(frame).into_iter())
        .filter(|(v, _)| v.arg.is_some() == args)
        .collect();
    if args {
        vars.sort_by_key(|(v, _)| v.arg);
    } else {
        vars.sort_by_key(|(v, _)| v.line);
    }
    vars.into_iter()
        .map(|(v, l)| {
            let value = Value {
                ty: v.ty,
                place: place_of(l, &regs, shadow.as_deref()),
            };
            (v, value)
        })
        .collect()
}

/// Variables of a frame (parameters only, or locals only), formatted.
pub fn variables(view: &WorkItemView, frame: FrameRef, args: bool) -> Vec<(String, String)> {
    let target = FrameTarget { view, frame };
    frame_variables(view, frame, args)
        .into_iter()
        .map(|(v, value)| {
            let text = format::value(&Evaluated::Typed(value), Format::Natural, &target);
            (v.name.clone(), text)
        })
        .collect()
}

/// The source line of an instruction (0 without debug location).
pub fn line_of(view: &WorkItemView, func: u32, pc: Pc) -> u32 {
    view.function_code(func).map_or(0, |f| f.position(pc).line)
}

/// Where a work-item is, with its function's arguments.
pub fn position(view: &WorkItemView) -> Position {
    let f = view.current_function();
    let line = f.position(view.pc).line;
    let file = crate::files::file_of(view, view.func, view.pc);
    let source = crate::files::source(view, file.as_deref());
    let top = view.stack()[0];
    Position {
        global: view.ids.global,
        local: view.ids.local,
        group: view.group,
        function: f.name().to_string(),
        args: variables(view, top, true),
        file,
        line,
        source: source.and_then(|s| s.line(line).map(str::to_string)),
        instruction: f.instruction_text(view.pc).map(|t| t.trim().to_string()),
        depth: view.depth(),
        finished: view.state == WiState::Finished,
        at_barrier: view.state == WiState::AtBarrier,
    }
}

/// The backtrace, innermost first.
pub fn backtrace(view: &WorkItemView) -> Vec<FrameInfo> {
    let all = view.stack();
    let n = all.len();
    all.iter()
        .enumerate()
        .map(|(i, fr)| FrameInfo {
            depth: n - 1 - i,
            function: (view.function_code(fr.func))
                .map_or_else(String::new, |f| f.name().to_string()),
            args: variables(view, *fr, true),
            line: line_of(view, fr.func, fr.pc),
            file: crate::files::file_of(view, fr.func, fr.pc),
            column: (view.function_code(fr.func)).map_or(0, |f| f.position(fr.pc).column),
            instruction: frame_instruction(view, *fr).unwrap_or(0),
        })
        .collect()
}

/// Evaluates an expression in the innermost frame and formats the value.
pub fn print(view: &WorkItemView, text: &str, fmt: Format) -> Result<String, ExprError> {
    print_in(view, view.stack()[0], text, fmt)
}

/// Evaluates an expression in `frame` and formats the value.
pub fn print_in(
    view: &WorkItemView,
    frame: FrameRef,
    text: &str,
    fmt: Format,
) -> Result<String, ExprError> {
    let e = expr::parse(text)?;
    let target = FrameTarget { view, frame };
    let v = expr::evaluate(&e, &target)?;
    Ok(format::value(&v, fmt, &target))
}

/// `N` bytes of memory from `addr`, in 4-byte rows (gmem/lmem/pmem with an address); `None`
/// when they are not all in one buffer.
pub fn memory_rows(
    view: &WorkItemView,
    space: AddrSpace,
    addr: u64,
    size: u64,
) -> Option<Vec<(u64, Vec<u8>)>> {
    let bytes = view.read(space, addr, size)?;
    Some(
        bytes
            .chunks(4)
            .enumerate()
            .map(|(i, c)| (addr + 4 * i as u64, c.to_vec()))
            .collect(),
    )
}

/// The index of a frame's current instruction among its function's LLVM instructions (as
/// `disassembly` numbers them); `None` for an op of no instruction (a block's count) or a pc
/// past the end.
pub fn frame_instruction(view: &WorkItemView, frame: FrameRef) -> Option<usize> {
    let f = view.function_code(frame.func)?;
    let count = f.instructions().len();
    (f.position(frame.pc).instruction)
        .map(|i| i as usize)
        .filter(|&i| i < count && frame.pc < f.len())
}

/// The LLVM IR of a frame's function, with the frame's current instruction.
pub fn disassembly(view: &WorkItemView, frame: FrameRef) -> Reply {
    let Some(f) = view.function_code(frame.func) else {
        return Reply::Disassembly {
            function: String::new(),
            instructions: Vec::new(),
            current: None,
            lines: Vec::new(),
        };
    };
    Reply::Disassembly {
        function: f.name().to_string(),
        instructions: f
            .instructions()
            .map(|(t, _)| t.trim().to_string())
            .collect(),
        current: frame_instruction(view, frame),
        lines: f.instructions().map(|(_, line)| line).collect(),
    }
}

/// The most `MemoryOf` reads.
const MEMORY_VIEW_MAX: u64 = 64 * 1024;

/// Up to `size` bytes of what `text` names: the memory a pointer points to (as much as its
/// buffer holds), or the variable's own bytes.
pub fn memory_of(
    view: &WorkItemView,
    text: &str,
    size: u64,
) -> Result<(AddrSpace, u64, Vec<u8>), ExprError> {
    let target = FrameTarget {
        view,
        frame: view.stack()[0],
    };
    let value = expr::parse(text).and_then(|e| expr::evaluate(&e, &target))?;
    let (space, addr, len) = match expr::pointer_target(&value, &target) {
        Ok((Some(space), addr)) => (space, addr, size),
        _ => {
            let (space, addr, len) = expr::address_of(&value, &target)?;
            (space, addr, len.min(size))
        }
    };
    read_up_to(view, space, addr, len).map(|bytes| (space, addr, bytes))
}

/// Up to `len` bytes at `addr`: shorter reads until one fits in the buffer (an address near
/// its end).
pub fn read_up_to(
    view: &WorkItemView,
    space: AddrSpace,
    addr: u64,
    len: u64,
) -> Result<Vec<u8>, ExprError> {
    let mut len = len.clamp(1, MEMORY_VIEW_MAX);
    loop {
        if let Some(bytes) = view.read(space, addr, len) {
            return Ok(bytes);
        }
        if len == 1 {
            return Err(ExprError::CannotAccess(addr));
        }
        len /= 2;
    }
}
