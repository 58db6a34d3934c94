//! Element-wise comparison of two buffers (little-endian device bytes).

/// How the bytes of a buffer are grouped into elements and compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Float,
    Double,
    Half,
    Int { size: usize, signed: bool },
    Bytes,
}

impl Kind {
    /// Bytes per element (at least 1).
    pub fn size(self) -> usize {
        match self {
            Kind::Float => 4,
            Kind::Double => 8,
            Kind::Half => 2,
            Kind::Int { size, .. } => size.max(1),
            Kind::Bytes => 1,
        }
    }

    fn is_float(self) -> bool {
        matches!(self, Kind::Float | Kind::Double | Kind::Half)
    }
}

/// Where two arrays differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// How many elements differ (`indices.len()`).
    pub count: usize,
    /// Elements in the longer array (a trailing partial element counts as one).
    pub total: usize,
    /// Index of the first differing element.
    pub first: usize,
    /// Its bytes on each side (shorter, or empty, where that array ends early).
    pub first_ours: Vec<u8>,
    pub first_theirs: Vec<u8>,
    /// All differing indices, in order.
    pub indices: Vec<usize>,
    /// Floats only: the largest ulps distance over all elements (u64::MAX for NaN vs number
    /// or a missing element).
    pub max_ulps: Option<u64>,
}

/// None when every element is equal (floats bit for bit, or within `ulps` steps on the
/// ordered-integer line: +0 and -0 equal, any NaN equals any NaN, NaN vs number differs with
/// max distance u64::MAX). Element size from kind (Bytes = 1, Half = 2).
///
/// Arrays of different lengths differ at every element past the shorter one.
pub fn compare(kind: Kind, ours: &[u8], theirs: &[u8], ulps: u64) -> Option<Difference> {
    let size = kind.size();
    let total = ours.len().max(theirs.len()).div_ceil(size);
    let mut indices = Vec::new();
    let mut max_distance = 0u64;
    for i in 0..total {
        let (a, b) = (element(ours, i, size), element(theirs, i, size));
        if a == b {
            continue;
        }
        let differs = if kind.is_float() && a.len() == size && b.len() == size {
            let d = float_distance(size, a, b);
            max_distance = max_distance.max(d.unwrap_or(u64::MAX));
            d.is_none_or(|d| d > ulps)
        } else {
            max_distance = u64::MAX;
            true
        };
        if differs {
            indices.push(i);
        }
    }
    let &first = indices.first()?;
    Some(Difference {
        count: indices.len(),
        total,
        first,
        first_ours: element(ours, first, size).to_vec(),
        first_theirs: element(theirs, first, size).to_vec(),
        indices,
        max_ulps: kind.is_float().then_some(max_distance),
    })
}

/// Element `i` of `bytes`: `size` bytes, fewer at a ragged end, none past it.
fn element(bytes: &[u8], i: usize, size: usize) -> &[u8] {
    let start = (i * size).min(bytes.len());
    let end = (start + size).min(bytes.len());
    &bytes[start..end]
}

/// Steps between two floats of `size` bytes on the ordered-integer line (+0 and -0 both at
/// 0, negatives mirrored below); Some(0) for two NaNs, None for NaN against a number.
fn float_distance(size: usize, a: &[u8], b: &[u8]) -> Option<u64> {
    let (bits_a, bits_b) = (le_bits(a), le_bits(b));
    let sign = 1u64 << (size * 8 - 1);
    // The magnitude above which a value is a NaN (the infinity pattern).
    let infinity: u64 = match size {
        2 => 0x7c00,
        4 => 0x7f80_0000,
        _ => 0x7ff0_0000_0000_0000,
    };
    let nan_a = bits_a & (sign - 1) > infinity;
    let nan_b = bits_b & (sign - 1) > infinity;
    match (nan_a, nan_b) {
        (true, true) => return Some(0),
        (true, false) | (false, true) => return None,
        _ => {}
    }
    let key = |bits: u64| {
        let magnitude = i128::from(bits & (sign - 1));
        if bits & sign != 0 {
            -magnitude
        } else {
            magnitude
        }
    };
    let d = (key(bits_a) - key(bits_b)).unsigned_abs();
    Some(u64::try_from(d).unwrap_or(u64::MAX))
}

