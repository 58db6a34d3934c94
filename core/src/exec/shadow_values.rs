//! Shadow values: which bits of a register are uninitialised, and how each op carries them.
//!
//! Op semantics run on a [`ShadowRegs`] beside the values: [`NoShadow`] in plain runs, where
//! every shadow rule compiles away (`ON` is a constant), or [`Shadows`], one `u64` per register
//! slot (and an origin code saying where its uninitialised bits came from), in runs of the
//! Uninitialized checker. A set bit is an uninitialised bit of the value; bits above a value's
//! width mean nothing (an `undef` constant's shadow is all ones), so every rule and every
//! consumer masks to the width it uses. The rules are MemorySanitizer's: exact for
//! moves, bitwise logic, shifts by defined amounts, lane shuffles and casts between integer
//! widths; an uninitialised bit spreads upwards through additions and multiplications (a carry
//! only moves up), and poisons the whole result of everything else (floating point, division,
//! comparisons).

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};

use super::kernel::KernelInstance;
use crate::diagnostics;
use crate::plugins::{uninit::describe, LaunchInfo, Origin};
use crate::program::KernelCode;

use crate::bytecode::{CastOp, FloatTy, IntBinOp, IntUnOp, ScalarTy, Slot};
use crate::semantics::{ashr, lshr, mask, sext, shl};

/// Where op semantics keep the shadows of the registers of the frame being run.
pub(crate) trait ShadowRegs {
    /// False for [`NoShadow`]: every `if S::ON` block disappears from plain runs.
    const ON: bool;
    fn get(&self, slot: Slot) -> u64;
    fn set(&mut self, slot: Slot, shadow: u64);

    /// Copies the shadows of `n` slots (which may overlap, as `move_slots` allows).
    #[inline(always)]
    fn copy(&mut self, d: Slot, s: Slot, n: u32) {
        if Self::ON {
            if d > s && d < s + n {
                for k in (0..n).rev() {
                    self.set(d + k, self.get(s + k));
                }
            } else {
                for k in 0..n {
                    self.set(d + k, self.get(s + k));
                }
            }
        }
    }

    /// True when any of `n` slots from `s` has an uninitialised bit.
    #[inline(always)]
    fn any(&self, s: Slot, n: u32) -> bool {
        Self::ON && (0..n).any(|k| self.get(s + k) != 0)
    }

    /// `ON`, for code that has a value rather than the type (`register_ops!`).
    #[inline(always)]
    fn on(&self) -> bool {
        Self::ON
    }

    /// The origin code of a slot's uninitialised bits (0 without).
    #[inline(always)]
    fn origin(&self, _slot: Slot) -> u32 {
        0
    }

    /// The frame's shadows, for the ops that take them as `Shadows` (`None` without).
    fn frame(&mut self) -> Option<Shadows<'_>>;
}

/// A work-item's register shadows and, for each slot with uninitialised bits, where they came
/// from (an [`Origin`](crate::plugins::Origin) code, 0 when unknown).
#[derive(Default)]
pub struct ShadowFile {
    pub bits: Vec<u64>,
    pub origins: Vec<u32>,
}

impl ShadowFile {
    /// A fresh frame at `at`: the function's constants' shadows (its `undef`s uninitialised,
    /// each its own origin).
    pub fn init_frame(&mut self, at: usize, shadow: &[u64], func: u32, undef: &[Slot]) {
        self.bits[at..at + shadow.len()].copy_from_slice(shadow);
        self.origins[at..at + shadow.len()].fill(0);
        for &s in undef {
            self.origins[at + s as usize] = origin_code::undef(func, s);
        }
    }

    /// Copies `n` slots' shadows (non-overlapping or forwards, as `copy_within`).
    pub fn copy(&mut self, from: usize, to: usize, n: usize) {
        self.bits.copy_within(from..from + n, to);
        self.origins.copy_within(from..from + n, to);
    }

    pub fn clear(&mut self, at: usize) {
        self.bits[at] = 0;
        self.origins[at] = 0;
    }
}

