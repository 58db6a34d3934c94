//! OpenCL 2.0 address-space queries on generic pointers: `to_global`, `to_local`,
//! `to_private` (clang calls them `__to_global` ...). They return NULL when the pointer does
//! not point into that space.

use super::{Call, Emit, Resolution};
use crate::bytecode::Op;
use crate::memory::AddrSpace;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    let name = call.name.trim_start_matches("__");
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
}
