//! Ops that only read and write registers, with their shadow rules: the interpreter's and the
//! builtin test environment's one definition of them.

use super::shadow_values::{NoShadow, ShadowRegs};
use crate::bytecode::{Op, Slot};

/// Register-only ops, each with its shadow rule (a float result is unknown as a whole if any
/// operand bit is): the one definition of what they compute.
///
/// Expands to a `match` on `$op` with an arm for every register-only op, followed by the
/// arms in `{ ... }` (the caller's ops: the interpreter's memory, control-flow and call ops,
/// which keeps a single dispatch per op in its loop). The frame's registers are `$r` from
/// `$base`; `$sh` ([`ShadowRegs`]) holds their shadows. The caller's arms see what the
/// expansion imports: the op semantics (`semantics::*`) and the `ShadowRegs` methods.
///
/// Each arm's body is passed to the caller's macro `$each` as `$each!($r, $base, $sh, { body })`:
/// [`once`] runs it as it is; the lane executor runs it for every lane of a warp, binding
/// `$r` and `$base` to each lane's frame in turn (one dispatch for all of them).
macro_rules! register_ops {
    ($op:expr, $r:ident, $base:ident, $sh:ident, $each:ident, { $($rest:tt)* }) => {{
        #[allow(unused_imports)]
        use $crate::bytecode::{CastOp, FloatBinOp, FloatPred, FloatTy, FloatUnOp, IntBinOp, IntPred, Op};
        #[allow(unused_imports)]
        use $crate::exec::pure_ops::{
            lanes, move_slots, slot, specialize, split_lanes,
        };
        #[allow(unused_imports)]
        use $crate::semantics::*;
        #[allow(unused_imports)]
        use $crate::exec::shadow_values::{self, float_width, ShadowRegs};
        #[allow(unused_imports)]
        use $crate::memory::{from_generic, to_generic};
        match *$op {
                Op::Nop => {}
                Op::Mov { d, s } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, s);
                    if $sh.on() {
                        $sh.set(d, $sh.get(s));
                    }
                }),
                Op::MovN { d, s, n } => $each!($r, $base, $sh, {
                    move_slots(&mut $r[$base..], d, s, n);
                    $sh.copy(d, s, n);
                }),
                Op::Add { d, a, b, bits } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, a).wrapping_add(slot!($r, $base,
                        b)) & mask(bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::spread_up($sh.get(a) | $sh.get(b), bits));
                    }
                }),
                Op::Sub { d, a, b, bits } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, a).wrapping_sub(slot!($r, $base,
                        b)) & mask(bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::spread_up($sh.get(a) | $sh.get(b), bits));
                    }
                }),
                Op::Mul { d, a, b, bits } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, a).wrapping_mul(slot!($r, $base,
                        b)) & mask(bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::spread_up($sh.get(a) | $sh.get(b), bits));
                    }
                }),
                Op::And { d, a, b } => $each!($r, $base, $sh, {
                    let (va, vb) = (slot!($r, $base, a), slot!($r, $base, b));
                    slot!($r, $base, d) = va & vb;
                    if $sh.on() {
                        $sh.set(d, shadow_values::and(va, vb, $sh.get(a), $sh.get(b)));
                    }
                }),
                Op::Or { d, a, b } => $each!($r, $base, $sh, {
                    let (va, vb) = (slot!($r, $base, a), slot!($r, $base, b));
                    slot!($r, $base, d) = va | vb;
                    if $sh.on() {
                        $sh.set(d, shadow_values::or(va, vb, $sh.get(a), $sh.get(b)));
                    }
                }),
                Op::Xor { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, a) ^ slot!($r, $base, b);
                    if $sh.on() {
                        $sh.set(d, $sh.get(a) | $sh.get(b));
                    }
                }),
                Op::Shl { d, a, b, bits } => $each!($r, $base, $sh, {
                    let vb = slot!($r, $base, b);
                    slot!($r, $base, d) = shl(slot!($r, $base, a), vb, bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::shift(IntBinOp::Shl, $sh.get(a), vb, $sh.get(b), bits));
                    }
                }),
                Op::LShr { d, a, b, bits } => $each!($r, $base, $sh, {
                    let vb = slot!($r, $base, b);
                    slot!($r, $base, d) = lshr(slot!($r, $base, a), vb, bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::shift(IntBinOp::LShr, $sh.get(a), vb, $sh.get(b), bits));
                    }
                }),
                Op::AShr { d, a, b, bits } => $each!($r, $base, $sh, {
                    let vb = slot!($r, $base, b);
                    slot!($r, $base, d) = ashr(slot!($r, $base, a), vb, bits);
                    if $sh.on() {
                        $sh.set(d, shadow_values::shift(IntBinOp::AShr, $sh.get(a), vb, $sh.get(b), bits));
                    }
                }),
                Op::IntBin {
                    op,
                    d,
                    a,
                    b,
                    bits,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        let (va, vb) = (slot!($r, $base, a + i), slot!($r, $base, b + i));
                        slot!($r, $base, d + i) = int_bin(op, va, vb, bits);
                        if $sh.on() {
                            let s = shadow_values::int_bin(op, va, vb, $sh.get(a + i), $sh.get(b + i),
                                bits);
                            $sh.set(d + i, s);
                        }
                    })
                }),
                Op::IntUn {
                    op,
                    d,
                    s,
                    bits,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = int_un(op, slot!($r, $base, s + i), bits);
                        if $sh.on() {
                            $sh.set(d + i, shadow_values::int_un(op, $sh.get(s + i), bits));
                        }
                    })
                }),
                Op::Funnel {
                    left,
                    d,
                    a,
                    b,
                    c,
                    bits,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = funnel(left, slot!($r, $base, a + i),
                            slot!($r, $base, b + i), slot!($r, $base, c + i), bits);
                        if $sh.on() {
                            let any = $sh.get(a + i) | $sh.get(b + i) | $sh.get(c + i);
                            $sh.set(d + i, shadow_values::all_or_none(any, bits));
                        }
                    })
                }),
                Op::Overflow { op, d, a, b, bits } => $each!($r, $base, $sh, {
                    let (v, o) = overflow(op, slot!($r, $base, a), slot!($r, $base, b), bits);
                    if $sh.on() {
                        let any = $sh.get(a) | $sh.get(b);
                        $sh.set(d, shadow_values::all_or_none(any, bits));
                        $sh.set(d + 1, shadow_values::all_or_none(any, 1));
                    }
                    slot!($r, $base, d) = v;
                    slot!($r, $base, d + 1) = o as u64;
                }),
                Op::ICmp {
                    pred,
                    d,
                    a,
                    b,
                    bits,
                } => specialize!(pred in [
                    IntPred::Eq,
                    IntPred::Ne,
                    IntPred::Ugt,
                    IntPred::Uge,
                    IntPred::Ult,
                    IntPred::Ule,
                    IntPred::Sgt,
                    IntPred::Sge,
                    IntPred::Slt,
                    IntPred::Sle,
                ], {
                    $each!($r, $base, $sh, {
                        slot!($r, $base, d) = icmp(pred, slot!($r, $base, a), slot!($r, $base, b),
                            bits) as u64;
                        if $sh.on() {
                            $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 1));
                        }
                    })
                }),
                Op::ICmpV {
                    pred,
                    d,
                    a,
                    b,
                    bits,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = icmp(pred, slot!($r, $base, a + i), slot!($r,
                            $base, b + i), bits) as u64;
                        if $sh.on() {
                            $sh.set(d + i, shadow_values::all_or_none($sh.get(a + i) | $sh.get(b + i), 1));
                        }
                    })
                }),
                Op::FAdd32 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f32(f32_of(slot!($r, $base,
                        a)) + f32_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 32));
                    }
                }),
                Op::FSub32 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f32(f32_of(slot!($r, $base,
                        a)) - f32_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 32));
                    }
                }),
                Op::FMul32 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f32(f32_of(slot!($r, $base,
                        a)) * f32_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 32));
                    }
                }),
                Op::FDiv32 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f32(f32_of(slot!($r, $base,
                        a)) / f32_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 32));
                    }
                }),
                Op::FAdd64 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f64(f64_of(slot!($r, $base,
                        a)) + f64_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 64));
                    }
                }),
                Op::FSub64 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f64(f64_of(slot!($r, $base,
                        a)) - f64_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 64));
                    }
                }),
                Op::FMul64 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f64(f64_of(slot!($r, $base,
                        a)) * f64_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 64));
                    }
                }),
                Op::FDiv64 { d, a, b } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot_f64(f64_of(slot!($r, $base,
                        a)) / f64_of(slot!($r, $base, b)));
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(a) | $sh.get(b), 64));
                    }
                }),
                Op::FloatBin {
                    op,
                    ty,
                    d,
                    a,
                    b,
                    lanes,
                } => specialize!(op in [
                    FloatBinOp::Add,
                    FloatBinOp::Sub,
                    FloatBinOp::Mul,
                    FloatBinOp::Div,
                ], { specialize!(ty in [FloatTy::F32, FloatTy::F64], {
                    $each!($r, $base, $sh, {
                        lanes!(lanes, i, {
                            slot!($r, $base, d + i) = float_bin(op, ty, slot!($r, $base, a + i),
                                slot!($r, $base, b + i));
                            if $sh.on() {
                                $sh.set(d + i, shadow_values::all_or_none($sh.get(a + i) | $sh.get(b + i),
                                    float_width(ty)));
                            }
                        })
                    })
                })}),
                Op::FloatUn {
                    op,
                    ty,
                    d,
                    s,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = float_un(op, ty, slot!($r, $base, s + i));
                        if $sh.on() {
                            // Sign operations move the sign bit's shadow and keep the others.
                            let si = $sh.get(s + i);
                            let s = match op {
                                FloatUnOp::Neg => si,
                                FloatUnOp::Abs => si & (mask(float_width(ty)) >> 1),
                                _ => shadow_values::all_or_none(si, float_width(ty)),
                            };
                            $sh.set(d + i, s);
                        }
                    })
                }),
                Op::DotF32 { d, a, b, lanes } => $each!($r, $base, $sh, {
                    let mut sum = 0f64;
                    for i in 0..lanes as u32 {
                        sum += f32_of(slot!($r, $base, a + i)) as f64 * f32_of(slot!($r, $base,
                            b + i)) as f64;
                    }
                    slot!($r, $base, d) = slot_f32(sum as f32);
                    if $sh.on() {
                        let any = $sh.any(a, lanes as u32) || $sh.any(b, lanes as u32);
                        $sh.set(d, shadow_values::all_or_none(any as u64, 32));
                    }
                }),
                Op::Fma {
                    ty,
                    fused,
                    d,
                    a,
                    b,
                    c,
                    lanes,
                } => specialize!(ty in [FloatTy::F32, FloatTy::F64], {
                    specialize!(fused in bool, {
                        $each!($r, $base, $sh, {
                            lanes!(lanes, i, {
                                slot!($r, $base, d + i) = fma(ty, fused, slot!($r, $base, a + i),
                                    slot!($r, $base, b + i), slot!($r, $base, c + i));
                                if $sh.on() {
                                    let any = $sh.get(a + i) | $sh.get(b + i) | $sh.get(c + i);
                                    $sh.set(d + i, shadow_values::all_or_none(any, float_width(ty)));
                                }
                            })
                        })
                    })
                }),
                Op::FCmp {
                    pred,
                    ty,
                    d,
                    a,
                    b,
                    lanes,
                } => specialize!(pred in [
                    FloatPred::Olt,
                    FloatPred::Ole,
                    FloatPred::Ogt,
                    FloatPred::Oge,
                    FloatPred::Oeq,
                    FloatPred::Une,
                ], { specialize!(ty in [FloatTy::F32, FloatTy::F64], {
                    $each!($r, $base, $sh, {
                        lanes!(lanes, i, {
                            slot!($r, $base, d + i) = fcmp(pred, float_of(ty, slot!($r, $base,
                                a + i)), float_of(ty, slot!($r, $base, b + i))) as u64;
                            if $sh.on() {
                                $sh.set(d + i, shadow_values::all_or_none($sh.get(a + i) | $sh.get(b + i),
                                    1));
                            }
                        })
                    })
                })}),
                Op::Select { d, c, t, f, n } => $each!($r, $base, $sh, {
                    let vc = slot!($r, $base, c);
                    if $sh.on() {
                        for k in 0..n {
                            let (vt, vf) = (slot!($r, $base, t + k), slot!($r, $base, f + k));
                            let s = shadow_values::select(vc, $sh.get(c), vt, vf, $sh.get(t + k),
                                $sh.get(f + k));
                            $sh.set(d + k, s);
                        }
                    }
                    let src = if vc & 1 != 0 { t } else { f };
                    // Most selects are scalar: a copy of one slot, not a memmove.
                    if n == 1 {
                        slot!($r, $base, d) = slot!($r, $base, src);
                    } else {
                        let from = $base + src as usize;
                        $r.copy_within(from..from + n as usize, $base + d as usize);
                    }
                }),
                Op::SelectV { d, c, t, f, lanes } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        let (vc, vt, vf) = (slot!($r, $base, c + i), slot!($r, $base, t + i),
                            slot!($r, $base, f + i));
                        if $sh.on() {
                            let s = shadow_values::select(vc, $sh.get(c + i), vt, vf, $sh.get(t + i),
                                $sh.get(f + i));
                            $sh.set(d + i, s);
                        }
                        slot!($r, $base, d + i) = if vc & 1 != 0 { vt } else { vf };
                    })
                }),
                Op::SExt { d, s, from, to } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = (sext(slot!($r, $base, s), from) as u64) & mask(to);
                    if $sh.on() {
                        $sh.set(d, (sext($sh.get(s), from) as u64) & mask(to));
                    }
                }),
                Op::Trunc { d, s, bits } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, s) & mask(bits);
                    if $sh.on() {
                        $sh.set(d, $sh.get(s) & mask(bits));
                    }
                }),
                // Widening floats is what float dots do on every call: keep it out of `cast`.
                Op::Cast {
                    op: CastOp::FpExt {
                        from: FloatTy::F32,
                        to: FloatTy::F64,
                    },
                    d,
                    s,
                    lanes,
                } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = slot_f64(f32_of(slot!($r, $base, s + i)) as f64);
                        if $sh.on() {
                        $sh.set(d + i, shadow_values::all_or_none($sh.get(s + i), 64));
                    }
                    })
                }),
                Op::Cast { op, d, s, lanes } => $each!($r, $base, $sh, {
                    lanes!(lanes, i, {
                        slot!($r, $base, d + i) = cast(op, slot!($r, $base, s + i));
                        if $sh.on() {
                            $sh.set(d + i, shadow_values::cast(op, $sh.get(s + i)));
                        }
                    })
                }),
                Op::Bitcast { d, s, from, to } => $each!($r, $base, $sh, {
                    // Distinct SSA values: the source and destination slots never overlap.
                    let (s, d) = (s as usize, d as usize);
                    debug_assert!(
                        s + from.lanes as usize <= d || d + to.lanes as usize <= s,
                        "bitcast between overlapping slots"
                    );
                    let frame = &mut $r[$base..];
                    let (src, dst) = split_lanes(frame, s, from.lanes as usize, d,
                        to.lanes as usize);
                    bitcast_lanes(src, from, dst, to);
                    if $sh.on() {
                        // The bits move, and their shadows with them.
                        let src: Vec<u64> =
                            (0..from.lanes as u32).map(|k| $sh.get(s as u32 + k)).collect();
                        let mut out = vec![0; to.lanes as usize];
                        bitcast_lanes(&src, from, &mut out, to);
                        for (k, v) in out.into_iter().enumerate() {
                            $sh.set(d as u32 + k as u32, v);
                        }
                    }
                }),
                Op::ExtractDyn { d, v, idx, lanes } => $each!($r, $base, $sh, {
                    let i = slot!($r, $base, idx);
                    slot!($r, $base, d) = if i < lanes as u64 {
                        slot!($r, $base, v + i as u32)
                    } else {
                        0
                    };
                    if $sh.on() {
                        let s = if $sh.get(idx) != 0 {
                            u64::MAX
                        } else if i < lanes as u64 {
                            $sh.get(v + i as u32)
                        } else {
                            0
                        };
                        $sh.set(d, s);
                    }
                }),
                Op::ToGeneric { d, s, space } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = to_generic(slot!($r, $base, s), space);
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(s), 64));
                    }
                }),
                Op::FromGeneric { d, s } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = from_generic(slot!($r, $base, s)).1;
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(s), 64));
                    }
                }),
                Op::GenericTo { d, s, space } => $each!($r, $base, $sh, {
                    let (actual, addr) = from_generic(slot!($r, $base, s));
                    slot!($r, $base, d) = if actual == space { addr } else { 0 };
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(s), 64));
                    }
                }),
                Op::InsertDyn {
                    d,
                    v,
                    e,
                    idx,
                    lanes,
                } => $each!($r, $base, $sh, {
                    let from = $base + v as usize;
                    $r.copy_within(from..from + lanes as usize, $base + d as usize);
                    $sh.copy(d, v, lanes as u32);
                    let i = slot!($r, $base, idx);
                    if i < lanes as u64 {
                        slot!($r, $base, d + i as u32) = slot!($r, $base, e);
                        if $sh.on() {
                            $sh.set(d + i as u32, $sh.get(e));
                        }
                    }
                    if $sh.on() && $sh.get(idx) != 0 {
                        // Which lane changed is unknown: every lane may be the new one.
                        for k in 0..lanes as u32 {
                            $sh.set(d + k, u64::MAX);
                        }
                    }
                }),
                Op::Gep {
                    d,
                    base: b,
                    idx,
                    idx_bits,
                    scale,
                    offset,
                } => $each!($r, $base, $sh, {
                    let a = slot!($r, $base, b);
                    slot!($r, $base, d) =
                        index_address(a, slot!($r, $base, idx), idx_bits, scale as i64)
                            .wrapping_add(offset as i64 as u64);
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(b) | $sh.get(idx), 64));
                    }
                }),
                Op::GepConst { d, base: b, offset } => $each!($r, $base, $sh, {
                    slot!($r, $base, d) = slot!($r, $base, b).wrapping_add(offset as u64);
                    if $sh.on() {
                        $sh.set(d, shadow_values::all_or_none($sh.get(b), 64));
                    }
                }),
            $($rest)*
        }
    }};
}
pub(crate) use register_ops;

