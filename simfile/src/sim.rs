//! Reader for Oclgrind's `.sim` files (compat §2.2–2.3), with its exact error messages.
//!
//! Values are read like C++ stream extraction: whitespace-separated, spread over any number of
//! lines, a number may stop in the middle of a token (the rest is read next), `#` starts a
//! comment. Errors name the line and what was being parsed.

use std::fmt;

/// Element types for initialisers and dumps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Elem {
    Char,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Float,
    Double,
}

impl Elem {
    pub const NAMES: [(&'static str, Elem); 10] = [
        ("char", Elem::Char),
        ("uchar", Elem::UChar),
        ("short", Elem::Short),
        ("ushort", Elem::UShort),
        ("int", Elem::Int),
        ("uint", Elem::UInt),
        ("long", Elem::Long),
        ("ulong", Elem::ULong),
        ("float", Elem::Float),
        ("double", Elem::Double),
    ];

    pub fn size(self) -> usize {
        match self {
            Elem::Char | Elem::UChar => 1,
            Elem::Short | Elem::UShort => 2,
            Elem::Int | Elem::UInt | Elem::Float => 4,
            Elem::Long | Elem::ULong | Elem::Double => 8,
        }
    }

    /// The type's name in a header.
    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, e)| *e == self)
            .map(|(n, _)| *n)
            .expect("every type is named")
    }

    /// The unsigned type of the same width (a float's bits as an integer).
    pub fn unsigned(self) -> Elem {
        match self.size() {
            1 => Elem::UChar,
            2 => Elem::UShort,
            4 => Elem::UInt,
            _ => Elem::ULong,
        }
    }

    /// The type a header names (`uint`).
    pub fn from_name(s: &str) -> Option<Elem> {
        Self::NAMES.iter().find(|(n, _)| *n == s).map(|(_, e)| *e)
    }

    /// Default type from the kernel argument's type name (`float*`, `uint4`, `void*`).
    pub fn default_for(type_name: &str) -> Option<Elem> {
        if type_name.starts_with("void*") {
            return Some(Elem::UChar);
        }
        Self::NAMES
            .iter()
            .find(|(n, _)| type_name.starts_with(n))
            .map(|(_, e)| *e)
    }
}

/// A failure while reading a `.sim` file, printed as Oclgrind prints it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimError {
    #[error("Line {line}: {msg} ({ctx})")]
    At {
        line: usize,
        msg: String,
        ctx: String,
    },
    #[error("Line {line}: Failed to parse {ctx}")]
    Parse { line: usize, ctx: String },
    #[error("Unexpected EOF when parsing {ctx}")]
    Eof { ctx: String },
    #[error("Unexpected token '{0}' (expected EOF)")]
    Trailing(String),
}

/// Text read value by value.
pub struct Reader {
    lines: Vec<String>,
    next_line: usize,
    line: Vec<char>,
    pos: usize,
    /// What is being parsed, for messages.
    pub ctx: String,
}

impl Reader {
    pub fn new(text: &str) -> Reader {
        Reader {
            lines: text.lines().map(str::to_string).collect(),
            next_line: 0,
            line: Vec::new(),
            pos: 0,
            ctx: String::new(),
        }
    }

    /// 1-based number of the current line.
    pub fn line_number(&self) -> usize {
        self.next_line
    }

    pub fn error(&self, msg: impl fmt::Display) -> SimError {
        SimError::At {
            line: self.line_number(),
            msg: msg.to_string(),
            ctx: self.ctx.clone(),
        }
    }

    fn parse_error(&self) -> SimError {
        SimError::Parse {
            line: self.line_number(),
            ctx: self.ctx.clone(),
        }
    }

    fn skip_space(&mut self) {
        while self.pos < self.line.len() && self.line[self.pos].is_whitespace() {
            self.pos += 1;
        }
    }

