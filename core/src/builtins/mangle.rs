//! Demangling of OpenCL builtin names (the Itanium subset clang uses for OpenCL C overloads).
//!
//! Builtins are matched by base name and parameter kinds, never by the exact mangled string:
//! the same builtin can be mangled differently depending on the OpenCL version and header
//! (e.g. generic versus private pointers).

/// A parameter type as written in a mangled name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MType {
    Void,
    Bool,
    /// `char` (signed in OpenCL C).
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    Half,
    Float,
    Double,
    Vector(Box<MType>, u32),
    Pointer(Box<MType>),
    /// Address-space / cv qualified type; only meaningful as a pointee.
    Qualified {
        inner: Box<MType>,
        space: u32,
        is_const: bool,
        is_volatile: bool,
    },
    /// A named type such as `ocl_image2d_ro`, `ocl_sampler`, `ocl_event`.
    Named(String),
}

impl MType {
    /// The element type of a vector, or the type itself.
    pub fn element(&self) -> &MType {
        match self {
            MType::Vector(e, _) => e,
            t => t,
        }
    }

    pub fn lanes(&self) -> u32 {
        match self {
            MType::Vector(_, n) => *n,
            _ => 1,
        }
    }

    /// Strips qualifiers.
    pub fn unqualified(&self) -> &MType {
        match self {
            MType::Qualified { inner, .. } => inner.unqualified(),
            t => t,
        }
    }

    /// Pointee of a pointer (qualifiers stripped) and its address space.
    pub fn pointee(&self) -> Option<(&MType, u32)> {
        match self {
            MType::Pointer(p) => match &**p {
                MType::Qualified { inner, space, .. } => Some((inner.unqualified(), *space)),
                t => Some((t, 0)),
            },
            _ => None,
        }
    }

    pub fn is_signed_int(&self) -> bool {
        matches!(
            self.element(),
            MType::Char | MType::SChar | MType::Short | MType::Int | MType::Long
        )
    }

    pub fn is_unsigned_int(&self) -> bool {
        matches!(
            self.element(),
            MType::UChar | MType::UShort | MType::UInt | MType::ULong | MType::Bool
        )
    }

    pub fn is_float(&self) -> bool {
        matches!(self.element(), MType::Half | MType::Float | MType::Double)
    }

    /// Size in bytes of a scalar element type.
    pub fn scalar_size(&self) -> Option<u32> {
        Some(match self.element() {
            MType::Bool | MType::Char | MType::SChar | MType::UChar => 1,
            MType::Short | MType::UShort | MType::Half => 2,
            MType::Int | MType::UInt | MType::Float => 4,
            MType::Long | MType::ULong | MType::Double => 8,
            _ => return None,
        })
    }
}

/// A demangled builtin name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Demangled {
    pub name: String,
    pub params: Vec<MType>,
}

/// Splits `_Z<len><name><params>`; a name that is not mangled comes back with no parameters.
pub fn demangle(symbol: &str) -> Option<Demangled> {
    let Some(rest) = symbol.strip_prefix("_Z") else {
        return Some(Demangled {
            name: symbol.to_string(),
            params: Vec::new(),
        });
    };
    let mut p = Parser {
        s: rest.as_bytes(),
        pos: 0,
        subs: Vec::new(),
    };
    let name = p.source_name()?;
    let mut params = Vec::new();
    while p.pos < p.s.len() {
        params.push(p.ty()?);
    }
    if params == [MType::Void] {
        params.clear();
    }
    Some(Demangled { name, params })
}