/// How a work-item runs: without shadows ([`NoShadow`]) or with them ([`WithShadows`]).
pub(crate) trait ShadowMode {
    const ON: bool;
    type Frame<'a>: ShadowRegs;
    /// The shadows of the frame at `base` of the work-item's shadow file.
    fn frame(file: &mut ShadowFile, base: usize) -> Self::Frame<'_>;
}

impl ShadowMode for NoShadow {
    const ON: bool = false;
    type Frame<'a> = NoShadow;
    #[inline(always)]
    fn frame(_: &mut ShadowFile, _: usize) -> NoShadow {
        NoShadow
    }
}

/// Runs of the Uninitialized checker.
pub(crate) struct WithShadows;

impl ShadowMode for WithShadows {
    const ON: bool = true;
    type Frame<'a> = Shadows<'a>;
    #[inline(always)]
    fn frame(file: &mut ShadowFile, base: usize) -> Shadows<'_> {
        Shadows {
            file,
            base,
            last: Cell::new(0),
        }
    }
}

/// Plain runs: no shadow.
pub(crate) struct NoShadow;

impl ShadowRegs for NoShadow {
    const ON: bool = false;
    #[inline(always)]
    fn get(&self, _: Slot) -> u64 {
        0
    }
    #[inline(always)]
    fn set(&mut self, _: Slot, _: u64) {}
    #[inline(always)]
    fn frame(&mut self) -> Option<Shadows<'_>> {
        None
    }
}

/// The shadows of a frame's registers: the work-item's shadow file from the frame's base.
///
/// Origins travel without the rules saying so: reading a slot with uninitialised bits
/// remembers its origin (`last`), and a result with uninitialised bits takes the origin of the
/// last such operand the op read.
pub(crate) struct Shadows<'a> {
    pub file: &'a mut ShadowFile,
    pub base: usize,
    pub last: Cell<u32>,
}

impl Shadows<'_> {
    /// Sets a slot's shadow with an origin of its own (a load from memory).
    pub fn set_with_origin(&mut self, slot: Slot, shadow: u64, origin: u32) {
        let i = self.base + slot as usize;
        self.file.bits[i] = shadow;
        self.file.origins[i] = if shadow != 0 { origin } else { 0 };
    }
}

impl ShadowRegs for Shadows<'_> {
    const ON: bool = true;
    #[inline(always)]
    fn get(&self, slot: Slot) -> u64 {
        let i = self.base + slot as usize;
        let s = self.file.bits[i];
        if s != 0 {
            self.last.set(self.file.origins[i]);
        }
        s
    }
    #[inline(always)]
    fn set(&mut self, slot: Slot, shadow: u64) {
        let i = self.base + slot as usize;
        self.file.bits[i] = shadow;
        self.file.origins[i] = if shadow != 0 { self.last.get() } else { 0 };
    }
    fn origin(&self, slot: Slot) -> u32 {
        self.file.origins[self.base + slot as usize]
    }
    fn frame(&mut self) -> Option<Shadows<'_>> {
        Some(Shadows {
            file: &mut *self.file,
            base: self.base,
            last: Cell::new(self.last.get()),
        })
    }
}

/// Origin codes: what kind of memory or value uninitialised bits came from, in a `u32` that
/// travels beside each shadow (0: unknown). The codes of private variables, `undef` values and
/// `__local` buffers name them in the terms of the kernel that runs; written to global memory
/// they are kept as `written` codes (`WrittenOrigins`), which outlive the launch.
pub mod origin_code {
    use crate::bytecode::{Pc, Slot};

    pub const ALLOCA: u32 = 1 << 30;
    /// The value of a load the memory refused (out of bounds): unspecified. A code no
    /// global buffer can have (buffer indices stay far below 2^29).
    pub const INVALID_READ: u32 = u32::MAX;
    pub const UNDEF: u32 = 2 << 30;
    pub const LOCAL: u32 = 3 << 30;
    pub const WRITTEN: u32 = (3 << 30) | (1 << 28);
    pub const GLOBAL: u32 = (3 << 30) | (1 << 29);
    /// Bits for the function of an alloca or undef; the rest for its pc or slot.
    pub const FUNC_SHIFT: u32 = 20;
    const INDEX_28: u32 = (1 << 28) - 1;
    const INDEX_29: u32 = (1 << 29) - 1;