/// A slot of the frame at `base` of `r`, read without a bounds check: the lowering checked
/// that every register an op names here lies in its function's frame
/// (`Function::check_registers`), and the interpreter keeps the frame inside `r`.
macro_rules! slot {
    ($r:ident, $base:ident, $x:expr) => {
        *{
            let i = $base + $x as usize;
            debug_assert!(i < $r.len(), "register {i} past the registers");
            // SAFETY: as above.
            unsafe { $r.get_unchecked_mut(i) }
        }
    };
}
pub(crate) use slot;

/// Runs `$body` with `$v` rebound to the constant it equals when it is one of the unit
/// variants listed (or either `bool`), else as it is: an op's operation (and type) decided
/// once, outside the lane executor's loop over lanes, which would otherwise pick it for every
/// lane (the body is compiled once per variant, with the semantics' `match` on it folded away).
macro_rules! specialize {
    ($v:ident in bool, $body:block) => {
        if $v {
            #[allow(unused_variables)]
            let $v = true;
            $body
        } else {
            #[allow(unused_variables)]
            let $v = false;
            $body
        }
    };
    ($v:ident in [$($variant:path),+ $(,)?], $body:block) => {
        match $v {
            $(
                $variant => {
                    #[allow(unused_variables)]
                    let $v = $variant;
                    $body
                }
            )+
            #[allow(unreachable_patterns)]
            _ => $body,
        }
    };
}
pub(crate) use specialize;

