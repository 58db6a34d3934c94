//! A stand-alone environment for unit-testing builtins: resolves a call by its mangled name,
//! runs the ops and sites it produced, and returns the result lanes.

use super::{resolve, Arg, AsyncCopy, BuiltinEnv, BuiltinSite, Call, Emit, Trap};
use crate::bytecode::{MemTy, Op, RmwOp, ScalarTy, Slot, VType};
use crate::diagnostics::Rule;
use crate::exchange::Exchange;
use crate::exec::pure_ops::run_pure;
use crate::exec::{load_lanes, store_lanes};
use crate::memory::AddrSpace;
use crate::semantics::{slot_f32, slot_f64};

/// An argument value for `TestEnv::call`.
#[derive(Clone, Debug)]
pub struct TestArg {
    pub ty: VType,
    pub lanes: Vec<u64>,
}

pub fn int_ty(bits: u8) -> VType {
    VType::scalar(ScalarTy::Int(bits))
}

pub fn vec_ty(elem: ScalarTy, lanes: u16) -> VType {
    VType { elem, lanes }
}

pub fn int(bits: u8, v: u64) -> TestArg {
    TestArg {
        ty: int_ty(bits),
        lanes: vec![v],
    }
}

pub fn ints(bits: u8, v: &[u64]) -> TestArg {
    TestArg {
        ty: vec_ty(ScalarTy::Int(bits), v.len() as u16),
        lanes: v.to_vec(),
    }
}

/// `half` lanes given by their bits (exact, unlike decimal literals).
pub fn f16s(v: &[u16]) -> TestArg {
    TestArg {
        ty: vec_ty(ScalarTy::F16, v.len() as u16),
        lanes: v.iter().map(|h| *h as u64).collect(),
    }
}

pub fn f32s(v: &[f32]) -> TestArg {
    TestArg {
        ty: vec_ty(ScalarTy::F32, v.len() as u16),
        lanes: v.iter().map(|f| slot_f32(*f)).collect(),
    }
}

pub fn f64s(v: &[f64]) -> TestArg {
    TestArg {
        ty: vec_ty(ScalarTy::F64, v.len() as u16),
        lanes: v.iter().map(|f| slot_f64(*f)).collect(),
    }
}

pub fn ptr(space: u32, addr: u64) -> TestArg {
    TestArg {
        ty: VType::scalar(ScalarTy::Ptr(
            AddrSpace::from_llvm(space).expect("valid space"),
        )),
        lanes: vec![addr],
    }
}

/// Lanes of a result as f32 / f64.
pub fn as_f32(v: &[u64]) -> Vec<f32> {
    v.iter().map(|x| f32::from_bits(*x as u32)).collect()
}

pub fn as_f64(v: &[u64]) -> Vec<f64> {
    v.iter().map(|x| f64::from_bits(*x)).collect()
}

const MEM_SIZE: usize = 1 << 16;
/// Addresses below this are invalid, so NULL faults.
const MEM_START: u64 = 0x100;

pub struct TestEnv {
    pub regs: Vec<u64>,
    /// One flat memory per address space; an address is an offset into it.
    pub mem: Vec<Vec<u8>>,
    next_free: [u64; 4],
    pub output: Vec<u8>,
    pub errors: Vec<String>,
    pub faults: usize,
    ops: Vec<Op>,
    sites: Vec<BuiltinSite>,
    /// The exchange of work-group and sub-group functions: a group of one work-item.
    exchange: Exchange,
    /// Work-items in a sub-group.
    pub sub_group_size: u64,
}

impl Default for TestEnv {
    fn default() -> Self {
        Self::new()
    }
}

impl TestEnv {
    /// Replaces the `size`-byte value at `addr` by `f(old)`; returns `old`.
    fn update(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        f: &mut dyn FnMut(u64) -> u64,
    ) -> Option<u64> {
        let mut buf = [0u8; 8];
        if !self.load(space, addr, &mut buf[..size as usize]) {
            return None;
        }
        let old = u64::from_le_bytes(buf);
        let new = f(old).to_le_bytes();
        self.store(space, addr, &new[..size as usize]);
        Some(old)
    }