    fn pack(kind: u32, func: u32, at: u32) -> u32 {
        if func < 1 << (30 - FUNC_SHIFT) && at < 1 << FUNC_SHIFT {
            kind | func << FUNC_SHIFT | at
        } else {
            0
        }
    }

    /// A private variable: the `alloca` at `pc` of function `func`.
    pub fn alloca(func: u32, pc: Pc) -> u32 {
        pack(ALLOCA, func, pc)
    }

    /// An `undef` constant in slot `slot` of function `func`.
    pub fn undef(func: u32, slot: Slot) -> u32 {
        pack(UNDEF, func, slot)
    }

    /// Bits of a local code for its 4-byte granule within the buffer, plus one (0: not known,
    /// as for a buffer's granules past the first 2^20 - 1); the bits above hold the buffer.
    const GRANULE_BITS: u32 = 20;
    const GRANULE_MASK: u32 = (1 << GRANULE_BITS) - 1;

    /// A local buffer, by buffer index, and the 4-byte granule of it (counted from 0) that
    /// the bits were read from, when known.
    pub fn local(index: u64, granule: Option<u64>) -> u32 {
        if index > (INDEX_28 >> GRANULE_BITS) as u64 {
            return 0;
        }
        let at = granule
            .filter(|&g| g < GRANULE_MASK as u64)
            .map_or(0, |g| g as u32 + 1);
        LOCAL | (index as u32) << GRANULE_BITS | at
    }

    /// The same origin, less what it knows of where in its memory the bits were: the code
    /// another kernel keeps.
    pub fn without_place(code: u32) -> u32 {
        match code & !INDEX_28 == LOCAL {
            true => code & !GRANULE_MASK,
            false => code,
        }
    }

    /// Entry `index` of the origins written to global memory.
    pub fn written(index: usize) -> u32 {
        if index <= INDEX_28 as usize {
            WRITTEN | index as u32
        } else {
            0
        }
    }

    /// The entry of a `written` code.
    pub fn written_entry(code: u32) -> Option<usize> {
        (code & !INDEX_28 == WRITTEN).then_some((code & INDEX_28) as usize)
    }

    /// A global buffer the host never wrote, by buffer index.
    pub fn global(index: u64) -> u32 {
        if index < INDEX_29 as u64 {
            GLOBAL | index as u32
        } else {
            0
        }
    }

    /// Whether the code names something of the running kernel (a function's op or slot, a
    /// `__local` buffer), which means nothing to other kernels.
    pub fn of_this_kernel(code: u32) -> bool {
        match code >> 30 {
            1 | 2 => true,
            3 => code & (3 << 28) == 0,
            _ => false,
        }
    }

    /// The origin of a code that is not `written` (those are `Origin::Unknown` here).
    pub fn decode(code: u32) -> crate::plugins::Origin {
        use crate::plugins::{Origin, Site};
        let (func, at) = ((code >> FUNC_SHIFT) & 0x3ff, code & ((1 << FUNC_SHIFT) - 1));
        if code == INVALID_READ {
            return Origin::InvalidRead;
        }
        match code >> 30 {
            1 => Origin::PrivateVariable {
                site: Site { func, pc: at },
            },
            2 => Origin::Undefined { func, slot: at },
            3 if code & (1 << 29) != 0 => Origin::Global {
                index: (code & INDEX_29) as u64,
            },
            3 if code & (1 << 28) == 0 => Origin::Local {
                index: ((code & INDEX_28) >> GRANULE_BITS) as u64,
                offset: match code & GRANULE_MASK {
                    0 => None,
                    g => Some((g as u64 - 1) * 4),
                },
            },
            _ => Origin::Unknown,
        }
    }
}

