//! Vector data load and store functions (`vloadN`, `vstoreN`, the `half` variants) and the
//! `shuffle`/`shuffle2` permutations (OpenCL C §6.12.7, §6.12.12).
//!
//! `vloadN` and `vstoreN` become an address computation and a vector load or store op, so the
//! executors make them as they make the kernel's own vector accesses (a warp's lanes together)
//! and the memory checkers see one access of the whole vector, with no alignment beyond the
//! element's byte asked of it (as Oclgrind, which checks none). `vload_halfN` and
//! `vstore_halfN` go through `BuiltinEnv::load/store`: they widen `half`s to float on load and
//! round float or double to `half` on store; `vloadN` and `vstoreN` of `half` move `half`s as
//! they are.

use super::{site, Arg, Call, Emit, Misuse, Problem, Resolution};
use crate::bytecode::{Op, ScalarTy, Slot};
use crate::half::{self, Round};
use crate::memory::AddrSpace;
use crate::semantics::{f32_of, f64_of, slot_f32};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Load(u32),
    Store(u32),
    /// `vload_halfN` / `vloada_halfN`; `aligned` only matters for N = 3.
    LoadHalf {
        n: u32,
        aligned: bool,
    },
    StoreHalf {
        n: u32,
        aligned: bool,
        round: Round,
    },
    Shuffle,
    Shuffle2,
}

/// Vector width suffix: empty (a scalar) or one of the OpenCL widths.
fn width(s: &str) -> Option<u32> {
    match s {
        "" => Some(1),
        "2" => Some(2),
        "3" => Some(3),
        "4" => Some(4),
        "8" => Some(8),
        "16" => Some(16),
        _ => None,
    }
}

fn parse(name: &str) -> Option<Kind> {
    match name {
        "shuffle" => return Some(Kind::Shuffle),
        "shuffle2" => return Some(Kind::Shuffle2),
        _ => {}
    }
    let half_load = name
        .strip_prefix("vload_half")
        .map(|r| (r, false))
        .or_else(|| name.strip_prefix("vloada_half").map(|r| (r, true)));
    if let Some((rest, aligned)) = half_load {
        return Some(Kind::LoadHalf {
            n: width(rest)?,
            aligned,
        });
    }
    let half_store = name
        .strip_prefix("vstore_half")
        .map(|r| (r, false))
        .or_else(|| name.strip_prefix("vstorea_half").map(|r| (r, true)));
    if let Some((rest, aligned)) = half_store {
        let (n, round) = match rest.find('_') {
            Some(i) => (&rest[..i], Round::from_suffix(&rest[i..])?),
            None => (rest, Round::Rte),
        };
        return Some(Kind::StoreHalf {
            n: width(n)?,
            aligned,
            round,
        });
    }
    // Plain vloadN / vstoreN always have a width of at least 2.
    let plain = |w: &str| width(w).filter(|n| *n > 1);
    if let Some(w) = name.strip_prefix("vload") {
        return Some(Kind::Load(plain(w)?));
    }
    if let Some(w) = name.strip_prefix("vstore") {
        return Some(Kind::Store(plain(w)?));
    }
    None
}

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let kind = parse(&call.name)?;
    Some(match kind {
        Kind::Load(n) => load(call, emit, n),
        Kind::Store(n) => store(call, emit, n),
        Kind::LoadHalf { n, aligned } => load_half(call, emit, n, aligned),
        Kind::StoreHalf { n, aligned, round } => store_half(call, emit, n, aligned, round),
        Kind::Shuffle | Kind::Shuffle2 => shuffle(call, emit, kind == Kind::Shuffle2),
    })
}

fn pointer(call: &Call, i: usize) -> Result<(Arg, AddrSpace), Misuse> {
    let p = call.arg(i)?;
    let space = p
        .space()
        .ok_or_else(|| call.misuse(Problem::Expected("pointer argument")))?;
    Ok((p, space))
}

/// Element size in bytes of a value type that may live in memory as a vector element.
fn elem_size(call: &Call, elem: ScalarTy) -> Result<usize, Misuse> {
    match elem {
        ScalarTy::Int(8 | 16 | 32 | 64) | ScalarTy::F16 | ScalarTy::F32 | ScalarTy::F64 => {
            Ok(elem.size() as usize)
        }
        _ => Err(call.misuse(Problem::ElementType(elem))),
    }
}

