//! Source-level debug information of a kernel, for the interactive debugger: the types of
//! variables, where each variable lives at each point of the bytecode, and the kernel's
//! program- and kernel-scope variables. Produced by the lowering (only when asked for: it costs
//! a print of the module); free of LLVM.

use crate::bytecode::{Pc, Slot};
use crate::memory::AddrSpace;

/// Index into `KernelDebug::types`.
pub type TypeId = u32;

/// How the bytes of a base type are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    Signed,
    Unsigned,
    Float,
    Bool,
    SignedChar,
    UnsignedChar,
}

/// A member of a struct or union.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    pub name: String,
    pub ty: TypeId,
    /// Bytes from the start of the aggregate.
    pub offset: u64,
}

/// A source type, as the debug information describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbgType {
    Void,
    /// `int`, `float`, `unsigned char`, ...; `size` in bytes.
    Base {
        name: String,
        size: u32,
        encoding: Encoding,
    },
    /// A pointer into `space`; `pointee` is `None` for `void *`.
    Pointer {
        pointee: Option<TypeId>,
        space: AddrSpace,
    },
    /// A struct or union (`size` in bytes, members in declaration order).
    Struct {
        name: String,
        size: u64,
        members: Vec<Member>,
        is_union: bool,
    },
    /// `elem[count]`; multi-dimensional arrays nest (the outermost dimension first).
    Array {
        elem: TypeId,
        count: u64,
    },
    /// An OpenCL vector (`float4`): `count` lanes of `elem`.
    Vector {
        elem: TypeId,
        count: u32,
    },
    /// A named alias (`float4`, `uchar`, user typedefs).
    Typedef {
        name: String,
        base: TypeId,
    },
    Enum {
        name: String,
        size: u32,
        values: Vec<(String, i64)>,
    },
    /// Anything the debugger cannot show the inside of (images, samplers, events, functions).
    Opaque {
        name: String,
    },
}

/// Where a variable's value is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Location {
    /// In memory: `slot` holds its address in `space` (an `alloca` at `-O0`).
    Memory { slot: Slot, space: AddrSpace },
    /// In registers: the value's bytes are the low `lane_bytes` bytes of each of `lanes`
    /// consecutive slots from `slot`, in order (a scalar or vector SSA value).
    Slots {
        slot: Slot,
        lanes: u32,
        lane_bytes: u32,
    },
    /// A constant: its bytes.
    Constant(Vec<u8>),
    /// The optimiser removed it here.
    OptimizedOut,
}

/// A local variable or parameter of a function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: String,
    pub ty: TypeId,
    /// 1-based parameter number for parameters.
    pub arg: Option<u32>,
    /// Line of the declaration.
    pub line: u32,
}

/// From `pc` on (in bytecode order), variable `var` is at `location` — until the next entry
/// for the same variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarLocation {
    pub pc: Pc,
    pub var: u32,
    pub location: Location,
}

/// Debug information of one function of a kernel.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FunctionDebug {
    pub variables: Vec<Variable>,
    /// Sorted by `pc`.
    pub locations: Vec<VarLocation>,
}

impl FunctionDebug {
    /// Where each variable is at `pc`: the latest location at or before it, per variable
    /// (variables whose first location comes later are not in scope yet).
    pub fn locations_at(&self, pc: Pc) -> Vec<(&Variable, &Location)> {
        let mut latest: Vec<Option<&Location>> = vec![None; self.variables.len()];
        for l in self.locations.iter().take_while(|l| l.pc <= pc) {
            if let Some(slot) = latest.get_mut(l.var as usize) {
                *slot = Some(&l.location);
            }
        }
        self.variables
            .iter()
            .zip(latest)
            .filter_map(|(v, l)| l.map(|l| (v, l)))
            .collect()
    }
}

/// Where a program- or kernel-scope variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GlobalPlace {
    /// The program's variable number `n` (its address comes from the placed program).
    Program(u32),
    /// The kernel's `__local` variable number `n` (its address is the same in every group).
    Local(u32),
}

/// A variable declared outside functions, or `static`/`__local` inside the kernel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GlobalVariable {
    pub name: String,
    pub ty: TypeId,
    pub place: GlobalPlace,
}

/// Everything the debugger knows about a kernel's source.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KernelDebug {
    pub types: Vec<DbgType>,
    /// By function index, like `KernelCode::functions`.
    pub functions: Vec<FunctionDebug>,
    pub globals: Vec<GlobalVariable>,
}

impl KernelDebug {
    pub fn ty(&self, id: TypeId) -> &DbgType {
        static UNKNOWN: DbgType = DbgType::Void;
        self.types.get(id as usize).unwrap_or(&UNKNOWN)
    }

    /// Follows typedefs to the type they name.
    pub fn resolve(&self, mut id: TypeId) -> TypeId {
        for _ in 0..64 {
            match self.ty(id) {
                DbgType::Typedef { base, .. } => id = *base,
                _ => break,
            }
        }
        id
    }

    /// Bytes a value of the type takes.
    pub fn size_of(&self, id: TypeId) -> u64 {
        match self.ty(self.resolve(id)) {
            DbgType::Void | DbgType::Opaque { .. } => 0,
            DbgType::Base { size, .. } | DbgType::Enum { size, .. } => *size as u64,
            DbgType::Pointer { .. } => 8,
            DbgType::Struct { size, .. } => *size,
            DbgType::Array { elem, count } => self.size_of(*elem).saturating_mul(*count),
            // 3-lane vectors take the room of 4.
            DbgType::Vector { elem, count } => {
                self.size_of(*elem) * if *count == 3 { 4 } else { *count as u64 }
            }
            DbgType::Typedef { .. } => 0,
        }
    }

