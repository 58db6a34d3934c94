//! Ops that only read and write registers, shared by the interpreter's slower paths and the
//! builtin test environment.

use super::semantics::*;
use crate::bytecode::{CastOp, Op, ScalarTy, Slot, VType};
use crate::memory::{from_generic, to_generic};

/// Runs a register-only op; returns false for any other op.
pub fn run_pure(op: &Op, r: &mut [u64]) -> bool {
    macro_rules! s {
        ($x:expr) => {
            r[$x as usize]
        };
    }
    match *op {
        Op::Nop => {}
        Op::Mov { d, s } => s!(d) = s!(s),
        Op::MovN { d, s, n } => move_slots(r, d, s, n),
        Op::Add { d, a, b, bits } => s!(d) = s!(a).wrapping_add(s!(b)) & mask(bits),
        Op::Sub { d, a, b, bits } => s!(d) = s!(a).wrapping_sub(s!(b)) & mask(bits),
        Op::Mul { d, a, b, bits } => s!(d) = s!(a).wrapping_mul(s!(b)) & mask(bits),
        Op::And { d, a, b } => s!(d) = s!(a) & s!(b),
        Op::Or { d, a, b } => s!(d) = s!(a) | s!(b),
        Op::Xor { d, a, b } => s!(d) = s!(a) ^ s!(b),
        Op::Shl { d, a, b, bits } => s!(d) = shl(s!(a), s!(b), bits),
        Op::LShr { d, a, b, bits } => s!(d) = lshr(s!(a), s!(b), bits),
        Op::AShr { d, a, b, bits } => s!(d) = ashr(s!(a), s!(b), bits),
        Op::IntBin {
            op,
            d,
            a,
            b,
            bits,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = int_bin(op, s!(a + i), s!(b + i), bits);
            }
        }
        Op::IntUn {
            op,
            d,
            s,
            bits,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = int_un(op, s!(s + i), bits);
            }
        }
        Op::Funnel {
            left,
            d,
            a,
            b,
            c,
            bits,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = funnel(left, s!(a + i), s!(b + i), s!(c + i), bits);
            }
        }
        Op::Overflow { op, d, a, b, bits } => {
            let (v, o) = overflow(op, s!(a), s!(b), bits);
            s!(d) = v;
            s!(d + 1) = o as u64;
        }
        Op::ICmp {
            pred,
            d,
            a,
            b,
            bits,
        } => s!(d) = icmp(pred, s!(a), s!(b), bits) as u64,
        Op::ICmpV {
            pred,
            d,
            a,
            b,
            bits,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = icmp(pred, s!(a + i), s!(b + i), bits) as u64;
            }
        }
        Op::FAdd32 { d, a, b } => s!(d) = slot_f32(f32_of(s!(a)) + f32_of(s!(b))),
        Op::FSub32 { d, a, b } => s!(d) = slot_f32(f32_of(s!(a)) - f32_of(s!(b))),
        Op::FMul32 { d, a, b } => s!(d) = slot_f32(f32_of(s!(a)) * f32_of(s!(b))),
        Op::FDiv32 { d, a, b } => s!(d) = slot_f32(f32_of(s!(a)) / f32_of(s!(b))),
        Op::FAdd64 { d, a, b } => s!(d) = slot_f64(f64_of(s!(a)) + f64_of(s!(b))),
        Op::FSub64 { d, a, b } => s!(d) = slot_f64(f64_of(s!(a)) - f64_of(s!(b))),
        Op::FMul64 { d, a, b } => s!(d) = slot_f64(f64_of(s!(a)) * f64_of(s!(b))),
        Op::FDiv64 { d, a, b } => s!(d) = slot_f64(f64_of(s!(a)) / f64_of(s!(b))),
        Op::FloatBin {
            op,
            ty,
            d,
            a,
            b,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = float_bin(op, ty, s!(a + i), s!(b + i));
            }
        }
        Op::FloatUn {
            op,
            ty,
            d,
            s,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = float_un(op, ty, s!(s + i));
            }
        }
        Op::DotF32 { d, a, b, lanes } => {
            let mut sum = 0f64;
            for i in 0..lanes as u32 {
                sum += f32_of(s!(a + i)) as f64 * f32_of(s!(b + i)) as f64;
            }
            s!(d) = slot_f32(sum as f32);
        }
        Op::Fma {
            ty,
            fused,
            d,
            a,
            b,
            c,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = fma(ty, fused, s!(a + i), s!(b + i), s!(c + i));
            }
        }
        Op::FCmp {
            pred,
            ty,
            d,
            a,
            b,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = fcmp(pred, float_of(ty, s!(a + i)), float_of(ty, s!(b + i))) as u64;
            }
        }
        Op::Select { d, c, t, f, n } => {
            let src = if s!(c) & 1 != 0 { t } else { f };
            r.copy_within(src as usize..(src + n) as usize, d as usize);
        }
        Op::SelectV { d, c, t, f, lanes } => {
            for i in 0..lanes as u32 {
                s!(d + i) = if s!(c + i) & 1 != 0 {
                    s!(t + i)
                } else {
                    s!(f + i)
                };
            }
        }
        Op::SExt { d, s, from, to } => s!(d) = (sext(s!(s), from) as u64) & mask(to),
        Op::Trunc { d, s, bits } => s!(d) = s!(s) & mask(bits),
        // Widening floats is what float dots do on every call: keep it out of `cast`.
        Op::Cast {
            op: CastOp::FpExt,
            d,
            s,
            lanes,
        } => {
            for i in 0..lanes as u32 {
                s!(d + i) = slot_f64(f32_of(s!(s + i)) as f64);
            }
        }
        Op::Cast { op, d, s, lanes } => {
            for i in 0..lanes as u32 {
                s!(d + i) = cast(op, s!(s + i));
            }
        }
        Op::Bitcast { d, s, from, to } => {
            // Distinct SSA values: the source and destination slots never overlap.
            let (s, d) = (s as usize, d as usize);
            debug_assert!(
                s + from.lanes as usize <= d || d + to.lanes as usize <= s,
                "bitcast between overlapping slots"
            );
            let (src, dst) = if s < d {
                let (lo, hi) = r.split_at_mut(d);
                (
                    &lo[s..s + from.lanes as usize],
                    &mut hi[..to.lanes as usize],
                )
            } else {
                let (lo, hi) = r.split_at_mut(s);
                (
                    &hi[..from.lanes as usize],
                    &mut lo[d..d + to.lanes as usize],
                )
            };
            bitcast_lanes(src, from, dst, to);
        }
        Op::ExtractDyn { d, v, idx, lanes } => {
            let i = s!(idx);
            s!(d) = if i < lanes as u64 {
                s!(v + i as u32)
            } else {
                0
            };
        }
        Op::ToGeneric { d, s, space } => s!(d) = to_generic(s!(s), space),
        Op::FromGeneric { d, s } => s!(d) = from_generic(s!(s)).1,
        Op::GenericTo { d, s, space } => {
            let (actual, addr) = from_generic(s!(s));
            s!(d) = if actual == space { addr } else { 0 };
        }
        Op::InsertDyn {
            d,
            v,
            e,
            idx,
            lanes,
        } => {
            r.copy_within(v as usize..(v + lanes as u32) as usize, d as usize);
            let i = s!(idx);
            if i < lanes as u64 {
                s!(d + i as u32) = s!(e);
            }
        }
        Op::Gep {
            d,
            base,
            idx,
            idx_bits,
            scale,
            offset,
        } => {
            s!(d) = index_address(s!(base), s!(idx), idx_bits, scale as i64)
                .wrapping_add(offset as i64 as u64);
        }
        Op::GepConst { d, base, offset } => s!(d) = s!(base).wrapping_add(offset as u64),
        // Ops that touch memory, control flow or the work-item: the interpreter's.
        Op::Load { .. }
        | Op::LoadV { .. }
        | Op::LoadAgg { .. }
        | Op::Store { .. }
        | Op::StoreV { .. }
        | Op::StoreAgg { .. }
        | Op::Alloca { .. }
        | Op::GepN { .. }
        | Op::CheckIndex { .. }
        | Op::AtomicRmw { .. }
        | Op::CmpXchg { .. }
        | Op::MemCpy { .. }
        | Op::MemSet { .. }
        | Op::SpeculatedUse { .. }
        | Op::Br { .. }
        | Op::CondBr { .. }
        | Op::Switch { .. }
        | Op::Ret { .. }
        | Op::RetVoid
        | Op::Call { .. }
        | Op::Builtin { .. }
        | Op::Barrier { .. }
        | Op::WaitEvents { .. }
        | Op::WorkItem { .. }
        | Op::WorkItemDyn { .. }
        | Op::Trap { .. } => return false,
    }
    true
}