/// `p + offset * stride` in elements of `size` bytes, wrapping like the address arithmetic it is.
fn address(base: u64, offset: u64, stride: u32, size: usize) -> u64 {
    base.wrapping_add(offset.wrapping_mul(stride as u64 * size as u64))
}

fn load(call: &Call, emit: &mut dyn Emit, n: u32) -> Resolution {
    let off = call.arg(0)?;
    let (p, space) = pointer(call, 1)?;
    let r = call.ret()?;
    if r.lanes() != n {
        return Err(call.misuse(Problem::ResultWidth(n)));
    }
    let size = elem_size(call, r.ty.elem)?;
    let p = element_address(emit, (p.slot, off.slot), n, size);
    emit.op(Op::LoadV {
        d: r.slot,
        p,
        space,
        ty: r.ty.elem.mem_ty(),
        lanes: n as u16,
        align: 0,
    });
    Ok(())
}

/// A slot with `p + offset * n * size`: the address of the `offset`-th vector of `n` elements
/// of `size` bytes.
fn element_address(emit: &mut dyn Emit, (p, offset): (Slot, Slot), n: u32, size: usize) -> Slot {
    let d = emit.temp(1);
    emit.op(Op::Gep {
        d,
        base: p,
        idx: offset,
        idx_bits: 64,
        scale: (n as usize * size) as i32,
        offset: 0,
    });
    d
}

fn store(call: &Call, emit: &mut dyn Emit, n: u32) -> Resolution {
    let data = call.arg(0)?;
    let off = call.arg(1)?;
    let (p, space) = pointer(call, 2)?;
    if data.lanes() != n {
        return Err(call.misuse(Problem::DataWidth(n)));
    }
    let size = elem_size(call, data.ty.elem)?;
    let p = element_address(emit, (p.slot, off.slot), n, size);
    emit.op(Op::StoreV {
        p,
        s: data.slot,
        space,
        ty: data.ty.elem.mem_ty(),
        lanes: n as u16,
        align: 0,
    });
    Ok(())
}

/// Elements between consecutive offsets: `vloada_half3`/`vstorea_half3` step over a padded
/// 4-element vector.
fn half_stride(n: u32, aligned: bool) -> u32 {
    if aligned && n == 3 {
        4
    } else {
        n
    }
}

fn load_half(call: &Call, emit: &mut dyn Emit, n: u32, aligned: bool) -> Resolution {
    let off = call.arg(0)?;
    let (p, space) = pointer(call, 1)?;
    let r = call.ret()?;
    if r.lanes() != n || r.ty.elem != ScalarTy::F32 {
        return Err(call.misuse(Problem::FloatResultWidth(n)));
    }
    let stride = half_stride(n, aligned);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let addr = address(regs[p.slot as usize], regs[off.slot as usize], stride, 2);
        let mut buf = [0u8; 16 * 2];
        let bytes = &mut buf[..n as usize * 2];
        if !env.load(space, addr, bytes) {
            bytes.fill(0);
        }
        let regs = env.regs();
        for (i, h) in bytes.chunks_exact(2).enumerate() {
            regs[r.slot as usize + i] = slot_f32(half::to_f32(u16::from_le_bytes([h[0], h[1]])));
        }
        Ok(())
    }));
    Ok(())
}

fn store_half(call: &Call, emit: &mut dyn Emit, n: u32, aligned: bool, round: Round) -> Resolution {
    let data = call.arg(0)?;
    let off = call.arg(1)?;
    let (p, space) = pointer(call, 2)?;
    if data.lanes() != n {
        return Err(call.misuse(Problem::DataWidth(n)));
    }
    let wide = match data.ty.elem {
        ScalarTy::F32 => false,
        ScalarTy::F64 => true,
        _ => return Err(call.misuse(Problem::Expected("float or double data"))),
    };
    let stride = half_stride(n, aligned);
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let addr = address(regs[p.slot as usize], regs[off.slot as usize], stride, 2);
        let mut buf = [0u8; 16 * 2];
        let bytes = &mut buf[..n as usize * 2];
        for (i, h) in bytes.chunks_exact_mut(2).enumerate() {
            let v = regs[data.slot as usize + i];
            // f32 widens to f64 exactly, so one correctly rounded path serves both.
            let x = if wide { f64_of(v) } else { f32_of(v) as f64 };
            h.copy_from_slice(&half::round_f64(x, round).to_le_bytes());
        }
        env.store(space, addr, bytes);
        Ok(())
    }));
    Ok(())
}

