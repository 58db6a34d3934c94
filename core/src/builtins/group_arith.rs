//! The arithmetic of the work-group and sub-group functions that combine values
//! (`work_group_reduce_add`, `sub_group_non_uniform_scan_inclusive_mul`,
//! `sub_group_clustered_reduce_logical_xor`, ...): the operations, their identities, and the
//! value types they combine (`Num`).

use super::num::Num;
use crate::semantics::{f16_of, mask, sext, slot_f16};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Arith {
    Add,
    Mul,
    Min,
    Max,
    And,
    Or,
    Xor,
    LogicalAnd,
    LogicalOr,
    LogicalXor,
}

impl Arith {
    /// The operation a function name ends with (`add`, `logical_xor`, ...).
    pub(super) fn named(name: &str) -> Option<Arith> {
        Some(match name {
            "add" => Arith::Add,
            "mul" => Arith::Mul,
            "min" => Arith::Min,
            "max" => Arith::Max,
            "and" => Arith::And,
            "or" => Arith::Or,
            "xor" => Arith::Xor,
            "logical_and" => Arith::LogicalAnd,
            "logical_or" => Arith::LogicalOr,
            "logical_xor" => Arith::LogicalXor,
            _ => return None,
        })
    }

    /// Whether the operation is defined on floating-point values.
    pub(super) fn takes_floats(self) -> bool {
        matches!(self, Arith::Add | Arith::Mul | Arith::Min | Arith::Max)
    }
}

/// `a op b`.
pub(super) fn apply(num: Num, op: Arith, a: u64, b: u64) -> u64 {
    match num {
        Num::Int { bits, signed } => {
            let (a, b) = (a & mask(bits), b & mask(bits));
            let (x, y) = (sext(a, bits), sext(b, bits));
            let pick_a = match op {
                Arith::Add => return a.wrapping_add(b) & mask(bits),
                Arith::Mul => return a.wrapping_mul(b) & mask(bits),
                Arith::And => return a & b,
                Arith::Or => return a | b,
                Arith::Xor => return a ^ b,
                Arith::LogicalAnd => return (a != 0 && b != 0) as u64,
                Arith::LogicalOr => return (a != 0 || b != 0) as u64,
                Arith::LogicalXor => return ((a != 0) != (b != 0)) as u64,
                Arith::Min if signed => x <= y,
                Arith::Max if signed => x >= y,
                Arith::Min => a <= b,
                Arith::Max => a >= b,
            };
            if pick_a {
                a
            } else {
                b
            }
        }
        Num::F16 => {
            // In f64 and rounded once, as `half` arithmetic is (`crate::half`).
            let (x, y) = (f16_of(a), f16_of(b));
            let r = match op {
                Arith::Mul => x * y,
                Arith::Min => x.min(y),
                Arith::Max => x.max(y),
                _ => x + y,
            };
            slot_f16(r)
        }
        Num::F32 => {
            let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            let r = match op {
                Arith::Mul => x * y,
                Arith::Min => x.min(y),
                Arith::Max => x.max(y),
                _ => x + y,
            };
            r.to_bits() as u64
        }
        Num::F64 => {
            let (x, y) = (f64::from_bits(a), f64::from_bits(b));
            let r = match op {
                Arith::Mul => x * y,
                Arith::Min => x.min(y),
                Arith::Max => x.max(y),
                _ => x + y,
            };
            r.to_bits()
        }
    }
}

/// What an exclusive scan gives the first work-item: `x op identity == x`.
pub(super) fn identity(num: Num, op: Arith) -> u64 {
    match (num, op) {
        (_, Arith::Add | Arith::Or | Arith::Xor | Arith::LogicalOr | Arith::LogicalXor) => 0,
        (_, Arith::LogicalAnd) => 1,
        (Num::Int { bits, .. }, Arith::And) => mask(bits),
        (Num::Int { .. }, Arith::Mul) => 1,
        (Num::Int { bits, signed }, Arith::Min) => mask(bits) >> signed as u32,
        (Num::Int { bits, signed }, Arith::Max) => {
            if signed {
                1u64 << (bits - 1)
            } else {
                0
            }
        }
        (Num::F16, Arith::Mul) => 0x3c00,
        (Num::F16, Arith::Min) => 0x7c00,
        (Num::F16, Arith::Max) => 0xfc00,
        (Num::F32, Arith::Mul) => 1f32.to_bits() as u64,
        (Num::F64, Arith::Mul) => 1f64.to_bits(),
        (Num::F32, Arith::Min) => f32::INFINITY.to_bits() as u64,
        (Num::F32, Arith::Max) => f32::NEG_INFINITY.to_bits() as u64,
        (Num::F64, Arith::Min) => f64::INFINITY.to_bits(),
        (Num::F64, Arith::Max) => f64::NEG_INFINITY.to_bits(),
        // Bitwise operations on floating-point values are refused when the call is lowered.
        (Num::F16 | Num::F32 | Num::F64, Arith::And) => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const I32: Num = Num::Int {
        bits: 32,
        signed: true,
    };
    const U32: Num = Num::Int {
        bits: 32,
        signed: false,
    };
    const I8: Num = Num::Int {
        bits: 8,
        signed: true,
    };

    #[test]
    fn arithmetic_and_identities() {
        let minus_one = 0xffff_ffff;
        assert_eq!(apply(I32, Arith::Min, minus_one, 3), minus_one);
        assert_eq!(apply(U32, Arith::Min, minus_one, 3), 3);
        assert_eq!(apply(I32, Arith::Add, minus_one, 3), 2);
        assert_eq!(apply(I8, Arith::Mul, 0x10, 0x10), 0);
        assert_eq!(apply(I8, Arith::Max, 0x80, 0x7f), 0x7f);
        assert_eq!(apply(I32, Arith::LogicalXor, 5, 0), 1);
        assert_eq!(apply(I32, Arith::LogicalAnd, 5, 7), 1);
        assert_eq!(identity(I32, Arith::Min), 0x7fff_ffff);
        assert_eq!(identity(I32, Arith::Max), 0x8000_0000);
        assert_eq!(identity(U32, Arith::Min), 0xffff_ffff);
        assert_eq!(identity(U32, Arith::Max), 0);
        assert_eq!(identity(I8, Arith::And), 0xff);
        assert_eq!(identity(Num::F32, Arith::Mul), 1f32.to_bits() as u64);
        assert_eq!(
            identity(Num::F32, Arith::Min),
            f32::INFINITY.to_bits() as u64
        );
        let two = 2f64.to_bits();
        assert_eq!(apply(Num::F64, Arith::Add, two, two), 4f64.to_bits());
        assert_eq!(apply(Num::F64, Arith::Mul, two, two), 4f64.to_bits());
        // half: 2048 + 1 is a tie, to even (2048); so is 0.1 + 0.2 as halves (1228.5 ulps).
        assert_eq!(apply(Num::F16, Arith::Add, 0x6800, 0x3c00), 0x6800);
        assert_eq!(apply(Num::F16, Arith::Add, 0x2e66, 0x3266), 0x34cc);
        assert_eq!(identity(Num::F16, Arith::Max), 0xfc00);
    }
}