    pub fn new() -> Self {
        TestEnv {
            regs: Vec::new(),
            mem: vec![vec![0; MEM_SIZE]; 4],
            next_free: [MEM_START; 4],
            output: Vec::new(),
            errors: Vec::new(),
            faults: 0,
            ops: Vec::new(),
            sites: Vec::new(),
            exchange: {
                let mut e = Exchange::default();
                e.reset([1, 1, 1]);
                e
            },
            sub_group_size: 32,
        }
    }

    /// Places bytes in an address space and returns their address.
    pub fn place(&mut self, space: AddrSpace, data: &[u8]) -> u64 {
        let s = space as usize;
        let addr = self.next_free[s];
        self.mem[s][addr as usize..addr as usize + data.len()].copy_from_slice(data);
        self.next_free[s] = (addr + data.len() as u64).div_ceil(16) * 16;
        addr
    }

    pub fn global_words(&mut self, words: &[u32]) -> u64 {
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        self.place(AddrSpace::Global, &bytes)
    }

    pub fn global_word(&self, addr: u64) -> u32 {
        let m = &self.mem[AddrSpace::Global as usize];
        u32::from_le_bytes(
            m[addr as usize..addr as usize + 4]
                .try_into()
                .expect("4 bytes"),
        )
    }

    pub fn bytes(&self, space: AddrSpace, addr: u64, len: usize) -> &[u8] {
        &self.mem[space as usize][addr as usize..addr as usize + len]
    }

    /// Resolves and runs one call; returns the result lanes (empty for void).
    pub fn call(&mut self, symbol: &str, args: &[TestArg], ret: Option<VType>) -> Vec<u64> {
        self.try_call(symbol, args, ret)
            .unwrap_or_else(|e| panic!("{symbol}: {e}"))
    }

    pub fn try_call(
        &mut self,
        symbol: &str,
        args: &[TestArg],
        ret: Option<VType>,
    ) -> Result<Vec<u64>, String> {
        self.regs.clear();
        let mut call_args = Vec::new();
        for a in args {
            let slot = self.regs.len() as Slot;
            self.regs.extend_from_slice(&a.lanes);
            let constant = (a.lanes.len() == 1).then(|| a.lanes[0]);
            call_args.push(Arg {
                slot,
                ty: a.ty,
                constant,
            });
        }
        let ret = ret.map(|ty| {
            let slot = self.regs.len() as Slot;
            self.regs
                .resize(self.regs.len() + ty.lanes as usize, 0xdead_beef);
            Arg {
                slot,
                ty,
                constant: None,
            }
        });
        let call = Call::new(symbol, call_args, ret).ok_or("bad mangling")?;
        self.ops.clear();
        self.sites.clear();
        resolve(&call, self).map_err(|e| e.to_string())?;
        for op in std::mem::take(&mut self.ops) {
            match op {
                Op::Builtin { site } => {
                    let run = self.sites[site as usize].run.clone();
                    run(self).map_err(|Trap(t)| t)?;
                }
                // A group of one work-item meets nobody at a barrier.
                Op::Barrier { .. } => {}
                Op::SubGroupMeet { .. } => self.exchange.release(0..1, |_| true),
                // `vloadN`/`vstoreN`, element by element as the executors move them (a
                // refused load gives zeros).
                Op::LoadV {
                    d,
                    p,
                    space,
                    ty,
                    lanes,
                    ..
                } => {
                    let ptr = self.locate_vector(space, p, (ty, lanes));
                    // SAFETY: `locate` checked the whole vector's bytes.
                    unsafe { load_lanes(&mut self.regs, d, ptr, ty, lanes) };
                }
                Op::StoreV {
                    p,
                    s,
                    space,
                    ty,
                    lanes,
                    ..
                } => {
                    let ptr = self.locate_vector(space, p, (ty, lanes));
                    // SAFETY: as above.
                    unsafe { store_lanes(&self.regs, s, ptr, ty, lanes) };
                }
                op => {
                    if !run_pure(&op, &mut self.regs) {
                        return Err(format!("op {op:?} cannot run in the test environment"));
                    }
                }
            }
        }
        Ok(ret.map_or(Vec::new(), |r| {
            self.regs[r.slot as usize..(r.slot + r.ty.lanes as u32) as usize].to_vec()
        }))
    }

