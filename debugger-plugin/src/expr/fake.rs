//! A fake stopped work-item for the tests of this crate (and, with the `fake-target` feature,
//! for the fuzz targets in fuzz/): a few types, variables and buffers of each kind.

use super::*;
use oclgrind_core::debugging::{to_generic, Member};
use std::collections::HashMap;

pub const INT: TypeId = 0;
pub const UINT: TypeId = 1;
pub const FLOAT: TypeId = 2;
pub const CHAR: TypeId = 3;
pub const UCHAR: TypeId = 4;
pub const LONG: TypeId = 5;
pub const ULONG: TypeId = 6;
pub const DOUBLE: TypeId = 7;
pub const BOOL: TypeId = 8;
pub const HALF: TypeId = 9;
pub const FLOAT4: TypeId = 11;
pub const FLOAT_3: TypeId = 12;
pub const INNER: TypeId = 13;
pub const S_T: TypeId = 15;
pub const UNION: TypeId = 16;
pub const INT_GLOBAL_PTR: TypeId = 17;
pub const INT_LOCAL_PTR: TypeId = 18;
pub const INT_PRIVATE_PTR: TypeId = 19;
pub const INT_CONSTANT_PTR: TypeId = 20;
pub const S_PTR: TypeId = 21;
pub const COLOR: TypeId = 22;
pub const IMAGE: TypeId = 23;
pub const VOID_PTR: TypeId = 24;
pub const INT2: TypeId = 26;
pub const FLOAT3: TypeId = 29;
pub const INT_300: TypeId = 30;
pub const INT_GENERIC_PTR: TypeId = 31;

/// Global buffer 1: int[4] {10, 20, 30, 40}.
pub const GLOBAL_INTS: u64 = 0x1_0000_0000_0000;
/// Global buffer 2: an S_t {100, {1, 2, 3}, {7, 'z'}}.
pub const GLOBAL_S: u64 = 0x2_0000_0000_0000;
/// Global buffer 3: int[300] {0, 1, ..., 299}.
pub const GLOBAL_BIG: u64 = 0x3_0000_0000_0000;
/// Global buffer 4: bytes for `x`: 42, -1, 1.0f, "AB\n\0".
pub const GLOBAL_BYTES: u64 = 0x4_0000_0000_0000;
/// Local buffer 1 (same number as GLOBAL_INTS, other space): int[2] {5, 6}.
pub const LOCAL_INTS: u64 = 0x1_0000_0000_0000;
/// Constant buffer 1: int[2] {7, 8}.
pub const CONSTANT_INTS: u64 = 0x1_0000_0000_0000;
/// Private buffer 1: float4 v = (1, 2.5, -3, 4).
pub const PRIVATE_V: u64 = 0x1_0000_0000;
/// Private buffer 2: S_t s = {1, {0.5, 1.5, 2.5}, {-2, 'A'}}.
pub const PRIVATE_S: u64 = 0x2_0000_0000;

pub struct Fake {
    pub debug: KernelDebug,
    pub memory: HashMap<(AddrSpace, u64), Vec<u8>>,
    pub vars: HashMap<String, Value>,
}

impl Target for Fake {
    fn debug(&self) -> &KernelDebug {
        &self.debug
    }

    fn read(&self, space: AddrSpace, addr: u64, len: u64) -> Option<Vec<u8>> {
        self.memory.iter().find_map(|((s, base), bytes)| {
            if *s != space {
                return None;
            }
            let start = usize::try_from(addr.checked_sub(*base)?).ok()?;
            let end = start.checked_add(usize::try_from(len).ok()?)?;
            bytes.get(start..end).map(<[u8]>::to_vec)
        })
    }

    fn lookup(&self, name: &str) -> Option<Value> {
        self.vars.get(name).cloned()
    }
}

fn base(name: &str, size: u32, encoding: Encoding) -> DbgType {
    DbgType::Base {
        name: name.into(),
        size,
        encoding,
    }
}

fn member(name: &str, ty: TypeId, offset: u64) -> Member {
    Member {
        name: name.into(),
        ty,
        offset,
    }
}

