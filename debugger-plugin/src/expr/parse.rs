//! Parsing: the text of an expression split into tokens, then read by recursive descent into a
//! syntax tree whose size and depth are bounded.

use std::fmt;
use std::num::IntErrorKind;

use super::{ExprError, Num};
use oclgrind_core::debugging::AddrSpace;

/// Most nodes an expression may have. Evaluating (and dropping) the tree recurses once per
/// level, so this bounds the stack whatever the input.
pub(super) const MAX_NODES: usize = 500;
/// Deepest nesting of parentheses, brackets and unary operators the parser accepts.
const MAX_NESTING: usize = 64;

// Tokens.

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    Number(Num),
    Punct(&'static str),
    End,
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    /// Byte offset in the text (for "near '...'" in syntax errors).
    at: usize,
}

/// Punctuation, longest first so `->` wins over `-`.
const PUNCTUATION: [&str; 30] = [
    "->", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "<", ">", "&",
    "^", "|", "!", "~", "(", ")", "[", "]", ".", "?", ":", "@", ",",
];

fn tokenize(text: &str) -> Result<Vec<Token>, ExprError> {
    let bytes = text.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    while let Some(&c) = bytes.get(i) {
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        let starts_number =
            c.is_ascii_digit() || (c == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
        let tok = if c.is_ascii_alphabetic() || c == b'_' {
            i = scan_while(bytes, i, |b| b.is_ascii_alphanumeric() || b == b'_');
            Tok::Ident(text[start..i].to_string())
        } else if starts_number {
            i = scan_number(bytes, i);
            Tok::Number(number_literal(&text[start..i])?)
        } else if c == b'\'' {
            let (value, end) = char_literal(text, i)?;
            i = end;
            Tok::Number(Num::I(value))
        } else if let Some(p) = PUNCTUATION.iter().find(|p| text[i..].starts_with(**p)) {
            i += p.len();
            Tok::Punct(p)
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(ExprError::InvalidCharacter(ch));
        };
        tokens.push(Token { tok, at: start });
    }
    tokens.push(Token {
        tok: Tok::End,
        at: text.len(),
    });
    Ok(tokens)
}

fn scan_while(bytes: &[u8], mut i: usize, keep: impl Fn(u8) -> bool) -> usize {
    while bytes.get(i).is_some_and(|&b| keep(b)) {
        i += 1;
    }
    i
}

/// The end of the number starting at `start`: letters, digits, dots, and a sign right after a
/// decimal exponent (`1e-5`). What it means is decided by `number_literal`.
fn scan_number(bytes: &[u8], start: usize) -> usize {
    let hex = matches!(bytes.get(start..start + 2), Some(b"0x" | b"0X"));
    let mut i = start;
    while let Some(&b) = bytes.get(i) {
        let after_exponent = i > start && matches!(bytes[i - 1], b'e' | b'E');
        let exponent_sign = !hex && matches!(b, b'+' | b'-') && after_exponent;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign {
            i += 1;
        } else {
            break;
        }
    }
    i
}

/// An integer (decimal, `0x` hex, `0` octal, `u`/`l` suffixes) or floating-point literal.
fn number_literal(text: &str) -> Result<Num, ExprError> {
    let invalid = || ExprError::InvalidNumber(text.to_string());
    let lower = text.to_ascii_lowercase();
    let (digits, radix) = if let Some(hex) = lower.strip_prefix("0x") {
        (hex, 16)
    } else if lower.contains(['.', 'e']) {
        let body = lower
            .strip_suffix('f')
            .or_else(|| lower.strip_suffix('l'))
            .unwrap_or(&lower);
        return body.parse::<f64>().map(Num::F).map_err(|_| invalid());
    } else {
        (lower.as_str(), 10)
    };
    let body = digits.trim_end_matches(['u', 'l']);
    let suffix = &digits[body.len()..];
    let good_suffix = suffix.matches('u').count() <= 1 && suffix.matches('l').count() <= 2;
    if !good_suffix || body.is_empty() {
        return Err(invalid());
    }
    // A leading 0 means octal, as in C.
    let (body, radix) = match body.strip_prefix('0') {
        Some(octal) if radix == 10 && !octal.is_empty() => (octal, 8),
        _ => (body, radix),
    };
    let value = u64::from_str_radix(body, radix).map_err(|e| match e.kind() {
        IntErrorKind::PosOverflow => ExprError::NumberTooLarge,
        _ => invalid(),
    })?;
    Ok(match i64::try_from(value) {
        Ok(signed) if !suffix.contains('u') => Num::I(signed),
        _ => Num::U(value),
    })
}

/// A character literal starting at `start` (the opening quote): its value (a C `char`, so
/// `'\377'` is -1) and the offset just past the closing quote.
fn char_literal(text: &str, start: usize) -> Result<(i64, usize), ExprError> {
    let unmatched = || ExprError::UnmatchedQuote;
    let mut chars = text[start + 1..].char_indices().peekable();
    let value = match chars.next().ok_or_else(unmatched)?.1 {
        '\'' => return Err(ExprError::EmptyCharacter),
        '\\' => {
            let escape = chars.next().ok_or_else(unmatched)?.1;
            let mut digits = |radix: u32, max: usize| {
                let mut value: u32 = escape.to_digit(radix).unwrap_or(0);
                for _ in 0..max {
                    match chars.peek().and_then(|(_, c)| c.to_digit(radix)) {
                        Some(d) => value = value.wrapping_mul(radix).wrapping_add(d),
                        None => break,
                    }
                    chars.next();
                }
                (value as u8) as i8 as i64
            };
            match escape {
                'n' => 10,
                't' => 9,
                'r' => 13,
                'a' => 7,
                'b' => 8,
                'f' => 12,
                'v' => 11,
                'e' => 27,
                'x' => digits(16, 8),
                '0'..='7' => digits(8, 2),
                other => other as i64,
            }
        }
        c => c as i64,
    };
    match chars.next() {
        Some((offset, '\'')) => Ok((value, start + 1 + offset + 1)),
        _ => Err(unmatched()),
    }
}

// The syntax tree.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Unary {
    Deref,
    AddrOf,
    Neg,
    Plus,
    Not,
    BitNot,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Binary {
    Mul,
    Div,
    Rem,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    And,
    Or,
}

impl Binary {
    /// The operator a punctuation token stands for, and its C precedence (higher binds
    /// tighter).
    fn from_punct(p: &str) -> Option<(Binary, u8)> {
        Some(match p {
            "*" => (Binary::Mul, 10),
            "/" => (Binary::Div, 10),
            "%" => (Binary::Rem, 10),
            "+" => (Binary::Add, 9),
            "-" => (Binary::Sub, 9),
            "<<" => (Binary::Shl, 8),
            ">>" => (Binary::Shr, 8),
            "<" => (Binary::Lt, 7),
            "<=" => (Binary::Le, 7),
            ">" => (Binary::Gt, 7),
            ">=" => (Binary::Ge, 7),
            "==" => (Binary::Eq, 6),
            "!=" => (Binary::Ne, 6),
            "&" => (Binary::BitAnd, 5),
            "^" => (Binary::BitXor, 4),
            "|" => (Binary::BitOr, 3),
            "&&" => (Binary::And, 2),
            "||" => (Binary::Or, 1),
            _ => return None,
        })
    }

    pub(super) fn symbol(self) -> &'static str {
        match self {
            Binary::Mul => "*",
            Binary::Div => "/",
            Binary::Rem => "%",
            Binary::Add => "+",
            Binary::Sub => "-",
            Binary::Shl => "<<",
            Binary::Shr => ">>",
            Binary::Lt => "<",
            Binary::Le => "<=",
            Binary::Gt => ">",
            Binary::Ge => ">=",
            Binary::Eq => "==",
            Binary::Ne => "!=",
            Binary::BitAnd => "&",
            Binary::BitXor => "^",
            Binary::BitOr => "|",
            Binary::And => "&&",
            Binary::Or => "||",
        }
    }

    pub(super) fn is_comparison(self) -> bool {
        matches!(
            self,
            Binary::Lt | Binary::Le | Binary::Gt | Binary::Ge | Binary::Eq | Binary::Ne
        )
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Node {
    Name(String),
    Literal(Num),
    Member(Box<Node>, String),
    Arrow(Box<Node>, String),
    Index(Box<Node>, Box<Node>),
    Unary(Unary, Box<Node>),
    Binary(Binary, Box<Node>, Box<Node>),
    /// `c ? a : b`.
    Choose(Box<Node>, Box<Node>, Box<Node>),
    /// `(type) x`.
    Cast(CType, Box<Node>),
    /// `sizeof(type)`.
    SizeOfType(CType),
    /// `sizeof x`.
    SizeOf(Box<Node>),
    /// gdb's `x@N`.
    Repeat(Box<Node>, Box<Node>),
    /// A call of a work-item function (`get_global_id(0)`).
    Call(String, Vec<Node>),
}

/// A type written in a cast or `sizeof`: an OpenCL C scalar type, or a pointer to one.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct CType {
    pub scalar: CScalar,
    /// For pointers: the address space (private when none is written) and how many `*`.
    pub space: AddrSpace,
    pub pointers: u32,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum CScalar {
    Void,
    Int { size: u32, signed: bool },
    Float { size: u32 },
    Bool,
}

impl CScalar {
    /// The scalar a type name (one or more words, `unsigned int`) means.
    fn named(words: &[&str]) -> Option<CScalar> {
        let int = |size, signed| Some(CScalar::Int { size, signed });
        match words {
            ["void"] => Some(CScalar::Void),
            ["bool"] => Some(CScalar::Bool),
            ["char"] | ["signed", "char"] => int(1, true),
            ["uchar"] | ["unsigned", "char"] => int(1, false),
            ["short"] | ["signed", "short"] => int(2, true),
            ["ushort"] | ["unsigned", "short"] => int(2, false),
            ["int"] | ["signed"] | ["signed", "int"] => int(4, true),
            ["uint"] | ["unsigned"] | ["unsigned", "int"] => int(4, false),
            ["long"] | ["signed", "long"] => int(8, true),
            ["ulong"] | ["unsigned", "long"] | ["size_t"] => int(8, false),
            ["float"] => Some(CScalar::Float { size: 4 }),
            ["double"] => Some(CScalar::Float { size: 8 }),
            _ => None,
        }
    }

    pub(super) fn size(self) -> u64 {
        match self {
            CScalar::Void => 1,
            CScalar::Bool => 1,
            CScalar::Int { size, .. } | CScalar::Float { size } => size as u64,
        }
    }

    /// The names the kernel's debug information may give this type.
    pub(super) fn debug_names(self) -> &'static [&'static str] {
        match self {
            CScalar::Void => &[],
            CScalar::Bool => &["bool", "_Bool"],
            CScalar::Int {
                size: 1,
                signed: true,
            } => &["char", "signed char"],
            CScalar::Int { size: 1, .. } => &["unsigned char", "uchar"],
            CScalar::Int {
                size: 2,
                signed: true,
            } => &["short"],
            CScalar::Int { size: 2, .. } => &["unsigned short", "ushort"],
            CScalar::Int {
                size: 4,
                signed: true,
            } => &["int"],
            CScalar::Int { size: 4, .. } => &["unsigned int", "uint"],
            CScalar::Int { signed: true, .. } => &["long"],
            CScalar::Int { .. } => &["unsigned long", "ulong", "size_t"],
            CScalar::Float { size: 4 } => &["float"],
            CScalar::Float { .. } => &["double"],
        }
    }
}

/// The address space a qualifier names.
fn qualifier_space(word: &str) -> Option<AddrSpace> {
    match word.trim_start_matches("__") {
        "global" => Some(AddrSpace::Global),
        "local" => Some(AddrSpace::Local),
        "constant" => Some(AddrSpace::Constant),
        "private" => Some(AddrSpace::Private),
        "generic" => Some(AddrSpace::Generic),
        _ => None,
    }
}

/// A parsed expression.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    text: String,
    pub(super) root: Node,
}

