//! Work-group async copies between global and local memory, and waiting for them.
//!
//! Every work-item of a group issues the same copy; the group performs it once, when its
//! work-items wait for the copy's event (compat §6.7).

use super::{site, AsyncCopy, Call, Emit, Misuse, Problem, Resolution};
use crate::bytecode::Op;

pub fn resolve(call: &Call, emit: &mut dyn Emit) -> Option<Resolution> {
    match call.name.as_str() {
        "async_work_group_copy" => Some(copy(call, emit, false)),
        "async_work_group_strided_copy" => Some(copy(call, emit, true)),
        "wait_group_events" => Some((|| {
            let (n, list) = (call.arg(0)?, call.arg(1)?);
            let space = list.space().ok_or_else(|| Misuse {
                builtin: "wait_group_events".into(),
                problem: Problem::Expected("pointer"),
            })?;
            emit.op(Op::WaitEvents {
                n: n.slot,
                list: list.slot,
                space,
            });
            Ok(())
        })()),
        // Prefetching is a performance hint only.
        "prefetch" => Some(Ok(())),
        _ => None,
    }
}

fn copy(call: &Call, emit: &mut dyn Emit, strided: bool) -> Resolution {
    let (dst, src, num) = (call.arg(0)?, call.arg(1)?, call.arg(2)?);
    let stride = if strided { Some(call.arg(3)?) } else { None };
    let event = call.arg(if strided { 4 } else { 3 })?;
    let ret = call.ret()?;
    // These name the family rather than the builtin.
    let family = |problem| Misuse {
        builtin: "async copy".into(),
        problem,
    };
    let dst_space = dst
        .space()
        .ok_or_else(|| family(Problem::Expected("pointer")))?;
    let src_space = src
        .space()
        .ok_or_else(|| family(Problem::Expected("pointer")))?;
    let (elem, _) = call
        .param(0)
        .pointee()
        .ok_or_else(|| call.misuse(Problem::Expected("pointer")))?;
    let lanes = elem.lanes();
    let elem_size = elem
        .scalar_size()
        .ok_or_else(|| family(Problem::UnsupportedElement))? as u64
        * if lanes == 3 { 4 } else { lanes } as u64;
    // The stride applies to the global side of the copy.
    let to_local = dst_space == crate::memory::AddrSpace::Local;
    emit.site(site(call, move |env| {
        match stride {
            Some(stride) => env.check_index(&[num.slot, stride.slot]),
            None => env.check_index(&[num.slot]),
        }
        let regs = env.regs();
        let s = stride.map_or(1, |a| regs[a.slot as usize]);
        let c = AsyncCopy {
            dst: regs[dst.slot as usize],
            dst_space,
            src: regs[src.slot as usize],
            src_space,
            elem_size,
            count: regs[num.slot as usize],
            src_stride: if to_local { s } else { 1 },
            dst_stride: if to_local { 1 } else { s },
            event: regs[event.slot as usize],
        };
        let e = env.async_copy(c);
        env.regs()[ret.slot as usize] = e;
        Ok(())
    }));
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::builtins::testing::*;
    use crate::memory::AddrSpace;

    #[test]
    fn strided_copy_reads_every_other_element() {
        let mut t = TestEnv::new();
        let src = t.global_words(&[1, 2, 3, 4, 5, 6]);
        let dst = t.place(AddrSpace::Local, &[0; 12]);
        let r = t.call(
            "_Z29async_work_group_strided_copyPU3AS3iPU3AS1Kimm9ocl_event",
            &[ptr(3, dst), ptr(1, src), int(64, 3), int(64, 2), int(64, 0)],
            Some(int_ty(64)),
        );
        assert_eq!(r, vec![1]);
        assert_eq!(
            t.bytes(AddrSpace::Local, dst, 12),
            &[1, 0, 0, 0, 3, 0, 0, 0, 5, 0, 0, 0]
        );
    }
}