fn pointer(pointee: TypeId, space: AddrSpace) -> DbgType {
    DbgType::Pointer {
        pointee: Some(pointee),
        space,
    }
}

fn types() -> Vec<DbgType> {
    vec![
        base("int", 4, Encoding::Signed),                 // 0
        base("unsigned int", 4, Encoding::Unsigned),      // 1
        base("float", 4, Encoding::Float),                // 2
        base("char", 1, Encoding::SignedChar),            // 3
        base("unsigned char", 1, Encoding::UnsignedChar), // 4
        base("long", 8, Encoding::Signed),                // 5
        base("unsigned long", 8, Encoding::Unsigned),     // 6
        base("double", 8, Encoding::Float),               // 7
        base("bool", 1, Encoding::Bool),                  // 8
        base("half", 2, Encoding::Float),                 // 9
        DbgType::Vector {
            elem: FLOAT,
            count: 4,
        }, // 10
        DbgType::Typedef {
            name: "float4".into(),
            base: 10,
        }, // 11
        DbgType::Array {
            elem: FLOAT,
            count: 3,
        }, // 12
        DbgType::Struct {
            name: "Inner".into(),
            size: 8,
            members: vec![member("x", INT, 0), member("c", CHAR, 4)],
            is_union: false,
        }, // 13
        DbgType::Struct {
            name: "S".into(),
            size: 24,
            members: vec![
                member("a", INT, 0),
                member("b", FLOAT_3, 4),
                member("in", INNER, 16),
            ],
            is_union: false,
        }, // 14
        DbgType::Typedef {
            name: "S_t".into(),
            base: 14,
        }, // 15
        DbgType::Struct {
            name: "U".into(),
            size: 4,
            members: vec![member("i", INT, 0), member("f", FLOAT, 0)],
            is_union: true,
        }, // 16
        pointer(INT, AddrSpace::Global),                  // 17
        pointer(INT, AddrSpace::Local),                   // 18
        pointer(INT, AddrSpace::Private),                 // 19
        pointer(INT, AddrSpace::Constant),                // 20
        pointer(S_T, AddrSpace::Global),                  // 21
        DbgType::Enum {
            name: "Color".into(),
            size: 4,
            values: vec![("RED".into(), 0), ("GREEN".into(), 1), ("BLUE".into(), 5)],
        }, // 22
        DbgType::Opaque {
            name: "image2d_t".into(),
        }, // 23
        DbgType::Pointer {
            pointee: None,
            space: AddrSpace::Global,
        }, // 24
        DbgType::Vector {
            elem: INT,
            count: 2,
        }, // 25
        DbgType::Typedef {
            name: "int2".into(),
            base: 25,
        }, // 26
        DbgType::Vector {
            elem: FLOAT,
            count: 2,
        }, // 27
        DbgType::Vector {
            elem: FLOAT,
            count: 3,
        }, // 28
        DbgType::Typedef {
            name: "float3".into(),
            base: 28,
        }, // 29
        DbgType::Array {
            elem: INT,
            count: 300,
        }, // 30
        pointer(INT, AddrSpace::Generic),                 // 31
    ]
}

