//! Reading a stopped work-item: its frames, variables, position and memory, as protocol data.

use oclgrind_core::bytecode::Pc;
use oclgrind_core::debuginfo::{GlobalPlace, KernelDebug, Location};
use oclgrind_core::exec::debug::{WiState, WorkItemView};
use oclgrind_core::memory::{encode_address, AddrSpace};

use crate::expr::{self, Evaluated};
use crate::format::{self, Format};
use crate::protocol::{FrameInfo, Position, Reply};
use crate::target::{Place, Target, Value};

/// One frame of the call stack.
#[derive(Clone, Copy, Debug)]
pub struct FrameRef {
    pub func: u32,
    /// The instruction the frame is at (for callers: their call).
    pub pc: Pc,
    pub base: u32,
}

/// The frames of a work-item, innermost first.
pub fn frames(view: &WorkItemView) -> Vec<FrameRef> {
    let mut out = vec![FrameRef {
        func: view.func,
        pc: view.pc,
        base: view.base,
    }];
    for f in view.frames.iter().rev() {
        out.push(FrameRef {
            func: f.func,
            // The call instruction comes just before the return address.
            pc: f.ret_pc.saturating_sub(1),
            base: f.base,
        });
    }
    out
}

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
        self.view
            .code()
            .debug
            .as_ref()
            .unwrap_or_else(|| empty_debug())
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
        let debug = self.view.code().debug.as_ref()?;
        let regs = self.view.frame_regs(self.frame.base);
        if let Some(f) = debug.functions.get(self.frame.func as usize) {
            // The innermost declaration wins when names repeat, and one the optimiser kept
            // wins over one it removed.
            let mut candidates: Vec<_> = f
                .locations_at(self.frame.pc)
                .into_iter()
                .rev()
                .filter(|(v, _)| v.name == name)
                .collect();
            candidates.sort_by_key(|(_, l)| matches!(l, Location::OptimizedOut));
            let found = candidates.into_iter().next();
            if let Some((var, location)) = found {
                return Some(Value {
                    ty: var.ty,
                    place: place_of(location, regs, self.view.frame_shadow(self.frame.base)),
                });
            }
        }
        let g = debug.globals.iter().find(|g| g.name == name)?;
        let place = match g.place {
            GlobalPlace::Program(n) => Place::Memory {
                space: AddrSpace::Global,
                addr: *self.view.kernel.program_addresses.get(n as usize)?,
            },
            GlobalPlace::Local(n) => Place::Memory {
                space: AddrSpace::Local,
                addr: encode_address(n as u64 + 1, 0, AddrSpace::Local.offset_bits()),
            },
        };
        Some(Value { ty: g.ty, place })
    }
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

/// Variables of a frame (parameters only, or locals only), formatted.
pub fn variables(view: &WorkItemView, frame: FrameRef, args: bool) -> Vec<(String, String)> {
    let Some(debug) = view.code().debug.as_ref() else {
        return Vec::new();
    };
    let Some(f) = debug.functions.get(frame.func as usize) else {
        return Vec::new();
    };
    let target = FrameTarget { view, frame };
    let regs = view.frame_regs(frame.base);
    let mut vars: Vec<_> = f
        .locations_at(frame.pc)
        .into_iter()
        .filter(|(v, _)| v.arg.is_some() == args)
        .collect();
    if args {
        vars.sort_by_key(|(v, _)| v.arg);
    } else {
        vars.sort_by_key(|(v, _)| v.line);
    }
    vars.into_iter()
        .map(|(v, l)| {
            let value = Evaluated::Typed(Value {
                ty: v.ty,
                place: place_of(l, regs, view.frame_shadow(frame.base)),
            });
            (
                v.name.clone(),
                format::value(&value, Format::Natural, &target),
            )
        })
        .collect()
}

/// The source line of an instruction (0 without debug location).
pub fn line_of(view: &WorkItemView, func: u32, pc: Pc) -> u32 {
    view.code()
        .functions
        .get(func as usize)
        .map_or(0, |f| f.op_info(pc).line)
}

/// Where a work-item is, with its function's arguments.
pub fn position(view: &WorkItemView) -> Position {
    let code = view.code();
    let f = &code.functions[view.func as usize];
    let line = f.op_info(view.pc).line;
    let file = crate::files::file_of(view, view.func, view.pc);
    let source = crate::files::source(view, file.as_deref());
    let top = frames(view)[0];
    Position {
        global: view.ids.global,
        local: view.ids.local,
        group: view.group,
        function: f.name.clone(),
        args: variables(view, top, true),
        file,
        line,
        source: source.and_then(|s| s.line(line).map(str::to_string)),
        instruction: f.inst_text(view.pc).map(|t| t.trim().to_string()),
        depth: view.frames.len(),
        finished: view.state == WiState::Finished,
        at_barrier: view.state == WiState::AtBarrier,
    }
}

/// The backtrace, innermost first.
pub fn backtrace(view: &WorkItemView) -> Vec<FrameInfo> {
    let all = frames(view);
    let n = all.len();
    all.iter()
        .enumerate()
        .map(|(i, fr)| FrameInfo {
            depth: n - 1 - i,
            function: view.code().functions[fr.func as usize].name.clone(),
            args: variables(view, *fr, true),
            line: line_of(view, fr.func, fr.pc),
        })
        .collect()
}

/// Evaluates an expression in the innermost frame and formats the value.
pub fn print(view: &WorkItemView, text: &str, fmt: Format) -> Result<String, String> {
    print_in(view, frames(view)[0], text, fmt)
}

/// Evaluates an expression in `frame` and formats the value.
pub fn print_in(
    view: &WorkItemView,
    frame: FrameRef,
    text: &str,
    fmt: Format,
) -> Result<String, String> {
    let e = expr::parse(text)?;
    let target = FrameTarget { view, frame };
    let v = expr::evaluate(&e, &target)?;
    Ok(format::value(&v, fmt, &target))
}

/// `N` bytes of memory from `addr`, in 4-byte rows (gmem/lmem/pmem with an address).
pub fn memory_rows(
    view: &WorkItemView,
    space: AddrSpace,
    addr: u64,
    size: u64,
) -> Result<Vec<(u64, Vec<u8>)>, String> {
    let bytes = view
        .read(space, addr, size)
        .ok_or_else(|| "Invalid memory address.".to_string())?;
    Ok(bytes
        .chunks(4)
        .enumerate()
        .map(|(i, c)| (addr + 4 * i as u64, c.to_vec()))
        .collect())
}

/// The LLVM IR of the function the work-item is in, with its current instruction.
pub fn disassembly(view: &WorkItemView) -> Reply {
    let f = &view.code().functions[view.func as usize];
    // An op of no instruction (a block's count) marks none.
    let current = Some(f.op_info(view.pc).inst as usize).filter(|&i| i < f.insts.len());
    Reply::Disassembly {
        function: f.name.clone(),
        instructions: f.insts.iter().map(|i| i.text.trim().to_string()).collect(),
        current: current.filter(|_| (view.pc as usize) < f.code.len()),
        lines: f.insts.iter().map(|i| i.line).collect(),
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
) -> Result<(AddrSpace, u64, Vec<u8>), String> {
    let target = FrameTarget {
        view,
        frame: frames(view)[0],
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
) -> Result<Vec<u8>, String> {
    let mut len = len.clamp(1, MEMORY_VIEW_MAX);
    loop {
        if let Some(bytes) = view.read(space, addr, len) {
            return Ok(bytes);
        }
        if len == 1 {
            return Err(format!("Cannot access memory at address 0x{addr:x}"));
        }
        len /= 2;
    }
}