    /// Moves to the next value, reading lines as needed.
    fn fill(&mut self) -> Result<(), SimError> {
        loop {
            self.skip_space();
            if self.pos < self.line.len() {
                return Ok(());
            }
            let Some(l) = self.lines.get(self.next_line) else {
                return Err(SimError::Eof {
                    ctx: self.ctx.clone(),
                });
            };
            let l = l.split('#').next().unwrap_or("");
            self.line = l.chars().collect();
            self.pos = 0;
            self.next_line += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.line.get(self.pos).copied()
    }

    /// The next whitespace-delimited token.
    pub fn token(&mut self) -> Result<String, SimError> {
        self.fill()?;
        let start = self.pos;
        while self.peek().is_some_and(|c| !c.is_whitespace()) {
            self.pos += 1;
        }
        Ok(self.line[start..self.pos].iter().collect())
    }

    /// An unsigned number (sizes and NDRange).
    pub fn size(&mut self) -> Result<u64, SimError> {
        self.fill()?;
        match scan_int(&self.line, &mut self.pos, false) {
            Some(v) if (0..=u64::MAX as i128).contains(&v) && self.at_boundary() => Ok(v as u64),
            _ => Err(self.parse_error()),
        }
    }

    /// One element value of type `e`, as little-endian bytes.
    pub fn value(&mut self, e: Elem, hex: bool) -> Result<Vec<u8>, SimError> {
        self.fill()?;
        let line = self.line.clone();
        match scan_value(&line, &mut self.pos, e, hex) {
            Ok(_) if !self.at_boundary() => Err(self.parse_error()),
            Ok(bytes) => Ok(bytes),
            Err(ValueError::Syntax) => Err(self.parse_error()),
            Err(ValueError::Char) => Err(self.error("Invalid char value")),
        }
    }

    /// Whether a number just read ends its word: `12abc` and a bare `0x` are not numbers,
    /// where Oclgrind's next read would fail on the rest.
    fn at_boundary(&self) -> bool {
        self.peek().is_none_or(char::is_whitespace)
    }

    /// The text inside `<...>` of an argument header (up to the last `>` on its line).
    pub fn header(&mut self) -> Result<String, SimError> {
        self.fill()?;
        if self.peek() != Some('<') {
            return Err(self.error("Expected argument header <...>"));
        }
        let rest = &self.line[self.pos + 1..];
        let Some(end) = rest.iter().rposition(|c| *c == '>') else {
            return Err(self.error("Missing '>' at end of argument header"));
        };
        let header = rest[..end].iter().collect();
        self.pos += end + 2;
        Ok(header)
    }

    /// Whether the next value is a launch header, `<launch ...>`.
    pub fn at_launch_header(&mut self) -> bool {
        if self.fill().is_err() {
            return false;
        }
        let rest = &self.line[self.pos..];
        let word: String = rest.iter().skip(1).take(LAUNCH.len() + 1).collect();
        rest.first() == Some(&'<')
            && word.starts_with(LAUNCH)
            && word[LAUNCH.len()..]
                .chars()
                .next()
                .is_none_or(|c| c.is_whitespace() || c == '>')
    }

    /// Checks that nothing but comments follows the current line.
    pub fn expect_eof(&self) -> Result<(), SimError> {
        for l in &self.lines[self.next_line.min(self.lines.len())..] {
            let content = l.split('#').next().unwrap_or("");
            if let Some(tok) = content.split_whitespace().next() {
                return Err(SimError::Trailing(tok.to_string()));
            }
        }
        Ok(())
    }
}

/// Reads an integer prefix like `istream >> int` (with `hex`, an optional `0x` and hex digits).
fn scan_int(s: &[char], pos: &mut usize, hex: bool) -> Option<i128> {
    let mut i = *pos;
    let neg = match s.get(i) {
        Some('-') => {
            i += 1;
            true
        }
        Some('+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let radix = if hex { 16 } else { 10 };
    if hex
        && s.get(i) == Some(&'0')
        && matches!(s.get(i + 1), Some('x') | Some('X'))
        && s.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit())
    {
        i += 2;
    }
    let start = i;
    let mut v: i128 = 0;
    while let Some(d) = s.get(i).and_then(|c| c.to_digit(radix)) {
        v = v.checked_mul(radix as i128)?.checked_add(d as i128)?;
        if v > u64::MAX as i128 {
            return None;
        }
        i += 1;
    }
    if i == start {
        return None;
    }
    *pos = i;
    Some(if neg { -v } else { v })
}

/// Reads a floating-point prefix like `istream >> double`; returns its text.
fn scan_float(s: &[char], pos: &mut usize) -> Option<String> {
    let mut i = *pos;
    if matches!(s.get(i), Some('-') | Some('+')) {
        i += 1;
    }
    let digits = |i: &mut usize| {
        let st = *i;
        while s.get(*i).is_some_and(|c| c.is_ascii_digit()) {
            *i += 1;
        }
        *i - st
    };
    let mut n = digits(&mut i);
    if s.get(i) == Some(&'.') {
        i += 1;
        n += digits(&mut i);
    }
    if n == 0 {
        return None;
    }
    if matches!(s.get(i), Some('e') | Some('E')) {
        let mut j = i + 1;
        if matches!(s.get(j), Some('-') | Some('+')) {
            j += 1;
        }
        if digits(&mut j) > 0 {
            i = j;
        }
    }
    let text: String = s[*pos..i].iter().collect();
    *pos = i;
    Some(text)
}

#[derive(Debug, PartialEq, Eq)]
pub enum ValueError {
    Syntax,
    /// A char value that does not fit (chars are read as int, then must round-trip).
    Char,
}

/// Reads one element and returns its bytes.
pub fn scan_value(s: &[char], pos: &mut usize, e: Elem, hex: bool) -> Result<Vec<u8>, ValueError> {
    let int_range = |lo: i128, hi: i128, pos: &mut usize| -> Result<i128, ValueError> {
        let v = scan_int(s, pos, hex).ok_or(ValueError::Syntax)?;
        // Unsigned extraction accepts a minus sign and wraps, as strtoul does.
        if v < lo && !(lo == 0 && -v <= hi) || v > hi {
            return Err(ValueError::Syntax);
        }
        Ok(v)
    };
    Ok(match e {
        Elem::Char | Elem::UChar => {
            let v = int_range(i32::MIN as i128, i32::MAX as i128, pos)?;
            let ok = if e == Elem::Char {
                (-128..=127).contains(&v)
            } else {
                (0..=255).contains(&v)
            };
            if !ok {
                return Err(ValueError::Char);
            }
            vec![v as u8]
        }
        Elem::Short => (int_range(i16::MIN as i128, i16::MAX as i128, pos)? as i16)
            .to_le_bytes()
            .to_vec(),
        Elem::UShort => (int_range(0, u16::MAX as i128, pos)? as u16)
            .to_le_bytes()
            .to_vec(),
        Elem::Int => (int_range(i32::MIN as i128, i32::MAX as i128, pos)? as i32)
            .to_le_bytes()
            .to_vec(),
        Elem::UInt => (int_range(0, u32::MAX as i128, pos)? as u32)
            .to_le_bytes()
            .to_vec(),
        Elem::Long => (int_range(i64::MIN as i128, i64::MAX as i128, pos)? as i64)
            .to_le_bytes()
            .to_vec(),
        Elem::ULong => (int_range(0, u64::MAX as i128, pos)? as u64)
            .to_le_bytes()
            .to_vec(),
        Elem::Float => {
            let t = scan_float(s, pos).ok_or(ValueError::Syntax)?;
            t.parse::<f32>()
                .map_err(|_| ValueError::Syntax)?
                .to_le_bytes()
                .to_vec()
        }
        Elem::Double => {
            let t = scan_float(s, pos).ok_or(ValueError::Syntax)?;
            t.parse::<f64>()
                .map_err(|_| ValueError::Syntax)?
                .to_le_bytes()
                .to_vec()
        }
    })
}

/// The text of a simulator file: UTF-8, or else Latin-1 (a byte per character), as Oclgrind
/// reads bytes whatever their encoding; what is not text then fails to parse where it stands.
pub fn decode_text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| char::from(b)).collect())
}