fn le_bits(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .rev()
        .fold(0u64, |acc, &b| (acc << 8) | u64::from(b))
}

/// Words that qualify a parameter type without changing its element type.
const QUALIFIERS: &[&str] = &[
    "const",
    "volatile",
    "restrict",
    "__restrict",
    "__restrict__",
    "global",
    "__global",
    "constant",
    "__constant",
    "local",
    "__local",
    "private",
    "__private",
    "generic",
    "__generic",
    "read_only",
    "__read_only",
    "write_only",
    "__write_only",
    "read_write",
    "__read_write",
    "__kernel",
    "kernel",
];

/// Kind from an OpenCL C parameter type name as the simulator reports it: strip qualifiers
/// (const, volatile, restrict, __global, global, ...), trailing '*', and a vector width suffix
/// (float4 -> Float, uint2 -> Int{4,false}, char -> Int{1,true}, size_t -> Int{8,false},
/// half -> Half, double -> Double, anything else such as a struct or typedef -> Bytes).
pub fn kind_of(type_name: &str) -> Kind {
    let spaced = type_name.replace('*', " ");
    let words: Vec<&str> = spaced
        .split_whitespace()
        .filter(|w| !QUALIFIERS.contains(w))
        .collect();
    let name = match words.as_slice() {
        // C spellings: "unsigned int", "unsigned" alone, "signed char", "long int", ...
        ["unsigned"] => "uint".to_string(),
        ["signed"] => "int".to_string(),
        ["unsigned", rest] => format!("u{rest}"),
        ["signed", rest] => rest.to_string(),
        [one] => one.to_string(),
        _ => return Kind::Bytes,
    };
    let base = strip_width(&name);
    let int = |size, signed| Kind::Int { size, signed };
    match base {
        "float" => Kind::Float,
        "double" => Kind::Double,
        "half" => Kind::Half,
        "char" => int(1, true),
        "uchar" => int(1, false),
        "bool" => int(1, false),
        "short" => int(2, true),
        "ushort" => int(2, false),
        "int" => int(4, true),
        "uint" => int(4, false),
        "long" | "ptrdiff_t" | "intptr_t" => int(8, true),
        "ulong" | "size_t" | "uintptr_t" => int(8, false),
        _ => Kind::Bytes,
    }
}

