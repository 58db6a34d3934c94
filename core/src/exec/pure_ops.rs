//! Ops that only read and write registers, with their shadow rules: the interpreter's and the
//! builtin test environment's one definition of them.

use super::semantics::*;
use super::shadow::{self, float_width, NoShadow, ShadowRegs};
use crate::bytecode::{CastOp, FloatUnOp, IntBinOp, Op, ScalarTy, Slot, VType};
use crate::memory::{from_generic, to_generic};

/// Runs a register-only op on plain values; returns false for any other op (the builtin
/// test environment's way to run the ops the builtins lower to).
pub fn run_pure(op: &Op, r: &mut [u64]) -> bool {
    reg_op(op, r, 0, &mut NoShadow)
}

/// Runs a register-only op (the one definition of what each computes, for the interpreter and
/// the builtins' tests), with its shadow rule when `S` keeps shadows; returns false for any
/// other op. The frame's registers are `r` from `base`; `sh` holds their shadows.
#[inline(always)]
pub(crate) fn reg_op<S: ShadowRegs>(op: &Op, r: &mut [u64], base: usize, sh: &mut S) -> bool {
    macro_rules! s {
        ($x:expr) => {
            r[base + $x as usize]
        };
    }
    // Runs `$body` for each lane `$i`; the scalar form without a loop (most ops are scalar).
    macro_rules! lanes {
        ($n:expr, $i:ident, $body:block) => {
            if $n == 1 {
                let $i = 0u32;
                $body
            } else {
                for $i in 0..$n as u32 $body
            }
        };
    }
    // Shadow of a slot.
    macro_rules! h {
        ($x:expr) => {
            sh.get($x)
        };
    }
    match *op {
        Op::Nop => {}
        Op::Mov { d, s } => {
            s!(d) = s!(s);
            if S::ON {
                sh.set(d, h!(s));
            }
        }
        Op::MovN { d, s, n } => {
            move_slots(&mut r[base..], d, s, n);
            sh.copy(d, s, n);
        }
        Op::Add { d, a, b, bits } => {
            s!(d) = s!(a).wrapping_add(s!(b)) & mask(bits);
            if S::ON {
                sh.set(d, shadow::spread_up(h!(a) | h!(b), bits));
            }
        }
        Op::Sub { d, a, b, bits } => {
            s!(d) = s!(a).wrapping_sub(s!(b)) & mask(bits);
            if S::ON {
                sh.set(d, shadow::spread_up(h!(a) | h!(b), bits));
            }
        }
        Op::Mul { d, a, b, bits } => {
            s!(d) = s!(a).wrapping_mul(s!(b)) & mask(bits);
            if S::ON {
                sh.set(d, shadow::spread_up(h!(a) | h!(b), bits));
            }
        }
        Op::And { d, a, b } => {
            let (va, vb) = (s!(a), s!(b));
            s!(d) = va & vb;
            if S::ON {
                sh.set(d, shadow::and(va, vb, h!(a), h!(b)));
            }
        }
        Op::Or { d, a, b } => {
            let (va, vb) = (s!(a), s!(b));
            s!(d) = va | vb;
            if S::ON {
                sh.set(d, shadow::or(va, vb, h!(a), h!(b)));
            }
        }
        Op::Xor { d, a, b } => {
            s!(d) = s!(a) ^ s!(b);
            if S::ON {
                sh.set(d, h!(a) | h!(b));
            }
        }
        Op::Shl { d, a, b, bits } => {
            let vb = s!(b);
            s!(d) = shl(s!(a), vb, bits);
            if S::ON {
                sh.set(d, shadow::shift(IntBinOp::Shl, h!(a), vb, h!(b), bits));
            }
        }
        Op::LShr { d, a, b, bits } => {
            let vb = s!(b);
            s!(d) = lshr(s!(a), vb, bits);
            if S::ON {
                sh.set(d, shadow::shift(IntBinOp::LShr, h!(a), vb, h!(b), bits));
            }
        }
        Op::AShr { d, a, b, bits } => {
            let vb = s!(b);
            s!(d) = ashr(s!(a), vb, bits);
            if S::ON {
                sh.set(d, shadow::shift(IntBinOp::AShr, h!(a), vb, h!(b), bits));
            }
        }
        Op::IntBin {
            op,
            d,
            a,
            b,
            bits,
            lanes,
        } => {
            lanes!(lanes, i, {
                let (va, vb) = (s!(a + i), s!(b + i));
                s!(d + i) = int_bin(op, va, vb, bits);
                if S::ON {
                    let s = shadow::int_bin(op, va, vb, h!(a + i), h!(b + i), bits);
                    sh.set(d + i, s);
                }
            })
        }
        Op::IntUn {
            op,
            d,
            s,
            bits,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = int_un(op, s!(s + i), bits);
                if S::ON {
                    sh.set(d + i, shadow::int_un(op, h!(s + i), bits));
                }
            })
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
            lanes!(lanes, i, {
                s!(d + i) = funnel(left, s!(a + i), s!(b + i), s!(c + i), bits);
                if S::ON {
                    let any = h!(a + i) | h!(b + i) | h!(c + i);
                    sh.set(d + i, shadow::all_or_none(any, bits));
                }
            })
        }
        Op::Overflow { op, d, a, b, bits } => {
            let (v, o) = overflow(op, s!(a), s!(b), bits);
            if S::ON {
                let any = h!(a) | h!(b);
                sh.set(d, shadow::all_or_none(any, bits));
                sh.set(d + 1, shadow::all_or_none(any, 1));
            }
            s!(d) = v;
            s!(d + 1) = o as u64;
        }
        Op::ICmp {
            pred,
            d,
            a,
            b,
            bits,
        } => {
            s!(d) = icmp(pred, s!(a), s!(b), bits) as u64;
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(a) | h!(b), 1));
            }
        }
        Op::ICmpV {
            pred,
            d,
            a,
            b,
            bits,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = icmp(pred, s!(a + i), s!(b + i), bits) as u64;
                if S::ON {
                    sh.set(d + i, shadow::all_or_none(h!(a + i) | h!(b + i), 1));
                }
            })
        }
        Op::FAdd32 { d, a, b } => {
            s!(d) = slot_f32(f32_of(s!(a)) + f32_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 32);
        }
        Op::FSub32 { d, a, b } => {
            s!(d) = slot_f32(f32_of(s!(a)) - f32_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 32);
        }
        Op::FMul32 { d, a, b } => {
            s!(d) = slot_f32(f32_of(s!(a)) * f32_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 32);
        }
        Op::FDiv32 { d, a, b } => {
            s!(d) = slot_f32(f32_of(s!(a)) / f32_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 32);
        }
        Op::FAdd64 { d, a, b } => {
            s!(d) = slot_f64(f64_of(s!(a)) + f64_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 64);
        }
        Op::FSub64 { d, a, b } => {
            s!(d) = slot_f64(f64_of(s!(a)) - f64_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 64);
        }
        Op::FMul64 { d, a, b } => {
            s!(d) = slot_f64(f64_of(s!(a)) * f64_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 64);
        }
        Op::FDiv64 { d, a, b } => {
            s!(d) = slot_f64(f64_of(s!(a)) / f64_of(s!(b)));
            float_shadow(sh, d, h!(a) | h!(b), 64);
        }
        Op::FloatBin {
            op,
            ty,
            d,
            a,
            b,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = float_bin(op, ty, s!(a + i), s!(b + i));
                float_shadow(sh, d + i, h!(a + i) | h!(b + i), float_width(ty));
            })
        }
        Op::FloatUn {
            op,
            ty,
            d,
            s,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = float_un(op, ty, s!(s + i));
                if S::ON {
                    // Sign operations move the sign bit's shadow and keep the others.
                    let si = h!(s + i);
                    let s = match op {
                        FloatUnOp::Neg => si,
                        FloatUnOp::Abs => si & (mask(float_width(ty)) >> 1),
                        _ => shadow::all_or_none(si, float_width(ty)),
                    };
                    sh.set(d + i, s);
                }
            })
        }
        Op::DotF32 { d, a, b, lanes } => {
            let mut sum = 0f64;
            for i in 0..lanes as u32 {
                sum += f32_of(s!(a + i)) as f64 * f32_of(s!(b + i)) as f64;
            }
            s!(d) = slot_f32(sum as f32);
            if S::ON {
                let any = sh.any(a, lanes as u32) || sh.any(b, lanes as u32);
                sh.set(d, shadow::all_or_none(any as u64, 32));
            }
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
            lanes!(lanes, i, {
                s!(d + i) = fma(ty, fused, s!(a + i), s!(b + i), s!(c + i));
                let any = h!(a + i) | h!(b + i) | h!(c + i);
                float_shadow(sh, d + i, any, float_width(ty));
            })
        }
        Op::FCmp {
            pred,
            ty,
            d,
            a,
            b,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = fcmp(pred, float_of(ty, s!(a + i)), float_of(ty, s!(b + i))) as u64;
                if S::ON {
                    sh.set(d + i, shadow::all_or_none(h!(a + i) | h!(b + i), 1));
                }
            })
        }
        Op::Select { d, c, t, f, n } => {
            let vc = s!(c);
            if S::ON {
                for k in 0..n {
                    let (vt, vf) = (s!(t + k), s!(f + k));
                    let s = shadow::select(vc, h!(c), vt, vf, h!(t + k), h!(f + k));
                    sh.set(d + k, s);
                }
            }
            let src = base + if vc & 1 != 0 { t } else { f } as usize;
            r.copy_within(src..src + n as usize, base + d as usize);
        }
        Op::SelectV { d, c, t, f, lanes } => {
            lanes!(lanes, i, {
                let (vc, vt, vf) = (s!(c + i), s!(t + i), s!(f + i));
                if S::ON {
                    let s = shadow::select(vc, h!(c + i), vt, vf, h!(t + i), h!(f + i));
                    sh.set(d + i, s);
                }
                s!(d + i) = if vc & 1 != 0 { vt } else { vf };
            })
        }
        Op::SExt { d, s, from, to } => {
            s!(d) = (sext(s!(s), from) as u64) & mask(to);
            if S::ON {
                sh.set(d, (sext(h!(s), from) as u64) & mask(to));
            }
        }
        Op::Trunc { d, s, bits } => {
            s!(d) = s!(s) & mask(bits);
            if S::ON {
                sh.set(d, h!(s) & mask(bits));
            }
        }
        // Widening floats is what float dots do on every call: keep it out of `cast`.
        Op::Cast {
            op: CastOp::FpExt,
            d,
            s,
            lanes,
        } => {
            lanes!(lanes, i, {
                s!(d + i) = slot_f64(f32_of(s!(s + i)) as f64);
                float_shadow(sh, d + i, h!(s + i), 64);
            })
        }
        Op::Cast { op, d, s, lanes } => {
            lanes!(lanes, i, {
                s!(d + i) = cast(op, s!(s + i));
                if S::ON {
                    sh.set(d + i, shadow::cast(op, h!(s + i)));
                }
            })
        }
        Op::Bitcast { d, s, from, to } => {
            // Distinct SSA values: the source and destination slots never overlap.
            let (s, d) = (s as usize, d as usize);
            debug_assert!(
                s + from.lanes as usize <= d || d + to.lanes as usize <= s,
                "bitcast between overlapping slots"
            );
            let frame = &mut r[base..];
            let (src, dst) = split_lanes(frame, s, from.lanes as usize, d, to.lanes as usize);
            bitcast_lanes(src, from, dst, to);
            if S::ON {
                // The bits move, and their shadows with them.
                let src: Vec<u64> = (0..from.lanes as u32).map(|k| h!(s as u32 + k)).collect();
                let mut out = vec![0; to.lanes as usize];
                bitcast_lanes(&src, from, &mut out, to);
                for (k, v) in out.into_iter().enumerate() {
                    sh.set(d as u32 + k as u32, v);
                }
            }
        }
        Op::ExtractDyn { d, v, idx, lanes } => {
            let i = s!(idx);
            s!(d) = if i < lanes as u64 {
                s!(v + i as u32)
            } else {
                0
            };
            if S::ON {
                let s = if h!(idx) != 0 {
                    u64::MAX
                } else if i < lanes as u64 {
                    h!(v + i as u32)
                } else {
                    0
                };
                sh.set(d, s);
            }
        }
        Op::ToGeneric { d, s, space } => {
            s!(d) = to_generic(s!(s), space);
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(s), 64));
            }
        }
        Op::FromGeneric { d, s } => {
            s!(d) = from_generic(s!(s)).1;
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(s), 64));
            }
        }
        Op::GenericTo { d, s, space } => {
            let (actual, addr) = from_generic(s!(s));
            s!(d) = if actual == space { addr } else { 0 };
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(s), 64));
            }
        }
        Op::InsertDyn {
            d,
            v,
            e,
            idx,
            lanes,
        } => {
            let from = base + v as usize;
            r.copy_within(from..from + lanes as usize, base + d as usize);
            sh.copy(d, v, lanes as u32);
            let i = s!(idx);
            if i < lanes as u64 {
                s!(d + i as u32) = s!(e);
                if S::ON {
                    sh.set(d + i as u32, h!(e));
                }
            }
            if S::ON && h!(idx) != 0 {
                // Which lane changed is unknown: every lane may be the new one.
                for k in 0..lanes as u32 {
                    sh.set(d + k, u64::MAX);
                }
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
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(base) | h!(idx), 64));
            }
        }
        Op::GepConst { d, base, offset } => {
            s!(d) = s!(base).wrapping_add(offset as u64);
            if S::ON {
                sh.set(d, shadow::all_or_none(h!(base), 64));
            }
        }
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

/// A float result: unknown as a whole if any operand bit is.
#[inline(always)]
fn float_shadow<S: ShadowRegs>(sh: &mut S, d: Slot, operands: u64, bits: u8) {
    if S::ON {
        sh.set(d, shadow::all_or_none(operands, bits));
    }
}

/// The source and destination lanes of a bitcast, which never overlap.
fn split_lanes(r: &mut [u64], s: usize, from: usize, d: usize, to: usize) -> (&[u64], &mut [u64]) {
    if s < d {
        let (lo, hi) = r.split_at_mut(d);
        (&lo[s..s + from], &mut hi[..to])
    } else {
        let (lo, hi) = r.split_at_mut(s);
        (&hi[..from], &mut lo[d..d + to])
    }
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