struct Parser<'a> {
    s: &'a [u8],
    pos: usize,
    /// Substitution candidates in the order the ABI numbers them.
    subs: Vec<MType>,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.pos).copied()
    }

    fn next(&mut self) -> Option<u8> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    fn number(&mut self) -> Option<usize> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.s[start..self.pos])
            .ok()?
            .parse()
            .ok()
    }

    fn source_name(&mut self) -> Option<String> {
        let len = self.number()?;
        let end = self.pos.checked_add(len)?;
        let name = std::str::from_utf8(self.s.get(self.pos..end)?).ok()?;
        self.pos = end;
        Some(name.to_string())
    }

    /// Whether a `U<name>` here is a vendor type (`_Atomic`) rather than a qualifier
    /// (`AS<n>`, or any other vendor qualifier).
    fn vendor_type_ahead(&mut self) -> bool {
        let start = self.pos;
        self.pos += 1;
        let name = self.source_name();
        self.pos = start;
        name.is_some_and(|n| n == "_Atomic")
    }

    fn ty(&mut self) -> Option<MType> {
        let c = self.peek()?;
        let builtin = match c {
            b'v' => Some(MType::Void),
            b'b' => Some(MType::Bool),
            b'c' => Some(MType::Char),
            b'a' => Some(MType::SChar),
            b'h' => Some(MType::UChar),
            b's' => Some(MType::Short),
            b't' => Some(MType::UShort),
            b'i' => Some(MType::Int),
            b'j' => Some(MType::UInt),
            b'l' => Some(MType::Long),
            b'm' => Some(MType::ULong),
            b'f' => Some(MType::Float),
            b'd' => Some(MType::Double),
            _ => None,
        };
        if let Some(t) = builtin {
            self.pos += 1;
            return Some(t);
        }
        let t = match c {
            b'D' => {
                self.pos += 1;
                match self.next()? {
                    b'h' => return Some(MType::Half),
                    b'v' => {
                        let n = self.number()? as u32;
                        if self.next()? != b'_' {
                            return None;
                        }
                        let e = self.ty()?;
                        MType::Vector(Box::new(e), n)
                    }
                    _ => return None,
                }
            }
            b'P' => {
                self.pos += 1;
                MType::Pointer(Box::new(self.ty()?))
            }
            // `U7_Atomic T`: `_Atomic(T)` is a type of its own (a substitution candidate), not
            // a qualifier; builtins see the value type.
            b'U' if self.vendor_type_ahead() => {
                self.pos += 1;
                self.source_name()?;
                self.ty()?
            }
            b'U' | b'K' | b'V' | b'r' => {
                let (mut space, mut is_const, mut is_volatile) = (0, false, false);
                loop {
                    match self.peek()? {
                        // The qualified type ends where a vendor type begins.
                        b'U' if self.vendor_type_ahead() => break,
                        b'U' => {
                            self.pos += 1;
                            let q = self.source_name()?;
                            if let Some(n) = q.strip_prefix("AS") {
                                space = n.parse().ok()?;
                            }
                        }
                        b'K' => {
                            self.pos += 1;
                            is_const = true;
                        }
                        b'V' => {
                            self.pos += 1;
                            is_volatile = true;
                        }
                        b'r' => self.pos += 1,
                        _ => break,
                    }
                }
                let inner = self.ty()?;
                MType::Qualified {
                    inner: Box::new(inner),
                    space,
                    is_const,
                    is_volatile,
                }
            }
            b'S' => {
                self.pos += 1;
                let index = if self.peek()? == b'_' {
                    0
                } else {
                    let start = self.pos;
                    while self.peek()?.is_ascii_alphanumeric() {
                        self.pos += 1;
                    }
                    let seq = std::str::from_utf8(&self.s[start..self.pos]).ok()?;
                    usize::from_str_radix(seq, 36).ok()? + 1
                };
                if self.next()? != b'_' {
                    return None;
                }
                // A substitution is not itself a new candidate. Clang counts one candidate it
                // does not print for a pointer to private memory (`Pi` counts as two), so a
                // later index can run past the table: such a parameter is left unknown rather
                // than the whole name refused (builtins match on the parameters before it).
                return Some(
                    self.subs
                        .get(index)
                        .cloned()
                        .unwrap_or_else(|| MType::Named(String::new())),
                );
            }
            b'0'..=b'9' => MType::Named(self.source_name()?),
            _ => return None,
        };
        self.subs.push(t.clone());
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(e: MType, n: u32) -> MType {
        MType::Vector(Box::new(e), n)
    }

    fn ptr(inner: MType, space: u32, is_const: bool, is_volatile: bool) -> MType {
        MType::Pointer(Box::new(MType::Qualified {
            inner: Box::new(inner),
            space,
            is_const,
            is_volatile,
        }))
    }

    #[test]
    fn plain_and_vector_names() {
        let d = demangle("_Z13get_global_idj").unwrap();
        assert_eq!(d.name, "get_global_id");
        assert_eq!(d.params, vec![MType::UInt]);
        let d = demangle("_Z5clampDv4_fS_S_").unwrap();
        assert_eq!(d.params, vec![v(MType::Float, 4); 3]);
        assert_eq!(demangle("printf").unwrap().params, vec![]);
        assert_eq!(demangle("_Z7barrierv").unwrap().params, vec![]);
    }

    // Manglings below were produced by clang-19 for OpenCL C.
    #[test]
    fn qualified_pointers_and_substitutions() {
        let d = demangle("_Z1fPU3AS1KfS0_").unwrap();
        let p = ptr(MType::Float, 1, true, false);
        assert_eq!(d.params, vec![p.clone(), p]);

        let d = demangle("_Z1gDv4_fS_PU3AS1S_PU3AS1Dv4_iS2_").unwrap();
        let f4 = v(MType::Float, 4);
        let i4 = v(MType::Int, 4);
        assert_eq!(
            d.params,
            vec![
                f4.clone(),
                f4.clone(),
                ptr(f4, 1, false, false),
                ptr(i4.clone(), 1, false, false),
                i4
            ]
        );

        let d = demangle("_Z1hPU3AS1ViS0_PU3AS3Dv4_fS3_").unwrap();
        assert_eq!(d.params[1], ptr(MType::Int, 1, false, true));
        assert_eq!(d.params[3], ptr(v(MType::Float, 4), 3, false, false));

        let d = demangle("_Z5fractDv4_fPS_").unwrap();
        assert_eq!(d.params[1], MType::Pointer(Box::new(v(MType::Float, 4))));
        assert_eq!(d.params[1].pointee().unwrap(), (&v(MType::Float, 4), 0));

        let d = demangle("_Z6vload4mPU3AS1Kf").unwrap();
        assert_eq!(d.name, "vload4");
        assert_eq!(d.params[0], MType::ULong);
        assert_eq!(d.params[1].pointee().unwrap(), (&MType::Float, 1));

        let d = demangle("_Z14atomic_cmpxchgPU3AS1Viii").unwrap();
        assert_eq!(d.params.len(), 3);
        assert!(d.params[1].is_signed_int());
    }

    #[test]
    fn named_types_and_generic_pointers() {
        let d = demangle("_Z17wait_group_eventsiPU3AS49ocl_event").unwrap();
        assert_eq!(
            d.params[1].pointee().unwrap(),
            (&MType::Named("ocl_event".into()), 4)
        );
        assert!(demangle("_Z3foo").unwrap().params.is_empty());
    }

    #[test]
    fn atomic_types_are_substitution_candidates() {
        // `_Atomic(int)` is a candidate of its own, so S4_ is the memory_order.
        let d = demangle(
            "_Z39atomic_compare_exchange_strong_explicitPU3AS1VU7_AtomiciPU3AS1ii12memory_orderS4_12memory_scope",
        )
        .unwrap();
        assert_eq!(d.params[0], ptr(MType::Int, 1, false, true));
        assert_eq!(d.params[1], ptr(MType::Int, 1, false, false));
        let order = MType::Named("memory_order".into());
        assert_eq!(
            d.params[3..],
            [order.clone(), order, MType::Named("memory_scope".into())]
        );
        assert!(demangle("_Z99x").is_none());
        // Clang's S4_ here names the memory_order, past what the name shows.
        let d = demangle(
            "_Z37atomic_compare_exchange_weak_explicitPU3AS1VU7_AtomiciPii12memory_orderS4_12memory_scope",
        )
        .unwrap();
        assert_eq!(d.params[1], MType::Pointer(Box::new(MType::Int)));
        assert_eq!(d.params.len(), 6);
    }
}