    /// Where `len` bytes at `addr` of `space` are, counting a fault when they are not.
    fn locate(&mut self, space: AddrSpace, addr: u64, len: usize) -> Option<*mut u8> {
        let located = self
            .range(addr, len)
            .map(|r| self.mem[space as usize][r].as_mut_ptr());
        self.faults += located.is_none() as usize;
        located
    }

    /// `locate` of the `lanes` elements of `ty` at the address in register `p`.
    fn locate_vector(
        &mut self,
        space: AddrSpace,
        p: Slot,
        (ty, lanes): (MemTy, u16),
    ) -> Option<*mut u8> {
        let len = ty.size() as usize * lanes as usize;
        self.locate(space, self.regs[p as usize], len)
    }

    fn range(&self, addr: u64, len: usize) -> Option<std::ops::Range<usize>> {
        let start = usize::try_from(addr).ok()?;
        let end = start.checked_add(len)?;
        (addr >= MEM_START && end <= MEM_SIZE).then_some(start..end)
    }
}

impl Emit for TestEnv {
    fn op(&mut self, op: Op) {
        self.ops.push(op);
    }
    fn site(&mut self, site: BuiltinSite) {
        self.ops.push(Op::Builtin {
            site: self.sites.len() as u32,
        });
        self.sites.push(site);
    }
    fn temp(&mut self, n: u32) -> Slot {
        let s = self.regs.len() as Slot;
        self.regs.resize(self.regs.len() + n as usize, 0);
        s
    }
    fn constant(&mut self, value: u64) -> Slot {
        let s = self.regs.len() as Slot;
        self.regs.push(value);
        s
    }
}

impl BuiltinEnv for TestEnv {
    fn regs(&mut self) -> &mut [u64] {
        &mut self.regs
    }
    fn load(&mut self, space: AddrSpace, addr: u64, out: &mut [u8]) -> bool {
        match self.range(addr, out.len()) {
            Some(r) => {
                out.copy_from_slice(&self.mem[space as usize][r]);
                true
            }
            None => {
                self.faults += 1;
                false
            }
        }
    }
    fn store(&mut self, space: AddrSpace, addr: u64, data: &[u8]) -> bool {
        match self.range(addr, data.len()) {
            Some(r) => {
                self.mem[space as usize][r].copy_from_slice(data);
                true
            }
            None => {
                self.faults += 1;
                false
            }
        }
    }
    fn atomic_rmw(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        op: RmwOp,
        value: u64,
    ) -> Option<u64> {
        let ty = ScalarTy::Int((size * 8) as u8);
        self.update(space, addr, size, &mut |old| {
            crate::semantics::rmw(op, ty, old, value)
        })
    }
    fn compare_exchange(
        &mut self,
        space: AddrSpace,
        addr: u64,
        size: u32,
        (expected, new): (u64, u64),
    ) -> Option<u64> {
        self.update(space, addr, size, &mut |old| {
            if old == expected {
                new
            } else {
                old
            }
        })
    }
    fn print(&mut self, text: &[u8]) {
        self.output.extend_from_slice(text);
    }
    fn error(&mut self, _rule: Rule, headline: &str) {
        self.errors.push(headline.to_string());
    }
    fn exchange_put(&mut self, lanes: &[u64]) {
        self.exchange.put(0, lanes);
    }

    fn exchange(&mut self) -> (&Exchange, usize) {
        (&self.exchange, 0)
    }

    fn sub_group_shape(&mut self) -> (u64, u64) {
        (self.sub_group_size, 1)
    }

    fn async_copy(&mut self, c: AsyncCopy) -> u64 {
        for i in 0..c.count {
            let mut buf = vec![0u8; c.elem_size as usize];
            let src = c.src + i * c.src_stride * c.elem_size;
            let dst = c.dst + i * c.dst_stride * c.elem_size;
            if self.load(c.src_space, src, &mut buf) {
                self.store(c.dst_space, dst, &buf);
            }
        }
        c.event.max(1)
    }
}
