//! OpenCL 2.0 address-space queries on generic pointers: `to_global`, `to_local`,
//! `to_private` (clang calls them `__to_global` ...), which return NULL when the pointer does
//! not point into that space, and `get_fence`, the fence flags that order its memory.

use super::{site, Call, Emit, Misuse, Problem, Resolution};
use crate::bytecode::Op;
use crate::memory::{from_generic, AddrSpace};

/// `CLK_LOCAL_MEM_FENCE` and `CLK_GLOBAL_MEM_FENCE`.
const LOCAL_FENCE: u64 = 1;
const GLOBAL_FENCE: u64 = 2;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let name = call.name.trim_start_matches("__");
    if name == "get_fence" {
        return Some(get_fence(call, emit));
    }
    let space = match name {
        "to_global" => AddrSpace::Global,
        "to_local" => AddrSpace::Local,
        "to_private" => AddrSpace::Private,
        _ => return None,
    };
    Some((|| {
        let p = call.arg(0)?;
        let d = call.ret()?.slot;
        emit.op(Op::GenericTo {
            d,
            s: p.slot,
            space,
        });
        Ok(())
    })())
}

/// `get_fence(ptr)`: the global fence for global (and constant) memory, the local one for
/// local memory, none for private memory.
fn get_fence(call: &Call, emit: &mut dyn Emit) -> Resolution {
    let p = call.arg(0)?;
    let d = call.ret()?.slot;
    let space = p.space().ok_or_else(|| Misuse {
        builtin: "get_fence".into(),
        problem: Problem::Expected("pointer"),
    })?;
    emit.site(site(call, move |env| {
        let regs = env.regs();
        let (space, _) = match space {
            AddrSpace::Generic => from_generic(regs[p.slot as usize]),
            named => (named, 0),
        };
        regs[d as usize] = match space {
            AddrSpace::Global | AddrSpace::Constant => GLOBAL_FENCE,
            AddrSpace::Local => LOCAL_FENCE,
            AddrSpace::Private | AddrSpace::Generic => 0,
        };
        Ok(())
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;
    use crate::memory::{to_generic, AddrSpace};

    #[test]
    fn queries_see_through_generic_pointers() {
        let mut t = TestEnv::new();
        let local = to_generic(0x1_0000_0000_0010, AddrSpace::Local);
        let ptr_ty = ptr(1, 0).ty;
        let r = t.call("__to_local", &[ptr(4, local)], Some(ptr_ty));
        assert_eq!(r, vec![0x1_0000_0000_0010]);
        let r = t.call("__to_global", &[ptr(4, local)], Some(ptr_ty));
        assert_eq!(r, vec![0]);
        let r = t.call("__to_private", &[ptr(4, 0x1_0000_0004)], Some(ptr_ty));
        assert_eq!(r, vec![0x1_0000_0004]);
    }

    #[test]
    fn a_pointers_fence_is_its_spaces() {
        let mut t = TestEnv::new();
        let fence = |t: &mut TestEnv, p| t.call("_Z9get_fencePU3AS4v", &[p], Some(int_ty(32)));
        let local = to_generic(0x1_0000_0000_0010, AddrSpace::Local);
        let global = to_generic(0x2_0000_0000_0010, AddrSpace::Global);
        assert_eq!(fence(&mut t, ptr(4, local)), vec![1]);
        assert_eq!(fence(&mut t, ptr(4, global)), vec![2]);
        assert_eq!(fence(&mut t, ptr(4, 0x1_0000_0004)), vec![0]);
        assert_eq!(fence(&mut t, ptr(1, 0x2_0000_0000_0010)), vec![2]);
    }
}