/// Parses a whole string as one value (fill values and range bounds): trailing characters
/// (`12abc`, `0xZZ`) make it invalid.
pub fn parse_value_str(text: &str, e: Elem, hex: bool) -> Result<Vec<u8>, ValueError> {
    let chars: Vec<char> = text.chars().collect();
    let mut pos = 0;
    let bytes = scan_value(&chars, &mut pos, e, hex)?;
    match pos == chars.len() {
        true => Ok(bytes),
        false => Err(ValueError::Syntax),
    }
}

/// A parsed argument header.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub elem: Option<Elem>,
    pub size: Option<u64>,
    pub fill: Option<String>,
    pub range: Option<String>,
    pub dump: bool,
    pub hex: bool,
    pub noinit: bool,
    pub null: bool,
    pub ro: bool,
    pub wo: bool,
    /// `file=FILE`: the initial contents, `size` raw bytes in a side file (our extension).
    pub file: Option<String>,
    /// `in=K+OFF`: the argument is `size` bytes at OFF in store K (our extension).
    pub view: Option<View>,
    /// `image=KIND format= extent= pitch=`: an image whose pixels are the `size` bytes
    /// (our extension).
    pub image: Option<ImageSpec>,
    /// `svm=K+OFF`: a pointer OFF bytes into shared virtual memory allocation K; `size` is
    /// what is dumped from there (our extension).
    pub svm: Option<View>,
}

/// An image argument's shape and format, as OpenCL describes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ImageSpec {
    /// `image=2d`: the `CL_MEM_OBJECT_IMAGE*` type.
    pub kind: u32,
    /// `format=ORDER:TYPE`: `CL_` channel order and channel data type.
    pub order: u32,
    pub channel_type: u32,
    /// `extent=W,H,D,L`: width, height, depth and array layers (1 where not used).
    pub extent: [u64; 4],
    /// `pitch=ROW,SLICE`: bytes from a row to the next, and from a slice or layer to the next.
    pub pitch: [u64; 2],
}