/// Every bit from the lowest uninitialised one upwards: what an addition, subtraction or
/// multiplication leaves uninitialised (result bit k depends only on operand bits 0..=k).
#[inline(always)]
pub fn spread_up(s: u64, bits: u8) -> u64 {
    (s | s.wrapping_neg()) & mask(bits)
}

/// All of a `bits`-wide value if any bit of `s` is uninitialised.
#[inline(always)]
pub fn all_or_none(s: u64, bits: u8) -> u64 {
    if s != 0 {
        mask(bits)
    } else {
        0
    }
}

/// Width in bits of a value of a scalar type, as its shadow covers it.
pub fn width(t: ScalarTy) -> u8 {
    t.bits()
}

pub fn float_width(t: FloatTy) -> u8 {
    match t {
        FloatTy::F16 => 16,
        FloatTy::F32 => 32,
        FloatTy::F64 => 64,
    }
}

/// `a & b`: a result bit is known where both are known, or where either is a known 0.
#[inline(always)]
pub fn and(a: u64, b: u64, sa: u64, sb: u64) -> u64 {
    (sa & sb) | (sa & b) | (a & sb)
}

/// `a | b`: known where both are known, or where either is a known 1.
#[inline(always)]
pub fn or(a: u64, b: u64, sa: u64, sb: u64) -> u64 {
    (sa & sb) | (sa & !b) | (!a & sb)
}

/// A shift: exact for a known amount; an unknown amount makes the whole result unknown.
#[inline(always)]
pub fn shift(op: IntBinOp, sa: u64, b: u64, sb: u64, bits: u8) -> u64 {
    if sb != 0 {
        return mask(bits);
    }
    match op {
        IntBinOp::Shl => shl(sa, b, bits),
        IntBinOp::LShr => lshr(sa, b, bits),
        // The sign bit's shadow spreads into the bits the shift brings in.
        _ => ashr(sa, b, bits),
    }
}

/// The general integer binary ops (`IntBin`).
#[inline]
pub fn int_bin(op: IntBinOp, a: u64, b: u64, sa: u64, sb: u64, bits: u8) -> u64 {
    match op {
        IntBinOp::Add | IntBinOp::Sub | IntBinOp::Mul => spread_up(sa | sb, bits),
        IntBinOp::And => and(a, b, sa, sb),
        IntBinOp::Or => or(a, b, sa, sb),
        IntBinOp::Xor => sa | sb,
        IntBinOp::Shl | IntBinOp::LShr | IntBinOp::AShr => shift(op, sa, b, sb, bits),
        _ => all_or_none(sa | sb, bits),
    }
}

/// The integer unary ops: byte and bit reversals move the shadow with the bits.
#[inline]
pub fn int_un(op: IntUnOp, s: u64, bits: u8) -> u64 {
    match op {
        IntUnOp::BSwap => s.swap_bytes() >> (64 - bits as u32),
        IntUnOp::BitReverse => s.reverse_bits() >> (64 - bits as u32),
        _ => all_or_none(s, bits),
    }
}

/// A conversion: integer truncation and extension move the shadow exactly; a conversion to
/// or from floating point is unknown if any bit of its source is.
#[inline]
pub fn cast(op: CastOp, s: u64) -> u64 {
    match op {
        CastOp::Trunc { to } => s & mask(to),
        CastOp::SExt { from, to } => (sext(s, from) as u64) & mask(to),
        CastOp::FpTrunc { to, .. } | CastOp::FpExt { to, .. } => all_or_none(s, float_width(to)),
        CastOp::FpToSi { to, .. } | CastOp::FpToUi { to, .. } => all_or_none(s, to),
        CastOp::SiToFp { to, .. } | CastOp::UiToFp { to, .. } => all_or_none(s, float_width(to)),
    }
}

/// `select c, t, f` of one lane: with an unknown condition, every bit where the two choices
/// differ or either is unknown.
#[inline(always)]
pub fn select(c: u64, sc: u64, t: u64, f: u64, st: u64, sf: u64) -> u64 {
    if sc & 1 != 0 {
        st | sf | (t ^ f)
    } else if c & 1 != 0 {
        st
    } else {
        sf
    }
}

