//! A lowered program: its kernels' bytecode, argument descriptions and program-scope variables.
//! Produced once by `llvm::lower_program`; free of LLVM and of any context.

use std::sync::Arc;

use crate::bytecode::{Function, Op, Slot, VType, WiQuery};
use crate::diagnostics::Source;
use crate::memory::AddrSpace;

/// A program-scope variable in global or constant memory.
#[derive(Clone, Debug)]
pub struct GlobalVarDef {
    pub name: String,
    pub space: AddrSpace,
    pub size: u64,
    /// Initial contents; empty when all zero.
    pub init: Vec<u8>,
    /// `(byte offset, variable, addend)`: the address of another variable goes at offset.
    pub relocs: Vec<(u64, u32, i64)>,
}

/// How a kernel parameter is passed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A pointer into global, constant or local memory (local: the size is given at launch).
    Pointer(AddrSpace),
    /// A scalar or vector passed by value.
    Value(VType),
    /// A struct passed by value: copied into a private buffer of each work-item.
    ByVal { size: u64 },
    /// An image: the argument is the global address of its descriptor (image.rs).
    Image,
    /// A sampler: the argument is its bits.
    Sampler,
    /// Something we cannot pass yet (images, samplers...).
    Unsupported(String),
}

#[derive(Clone, Debug)]
pub struct KernelParam {
    pub name: String,
    /// `kernel_arg_type`, e.g. `float*`, `int4`, `struct S`.
    pub type_name: String,
    pub base_type_name: String,
    /// `kernel_arg_addr_space` (0 private, 1 global, 2 constant, 3 local).
    pub address_qualifier: u32,
    pub access_qualifier: String,
    pub type_qualifier: String,
    pub kind: ParamKind,
    /// Bytes of the argument value (`clSetKernelArg` size).
    pub size: u64,
    /// First slot of the parameter in the kernel function's frame.
    pub slot: Slot,
}

impl KernelParam {
    /// The type of its elements, typedefs resolved where the argument info allows: the base
    /// type without a vector's attribute (`float` for a `realM*` that is `float16*`, which
    /// clang gives as `float __attribute__((ext_vector_type(16)))*`) and without a pointer's
    /// `*`; the type name when there is no base type (bitcode without argument info).
    pub fn element_type_name(&self) -> &str {
        let base = self
            .base_type_name
            .split(" __attribute__")
            .next()
            .unwrap_or("");
        let name = match base.is_empty() {
            true => self.type_name.as_str(),
            false => base,
        };
        name.trim_end_matches('*').trim()
    }
}

/// Attributes of a kernel function that affect launches.
#[derive(Clone, Debug, Default)]
pub struct KernelAttrs {
    /// Work-groups must divide the NDRange exactly (OpenCL C ≤ 1.2).
    pub uniform_work_group_size: bool,
    pub reqd_work_group_size: Option<[u64; 3]>,
    pub work_group_size_hint: Option<[u64; 3]>,
    pub vec_type_hint: Option<String>,
}

/// A kernel-scope `__local` variable.
#[derive(Clone, Debug)]
pub struct LocalVar {
    pub name: String,
    pub size: u64,
    /// Bytes of its type that hold no data (llvm::types::padding).
    pub padding: Vec<(u32, u32)>,
}

/// A module variable in private memory: one copy per work-item.
#[derive(Clone, Debug)]
pub struct PrivateVar {
    pub name: String,
    pub init: Vec<u8>,
}

/// Everything about a kernel that does not need its code.
#[derive(Clone, Debug)]
pub struct KernelInfo {
    pub name: String,
    pub params: Vec<KernelParam>,
    pub attrs: KernelAttrs,
}

/// A kernel lowered to bytecode.
#[derive(Debug)]
pub struct KernelCode {
    pub info: KernelInfo,
    /// How the kernel may access each parameter's memory (`llvm::param_access`).
    pub param_access: Vec<ParamAccess>,
    /// Function 0 is the kernel itself; the rest are the functions it calls.
    pub functions: Vec<Function>,
    /// Basic blocks of all its functions, when the program counts instructions (else 0).
    pub counted_blocks: u32,
    /// Register slots of the deepest call chain.
    pub stack_slots: usize,
    pub locals: Vec<LocalVar>,
    pub privates: Vec<PrivateVar>,
    /// Source-level debug information, when the program was lowered for debugging.
    pub debug: Option<crate::debuginfo::KernelDebug>,
}

/// How a kernel may access the memory of one of its parameters (true where it cannot tell).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParamAccess {
    /// It may store to it, plainly or atomically.
    pub writes: bool,
    /// It may load or store it other than atomically.
    pub plain: bool,
}

impl ParamAccess {
    /// Any access (what is assumed where nothing is known).
    pub const ANYTHING: ParamAccess = ParamAccess {
        writes: true,
        plain: true,
    };
}