/// `register_ops!`'s `$each` for one work-item: the op's body as it is.
macro_rules! once {
    ($r:ident, $base:ident, $sh:ident, $body:block) => {
        $body
    };
}

/// Runs `$body` for each lane `$i`; the scalar form without a loop (most ops are scalar).
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
pub(crate) use lanes;

/// Runs a register-only op on plain values; returns false for any other op (the builtin
/// test environment's way to run the ops the builtins lower to).
pub fn run_pure(op: &Op, r: &mut [u64]) -> bool {
    // The ops read their registers unchecked: these come from a caller, not the lowering.
    assert!(
        op.registers_within(r.len()),
        "{op:?} names a register past {}",
        r.len()
    );
    reg_op(op, r, 0, NoShadow)
}

/// Runs a register-only op with its shadow rule; returns false for any other op.
pub(crate) fn reg_op<S: ShadowRegs>(op: &Op, r: &mut [u64], base: usize, mut sh: S) -> bool {
    register_ops!(op, r, base, sh, once, {
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
            | Op::CountBlock { .. }
            | Op::SpinPoint
            | Op::Br { .. }
            | Op::CondBr { .. }
            | Op::Switch { .. }
            | Op::Ret { .. }
            | Op::RetVoid
            | Op::Call { .. }
            | Op::Builtin { .. }
            | Op::Barrier { .. }
            | Op::SubGroupMeet { .. }
            | Op::WaitEvents { .. }
            | Op::WorkItem { .. }
            | Op::WorkItemDyn { .. }
            | Op::Trap { .. } => return false,
    });
    true
}

/// The source and destination lanes of a bitcast, which never overlap.
pub(crate) fn split_lanes(
    r: &mut [u64],
    s: usize,
    from: usize,
    d: usize,
    to: usize,
) -> (&[u64], &mut [u64]) {
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
    let (d, s, n) = (d as usize, s as usize, n as usize);
    // One check for the whole move instead of two for every slot (vector moves were a
    // twelfth of a plain nbody run).
    assert!(d.max(s) + n <= r.len(), "a move past the registers");
    let p = r.as_mut_ptr();
    // SAFETY: both ranges lie in `r`, as just checked.
    unsafe {
        if d > s && d < s + n {
            for k in (0..n).rev() {
                *p.add(d + k) = *p.add(s + k);
            }
        } else {
            for k in 0..n {
                *p.add(d + k) = *p.add(s + k);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
