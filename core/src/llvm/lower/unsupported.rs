//! Why an instruction cannot be lowered. The texts are the build log's.

use crate::builtins::Unresolved;
use crate::bytecode::RegisterError;
use crate::llvm::consts::ConstError;
use crate::llvm::types::TypeError;

/// Why an instruction (or its function) cannot be lowered: what the simulator does not support,
/// or IR that breaks LLVM's own rules (a module from a binary is not always verified by LLVM).
#[derive(Clone, Debug, thiserror::Error)]
pub enum Unsupported {
    #[error(transparent)]
    Type(#[from] TypeError),
    #[error(transparent)]
    Const(#[from] ConstError),
    #[error(transparent)]
    Builtin(#[from] Unresolved),
    #[error(transparent)]
    Registers(#[from] RegisterError),
    /// A struct or array type, as LLVM prints it, where an op needs a scalar or vector.
    #[error("{0} is an aggregate, where a scalar or vector was expected")]
    Aggregate(String),
    /// A value, as LLVM prints it, that is neither an instruction, a parameter nor a constant.
    #[error("unsupported operand: {0}")]
    Operand(String),
    /// A constant that evaluates to fewer or more values than its type has slots.
    #[error("unsupported constant ({values} values for {slots} slots): {constant}")]
    ConstantSlots {
        values: usize,
        slots: u32,
        constant: String,
    },
    #[error("Unsupported instruction: {0}")]
    Instruction(&'static str),
    #[error("Unsupported intrinsic: {0}")]
    Intrinsic(String),
    #[error("vector {0} is not supported")]
    VectorIntrinsic(String),
    #[error("variable-length alloca")]
    VariableAlloca,
    #[error("private allocation larger than 4 GiB")]
    LargeAlloca,
    #[error("boolean vectors in memory are not supported")]
    BoolVectorAccess,
    #[error("address-space casts of pointer vectors are not supported")]
    PointerVectorCast,
    #[error("inline assembly is not supported")]
    InlineAsm,
    #[error("indirect calls are not supported")]
    IndirectCall,
    #[error("call to unknown function {0}")]
    UnknownFunction(String),
    #[error("call to {0} does not match its definition")]
    Signature(String),
    #[error("{0} returns an aggregate")]
    AggregateReturn(String),
    /// An argument of a call to an external function that no builtin could take.
    #[error("{error} (argument {index} of {callee})")]
    Argument {
        error: Box<Unsupported>,
        index: u32,
        callee: String,
    },
    #[error("instruction has no result slot")]
    NoResultSlot,
    #[error("phi without a value for this edge")]
    PhiEdge,
    /// Operands of types the instruction cannot have (`"fneg of a non-float"`).
    #[error("{0}")]
    Malformed(&'static str),
}
