//! The scalar number types the builtins convert between and combine.

use super::MType;
use crate::bytecode::ScalarTy;
use crate::semantics::{f16_of, mask};

/// A scalar number type: how the conversions and the group functions see a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Num {
    Int { bits: u8, signed: bool },
    F16,
    F32,
    F64,
}

impl Num {
    pub(super) fn from_name(name: &str) -> Option<Num> {
        let int = |bits, signed| Some(Num::Int { bits, signed });
        match name {
            "char" => int(8, true),
            "uchar" => int(8, false),
            "short" => int(16, true),
            "ushort" => int(16, false),
            "int" => int(32, true),
            "uint" => int(32, false),
            "long" => int(64, true),
            "ulong" => int(64, false),
            "half" => Some(Num::F16),
            "float" => Some(Num::F32),
            "double" => Some(Num::F64),
            _ => None,
        }
    }

    /// The type of a (mangled) parameter, or of its vector's elements.
    pub(super) fn from_mangled(t: &MType) -> Option<Num> {
        let int = |bits, signed| Some(Num::Int { bits, signed });
        match t.element() {
            MType::Char | MType::SChar => int(8, true),
            MType::UChar | MType::Bool => int(8, false),
            MType::Short => int(16, true),
            MType::UShort => int(16, false),
            MType::Int => int(32, true),
            MType::UInt => int(32, false),
            MType::Long => int(64, true),
            MType::ULong => int(64, false),
            MType::Half => Some(Num::F16),
            MType::Float => Some(Num::F32),
            MType::Double => Some(Num::F64),
            _ => None,
        }
    }

    /// How a value of this type sits in a slot.
    pub(super) fn slot_type(self) -> ScalarTy {
        match self {
            Num::Int { bits, .. } => ScalarTy::Int(bits),
            Num::F16 => ScalarTy::F16,
            Num::F32 => ScalarTy::F32,
            Num::F64 => ScalarTy::F64,
        }
    }

    pub(super) fn is_float(self) -> bool {
        !matches!(self, Num::Int { .. })
    }

    /// Whether `a` and `b` are equal numbers (floating-point: NaN equals nothing, and the two
    /// zeros are equal).
    pub(super) fn equal(self, a: u64, b: u64) -> bool {
        match self {
            Num::Int { bits, .. } => a & mask(bits) == b & mask(bits),
            Num::F16 => f16_of(a) == f16_of(b),
            Num::F32 => f32::from_bits(a as u32) == f32::from_bits(b as u32),
            Num::F64 => f64::from_bits(a) == f64::from_bits(b),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_of_numbers() {
        assert!(Num::F32.equal(0, (-0f32).to_bits() as u64));
        let nan = f32::NAN.to_bits() as u64;
        assert!(!Num::F32.equal(nan, nan));
        assert!(Num::F16.equal(0, 0x8000));
        assert!(!Num::F16.equal(0x7e00, 0x7e00));
        let i8 = Num::Int {
            bits: 8,
            signed: true,
        };
        assert!(i8.equal(0x1ff, 0xff));
    }
}
