//! Why an expression cannot be parsed, evaluated or read: one variant per failure, shown as the
//! sentence gdb says for it (the line mode and the session tests print these texts).

use oclgrind_debug_protocol::protocol::{ValueError, ValueErrorKind};
use oclgrind_debug_protocol::text::{NO_MEMBER, NO_SYMBOL, SYNTAX_ERROR_AT_END};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExprError {
    // Reading the text.
    #[error("Invalid character '{0}' in expression.")]
    InvalidCharacter(char),
    #[error("Invalid number \"{0}\".")]
    InvalidNumber(String),
    #[error("Numeric constant too large.")]
    NumberTooLarge,
    #[error("Empty character constant.")]
    EmptyCharacter,
    #[error("Unmatched single quote.")]
    UnmatchedQuote,
    /// The text from where parsing failed on (empty: it ended too early).
    #[error("{}", syntax_error(.near))]
    Syntax { near: String },
    #[error("Expression too complex.")]
    TooComplex,

    // Names.
    #[error("{NO_SYMBOL}\"{0}\" in current context.")]
    NoSymbol(String),
    #[error("{NO_MEMBER}{0}.")]
    NoMember(String),
    #[error("Cannot call '{0}': it is not a work-item function.")]
    NotCallable(String),
    #[error("Too few arguments in function call.")]
    TooFewArguments,
    #[error("Too many arguments in function call.")]
    TooManyArguments,

    // Values of the wrong kind.
    #[error("Argument to arithmetic operation not a number or boolean.")]
    NotANumber,
    #[error("Integer operands required for '{0}'.")]
    IntegerOnly(&'static str),
    #[error("Division by zero")]
    DivisionByZero,
    #[error("Attempt to take contents of a non-pointer value.")]
    NotAPointer,
    #[error("Attempt to take address of value not located in memory.")]
    NotInMemory,
    #[error("Attempt to extract a component of a value that is not a structure.")]
    NotAStruct,
    #[error("Attempt to extract a component of a value that is not a structure pointer.")]
    NotAStructPointer,
    #[error("Array subscript is not an integer.")]
    SubscriptNotInteger,
    #[error("Cannot subscript something of type '{0}'.")]
    NotSubscriptable(String),
    #[error("Index {index} is out of bounds for type '{ty}'.")]
    OutOfBounds { index: i128, ty: String },
    #[error("no such vector element")]
    NoSuchLane,
    #[error("The kernel has no type {elem}{lanes} for this selection.")]
    NoVectorType { elem: String, lanes: u32 },
    #[error("Cannot select lanes of {0}.")]
    CannotSelectLanes(String),
    #[error("Cannot convert a value to void.")]
    CastToVoid,
    #[error("Invalid cast.")]
    InvalidCast,

    // gdb's `x@N`.
    #[error("Second argument of '@' must be an integer.")]
    RepeatCountNotInteger,
    #[error("Non-positive repeat count {0}.")]
    NonPositiveRepeat(i64),
    #[error("value requires {0} bytes, which is more than max-value-size")]
    ValueTooLarge(u64),
    #[error("Only values in memory can be extended with '@'.")]
    RepeatNotInMemory,

    // Reading values.
    #[error("value has been optimized out")]
    OptimizedOut,
    #[error("value is not available")]
    Unavailable,
    #[error("Cannot access memory at address 0x{0:x}")]
    CannotAccess(u64),
    #[error("Cannot read a {0}-byte scalar.")]
    ScalarSize(u32),
    #[error("Cannot read a {0}-byte floating-point value.")]
    FloatSize(u32),

    // `x` (examine).
    #[error("Invalid unit size {0}.")]
    UnitSize(u64),
    #[error("Cannot examine more than {0} units at once.")]
    TooManyUnits(u64),
}

/// gdb's message, quoting the input from where it went wrong.
fn syntax_error(near: &str) -> String {
    match near {
        "" => SYNTAX_ERROR_AT_END.to_string(),
        rest => format!("A syntax error in expression, near '{rest}'."),
    }
}

impl From<&ExprError> for ValueError {
    fn from(e: &ExprError) -> ValueError {
        let kind = match e {
            ExprError::NoSymbol(_) => ValueErrorKind::NoSymbol,
            ExprError::NoMember(m) => ValueErrorKind::NoMember(m.clone()),
            ExprError::Syntax { near } if near.is_empty() => ValueErrorKind::EndedEarly,
            _ => ValueErrorKind::Other,
        };
        ValueError {
            kind,
            message: e.to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ExprError;

    #[test]
    fn messages_are_gdbs() {
        let near = |s: &str| ExprError::Syntax { near: s.into() }.to_string();
        assert_eq!(near(""), "A syntax error in expression, near ''.");
        assert_eq!(near("2 + 3"), "A syntax error in expression, near '2 + 3'.");
        assert_eq!(
            ExprError::NoSymbol("q".into()).to_string(),
            "No symbol \"q\" in current context."
        );
        assert_eq!(
            ExprError::NoMember("q".into()).to_string(),
            "There is no member named q."
        );
        assert_eq!(
            ExprError::CannotAccess(0xdead).to_string(),
            "Cannot access memory at address 0xdead"
        );
    }
}