fn shuffle(call: &Call, emit: &mut dyn Emit, two: bool) -> Resolution {
    let x = call.arg(0)?;
    let (y, mask) = if two {
        (call.arg(1)?, call.arg(2)?)
    } else {
        (x, call.arg(1)?)
    };
    let r = call.ret()?;
    if r.lanes() != mask.lanes() || r.lanes() > 16 || (two && y.lanes() != x.lanes()) {
        return Err(call.misuse(Problem::MismatchedWidths));
    }
    let m = x.lanes() as u64;
    // Only the low bits of each mask lane select a source lane.
    let total = if two { 2 * m } else { m };
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let mut out = [0u64; 16];
        for (i, o) in out.iter_mut().enumerate().take(r.lanes() as usize) {
            let k = regs[mask.slot as usize + i] % total;
            *o = if k < m {
                regs[(x.slot as u64 + k) as usize]
            } else {
                regs[(y.slot as u64 + k - m) as usize]
            };
        }
        // The result never aliases its operands in SSA, but a temporary keeps that assumption local.
        regs[r.slot as usize..r.slot as usize + r.lanes() as usize]
            .copy_from_slice(&out[..r.lanes() as usize]);
        Ok(())
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtins::testing::*;
    use crate::bytecode::{ScalarTy, VType};

    fn halves(t: &mut TestEnv, space: AddrSpace, v: &[u16]) -> u64 {
        let bytes: Vec<u8> = v.iter().flat_map(|h| h.to_le_bytes()).collect();
        t.place(space, &bytes)
    }

    fn read_halves(t: &TestEnv, space: AddrSpace, addr: u64, n: usize) -> Vec<u16> {
        t.bytes(space, addr, n * 2)
            .chunks(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect()
    }

    #[test]
    fn names() {
        assert_eq!(parse("vload3"), Some(Kind::Load(3)));
        assert_eq!(parse("vstore16"), Some(Kind::Store(16)));
        assert_eq!(parse("vload"), None);
        assert_eq!(parse("vload5"), None);
        assert_eq!(
            parse("vloada_half3"),
            Some(Kind::LoadHalf {
                n: 3,
                aligned: true
            })
        );
        assert_eq!(
            parse("vload_half"),
            Some(Kind::LoadHalf {
                n: 1,
                aligned: false
            })
        );
        assert_eq!(
            parse("vstorea_half8_rtn"),
            Some(Kind::StoreHalf {
                n: 8,
                aligned: true,
                round: Round::Rtn
            })
        );
        assert_eq!(
            parse("vstore_half"),
            Some(Kind::StoreHalf {
                n: 1,
                aligned: false,
                round: Round::Rte
            })
        );
        assert_eq!(parse("vstore_half_rtq"), None);
        assert_eq!(parse("shuffle2"), Some(Kind::Shuffle2));
    }

    #[test]
    fn vload_and_vstore_all_widths() {
        let mut t = TestEnv::new();
        let words: Vec<u32> = (0..64).collect();
        let p = t.global_words(&words);
        let r = t.call(
            "_Z6vload3mPU3AS1Ki",
            &[int(64, 1), ptr(1, p)],
            Some(vec_ty(ScalarTy::Int(32), 3)),
        );
        assert_eq!(r, vec![3, 4, 5]);
        for (sym, n) in [
            ("_Z6vload2mPU3AS1Ki", 2u64),
            ("_Z6vload4mPU3AS1Ki", 4),
            ("_Z6vload8mPU3AS1Ki", 8),
            ("_Z7vload16mPU3AS1Ki", 16),
        ] {
            let r = t.call(
                sym,
                &[int(64, 2), ptr(1, p)],
                Some(vec_ty(ScalarTy::Int(32), n as u16)),
            );
            assert_eq!(r, (2 * n..3 * n).collect::<Vec<_>>(), "{sym}");
        }
        // vstore3 writes exactly three elements.
        let q = t.global_words(&[9; 8]);
        t.call(
            "_Z7vstore3Dv3_imPU3AS1i",
            &[ints(32, &[1, 2, 3]), int(64, 1), ptr(1, q)],
            None,
        );
        assert_eq!(
            (0..8).map(|i| t.global_word(q + 4 * i)).collect::<Vec<_>>(),
            vec![9, 9, 9, 1, 2, 3, 9, 9]
        );
    }

    #[test]
    fn element_types_and_spaces() {
        let mut t = TestEnv::new();
        let c = t.place(AddrSpace::Constant, &[0x80, 1, 2, 3, 4, 5, 6, 7]);
        let r = t.call(
            "_Z6vload4mPU3AS2Kc",
            &[int(64, 1), ptr(2, c)],
            Some(vec_ty(ScalarTy::Int(8), 4)),
        );
        assert_eq!(r, vec![4, 5, 6, 7]);
        let d = t.place(AddrSpace::Global, &[0; 128]);
        let vals = [1.5f64, -2.0, 1e300, 0.0, 3.0, 4.0, 5.0, 6.0];
        t.call(
            "_Z7vstore8Dv8_dmPU3AS1d",
            &[f64s(&vals), int(64, 1), ptr(1, d)],
            None,
        );
        let r = t.call(
            "_Z6vload8mPU3AS1Kd",
            &[int(64, 1), ptr(1, d)],
            Some(vec_ty(ScalarTy::F64, 8)),
        );
        assert_eq!(as_f64(&r), vals.to_vec());
        let l = t.place(AddrSpace::Local, &[0; 64]);
        let f: Vec<f32> = (0..16).map(|i| i as f32 * 0.5).collect();
        t.call(
            "_Z8vstore16Dv16_fmPU3AS3f",
            &[f32s(&f), int(64, 0), ptr(3, l)],
            None,
        );
        let r = t.call(
            "_Z6vload3mPU3AS3Kf",
            &[int(64, 2), ptr(3, l)],
            Some(vec_ty(ScalarTy::F32, 3)),
        );
        assert_eq!(as_f32(&r), vec![3.0, 3.5, 4.0]);
        let s = t.place(AddrSpace::Private, &[0; 32]);
        t.call(
            "_Z7vstore4Dv4_smPU3AS1s",
            &[ints(16, &[0xffff, 1, 2, 0x8000]), int(64, 1), ptr(1, d)],
            None,
        );
        assert_eq!(
            t.bytes(AddrSpace::Global, d + 8, 8),
            &[0xff, 0xff, 1, 0, 2, 0, 0, 0x80]
        );
        t.call(
            "_Z7vstore4Dv4_cmPc",
            &[ints(8, &[1, 2, 3, 4]), int(64, 2), ptr(0, s)],
            None,
        );
        let r = t.call(
            "_Z6vload4mPKs",
            &[int(64, 1), ptr(0, s)],
            Some(vec_ty(ScalarTy::Int(16), 4)),
        );
        assert_eq!(r, vec![0x0201, 0x0403, 0, 0]);
        let u = t.place(AddrSpace::Global, &[0; 32]);
        t.call(
            "_Z7vstore2Dv2_mmPU3AS1m",
            &[ints(64, &[u64::MAX, 7]), int(64, 1), ptr(1, u)],
            None,
        );
        let r = t.call(
            "_Z6vload2mPU3AS1Km",
            &[int(64, 1), ptr(1, u)],
            Some(vec_ty(ScalarTy::Int(64), 2)),
        );
        assert_eq!(r, vec![u64::MAX, 7]);
        let r = t.call(
            "_Z6vload2mPU3AS1Kh",
            &[int(64, 0), ptr(1, u)],
            Some(vec_ty(ScalarTy::Int(8), 2)),
        );
        assert_eq!(r, vec![0, 0]);
    }

    #[test]
    fn faulting_load_gives_zeros() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z6vload4mPU3AS1Ki",
            &[int(64, 0), ptr(1, 0)],
            Some(vec_ty(ScalarTy::Int(32), 4)),
        );
        assert_eq!((r, t.faults), (vec![0; 4], 1));
        let r = t.call(
            "_Z11vload_half4mPU3AS1KDh",
            &[int(64, 0), ptr(1, 0)],
            Some(vec_ty(ScalarTy::F32, 4)),
        );
        assert_eq!((r, t.faults), (vec![0; 4], 2));
        t.call(
            "_Z7vstore3Dv3_imPU3AS1i",
            &[ints(32, &[1, 2, 3]), int(64, 0), ptr(1, 0)],
            None,
        );
        assert_eq!(t.faults, 3);
    }

    #[test]
    fn half_loads() {
        let mut t = TestEnv::new();
        // 1, -2, 65504, inf, -0, min subnormal, NaN, 0.5
        let h = [
            0x3c00, 0xc000, 0x7bff, 0x7c00, 0x8000, 0x0001, 0x7e00, 0x3800,
        ];
        let p = halves(&mut t, AddrSpace::Global, &h);
        let f = as_f32(&t.call(
            "_Z11vload_half4mPU3AS1KDh",
            &[int(64, 1), ptr(1, p)],
            Some(vec_ty(ScalarTy::F32, 4)),
        ));
        assert_eq!(f[..2], [-0.0, 5.960_464_5e-8]);
        assert!(f[0].is_sign_negative() && f[2].is_nan());
        assert_eq!(f[3], 0.5);
        let f = as_f32(&t.call(
            "_Z10vload_halfmPU3AS1KDh",
            &[int(64, 2), ptr(1, p)],
            Some(VType::scalar(ScalarTy::F32)),
        ));
        assert_eq!(f, vec![65504.0]);
        let f = as_f32(&t.call(
            "_Z11vload_half3mPU3AS1KDh",
            &[int(64, 1), ptr(1, p)],
            Some(vec_ty(ScalarTy::F32, 3)),
        ));
        assert_eq!(f, vec![f32::INFINITY, -0.0, 5.960_464_5e-8]);
        // vloada_half3 steps over four halves per offset.
        let f = as_f32(&t.call(
            "_Z12vloada_half3mPU3AS1KDh",
            &[int(64, 1), ptr(1, p)],
            Some(vec_ty(ScalarTy::F32, 3)),
        ));
        assert_eq!(f[..2], [-0.0, 5.960_464_5e-8]);
        assert!(f[2].is_nan());
        let c = halves(&mut t, AddrSpace::Constant, &h);
        let f = as_f32(&t.call(
            "_Z11vload_half2mPU3AS2KDh",
            &[int(64, 0), ptr(2, c)],
            Some(vec_ty(ScalarTy::F32, 2)),
        ));
        assert_eq!(f, vec![1.0, -2.0]);
        let l = halves(&mut t, AddrSpace::Local, &h);
        let f = as_f32(&t.call(
            "_Z11vload_half8mPU3AS3KDh",
            &[int(64, 0), ptr(3, l)],
            Some(vec_ty(ScalarTy::F32, 8)),
        ));
        assert_eq!(
            f[..6],
            [1.0, -2.0, 65504.0, f32::INFINITY, -0.0, 5.960_464_5e-8]
        );
    }

    #[test]
    fn half_stores_round() {
        let mut t = TestEnv::new();
        let p = t.place(AddrSpace::Global, &[0; 64]);
        let store = |t: &mut TestEnv, sym: &str, x: f32| {
            t.call(sym, &[f32s(&[x]), int(64, 0), ptr(1, p)], None);
            read_halves(t, AddrSpace::Global, p, 1)[0]
        };
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 1.0), 0x3c00);
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 0.1), 0x2e66);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtpfmPU3AS1Dh", 0.1), 0x2e67);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtzfmPU3AS1Dh", -0.1), 0xae66);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtnfmPU3AS1Dh", -0.1), 0xae67);
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 65520.0), 0x7c00);
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtzfmPU3AS1Dh", 65520.0),
            0x7bff
        );
        assert_eq!(store(&mut t, "_Z15vstore_half_rtzfmPU3AS1Dh", 1e6), 0x7bff);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtpfmPU3AS1Dh", 1e6), 0x7c00);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtnfmPU3AS1Dh", 1e6), 0x7bff);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtpfmPU3AS1Dh", -1e6), 0xfbff);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtnfmPU3AS1Dh", -1e6), 0xfc00);
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtzfmPU3AS1Dh", f32::INFINITY),
            0x7c00
        );
        assert_eq!(
            store(&mut t, "_Z11vstore_halffmPU3AS1Dh", f32::NAN) & 0x7e00,
            0x7e00
        );
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", -0.0), 0x8000);
        // Subnormal halves and the ties around them.
        let q = 2f32.powi(-25);
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 2.0 * q), 0x0001);
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", q), 0x0000);
        assert_eq!(store(&mut t, "_Z15vstore_half_rtpfmPU3AS1Dh", q), 0x0001);
        assert_eq!(store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 3.0 * q), 0x0002);
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtpfmPU3AS1Dh", 1e-10),
            0x0001
        );
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtnfmPU3AS1Dh", 1e-10),
            0x0000
        );
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtnfmPU3AS1Dh", -1e-10),
            0x8001
        );
        assert_eq!(
            store(&mut t, "_Z11vstore_halffmPU3AS1Dh", 2f32.powi(-14) - q),
            0x0400
        );
        assert_eq!(
            store(&mut t, "_Z15vstore_half_rtzfmPU3AS1Dh", 2f32.powi(-14) - q),
            0x03ff
        );
        let l = t.place(AddrSpace::Local, &[0; 8]);
        t.call(
            "_Z15vstore_half_rtefmPU3AS3Dh",
            &[f32s(&[-2.0]), int(64, 1), ptr(3, l)],
            None,
        );
        assert_eq!(read_halves(&t, AddrSpace::Local, l, 2), vec![0, 0xc000]);
    }

    #[test]
    fn half_stores_from_double_round_once() {
        let mut t = TestEnv::new();
        let p = t.place(AddrSpace::Global, &[0; 64]);
        // Just above a half tie; via f32 it would collapse onto the tie and round to even.
        let x = 1.0 + 2f64.powi(-11) + 2f64.powi(-40);
        t.call(
            "_Z11vstore_halfdmPU3AS1Dh",
            &[f64s(&[x]), int(64, 0), ptr(1, p)],
            None,
        );
        assert_eq!(read_halves(&t, AddrSpace::Global, p, 1), vec![0x3c01]);
        t.call(
            "_Z15vstore_half_rtzdmPU3AS1Dh",
            &[f64s(&[1e-300]), int(64, 0), ptr(1, p)],
            None,
        );
        assert_eq!(read_halves(&t, AddrSpace::Global, p, 1), vec![0]);
        t.call(
            "_Z12vstore_half2Dv2_dmPU3AS1Dh",
            &[f64s(&[1e300, -65504.0]), int(64, 1), ptr(1, p)],
            None,
        );
        assert_eq!(
            read_halves(&t, AddrSpace::Global, p + 4, 2),
            vec![0x7c00, 0xfbff]
        );
    }

    #[test]
    fn half_vector_stores_and_strides() {
        let mut t = TestEnv::new();
        let p = t.place(AddrSpace::Global, &[0xaa; 64]);
        t.call(
            "_Z12vstore_half3Dv3_fmPU3AS1Dh",
            &[f32s(&[1.0, 2.0, 3.0]), int(64, 1), ptr(1, p)],
            None,
        );
        assert_eq!(
            read_halves(&t, AddrSpace::Global, p, 7),
            vec![0xaaaa, 0xaaaa, 0xaaaa, 0x3c00, 0x4000, 0x4200, 0xaaaa]
        );
        let q = t.place(AddrSpace::Global, &[0xaa; 64]);
        t.call(
            "_Z17vstorea_half3_rtpDv3_fmPU3AS1Dh",
            &[f32s(&[0.1, 2.0, 3.0]), int(64, 1), ptr(1, q)],
            None,
        );
        assert_eq!(
            read_halves(&t, AddrSpace::Global, q, 8)[3..],
            [0xaaaa, 0x2e67, 0x4000, 0x4200, 0xaaaa]
        );
        let v: Vec<f32> = (0..16).map(|i| i as f32).collect();
        t.call(
            "_Z14vstorea_half16Dv16_fmPU3AS1Dh",
            &[f32s(&v), int(64, 0), ptr(1, q)],
            None,
        );
        let back = as_f32(&t.call(
            "_Z13vloada_half16mPU3AS1KDh",
            &[int(64, 0), ptr(1, q)],
            Some(vec_ty(ScalarTy::F32, 16)),
        ));
        assert_eq!(back, v);
        t.call(
            "_Z16vstore_half8_rtnDv8_fmPU3AS1Dh",
            &[f32s(&[-0.1; 8]), int(64, 1), ptr(1, q)],
            None,
        );
        assert_eq!(
            read_halves(&t, AddrSpace::Global, q + 16, 8),
            vec![0xae67; 8]
        );
    }

    #[test]
    fn shuffles() {
        let mut t = TestEnv::new();
        let r = t.call(
            "_Z7shuffleDv4_fDv4_j",
            &[f32s(&[1.0, 2.0, 3.0, 4.0]), ints(32, &[3, 2, 1, 4])],
            Some(vec_ty(ScalarTy::F32, 4)),
        );
        assert_eq!(as_f32(&r), vec![4.0, 3.0, 2.0, 1.0]);
        let r = t.call(
            "_Z7shuffleDv4_iDv8_j",
            &[
                ints(32, &[10, 11, 12, 13]),
                ints(32, &[0, 1, 2, 3, 7, 6, 5, 0xffff_ffff]),
            ],
            Some(vec_ty(ScalarTy::Int(32), 8)),
        );
        assert_eq!(r, vec![10, 11, 12, 13, 13, 12, 11, 13]);
        let x: Vec<f32> = (0..16).map(|i| i as f32).collect();
        let r = t.call(
            "_Z7shuffleDv16_fDv2_j",
            &[f32s(&x), ints(32, &[15, 17])],
            Some(vec_ty(ScalarTy::F32, 2)),
        );
        assert_eq!(as_f32(&r), vec![15.0, 1.0]);
        let r = t.call(
            "_Z8shuffle2Dv4_fS_Dv4_j",
            &[
                f32s(&[1.0, 2.0, 3.0, 4.0]),
                f32s(&[5.0, 6.0, 7.0, 8.0]),
                ints(32, &[7, 0, 4, 9]),
            ],
            Some(vec_ty(ScalarTy::F32, 4)),
        );
        assert_eq!(as_f32(&r), vec![8.0, 1.0, 5.0, 2.0]);
        let mask: Vec<u64> = (0..16).map(|i| (15 - i) as u64).collect();
        let r = t.call(
            "_Z8shuffle2Dv4_cS_Dv16_h",
            &[
                ints(8, &[1, 2, 3, 4]),
                ints(8, &[5, 6, 7, 8]),
                ints(8, &mask),
            ],
            Some(vec_ty(ScalarTy::Int(8), 16)),
        );
        assert_eq!(r, vec![8, 7, 6, 5, 4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2, 1]);
    }

    /// `vloadN` / `vstoreN` of `half` move the bits as they are (unlike `vload_half`).
    #[test]
    fn half_vectors_move_as_bits() {
        let mut t = TestEnv::new();
        let p = t.place(AddrSpace::Global, &[0; 16]);
        t.call(
            "_Z7vstore4Dv4_DhmPU3AS1Dh",
            &[
                f16s(&[0x3c00, 0x7e01, 0x0001, 0x8000]),
                int(64, 1),
                ptr(1, p),
            ],
            None,
        );
        assert_eq!(
            t.bytes(AddrSpace::Global, p + 8, 8),
            &[0x00, 0x3c, 0x01, 0x7e, 0x01, 0x00, 0x00, 0x80]
        );
        let r = t.call(
            "_Z6vload3mPU3AS1KDh",
            // Offset 1 of 3 halves from p + 4: p + 10.
            &[int(64, 1), ptr(1, p + 4)],
            Some(vec_ty(ScalarTy::F16, 3)),
        );
        assert_eq!(r, vec![0x7e01, 0x0001, 0x8000]);
    }
}