impl KernelCode {
    /// Whether it calls `get_work_dim()`: the only query in which a launch of fewer
    /// dimensions differs from the same sizes in three.
    pub fn asks_work_dim(&self) -> bool {
        self.functions.iter().flat_map(|f| &f.code).any(|op| {
            matches!(
                op,
                Op::WorkItem {
                    q: WiQuery::WorkDim,
                    ..
                } | Op::WorkItemDyn {
                    q: WiQuery::WorkDim,
                    ..
                }
            )
        })
    }

    /// Whether every atomic operation of its functions can be undone while other work-groups
    /// run (`exec::undo`): loads, and integer additions, subtractions and exclusive ors, whose
    /// inverses commute with what other groups do. An op or a builtin whose name says atomic
    /// of any other kind makes it false.
    pub fn atomics_undoable(&self) -> bool {
        use crate::bytecode::{Op, RmwOp, ScalarTy};
        let op = |op: &Op| match op {
            Op::AtomicRmw { op, ty, .. } => {
                matches!(op, RmwOp::Add | RmwOp::Sub | RmwOp::Xor) && matches!(ty, ScalarTy::Int(_))
            }
            Op::CmpXchg { .. } => false,
            _ => true,
        };
        let builtin = |name: &str| {
            if !name.contains("atom") {
                return true;
            }
            matches!(
                crate::builtins::atomic_operation(name).unwrap_or(name),
                "add"
                    | "sub"
                    | "inc"
                    | "dec"
                    | "xor"
                    | "fetch_add"
                    | "fetch_sub"
                    | "fetch_xor"
                    | "load"
            )
        };
        self.functions
            .iter()
            .all(|f| f.code.iter().all(op) && f.builtins.iter().all(|b| builtin(&b.name)))
    }

    /// Whether its code makes no uninitialised value of its own: no `undef` constant and no
    /// private variable (`alloca`). Its values can then only be uninitialised if global
    /// memory held such bits already, through a load that the memory refused, or through a
    /// read of `__local` memory not written yet (`ShadowPlan::Deferred`).
    pub fn makes_no_uninitialised_values(&self) -> bool {
        use crate::bytecode::Op;
        self.functions.iter().all(|f| {
            f.undef_slots.is_empty() && !f.code.iter().any(|op| matches!(op, Op::Alloca { .. }))
        })
    }