/// The origins of uninitialised bits written to global memory that name something of the
/// kernel that wrote them (a variable, an `undef`, a `__local` buffer): global memory outlives
/// the launch, and another kernel reading the bits must not decode them in its own terms. Each
/// is kept once per kernel, with its description; memory holds its `written` code.
#[derive(Default)]
pub(crate) struct WrittenOrigins {
    table: Mutex<WrittenTable>,
}

#[derive(Default)]
struct WrittenTable {
    entries: Vec<Written>,
    /// Entry by (kernel, origin code).
    index: HashMap<(usize, u32), usize>,
}

struct Written {
    /// Weak: it keeps the kernel's address from being reused while its entries live.
    kernel: Weak<KernelCode>,
    code: u32,
    described: Arc<diagnostics::Origin>,
}

impl WrittenOrigins {
    /// The code to keep in global memory for bits of `kernel` (launched as `info`) whose
    /// origin is `code`.
    pub fn intern(&self, (kernel, info): (&KernelInstance, &LaunchInfo), code: u32) -> u32 {
        if !origin_code::of_this_kernel(code) {
            return code;
        }
        // One entry per buffer, not per place in it.
        let code = origin_code::without_place(code);
        let Ok(mut table) = self.table.lock() else {
            return 0;
        };
        let key = (Arc::as_ptr(&kernel.code) as usize, code);
        if let Some(&i) = table.index.get(&key) {
            return origin_code::written(i);
        }
        let origin = origin_code::decode(code);
        let what = describe(kernel.kernel_ref(), &info.named, &origin, None);
        let Some(mut what) = what else {
            return 0;
        };
        what.description = format!(
            "{} (written to global memory by kernel '{}')",
            what.description, info.kernel
        );
        let i = table.entries.len();
        table.entries.push(Written {
            kernel: Arc::downgrade(&kernel.code),
            code,
            described: Arc::new(what),
        });
        table.index.insert(key, i);
        origin_code::written(i)
    }