/// The image types by their names in a header, with their `CL_MEM_OBJECT_*` values.
pub const IMAGE_KINDS: [(&str, u32); 6] = [
    ("2d", 0x10F1),
    ("3d", 0x10F2),
    ("2d-array", 0x10F3),
    ("1d", 0x10F4),
    ("1d-array", 0x10F5),
    ("1d-buffer", 0x10F6),
];

/// Where an argument's bytes lie in a backing store (`in=K+OFF`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    pub store: usize,
    pub offset: u64,
}

/// An argument header that cannot be read, as Oclgrind words it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HeaderError {
    #[error("Argument type defined multiple times")]
    TypeTwice,
    #[error("Expected =VALUE after 'fill")]
    FillValue,
    #[error("Expected =START:INC:END after 'range")]
    RangeValue,
    #[error("Expected = after 'size'")]
    SizeEquals,
    #[error("Invalid value for 'size'")]
    Size,
    #[error("Unrecognised header token '{0}'")]
    Token(String),
    #[error("The launch header must come before the first argument")]
    LaunchLate,
    #[error("Expected =FILE after 'file'")]
    FileValue,
    #[error("Expected =STORE+OFFSET after 'in', as in in=0+4096")]
    ViewValue,
    #[error("Expected =ALLOCATION+OFFSET after 'svm', as in svm=0+16")]
    SvmValue,
    #[error(
        "Invalid image token '{0}' (image=2d format=0x10b5:0x10de extent=W,H,D,L pitch=ROW,SLICE)"
    )]
    ImageValue(String),
}

/// Splits and checks the tokens of an argument header.
pub fn parse_header(text: &str) -> Result<Header, HeaderError> {
    let mut h = Header::default();
    for tok in text.split_whitespace() {
        if let Some(e) = Elem::from_name(tok) {
            if h.elem.is_some() {
                return Err(HeaderError::TypeTwice);
            }
            h.elem = Some(e);
        } else if tok.starts_with("dump") {
            h.dump = true;
        } else if let Some(rest) = tok.strip_prefix("fill") {
            match rest.strip_prefix('=') {
                Some(v) if !v.is_empty() => h.fill = Some(v.to_string()),
                _ => return Err(HeaderError::FillValue),
            }
        } else if let Some(rest) = tok.strip_prefix("range") {
            match rest.strip_prefix('=') {
                Some(v) if !v.is_empty() => h.range = Some(v.to_string()),
                _ => return Err(HeaderError::RangeValue),
            }
        } else if let Some(rest) = tok.strip_prefix("size") {
            let v = rest.strip_prefix('=').ok_or(HeaderError::SizeEquals)?;
            h.size = Some(v.parse().map_err(|_| HeaderError::Size)?);
        } else {
            match tok {
                "hex" => h.hex = true,
                "noinit" => h.noinit = true,
                "null" => h.null = true,
                "ro" => h.ro = true,
                "wo" => h.wo = true,
                "launch" => return Err(HeaderError::LaunchLate),
                _ => extension_token(tok, &mut h)?,
            }
        }
    }
    Ok(h)
}

/// Our argument tokens (`file=`, `in=`); anything else is Oclgrind's unrecognised token.
fn extension_token(tok: &str, h: &mut Header) -> Result<(), HeaderError> {
    if let Some(rest) = tok.strip_prefix("file") {
        match rest.strip_prefix('=') {
            Some(f) if !f.is_empty() => h.file = Some(f.to_string()),
            _ => return Err(HeaderError::FileValue),
        }
    } else if let Some(rest) = tok.strip_prefix("in=") {
        h.view = Some(parse_view(rest).ok_or(HeaderError::ViewValue)?);
    } else if let Some(rest) = tok.strip_prefix("svm=") {
        h.svm = Some(parse_view(rest).ok_or(HeaderError::SvmValue)?);
    } else if let Some((key @ ("image" | "format" | "extent" | "pitch"), value)) =
        tok.split_once('=')
    {
        let bad = || HeaderError::ImageValue(tok.to_string());
        let spec = h.image.get_or_insert_with(ImageSpec::default);
        let numbers = |sep: char| -> Result<Vec<u64>, HeaderError> {
            value
                .split(sep)
                .map(parse_number)
                .collect::<Option<_>>()
                .ok_or_else(bad)
        };
        match key {
            "image" => {
                let kind = IMAGE_KINDS
                    .iter()
                    .find(|(n, _)| *n == value)
                    .ok_or_else(bad)?;
                spec.kind = kind.1;
            }
            "format" => {
                let [order, channel] = numbers(':')?.try_into().map_err(|_| bad())?;
                (spec.order, spec.channel_type) = (order as u32, channel as u32);
            }
            "extent" => spec.extent = numbers(',')?.try_into().map_err(|_| bad())?,
            _ => spec.pitch = numbers(',')?.try_into().map_err(|_| bad())?,
        }
    } else {
        return Err(HeaderError::Token(tok.to_string()));
    }
    Ok(())
}