    /// Each function's loops that make a compare-and-swap, themselves or through a call: the
    /// first and last pc of each (a branch back to the first from the last). A retry loop (a
    /// float atomic add, a lock) is one of them, which lanes running in lock-step make
    /// quadratic (each round all of a warp's lanes try and one succeeds), while one work-item
    /// at a time succeeds at the first try: when a warp parts in such a loop early, some lanes
    /// leaving it, the lane executor runs the lanes that stay through it one at a time
    /// (`exec::warp`).
    pub fn compare_exchange_loops(&self) -> Vec<Vec<(u32, u32)>> {
        use crate::bytecode::Op;
        let is_cas = |f: &crate::bytecode::Function, op: &Op| match op {
            Op::CmpXchg { .. } => true,
            Op::Builtin { site } => f.builtins.get(*site as usize).is_some_and(|b| {
                matches!(
                    crate::builtins::atomic_operation(&b.name),
                    Some("cmpxchg" | "compare_exchange_strong" | "compare_exchange_weak")
                )
            }),
            _ => false,
        };
        // Functions that make a compare-and-swap, themselves or through their calls.
        let mut swaps: Vec<bool> = self
            .functions
            .iter()
            .map(|f| f.code.iter().any(|op| is_cas(f, op)))
            .collect();
        let callees = |f: &crate::bytecode::Function, op: &Op| match op {
            Op::Call { site } => f.calls.get(*site as usize).map(|c| c.func as usize),
            _ => None,
        };
        loop {
            let mut changed = false;
            for (i, f) in self.functions.iter().enumerate() {
                if !swaps[i]
                    && f.code
                        .iter()
                        .any(|op| callees(f, op).is_some_and(|c| swaps[c]))
                {
                    swaps[i] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let loops_of = |f: &crate::bytecode::Function| {
            let swapping = |pc: usize| {
                let op = &f.code[pc];
                is_cas(f, op) || callees(f, op).is_some_and(|c| swaps[c])
            };
            let mut loops = Vec::new();
            // A loop: a branch back to a pc at or before its own.
            for (pc, op) in f.code.iter().enumerate() {
                let targets = match op {
                    Op::Br { t } => vec![*t],
                    Op::CondBr { t, f: e, .. } => vec![*t, *e],
                    Op::Switch { table, .. } => {
                        f.switches.get(*table as usize).map_or(Vec::new(), |t| {
                            t.cases.iter().map(|c| c.1).chain([t.default]).collect()
                        })
                    }
                    _ => continue,
                };
                for t in targets.into_iter().filter(|&t| t as usize <= pc) {
                    if (t as usize..=pc).any(swapping) {
                        loops.push((t, pc as u32));
                    }
                }
            }
            loops
        };
        self.functions.iter().map(loops_of).collect()
    }

    /// Total bytes of kernel-scope `__local` variables.
    pub fn static_local_size(&self) -> u64 {
        self.locals.iter().map(|l| l.size).sum()
    }

    /// Buffer index of the first local pointer argument (after the `__local` variables).
    pub fn first_local_arg_index(&self) -> u64 {
        self.locals.len() as u64 + 1
    }

    /// Buffer index of the first private variable (after the by-value struct arguments).
    pub fn first_private_var_index(&self) -> u64 {
        self.info
            .params
            .iter()
            .filter(|p| matches!(p.kind, ParamKind::ByVal { .. }))
            .count() as u64
            + 1
    }
}

/// Why a kernel could not be lowered, and where.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LowerError {
    pub message: String,
    /// Function that holds the offending instruction.
    pub function: String,
    /// Source position (line 0 when unknown).
    pub file: String,
    pub line: u32,
    pub col: u32,
    /// The offending LLVM instruction, as text.
    pub inst: String,
}

impl LowerError {
    /// The build-log entry for the kernels that cannot be simulated because of this, in
    /// clang's layout (`input.cl:3:5: error: ...`), then the source line and the instruction.
    fn log_entry(&self, kernels: &[&str], source: Option<&Source>) -> String {
        let mut s = String::new();
        if self.line > 0 {
            s += &format!("{}:{}:{}: ", self.file, self.line, self.col);
        }
        let names: Vec<String> = kernels.iter().map(|k| format!("'{k}'")).collect();
        let plural = if kernels.len() > 1 { "s" } else { "" };
        s += &format!(
            "error: kernel{plural} {} cannot be simulated: {}\n\tIn function {}",
            names.join(", "),
            self.message,
            self.function
        );
        let main = source.filter(|src| src.name == self.file);
        if let Some(text) = main.and_then(|src| src.line(self.line)) {
            s += &format!("\n\t  {}", text.trim_start());
        }
        if !self.inst.is_empty() {
            s += &format!("\n\t  {}", self.inst.trim_start());
        }
        s.push('\n');
        s
    }
}

/// Why a module cannot become a program.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// The module cannot be read, or its program-scope variables cannot be placed.
    #[error("{0}")]
    Module(String),
    /// Kernels use what the simulator cannot run: each failure with the kernel it is in.
    #[error("{}", unsupported_log(.0, None))]
    Unsupported(Vec<(String, LowerError)>),
}

impl ProgramError {
    /// The text for the build log; `source` adds the offending source lines.
    pub fn build_log(&self, source: Option<&Source>) -> String {
        match self {
            ProgramError::Module(message) => format!("error: {message}\n"),
            ProgramError::Unsupported(failures) => unsupported_log(failures, source),
        }
    }
}

/// One entry per distinct failure (a helper function several kernels call fails once).
fn unsupported_log(failures: &[(String, LowerError)], source: Option<&Source>) -> String {
    let mut distinct: Vec<(&LowerError, Vec<&str>)> = Vec::new();
    for (kernel, e) in failures {
        match distinct.iter_mut().find(|(seen, _)| *seen == e) {
            Some((_, kernels)) => kernels.push(kernel),
            None => distinct.push((e, vec![kernel])),
        }
    }
    distinct
        .iter()
        .map(|(e, kernels)| e.log_entry(kernels, source))
        .collect()
}

/// The result of lowering a whole module.
#[derive(Clone, Debug, Default)]
pub struct ProgramCode {
    pub kernels: Vec<Arc<KernelCode>>,
    pub globals: Vec<GlobalVarDef>,
}

impl ProgramCode {
    pub fn kernel(&self, name: &str) -> Option<&Arc<KernelCode>> {
        self.kernels.iter().find(|k| k.info.name == name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn param(type_name: &str, base: &str) -> KernelParam {
        KernelParam {
            name: "p".into(),
            type_name: type_name.into(),
            base_type_name: base.into(),
            address_qualifier: 1,
            access_qualifier: String::new(),
            type_qualifier: String::new(),
            kind: ParamKind::Pointer(AddrSpace::Global),
            size: 8,
            slot: 0,
        }
    }

    #[test]
    fn element_types_resolve_typedefs() {
        // What clang gives for `typedef float16 realM; ... global realM *a`.
        let vector = param("realM*", "float __attribute__((ext_vector_type(16)))*");
        assert_eq!(vector.element_type_name(), "float");
        assert_eq!(param("real*", "float*").element_type_name(), "float");
        assert_eq!(param("uint4*", "").element_type_name(), "uint4");
        assert_eq!(param("int", "int").element_type_name(), "int");
    }
}
