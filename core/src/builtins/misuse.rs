//! Why a call to an external function cannot be lowered: no builtin has its name, or a known
//! builtin is called with arguments or a result it cannot take. The texts are the build log's.

use super::MType;
use crate::bytecode::{ScalarTy, VType};

/// Why resolving a call failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unresolved {
    /// No builtin has the symbol's name: Oclgrind's words for it.
    #[error("Undefined external function: {0}")]
    Undefined(String),
    /// A builtin cannot take the call as it is made; `symbol` is the function called.
    #[error("{misuse} ({symbol})")]
    Misused { misuse: Misuse, symbol: String },
}

/// A known builtin called in a way it cannot be lowered.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{builtin}: {problem}")]
pub struct Misuse {
    /// The builtin (or family) as messages name it.
    pub builtin: String,
    pub problem: Problem,
}

/// What is wrong with a call to a builtin.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("missing argument {0}")]
    MissingArgument(usize),
    #[error("missing result")]
    MissingResult,
    /// An argument, result or operand of another kind (`"pointer argument"`).
    #[error("{0} expected")]
    Expected(&'static str),
    #[error("{0} arguments expected")]
    Arity(usize),
    #[error("{0} lanes are not supported")]
    Lanes(u32),
    #[error("unsupported type")]
    UnsupportedType,
    #[error("unsupported element type")]
    UnsupportedElement,
    #[error("unsupported element type {0:?}")]
    ElementType(ScalarTy),
    #[error("unsupported integer width {0}")]
    IntWidth(u8),
    #[error("unsupported source type {0:?}")]
    SourceType(MType),
    #[error("unsupported image type {0:?}")]
    ImageType(MType),
    #[error("unsupported coordinate type {0:?}")]
    CoordinateType(MType),
    #[error("unsupported argument type {0}")]
    ArgumentType(VType),
    #[error("argument {index} is {found:?}, expected {expected:?}")]
    ArgumentElement {
        index: usize,
        found: ScalarTy,
        expected: ScalarTy,
    },
    #[error("argument {index} has {found} lanes, expected {expected}")]
    ArgumentLanes {
        index: usize,
        found: u32,
        expected: u32,
    },
    #[error("result has {found} lanes, expected {expected}")]
    ResultLanes { found: u32, expected: u32 },
    #[error("condition has {found} lanes, expected {expected}")]
    ConditionLanes { found: u32, expected: u32 },
    /// An image builtin's coordinate, colour or result (`what`) of the wrong shape.
    #[error("{what} is {lanes} x {elem}, expected {expected_lanes} x {expected_elem}")]
    Shape {
        what: &'static str,
        lanes: u32,
        elem: ScalarTy,
        expected_lanes: u32,
        expected_elem: ScalarTy,
    },
    #[error("result must have {0} lanes")]
    ResultWidth(u32),
    #[error("data must have {0} lanes")]
    DataWidth(u32),
    #[error("result must be a float vector of {0} lanes")]
    FloatResultWidth(u32),
    #[error("unexpected result of {0} lanes")]
    UnexpectedResultLanes(usize),
    #[error("unexpected result type")]
    UnexpectedResult,
    #[error("unexpected vector widths")]
    UnexpectedWidths,
    #[error("mismatched vector widths")]
    MismatchedWidths,
    #[error("result type {0:?} does not fit the arguments")]
    ResultType(VType),
    #[error("argument {argument:?} or result {result:?} does not match the name")]
    ConversionTypes { argument: VType, result: VType },
    #[error("source and result lane counts differ")]
    ConversionLanes,
    #[error("float operands are only valid for xchg")]
    FloatNotXchg,
    #[error("no such operation on floating point")]
    FloatOperation,
    #[error("float coordinates need a sampler")]
    NoSampler,
    #[error("depth images are read with read_imagef")]
    DepthRead,
    #[error("depth images are written with write_imagef")]
    DepthWrite,
    #[error("not an integer builtin")]
    NotInteger,
    #[error("the format must be a pointer")]
    FormatPointer,
    #[error("fence flags must be a constant")]
    FenceFlags,
}