/// `K+OFF`.
fn parse_view(text: &str) -> Option<View> {
    let (store, offset) = text.split_once('+')?;
    Some(View {
        store: store.parse().ok()?,
        offset: offset.parse().ok()?,
    })
}

/// A decimal number, or hexadecimal after `0x`.
fn parse_number(text: &str) -> Option<u64> {
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

/// The launch header `<launch ...>`: what Oclgrind's format cannot say about a launch (our
/// extension; it comes after the work-group size, before the first argument).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LaunchHeader {
    /// `dim=N`: `work_dim` below 3.
    pub dim: Option<u32>,
    /// `offset=X,Y,Z`: the global work offset.
    pub offset: Option<[u64; 3]>,
    /// `options=TEXT`: the program's build options, exactly as given to the build.
    pub options: Option<String>,
    /// `source=FILE`: OpenCL C for another platform when the program is bitcode.
    pub source: Option<String>,
    /// `store=K:SIZE:FILE`: backing stores that several arguments view (`in=`).
    pub stores: Vec<Store>,
    /// `global=NAME:FILE`: a program-scope variable's bytes at the launch.
    pub globals: Vec<(String, String)>,
    /// `svm=K:SIZE:0xADDRESS:FILE`: shared virtual memory allocations, at their addresses.
    pub svm: Vec<SvmStore>,
}

/// A shared virtual memory allocation: `size` bytes from `file`, at host address `address`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvmStore {
    pub size: u64,
    pub address: u64,
    pub file: String,
}

/// A backing store: `size` bytes from `file`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Store {
    pub size: u64,
    pub file: String,
}

/// A launch header that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LaunchHeaderError {
    #[error("Unrecognised launch token '{0}'")]
    Token(String),
    #[error("Invalid value in launch token '{0}'")]
    Value(String),
    #[error("Stores must be numbered from 0 in order ('{0}')")]
    StoreOrder(String),
}

/// The first word of a launch header.
pub const LAUNCH: &str = "launch";

/// Splits and checks the tokens of a launch header (the text inside `<launch ...>`).
pub fn parse_launch_header(text: &str) -> Result<LaunchHeader, LaunchHeaderError> {
    let mut h = LaunchHeader::default();
    // The first word is `launch` itself.
    for tok in text.split_whitespace().skip(1) {
        let bad = || LaunchHeaderError::Value(tok.to_string());
        let (key, value) = tok
            .split_once('=')
            .ok_or_else(|| LaunchHeaderError::Token(tok.to_string()))?;
        if value.is_empty() {
            return Err(bad());
        }
        match key {
            "dim" => match value.parse() {
                Ok(d @ 1..=3) => h.dim = Some(d),
                _ => return Err(bad()),
            },
            "offset" => {
                let parts: Vec<u64> = value
                    .split(',')
                    .map(str::parse)
                    .collect::<Result<_, _>>()
                    .map_err(|_| bad())?;
                h.offset = Some(parts.try_into().map_err(|_| bad())?);
            }
            "options" => h.options = Some(unescape_word(value).ok_or_else(bad)?),
            "source" => h.source = Some(value.to_string()),
            "store" => {
                let mut parts = value.splitn(3, ':');
                let (Some(k), Some(size), Some(file)) = (parts.next(), parts.next(), parts.next())
                else {
                    return Err(bad());
                };
                let k: usize = k.parse().map_err(|_| bad())?;
                if k != h.stores.len() {
                    return Err(LaunchHeaderError::StoreOrder(tok.to_string()));
                }
                let size = size.parse().map_err(|_| bad())?;
                if file.is_empty() {
                    return Err(bad());
                }
                h.stores.push(Store {
                    size,
                    file: file.to_string(),
                });
            }
            "svm" => {
                let mut parts = value.splitn(4, ':');
                let (Some(k), Some(size), Some(address), Some(file)) =
                    (parts.next(), parts.next(), parts.next(), parts.next())
                else {
                    return Err(bad());
                };
                if k.parse::<usize>().ok() != Some(h.svm.len()) {
                    return Err(LaunchHeaderError::StoreOrder(tok.to_string()));
                }
                let address = address.strip_prefix("0x").ok_or_else(bad)?;
                h.svm.push(SvmStore {
                    size: size.parse().map_err(|_| bad())?,
                    address: u64::from_str_radix(address, 16).map_err(|_| bad())?,
                    file: file.to_string(),
                });
            }
            "global" => {
                let (name, file) = value.split_once(':').ok_or_else(bad)?;
                if name.is_empty() || file.is_empty() {
                    return Err(bad());
                }
                h.globals.push((name.to_string(), file.to_string()));
            }
            _ => return Err(LaunchHeaderError::Token(tok.to_string())),
        }
    }
    Ok(h)
}