/// Copies `n` slots; a plain loop, since vectors are short and a memmove call costs more.
#[inline(always)]
pub fn move_slots(r: &mut [u64], d: Slot, s: Slot, n: u32) {
    if d > s && d < s + n {
        for k in (0..n).rev() {
            r[(d + k) as usize] = r[(s + k) as usize];
        }
    } else {
        for k in 0..n {
            r[(d + k) as usize] = r[(s + k) as usize];
        }
    }
}

/// Width in bits of one lane as it is laid out in a bitcast.
fn lane_bits(t: ScalarTy) -> u32 {
    match t {
        ScalarTy::Int(b) => b as u32,
        ScalarTy::F32 => 32,
        ScalarTy::F64 | ScalarTy::Ptr(_) => 64,
    }
}

/// Reinterprets `src` (lanes of `from`) as a flat little-endian bit string and re-splits it
/// into `out` (lanes of `to`). Vectors may have any number of lanes.
pub fn bitcast_lanes(src: &[u64], from: VType, out: &mut [u64], to: VType) {
    let (fb, tb) = (lane_bits(from.elem), lane_bits(to.elem));
    for (i, o) in out.iter_mut().enumerate().take(to.lanes as usize) {
        // Gather the `tb` bits at bit `i * tb` from the source lanes that hold them.
        let mut v = 0u64;
        let mut done = 0;
        while done < tb {
            let at = i as u64 * tb as u64 + done as u64;
            let (lane, offset) = ((at / fb as u64) as usize, (at % fb as u64) as u32);
            let n = (fb - offset).min(tb - done);
            let bits = (src.get(lane).copied().unwrap_or(0) & mask(fb as u8)) >> offset;
            v |= (bits & mask(n as u8)) << done;
            done += n;
        }
        *o = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bitcasts_between_lane_layouts() {
        let vt = |elem, lanes| VType { elem, lanes };
        let cast = |src: &[u64], from: VType, to: VType| {
            let mut out = vec![0; to.lanes as usize];
            bitcast_lanes(src, from, &mut out, to);
            out
        };
        let (i8x4, i32x1) = (vt(ScalarTy::Int(8), 4), vt(ScalarTy::Int(32), 1));
        assert_eq!(cast(&[0x78, 0x56, 0x34, 0x12], i8x4, i32x1), [0x12345678]);
        assert_eq!(cast(&[0x12345678], i32x1, i8x4), [0x78, 0x56, 0x34, 0x12]);
        let (i1x8, i8) = (vt(ScalarTy::Int(1), 8), vt(ScalarTy::Int(8), 1));
        assert_eq!(cast(&[1, 0, 1, 0, 0, 0, 0, 1], i1x8, i8), [0x85]);
        let (i64x1, f32x2) = (vt(ScalarTy::Int(64), 1), vt(ScalarTy::F32, 2));
        assert_eq!(
            cast(&[0x4000_0000_3f80_0000], i64x1, f32x2),
            [0x3f80_0000, 0x4000_0000]
        );
        // Wider than any OpenCL C type: a 64-lane mask, and 32 floats as 16 doubles.
        let mask: Vec<u64> = (0..64).map(|i| (i % 3 == 0) as u64).collect();
        let bits = (0..64).filter(|i| i % 3 == 0).fold(0u64, |a, i| a | 1 << i);
        let (i1x64, i64) = (vt(ScalarTy::Int(1), 64), vt(ScalarTy::Int(64), 1));
        assert_eq!(cast(&mask, i1x64, i64), [bits]);
        assert_eq!(cast(&[bits], i64, i1x64), mask);
        let floats: Vec<u64> = (0..32).map(|i| 0x3f80_0000 + i).collect();
        let doubles = cast(&floats, vt(ScalarTy::F32, 32), vt(ScalarTy::F64, 16));
        assert_eq!(doubles[15], (0x3f80_001f << 32) | 0x3f80_001e);
        assert_eq!(
            cast(&doubles, vt(ScalarTy::F64, 16), vt(ScalarTy::F32, 32)),
            floats
        );
    }

    #[test]
    fn select_and_dynamic_lanes() {
        let mut r = vec![1, 10, 11, 20, 21, 0, 0, 2, 99];
        assert!(run_pure(
            &Op::Select {
                d: 5,
                c: 0,
                t: 1,
                f: 3,
                n: 2
            },
            &mut r
        ));
        assert_eq!(&r[5..7], &[10, 11]);
        assert!(run_pure(
            &Op::ExtractDyn {
                d: 8,
                v: 3,
                idx: 0,
                lanes: 2
            },
            &mut r
        ));
        assert_eq!(r[8], 21);
        assert!(run_pure(
            &Op::ExtractDyn {
                d: 8,
                v: 3,
                idx: 7,
                lanes: 2
            },
            &mut r
        ));
        assert_eq!(r[8], 0);
        assert!(!run_pure(&Op::RetVoid, &mut r));
    }
}