    /// How a user names the part of a value of type `ty` that holds the `len` bytes at
    /// `offset` (`[2].pad`): array elements and struct members, as deep as one of them holds
    /// them all; empty when the value itself is the smallest such part.
    pub fn part_at(&self, ty: TypeId, offset: u64, len: u64) -> String {
        let (mut path, mut ty, mut offset) = (String::new(), ty, offset);
        for _ in 0..64 {
            match self.ty(self.resolve(ty)) {
                DbgType::Array { elem, .. } => {
                    let size = self.size_of(*elem);
                    if size == 0 || offset % size + len > size {
                        break;
                    }
                    path.push_str(&format!("[{}]", offset / size));
                    (ty, offset) = (*elem, offset % size);
                }
                DbgType::Struct {
                    members,
                    is_union: false,
                    ..
                } => {
                    let holder = members.iter().find(|m| {
                        m.offset <= offset && offset + len <= m.offset + self.size_of(m.ty)
                    });
                    let Some(m) = holder.filter(|m| !m.name.is_empty()) else {
                        break;
                    };
                    path.push('.');
                    path.push_str(&m.name);
                    (ty, offset) = (m.ty, offset - m.offset);
                }
                _ => break,
            }
        }
        path
    }

    /// The name a user writes for a type (`int`, `float4`, `struct S *`).
    pub fn type_name(&self, id: TypeId) -> String {
        match self.ty(id) {
            DbgType::Void => "void".into(),
            DbgType::Base { name, .. } | DbgType::Typedef { name, .. } => name.clone(),
            DbgType::Opaque { name } => name.clone(),
            DbgType::Pointer { pointee, .. } => match pointee {
                Some(p) => format!("{} *", self.type_name(*p)),
                None => "void *".into(),
            },
            DbgType::Struct { name, is_union, .. } => {
                let kw = if *is_union { "union" } else { "struct" };
                if name.is_empty() {
                    format!("{kw} {{...}}")
                } else {
                    format!("{kw} {name}")
                }
            }
            DbgType::Array { elem, count } => format!("{} [{count}]", self.type_name(*elem)),
            DbgType::Vector { elem, count } => format!("{}{count}", self.type_name(*elem)),
            DbgType::Enum { name, .. } => format!("enum {name}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_name_the_element_and_member_that_hold_some_bytes() {
        let int = DbgType::Base {
            name: "int".into(),
            size: 4,
            encoding: Encoding::Signed,
        };
        let char_ = DbgType::Base {
            name: "char".into(),
            size: 1,
            encoding: Encoding::SignedChar,
        };
        let member = |name: &str, offset| Member {
            name: name.into(),
            ty: 0,
            offset,
        };
        let range = DbgType::Struct {
            name: "Range".into(),
            size: 12,
            members: vec![member("lo", 0), member("hi", 4), member("pad", 8)],
            is_union: false,
        };
        let d = KernelDebug {
            types: vec![
                int,
                range,
                DbgType::Array { elem: 1, count: 4 },
                char_,
                DbgType::Array { elem: 3, count: 16 },
            ],
            ..KernelDebug::default()
        };
        assert_eq!(d.part_at(2, 32, 4), "[2].pad");
        assert_eq!(d.part_at(2, 0, 4), "[0].lo");
        assert_eq!(d.part_at(1, 4, 4), ".hi");
        // Bytes of several members, or of several elements: as deep as one holds them.
        assert_eq!(d.part_at(2, 14, 4), "[1]");
        assert_eq!(d.part_at(4, 4, 4), "");
        assert_eq!(d.part_at(0, 0, 4), "");
    }

    #[test]
    fn locations_follow_bytecode_order() {
        let f = FunctionDebug {
            variables: vec![
                Variable {
                    name: "a".into(),
                    ty: 0,
                    arg: None,
                    line: 1,
                },
                Variable {
                    name: "b".into(),
                    ty: 0,
                    arg: None,
                    line: 2,
                },
            ],
            locations: vec![
                VarLocation {
                    pc: 0,
                    var: 0,
                    location: Location::OptimizedOut,
                },
                VarLocation {
                    pc: 3,
                    var: 0,
                    location: Location::Constant(vec![1]),
                },
                VarLocation {
                    pc: 5,
                    var: 1,
                    location: Location::OptimizedOut,
                },
            ],
        };
        let at = |pc| {
            f.locations_at(pc)
                .into_iter()
                .map(|(v, l)| (v.name.clone(), l.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(at(2), vec![("a".into(), Location::OptimizedOut)]);
        assert_eq!(
            at(5),
            vec![
                ("a".into(), Location::Constant(vec![1])),
                ("b".into(), Location::OptimizedOut)
            ]
        );
    }

    #[test]
    fn sizes_and_names() {
        let d = KernelDebug {
            types: vec![
                DbgType::Base {
                    name: "float".into(),
                    size: 4,
                    encoding: Encoding::Float,
                },
                DbgType::Vector { elem: 0, count: 3 },
                DbgType::Typedef {
                    name: "float3".into(),
                    base: 1,
                },
                DbgType::Array { elem: 2, count: 5 },
                DbgType::Pointer {
                    pointee: Some(0),
                    space: AddrSpace::Global,
                },
            ],
            ..KernelDebug::default()
        };
        assert_eq!(d.size_of(2), 16);
        assert_eq!(d.size_of(3), 80);
        assert_eq!(d.type_name(3), "float3 [5]");
        assert_eq!(d.type_name(4), "float *");
        assert_eq!(d.resolve(2), 1);
    }
}