pub fn words(values: &[u32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

pub fn floats(values: &[f32]) -> Vec<u8> {
    values.iter().flat_map(|v| v.to_le_bytes()).collect()
}

/// The bytes of an S_t.
fn s_bytes(a: i32, b: [f32; 3], x: i32, c: u8) -> Vec<u8> {
    let mut bytes = words(&[a as u32]);
    bytes.extend(floats(&b));
    bytes.extend(words(&[x as u32]));
    bytes.extend([c, 0, 0, 0]);
    bytes
}

fn memory() -> HashMap<(AddrSpace, u64), Vec<u8>> {
    let mut m = HashMap::new();
    m.insert((AddrSpace::Global, GLOBAL_INTS), words(&[10, 20, 30, 40]));
    m.insert(
        (AddrSpace::Global, GLOBAL_S),
        s_bytes(100, [1.0, 2.0, 3.0], 7, b'z'),
    );
    m.insert(
        (AddrSpace::Global, GLOBAL_BIG),
        words(&(0..300).collect::<Vec<u32>>()),
    );
    let mut x = words(&[42, u32::MAX]);
    x.extend(floats(&[1.0]));
    x.extend(b"AB\n\0");
    m.insert((AddrSpace::Global, GLOBAL_BYTES), x);
    m.insert((AddrSpace::Local, LOCAL_INTS), words(&[5, 6]));
    m.insert((AddrSpace::Constant, CONSTANT_INTS), words(&[7, 8]));
    m.insert(
        (AddrSpace::Private, PRIVATE_V),
        floats(&[1.0, 2.5, -3.0, 4.0]),
    );
    m.insert(
        (AddrSpace::Private, PRIVATE_S),
        s_bytes(1, [0.5, 1.5, 2.5], -2, b'A'),
    );
    m
}

fn bytes(ty: TypeId, bytes: Vec<u8>) -> Value {
    Value {
        ty,
        place: Place::Bytes(bytes),
    }
}

fn in_memory(ty: TypeId, space: AddrSpace, addr: u64) -> Value {
    Value {
        ty,
        place: Place::Memory { space, addr },
    }
}

fn ptr(ty: TypeId, addr: u64) -> Value {
    bytes(ty, addr.to_le_bytes().to_vec())
}

fn variables() -> HashMap<String, Value> {
    let vars = [
        ("i", bytes(INT, (-7i32).to_le_bytes().to_vec())),
        ("u", bytes(UINT, 4_000_000_000u32.to_le_bytes().to_vec())),
        ("f", bytes(FLOAT, 2.5f32.to_le_bytes().to_vec())),
        ("c", bytes(CHAR, vec![b'A'])),
        ("uc", bytes(UCHAR, vec![200])),
        ("l", bytes(LONG, (-5i64).to_le_bytes().to_vec())),
        ("ul", bytes(ULONG, u64::MAX.to_le_bytes().to_vec())),
        ("d", bytes(DOUBLE, 0.1f64.to_le_bytes().to_vec())),
        ("flag", bytes(BOOL, vec![1])),
        ("h", bytes(HALF, 0x3e00u16.to_le_bytes().to_vec())),
        ("v", in_memory(FLOAT4, AddrSpace::Private, PRIVATE_V)),
        ("s", in_memory(S_T, AddrSpace::Private, PRIVATE_S)),
        ("un", bytes(UNION, 1.0f32.to_le_bytes().to_vec())),
        ("gp", ptr(INT_GLOBAL_PTR, GLOBAL_INTS)),
        ("lp", ptr(INT_LOCAL_PTR, LOCAL_INTS)),
        ("pp", ptr(INT_PRIVATE_PTR, PRIVATE_S)),
        ("cp", ptr(INT_CONSTANT_PTR, CONSTANT_INTS)),
        ("sp", ptr(S_PTR, GLOBAL_S)),
        (
            "gen",
            ptr(INT_GENERIC_PTR, to_generic(GLOBAL_INTS, AddrSpace::Global)),
        ),
        ("bad", ptr(INT_GLOBAL_PTR, 0xdead)),
        ("nul", ptr(INT_GLOBAL_PTR, 0)),
        ("vp", ptr(VOID_PTR, GLOBAL_INTS)),
        ("color", bytes(COLOR, words(&[5]))),
        ("color2", bytes(COLOR, words(&[3]))),
        ("img", bytes(IMAGE, vec![0; 8])),
        (
            "gone",
            Value {
                ty: INT,
                place: Place::OptimizedOut,
            },
        ),
        ("i2", bytes(INT2, words(&[3, 4]))),
        ("f3", bytes(FLOAT3, floats(&[1.0, 2.0, 3.0]))),
        ("big", in_memory(INT_300, AddrSpace::Global, GLOBAL_BIG)),
    ];
    vars.into_iter()
        .map(|(name, value)| (name.to_string(), value))
        .collect()
}

pub fn target() -> Fake {
    Fake {
        debug: KernelDebug {
            types: types(),
            ..KernelDebug::default()
        },
        memory: memory(),
        vars: variables(),
    }
}