impl Expr {
    /// The expression as the user wrote it (trimmed), for `display` listings.
    pub fn text(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for Expr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Parses an expression.
pub fn parse(text: &str) -> Result<Expr, ExprError> {
    let mut parser = Parser {
        text,
        tokens: tokenize(text)?,
        pos: 0,
        nodes: 0,
        nesting: 0,
    };
    let root = parser.expression()?;
    if parser.peek() != &Tok::End {
        return Err(parser.syntax_error());
    }
    Ok(Expr {
        text: text.trim().to_string(),
        root,
    })
}

/// Recursive descent, one function per precedence tier (binary operators by precedence
/// climbing).
struct Parser<'a> {
    text: &'a str,
    tokens: Vec<Token>,
    pos: usize,
    nodes: usize,
    nesting: usize,
}

impl Parser<'_> {
    fn peek(&self) -> &Tok {
        self.tokens.get(self.pos).map_or(&Tok::End, |t| &t.tok)
    }

    fn punct(&self) -> Option<&'static str> {
        match self.peek() {
            Tok::Punct(p) => Some(p),
            _ => None,
        }
    }

    /// The current token, moving past it (never past the end).
    fn advance(&mut self) -> Tok {
        let tok = self.peek().clone();
        if tok != Tok::End {
            self.pos += 1;
        }
        tok
    }

    fn expect(&mut self, p: &str) -> Result<(), ExprError> {
        if self.punct() == Some(p) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.syntax_error())
        }
    }

    /// gdb's error, quoting the input from the current token on.
    fn syntax_error(&self) -> ExprError {
        let at = self.tokens.get(self.pos).map_or(self.text.len(), |t| t.at);
        let rest = self.text.get(at..).unwrap_or("").trim_end();
        ExprError::Syntax {
            near: rest.to_string(),
        }
    }

    /// Counts a new node against `MAX_NODES`.
    fn node(&mut self, node: Node) -> Result<Node, ExprError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(ExprError::TooComplex);
        }
        Ok(node)
    }

    /// Runs `f` one nesting level deeper, refusing to go past `MAX_NESTING`.
    fn nested(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<Node, ExprError>,
    ) -> Result<Node, ExprError> {
        if self.nesting >= MAX_NESTING {
            return Err(ExprError::TooComplex);
        }
        self.nesting += 1;
        let result = f(self);
        self.nesting -= 1;
        result
    }

    /// gdb's `@` binds loosest: `*p@n+1` repeats `*p` n+1 times.
    fn expression(&mut self) -> Result<Node, ExprError> {
        let mut node = self.conditional()?;
        while self.punct() == Some("@") {
            self.pos += 1;
            let count = self.conditional()?;
            node = self.node(Node::Repeat(Box::new(node), Box::new(count)))?;
        }
        Ok(node)
    }

    /// `c ? a : b`, right-associative.
    fn conditional(&mut self) -> Result<Node, ExprError> {
        let cond = self.binary(1)?;
        if self.punct() != Some("?") {
            return Ok(cond);
        }
        self.pos += 1;
        let yes = self.nested(Self::expression)?;
        self.expect(":")?;
        let no = self.nested(Self::conditional)?;
        self.node(Node::Choose(Box::new(cond), Box::new(yes), Box::new(no)))
    }

    /// A type name from the current token (after a `(`), up to but not including the `)`:
    /// `None`, without moving, if the tokens are not one.
    fn type_name(&mut self) -> Option<CType> {
        let start = self.pos;
        let mut space = AddrSpace::Private;
        let mut words = Vec::new();
        while let Tok::Ident(word) = self.peek() {
            match qualifier_space(word) {
                Some(s) => space = s,
                None if word == "const" || word == "volatile" || word == "restrict" => {}
                None => words.push(word.clone()),
            }
            self.pos += 1;
        }
        let mut pointers = 0;
        while self.punct() == Some("*") {
            pointers += 1;
            self.pos += 1;
        }
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        match CScalar::named(&words) {
            Some(scalar) if self.punct() == Some(")") => Some(CType {
                scalar,
                space,
                pointers,
            }),
            _ => {
                self.pos = start;
                None
            }
        }
    }

    /// Binary operators of precedence `min` or higher, left-associative.
    fn binary(&mut self, min: u8) -> Result<Node, ExprError> {
        let mut left = self.unary()?;
        while let Some((op, precedence)) = self.punct().and_then(Binary::from_punct) {
            if precedence < min {
                break;
            }
            self.pos += 1;
            let right = self.binary(precedence + 1)?;
            left = self.node(Node::Binary(op, Box::new(left), Box::new(right)))?;
        }
        Ok(left)
    }

    fn unary(&mut self) -> Result<Node, ExprError> {
        if matches!(self.peek(), Tok::Ident(w) if w == "sizeof") {
            self.pos += 1;
            if self.punct() == Some("(") {
                let at = self.pos;
                self.pos += 1;
                if let Some(ty) = self.type_name() {
                    self.expect(")")?;
                    return self.node(Node::SizeOfType(ty));
                }
                self.pos = at;
            }
            let operand = self.nested(Self::unary)?;
            return self.node(Node::SizeOf(Box::new(operand)));
        }
        if self.punct() == Some("(") {
            let at = self.pos;
            self.pos += 1;
            if let Some(ty) = self.type_name() {
                self.expect(")")?;
                let operand = self.nested(Self::unary)?;
                return self.node(Node::Cast(ty, Box::new(operand)));
            }
            self.pos = at;
        }
        let op = match self.punct() {
            Some("*") => Unary::Deref,
            Some("&") => Unary::AddrOf,
            Some("-") => Unary::Neg,
            Some("+") => Unary::Plus,
            Some("!") => Unary::Not,
            Some("~") => Unary::BitNot,
            _ => return self.postfix(),
        };
        self.pos += 1;
        let operand = self.nested(Self::unary)?;
        self.node(Node::Unary(op, Box::new(operand)))
    }

    fn postfix(&mut self) -> Result<Node, ExprError> {
        let mut node = self.primary()?;
        loop {
            let next = match self.punct() {
                Some(".") => {
                    self.pos += 1;
                    Node::Member(Box::new(node), self.member_name()?)
                }
                Some("->") => {
                    self.pos += 1;
                    Node::Arrow(Box::new(node), self.member_name()?)
                }
                Some("[") => {
                    self.pos += 1;
                    let index = self.nested(Self::expression)?;
                    self.expect("]")?;
                    Node::Index(Box::new(node), Box::new(index))
                }
                _ => return Ok(node),
            };
            node = self.node(next)?;
        }
    }

    fn member_name(&mut self) -> Result<String, ExprError> {
        match self.peek() {
            Tok::Ident(name) => {
                let name = name.clone();
                self.pos += 1;
                Ok(name)
            }
            _ => Err(self.syntax_error()),
        }
    }

    fn primary(&mut self) -> Result<Node, ExprError> {
        let at = self.pos;
        match self.advance() {
            Tok::Ident(name) if self.punct() == Some("(") => {
                self.pos += 1;
                let mut args = Vec::new();
                if self.punct() != Some(")") {
                    args.push(self.nested(Self::expression)?);
                    while self.punct() == Some(",") {
                        self.pos += 1;
                        args.push(self.nested(Self::expression)?);
                    }
                }
                self.expect(")")?;
                self.node(Node::Call(name, args))
            }
            Tok::Ident(name) => self.node(Node::Name(name)),
            Tok::Number(n) => self.node(Node::Literal(n)),
            Tok::Punct("(") => {
                let inner = self.nested(Self::expression)?;
                self.expect(")")?;
                Ok(inner)
            }
            _ => {
                self.pos = at;
                Err(self.syntax_error())
            }
        }
    }
}