/// A word with `%XX` escapes for the characters a header cannot hold (`%`, whitespace, `#`,
/// `<`, `>`).
pub fn escape_word(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    for c in word.chars() {
        if c == '%' || c == '#' || c == '<' || c == '>' || c.is_whitespace() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out += &format!("%{b:02X}");
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The word an [`escape_word`] text stands for; None when an escape is malformed.
pub fn unescape_word(text: &str) -> Option<String> {
    let mut bytes = Vec::with_capacity(text.len());
    let mut rest = text.as_bytes();
    while let Some((&b, tail)) = rest.split_first() {
        if b == b'%' {
            let hex = std::str::from_utf8(tail.get(..2)?).ok()?;
            bytes.push(u8::from_str_radix(hex, 16).ok()?);
            rest = &tail[2..];
        } else {
            bytes.push(b);
            rest = tail;
        }
    }
    String::from_utf8(bytes).ok()
}

/// A `range=` initialiser that cannot be expanded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RangeError {
    #[error("Invalid range format")]
    Format,
    #[error("Invalid char value")]
    Char,
    #[error("Range doesn't produce correct buffer size")]
    Size,
}

impl From<ValueError> for RangeError {
    fn from(e: ValueError) -> RangeError {
        match e {
            ValueError::Syntax => RangeError::Format,
            ValueError::Char => RangeError::Char,
        }
    }
}

/// Expands `START:INC:END` into elements; checks it yields exactly `count` of them.
pub fn expand_range(spec: &str, e: Elem, hex: bool, count: usize) -> Result<Vec<u8>, RangeError> {
    let range = Range::parse(spec, e, hex, count)?;
    let mut out = vec![0; count * e.size()];
    range.write(0, &mut out);
    Ok(out)
}

/// A `START:INC:END` range of elements, checked to yield its buffer's count, to be written a
/// part at a time (a buffer of hundreds of MiB need not be built beside the memory it fills).
#[derive(Clone, Copy, Debug)]
pub struct Range {
    step: Step,
    size: usize,
}

/// Where element k is: `start + k * inc`, as Oclgrind computes it for the type.
#[derive(Clone, Copy, Debug)]
enum Step {
    /// Integers of any width: the low bytes of the sum (two's complement wraps alike).
    Int {
        start: u64,
        inc: u64,
    },
    /// `float`s, computed in single precision from element 0.
    Float {
        start: f32,
        inc: f32,
    },
    Double {
        start: f64,
        inc: f64,
    },
}

impl Range {
    pub fn parse(spec: &str, e: Elem, hex: bool, count: usize) -> Result<Range, RangeError> {
        let parts: Vec<&str> = spec.split(':').collect();
        let [start, inc, end] = parts.as_slice() else {
            return Err(RangeError::Format);
        };
        let bound = |s: &str| parse_value_str(s, e, hex).map_err(RangeError::from);
        let step = if matches!(e, Elem::Float | Elem::Double) {
            let num = |s: &str| -> Result<f64, RangeError> {
                let b = bound(s)?;
                let lanes = |n| b.get(..n).ok_or(RangeError::Format);
                Ok(match e {
                    Elem::Float => {
                        f32::from_le_bytes(lanes(4)?.try_into().expect("4 bytes")) as f64
                    }
                    _ => f64::from_le_bytes(lanes(8)?.try_into().expect("8 bytes")),
                })
            };
            let (s, i, en) = (num(start)?, num(inc)?, num(end)?);
            let n = (en - s + i) / i;
            if i == 0.0 || n.fract() != 0.0 || n < 0.0 || n as usize != count {
                return Err(RangeError::Size);
            }
            match e {
                Elem::Float => Step::Float {
                    start: s as f32,
                    inc: i as f32,
                },
                _ => Step::Double { start: s, inc: i },
            }
        } else {
            let num = |s: &str| -> Result<i128, RangeError> {
                let b = bound(s)?;
                let mut w = [0u8; 16];
                w[..b.len()].copy_from_slice(&b);
                let u = u128::from_le_bytes(w);
                let bits = e.size() * 8;
                let signed = matches!(e, Elem::Char | Elem::Short | Elem::Int | Elem::Long);
                Ok(if signed {
                    ((u << (128 - bits)) as i128) >> (128 - bits)
                } else {
                    u as i128
                })
            };
            let (s, i, en) = (num(start)?, num(inc)?, num(end)?);
            if i == 0 || (en - s + i) % i != 0 || (en - s + i) / i != count as i128 {
                return Err(RangeError::Size);
            }
            Step::Int {
                start: s as u64,
                inc: i as u64,
            }
        };
        Ok(Range {
            step,
            size: e.size(),
        })
    }

    /// Writes elements `first`, `first + 1`, ... into `out` (whole elements).
    pub fn write(&self, first: usize, out: &mut [u8]) {
        fn each<const N: usize>(out: &mut [u8], first: usize, value: impl Fn(u64) -> [u8; N]) {
            for (k, chunk) in out.chunks_exact_mut(N).enumerate() {
                chunk.copy_from_slice(&value((first + k) as u64));
            }
        }
        match (self.step, self.size) {
            (Step::Float { start, inc }, _) => {
                each(out, first, |k| (start + k as f32 * inc).to_le_bytes())
            }
            (Step::Double { start, inc }, _) => {
                each(out, first, |k| (start + k as f64 * inc).to_le_bytes())
            }
            (Step::Int { start, inc }, size) => {
                let v = |k: u64| start.wrapping_add(k.wrapping_mul(inc));
                match size {
                    1 => each(out, first, |k| [v(k) as u8]),
                    2 => each(out, first, |k| (v(k) as u16).to_le_bytes()),
                    4 => each(out, first, |k| (v(k) as u32).to_le_bytes()),
                    _ => each(out, first, |k| v(k).to_le_bytes()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_read_like_streams() {
        let mut r = Reader::new("vecadd.cl # comment\n\n  k\n16 1 x\n");
        assert_eq!(r.token().unwrap(), "vecadd.cl");
        assert_eq!(r.token().unwrap(), "k");
        r.ctx = "NDRange".into();
        assert_eq!(r.size().unwrap(), 16);
        assert_eq!(r.size().unwrap(), 1);
        assert_eq!(
            r.size().unwrap_err().to_string(),
            "Line 4: Failed to parse NDRange"
        );
        let mut r = Reader::new("1");
        r.ctx = "NDRange".into();
        r.size().unwrap();
        assert_eq!(
            r.size().unwrap_err().to_string(),
            "Unexpected EOF when parsing NDRange"
        );
    }

    #[test]
    fn numbers_stop_mid_token() {
        let s: Vec<char> = "12x".chars().collect();
        let mut p = 0;
        assert_eq!(scan_int(&s, &mut p, false), Some(12));
        assert_eq!(p, 2);
        let s: Vec<char> = "-0x1F".chars().collect();
        let mut p = 0;
        assert_eq!(scan_int(&s, &mut p, true), Some(-31));
        let s: Vec<char> = "1.5e3,".chars().collect();
        let mut p = 0;
        assert_eq!(scan_float(&s, &mut p).as_deref(), Some("1.5e3"));
    }

    #[test]
    fn chars_must_round_trip() {
        assert_eq!(parse_value_str("-128", Elem::Char, false), Ok(vec![0x80]));
        let s: Vec<char> = "128".chars().collect();
        assert_eq!(
            scan_value(&s, &mut 0, Elem::Char, false),
            Err(ValueError::Char)
        );
        assert_eq!(parse_value_str("ff", Elem::UChar, true), Ok(vec![0xff]));
        assert_eq!(parse_value_str("-1", Elem::UInt, false), Ok(vec![0xff; 4]));
        assert_eq!(
            parse_value_str("70000", Elem::Short, false),
            Err(ValueError::Syntax)
        );
    }

    #[test]
    fn a_value_is_the_whole_word() {
        let syntax = Err(ValueError::Syntax);
        assert_eq!(parse_value_str("12abc", Elem::Int, false), syntax);
        assert_eq!(parse_value_str("0xZZ", Elem::Int, true), syntax);
        assert_eq!(parse_value_str("0x", Elem::Int, true), syntax);
        assert_eq!(parse_value_str("1.5f", Elem::Float, false), syntax);
        assert_eq!(
            parse_value_str("0x1f", Elem::Int, true),
            Ok(vec![0x1f, 0, 0, 0])
        );
        let mut r = Reader::new("0x 5\n");
        assert!(r.value(Elem::Int, true).is_err());
        let mut r = Reader::new("12abc\n");
        assert!(r.size().is_err());
        let mut r = Reader::new("7\t8\n");
        assert_eq!(r.value(Elem::Int, false), Ok(vec![7, 0, 0, 0]));
        assert_eq!(r.size(), Ok(8));
    }

    #[test]
    fn a_char_range_out_of_range_says_so() {
        assert_eq!(
            expand_range("0:100:200", Elem::Char, false, 3)
                .unwrap_err()
                .to_string(),
            "Invalid char value"
        );
        assert_eq!(
            expand_range("0:1:x", Elem::Char, false, 3)
                .unwrap_err()
                .to_string(),
            "Invalid range format"
        );
    }

    #[test]
    fn headers() {
        let mut r = Reader::new("<size=4 int dump> 5\n");
        assert_eq!(r.header().unwrap(), "size=4 int dump");
        assert_eq!(r.value(Elem::Int, false).unwrap(), vec![5, 0, 0, 0]);
        let h = parse_header("size=16 float range=0:1:3 ro dump").unwrap();
        assert_eq!(h.size, Some(16));
        assert_eq!(h.elem, Some(Elem::Float));
        assert!(h.ro && h.dump);
        assert_eq!(
            parse_header("size=6x").unwrap_err().to_string(),
            "Invalid value for 'size'"
        );
        assert_eq!(
            parse_header("size4").unwrap_err().to_string(),
            "Expected = after 'size'"
        );
        assert_eq!(
            parse_header("int int").unwrap_err().to_string(),
            "Argument type defined multiple times"
        );
        assert_eq!(
            parse_header("fill").unwrap_err().to_string(),
            "Expected =VALUE after 'fill"
        );
        assert_eq!(
            parse_header("bogus").unwrap_err().to_string(),
            "Unrecognised header token 'bogus'"
        );
        let mut r = Reader::new("size=4\n");
        r.ctx = "argument 0: a".into();
        assert_eq!(
            r.header().unwrap_err().to_string(),
            "Line 1: Expected argument header <...> (argument 0: a)"
        );
    }

    #[test]
    fn ranges() {
        let b = expand_range("0:1:3", Elem::Int, false, 4).unwrap();
        assert_eq!(b, [0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0]);
        let b = expand_range("3:-1:0", Elem::Int, false, 4).unwrap();
        assert_eq!(&b[..4], &[3, 0, 0, 0]);
        assert!(expand_range("0:1:3", Elem::Int, false, 5).is_err());
        assert_eq!(
            expand_range("0:1", Elem::Int, false, 2)
                .unwrap_err()
                .to_string(),
            "Invalid range format"
        );
        let b = expand_range("0:0.5:1", Elem::Float, false, 3).unwrap();
        assert_eq!(f32::from_le_bytes(b[4..8].try_into().unwrap()), 0.5);
        assert_eq!(Elem::default_for("uint4*"), Some(Elem::UInt));
        assert_eq!(Elem::default_for("void*"), Some(Elem::UChar));
        assert_eq!(Elem::default_for("struct S*"), None);
    }

    #[test]
    fn a_range_written_in_parts_is_the_range() {
        // Each type's elements, element k computed from element 0 whichever part it is in:
        // negative steps, and float steps in single precision.
        let cases = [
            ("240:1:251", Elem::UChar, 12),
            ("-3:-7:-80", Elem::Short, 12),
            ("4000000000:1:4000000011", Elem::UInt, 12),
            ("-5:3:28", Elem::Long, 12),
            ("0.5:0.5:6", Elem::Float, 12),
            ("1:0.25:3.75", Elem::Double, 12),
        ];
        for (spec, e, count) in cases {
            let range = Range::parse(spec, e, false, count).unwrap();
            let whole = expand_range(spec, e, false, count).unwrap();
            let size = e.size();
            let mut parts = vec![0; count * size];
            let (head, tail) = parts.split_at_mut(5 * size);
            range.write(0, head);
            range.write(5, tail);
            assert_eq!(parts, whole, "{spec}");
        }
        let b = expand_range("-3:-7:-80", Elem::Short, false, 12).unwrap();
        assert_eq!(i16::from_le_bytes([b[2], b[3]]), -10);
        assert_eq!(i16::from_le_bytes([b[22], b[23]]), -80);
        let f = expand_range("0.5:0.5:6", Elem::Float, false, 12).unwrap();
        assert_eq!(f32::from_le_bytes(f[44..48].try_into().unwrap()), 6.0);
    }
}