    /// The origin of `code` for a launch of `kernel`: in its own terms when it wrote the bits
    /// itself.
    pub fn decode(&self, kernel: &KernelInstance, code: u32) -> Origin {
        let Some(i) = origin_code::written_entry(code) else {
            return origin_code::decode(code);
        };
        let Ok(table) = self.table.lock() else {
            return Origin::Unknown;
        };
        match table.entries.get(i) {
            Some(w) if std::ptr::eq(w.kernel.as_ptr(), Arc::as_ptr(&kernel.code)) => {
                origin_code::decode(w.code)
            }
            Some(w) => Origin::OtherKernel {
                described: w.described.clone(),
            },
            None => Origin::Unknown,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origin_codes_round_trip_and_say_whose_they_are() {
        use crate::plugins::{Origin, Site};
        let alloca = origin_code::alloca(1023, 7);
        assert_eq!(
            origin_code::decode(alloca),
            Origin::PrivateVariable {
                site: Site { func: 1023, pc: 7 }
            }
        );
        let local = origin_code::local(5, Some(3));
        let at = |offset| Origin::Local { index: 5, offset };
        assert_eq!(origin_code::decode(local), at(Some(12)));
        // Another kernel keeps the buffer only; a granule past what fits is not known.
        assert_eq!(
            origin_code::decode(origin_code::without_place(local)),
            at(None)
        );
        assert_eq!(
            origin_code::decode(origin_code::local(5, Some(1 << 20))),
            at(None)
        );
        assert_eq!(origin_code::local(256, None), 0);
        let global = origin_code::global(9);
        assert_eq!(origin_code::decode(global), Origin::Global { index: 9 });
        let written = origin_code::written(3);
        assert_eq!(origin_code::written_entry(written), Some(3));
        assert_eq!(origin_code::decode(written), Origin::Unknown);
        // Only the codes naming the running kernel's things are turned into written codes.
        for code in [alloca, origin_code::undef(3, 4), local] {
            assert!(origin_code::of_this_kernel(code), "{code:#x}");
            assert_eq!(origin_code::written_entry(code), None);
        }
        for code in [0, global, written, origin_code::INVALID_READ] {
            assert!(!origin_code::of_this_kernel(code), "{code:#x}");
        }
        assert_eq!(origin_code::written_entry(origin_code::INVALID_READ), None);
        assert_eq!(
            origin_code::decode(origin_code::INVALID_READ),
            Origin::InvalidRead
        );
    }

    #[test]
    fn bitwise_logic_is_exact() {
        // A known 0 decides an `and`, a known 1 an `or`, whatever the other side holds.
        assert_eq!(and(0x0f, 0, 0, 0xff), 0x0f);
        assert_eq!(and(0, 0x3c, 0xff, 0), 0x3c);
        assert_eq!(or(0xf0, 0, 0, 0xff), 0x0f);
        assert_eq!(or(0, 0, 0x01, 0x01), 0x01);
        assert_eq!(int_bin(IntBinOp::Xor, 1, 2, 0x10, 0x01, 8), 0x11);
    }

    #[test]
    fn arithmetic_spreads_upwards_within_the_width() {
        assert_eq!(spread_up(0x10, 8), 0xf0);
        assert_eq!(spread_up(0, 32), 0);
        assert_eq!(int_bin(IntBinOp::Mul, 3, 5, 0, 1 << 31, 32), 1 << 31);
        assert_eq!(int_bin(IntBinOp::SDiv, 3, 5, 0, 1, 16), 0xffff);
    }

    #[test]
    fn shifts_move_the_shadow_and_unknown_amounts_poison_all() {
        assert_eq!(shift(IntBinOp::Shl, 0x01, 4, 0, 8), 0x10);
        assert_eq!(shift(IntBinOp::LShr, 0x80, 7, 0, 8), 0x01);
        // The unknown sign bit becomes every bit shifted in.
        assert_eq!(shift(IntBinOp::AShr, 0x80, 3, 0, 8), 0xf0);
        assert_eq!(shift(IntBinOp::Shl, 0, 1, 1, 16), 0xffff);
    }

    #[test]
    fn casts_and_reversals() {
        assert_eq!(cast(CastOp::Trunc { to: 8 }, 0x1ff), 0xff);
        assert_eq!(cast(CastOp::SExt { from: 8, to: 32 }, 0x80), 0xffff_ff80);
        assert_eq!(cast(CastOp::SExt { from: 8, to: 32 }, 0x01), 0x01);
        let to_float = CastOp::SiToFp {
            from: 32,
            to: FloatTy::F32,
        };
        assert_eq!(cast(to_float, 1), 0xffff_ffff);
        let widen = CastOp::FpExt {
            from: FloatTy::F32,
            to: FloatTy::F64,
        };
        assert_eq!(cast(widen, 0), 0);
        // A half is 16 bits wide: one unknown bit of it makes the float all unknown.
        let from_half = CastOp::FpExt {
            from: FloatTy::F16,
            to: FloatTy::F32,
        };
        assert_eq!(cast(from_half, 0x8000), 0xffff_ffff);
        let to_half = CastOp::FpTrunc {
            from: FloatTy::F64,
            to: FloatTy::F16,
        };
        assert_eq!(cast(to_half, 1), 0xffff);
        assert_eq!(int_un(IntUnOp::BSwap, 0xff, 32), 0xff00_0000);
        assert_eq!(int_un(IntUnOp::CtPop, 0x100, 32), 0xffff_ffff);
    }

    #[test]
    fn select_with_an_unknown_condition_keeps_what_both_sides_agree_on() {
        assert_eq!(select(1, 0, 7, 9, 0x1, 0x2), 0x1);
        assert_eq!(select(0, 0, 7, 9, 0x1, 0x2), 0x2);
        assert_eq!(select(0, 1, 0b1100, 0b1010, 0, 0), 0b0110);
        assert_eq!(select(0, 1, 5, 5, 0, 0x8), 0x8);
    }
}