/// `float4` -> `float`, for the vector widths OpenCL C has; other names unchanged.
fn strip_width(name: &str) -> &str {
    for width in ["16", "2", "3", "4", "8"] {
        if let Some(base) = name.strip_suffix(width) {
            if !base.ends_with(|c: char| c.is_ascii_digit()) && !base.is_empty() {
                return base;
            }
        }
    }
    name
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn f64s(v: &[f64]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    fn next_up(x: f32, n: i32) -> f32 {
        f32::from_bits((x.to_bits() as i32 + n) as u32)
    }

    #[test]
    fn equal_arrays() {
        assert_eq!(compare(Kind::Bytes, b"abc", b"abc", 0), None);
        assert_eq!(
            compare(
                Kind::Int {
                    size: 4,
                    signed: true
                },
                &[],
                &[],
                0
            ),
            None
        );
        assert_eq!(
            compare(Kind::Float, &f32s(&[1.0, -2.5]), &f32s(&[1.0, -2.5]), 0),
            None
        );
    }

    #[test]
    fn ints_and_bytes() {
        let a: Vec<u8> = [1u32, 2, 3, 4]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let b: Vec<u8> = [1u32, 9, 3, 7]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let d = compare(
            Kind::Int {
                size: 4,
                signed: false,
            },
            &a,
            &b,
            100,
        )
        .unwrap();
        assert_eq!((d.count, d.total, d.first), (2, 4, 1));
        assert_eq!(d.indices, vec![1, 3]);
        assert_eq!(d.first_ours, 2u32.to_le_bytes());
        assert_eq!(d.first_theirs, 9u32.to_le_bytes());
        assert_eq!(
            d.max_ulps, None,
            "ulps only for floats; ints compare exactly"
        );
        let d = compare(Kind::Bytes, &a, &b, 0).unwrap();
        assert_eq!((d.count, d.total, d.first), (2, 16, 4));
    }

    #[test]
    fn ulps_within_and_beyond() {
        let a = f32s(&[1.0, 2.0, 3.0]);
        let b = f32s(&[next_up(1.0, 2), 2.0, next_up(3.0, -5)]);
        let d = compare(Kind::Float, &a, &b, 0).unwrap();
        assert_eq!(d.indices, vec![0, 2]);
        assert_eq!(d.max_ulps, Some(5));
        let d = compare(Kind::Float, &a, &b, 2).unwrap();
        assert_eq!(d.indices, vec![2]);
        assert_eq!(d.max_ulps, Some(5));
        assert_eq!(compare(Kind::Float, &a, &b, 5), None);
    }

    #[test]
    fn ulps_across_zero() {
        let tiny = f32::from_bits(1); // smallest positive subnormal
        assert_eq!(compare(Kind::Float, &f32s(&[0.0]), &f32s(&[-0.0]), 0), None);
        let d = compare(Kind::Float, &f32s(&[tiny]), &f32s(&[-tiny]), 1).unwrap();
        assert_eq!(d.max_ulps, Some(2));
        assert_eq!(
            compare(Kind::Float, &f32s(&[tiny]), &f32s(&[-tiny]), 2),
            None
        );
        assert_eq!(
            compare(Kind::Float, &f32s(&[-0.0]), &f32s(&[tiny]), 1),
            None
        );
        let d = compare(
            Kind::Double,
            &f64s(&[f64::from_bits(3)]),
            &f64s(&[-f64::from_bits(4)]),
            0,
        )
        .unwrap();
        assert_eq!(d.max_ulps, Some(7));
        // Extremes: the largest finite to infinity is one step; -inf to +inf is still finite.
        assert_eq!(
            compare(Kind::Double, &f64s(&[f64::MAX]), &f64s(&[f64::INFINITY]), 1),
            None
        );
        let d = compare(
            Kind::Double,
            &f64s(&[f64::NEG_INFINITY]),
            &f64s(&[f64::INFINITY]),
            0,
        )
        .unwrap();
        assert_eq!(d.max_ulps, Some(2 * 0x7ff0_0000_0000_0000));
    }

    #[test]
    fn nans() {
        let quiet = f32::NAN;
        let other = f32::from_bits(0xffc0_1234); // negative NaN with a payload
        assert_eq!(
            compare(Kind::Float, &f32s(&[quiet]), &f32s(&[other]), 0),
            None
        );
        let d = compare(
            Kind::Float,
            &f32s(&[1.0, quiet]),
            &f32s(&[1.0, 1.0]),
            u64::MAX,
        )
        .unwrap();
        assert_eq!((d.indices.clone(), d.max_ulps), (vec![1], Some(u64::MAX)));
        let d = compare(Kind::Float, &f32s(&[f32::INFINITY]), &f32s(&[quiet]), 0).unwrap();
        assert_eq!(d.max_ulps, Some(u64::MAX));
    }

    #[test]
    fn halves() {
        // 1.0 = 0x3c00, next = 0x3c01, NaN = 0x7e00, other NaN = 0xfd00, -0 = 0x8000.
        let h = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let d = compare(
            Kind::Half,
            &h(&[0x3c00, 0x7e00, 0x8000]),
            &h(&[0x3c01, 0xfd00, 0x0000]),
            0,
        )
        .unwrap();
        assert_eq!(
            (d.indices.clone(), d.max_ulps, d.total),
            (vec![0], Some(1), 3)
        );
        assert_eq!(d.first_ours, vec![0x00, 0x3c]);
        assert_eq!(compare(Kind::Half, &h(&[0x0001]), &h(&[0x8001]), 2), None);
        assert!(
            compare(Kind::Half, &h(&[0x7c00]), &h(&[0x7c01]), 1000).is_some(),
            "inf vs NaN"
        );
    }

    #[test]
    fn lengths() {
        let d = compare(
            Kind::Float,
            &f32s(&[1.0, 2.0]),
            &f32s(&[1.0, 2.0, 3.0, 4.0]),
            10,
        )
        .unwrap();
        assert_eq!((d.count, d.total, d.first), (2, 4, 2));
        assert_eq!(d.indices, vec![2, 3]);
        assert!(d.first_ours.is_empty());
        assert_eq!(d.first_theirs, 3.0f32.to_le_bytes());
        assert_eq!(d.max_ulps, Some(u64::MAX));
        // A ragged tail is one element, compared as bytes.
        let d = compare(
            Kind::Int {
                size: 4,
                signed: true,
            },
            &[1, 0, 0, 0, 7],
            &[1, 0, 0, 0],
            0,
        )
        .unwrap();
        assert_eq!((d.count, d.total, d.first), (1, 2, 1));
        assert_eq!(
            (d.first_ours.clone(), d.first_theirs.clone()),
            (vec![7], vec![])
        );
        let d = compare(Kind::Bytes, &[], &[5], 0).unwrap();
        assert_eq!((d.count, d.total), (1, 1));
        // Equal ragged tails are equal.
        assert_eq!(
            compare(Kind::Float, &[0, 0, 128, 63, 9], &[0, 0, 128, 63, 9], 0),
            None
        );
    }

    #[test]
    fn kinds_from_type_names() {
        let int = |size, signed| Kind::Int { size, signed };
        let cases = [
            ("float", Kind::Float),
            ("float4", Kind::Float),
            ("__global float4*", Kind::Float),
            ("global const float *restrict", Kind::Float),
            ("__constant float16 *", Kind::Float),
            ("double2*", Kind::Double),
            ("half", Kind::Half),
            ("half8 *", Kind::Half),
            ("char", int(1, true)),
            ("uchar3", int(1, false)),
            ("short", int(2, true)),
            ("ushort16*", int(2, false)),
            ("int*", int(4, true)),
            ("uint2", int(4, false)),
            ("volatile __global uint*", int(4, false)),
            ("unsigned int*", int(4, false)),
            ("unsigned char", int(1, false)),
            ("signed char", int(1, true)),
            ("unsigned", int(4, false)),
            ("long", int(8, true)),
            ("ulong8", int(8, false)),
            ("size_t", int(8, false)),
            ("ptrdiff_t", int(8, true)),
            ("__local int *", int(4, true)),
            ("struct Particle*", Kind::Bytes),
            ("Particle*", Kind::Bytes),
            ("my_float4", Kind::Bytes),
            ("float5", Kind::Bytes),
            ("int64", Kind::Bytes),
            ("image2d_t", Kind::Bytes),
            ("", Kind::Bytes),
        ];
        for (name, kind) in cases {
            assert_eq!(kind_of(name), kind, "{name:?}");
        }
    }

    #[test]
    fn sizes() {
        assert_eq!(Kind::Half.size(), 2);
        assert_eq!(Kind::Bytes.size(), 1);
        assert_eq!(
            Kind::Int {
                size: 0,
                signed: false
            }
            .size(),
            1
        );
        assert_eq!(kind_of("double3").size(), 8);
    }
}
