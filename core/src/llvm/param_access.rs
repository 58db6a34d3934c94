//! How a kernel may access the memory of its pointer parameters: the race detector leaves out
//! the loads of a buffer that nothing in the launch writes, and the atomics of one that is only
//! accessed atomically (two loads never race, nor do two atomics).
//!
//! A parameter is written when a store, an atomic, a `memcpy`/`memset` destination or a
//! builtin given a pointer (other than `vload*` and `prefetch`) has a pointer derived from it
//! (through GEPs, casts, phis and selects), and accessed plainly when a load, a store, an
//! intrinsic or a builtin other than an atomic one on its object has. An access whose pointer
//! comes from anywhere else than a parameter, a private variable or a program-scope variable (a
//! loaded pointer: SVM data may point into any buffer) counts for every parameter; so does
//! everything when a parameter's pointer escapes (stored as a value, turned into an integer, put
//! in an aggregate) or the kernel calls a function of its own (not inlined).

use std::collections::HashSet;

use super::ir::{Opcode, TypeKind, Value, ValueKind};
use crate::program::ParamAccess;

/// How kernel `k` may access each of its parameters (see the module documentation).
pub fn param_accesses(k: Value) -> Vec<ParamAccess> {
    let params = k.params();
    let pointer = |p: &Value| p.ty().kind() == TypeKind::LLVMPointerTypeKind;
    if params.iter().any(|p| pointer(p) && escapes(*p)) {
        return vec![ParamAccess::ANYTHING; params.len()];
    }
    let mut uses = vec![ParamAccess::default(); params.len()];
    for b in k.blocks() {
        for i in b.instructions() {
            let accesses = match i.opcode() {
                Opcode::LLVMLoad => vec![(i.operand(0), PLAIN_READ)],
                Opcode::LLVMStore => vec![(i.operand(1), ParamAccess::ANYTHING)],
                Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg => {
                    vec![(i.operand(0), ATOMIC)]
                }
                Opcode::LLVMCall => match call_accesses(i) {
                    Some(accesses) => accesses,
                    None => return vec![ParamAccess::ANYTHING; params.len()],
                },
                _ => continue,
            };
            for (pointer, access) in accesses {
                match roots(pointer) {
                    Some(roots) => {
                        for root in roots {
                            if let Some(n) = params.iter().position(|&p| p == root) {
                                uses[n].writes |= access.writes;
                                uses[n].plain |= access.plain;
                            }
                        }
                    }
                    // It may be to any parameter's memory.
                    None => {
                        for u in &mut uses {
                            u.writes |= access.writes;
                            u.plain |= access.plain;
                        }
                    }
                }
            }
        }
    }
    uses
}

const PLAIN_READ: ParamAccess = ParamAccess {
    writes: false,
    plain: true,
};
const ATOMIC: ParamAccess = ParamAccess {
    writes: true,
    plain: false,
};

/// The pointers a call may access through and how; `None` for a call of the kernel's own
/// functions or of something that is not a function.
fn call_accesses(call: Value) -> Option<Vec<(Value, ParamAccess)>> {
    let callee = call.called_value();
    if !callee.is_function() || !callee.is_declaration() {
        return None;
    }
    let name = callee.name();
    let pointers = (0..call.num_call_args())
        .map(|a| call.operand(a))
        .enumerate()
        .filter(|(_, a)| a.ty().kind() == TypeKind::LLVMPointerTypeKind);
    if let Some(intrinsic) = name.strip_prefix("llvm.") {
        if intrinsic.starts_with("lifetime.") || intrinsic.starts_with("dbg.") {
            return Some(Vec::new());
        }
        // A copy reads its source; anything else may write what it is given.
        let copy = ["memcpy", "memmove"]
            .iter()
            .any(|m| intrinsic.starts_with(m));
        let how = |n| {
            if copy && n > 0 {
                PLAIN_READ
            } else {
                ParamAccess::ANYTHING
            }
        };
        return Some(pointers.map(|(n, a)| (a, how(n))).collect());
    }
    let builtin = crate::builtins::mangle::demangle(&name).map_or(name, |d| d.name);
    if builtin.starts_with("vload") || builtin == "prefetch" {
        return Some(pointers.map(|(_, a)| (a, PLAIN_READ)).collect());
    }
    // An atomic builtin's object (`atomic_init` stores to it as a plain store does).
    let atomic = crate::builtins::atomic_operation(&builtin).is_some_and(|op| op != "init");
    let how = |n| match n {
        0 if atomic => ATOMIC,
        _ => ParamAccess::ANYTHING,
    };
    Some(pointers.map(|(n, a)| (a, how(n))).collect())
}

/// The values a pointer is derived from: parameters, private variables (allocas) and
/// module variables; `None` if any other value (a loaded pointer, a call's result, an
/// integer made a pointer) is among them.
fn roots(pointer: Value) -> Option<Vec<Value>> {
    let mut seen = HashSet::from([pointer]);
    let mut work = vec![pointer];
    let mut roots = Vec::new();
    while let Some(v) = work.pop() {
        let from: Vec<Value> = match v.kind() {
            ValueKind::LLVMArgumentValueKind
            | ValueKind::LLVMGlobalVariableValueKind
            | ValueKind::LLVMConstantPointerNullValueKind
            | ValueKind::LLVMUndefValueValueKind
            | ValueKind::LLVMPoisonValueKind => {
                roots.push(v);
                continue;
            }
            ValueKind::LLVMConstantExprValueKind => match v.const_opcode() {
                Opcode::LLVMGetElementPtr | Opcode::LLVMBitCast | Opcode::LLVMAddrSpaceCast => {
                    vec![v.operand(0)]
                }
                _ => return None,
            },
            ValueKind::LLVMInstructionValueKind => match v.opcode() {
                Opcode::LLVMAlloca => {
                    roots.push(v);
                    continue;
                }
                Opcode::LLVMGetElementPtr
                | Opcode::LLVMBitCast
                | Opcode::LLVMAddrSpaceCast
                | Opcode::LLVMFreeze => vec![v.operand(0)],
                Opcode::LLVMSelect => vec![v.operand(1), v.operand(2)],
                Opcode::LLVMPHI => v.incoming().into_iter().map(|(x, _)| x).collect(),
                _ => return None,
            },
            _ => return None,
        };
        for f in from {
            if seen.insert(f) {
                work.push(f);
            }
        }
    }
    Some(roots)
}

/// Whether a pointer parameter's value may end up where `roots` cannot follow it: stored as
/// a value, made an integer, put in an aggregate or passed to a function of the kernel's own.
fn escapes(param: Value) -> bool {
    let mut seen = HashSet::from([param]);
    let mut work = vec![param];
    while let Some(v) = work.pop() {
        for u in v.users() {
            let derived = match u.opcode() {
                Opcode::LLVMGetElementPtr => u.operand(0) == v,
                Opcode::LLVMBitCast
                | Opcode::LLVMAddrSpaceCast
                | Opcode::LLVMFreeze
                | Opcode::LLVMPHI => true,
                Opcode::LLVMSelect => u.operand(0) != v,
                Opcode::LLVMLoad | Opcode::LLVMICmp => false,
                Opcode::LLVMStore if u.operand(0) != v => false,
                // As an atomic's value (a compare-and-swap's, an exchange's) it escapes.
                Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg
                    if (1..u.num_operands()).all(|k| u.operand(k) != v) =>
                {
                    false
                }
                Opcode::LLVMCall => {
                    let callee = u.called_value();
                    if !callee.is_function() || !callee.is_declaration() {
                        return true;
                    }
                    false
                }
                _ => return true,
            };
            if derived && seen.insert(u) {
                work.push(u);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::ir::{with_module, ModuleInput};

    /// `param_accesses` of the function `k` of an IR module, as (writes, plain) pairs.
    fn accesses(ir: &str) -> Vec<(bool, bool)> {
        with_module(ModuleInput::Text(ir), |m| {
            let k = m
                .functions()
                .find(|f| f.name() == "k")
                .expect("a function k");
            param_accesses(k)
                .iter()
                .map(|a| (a.writes, a.plain))
                .collect()
        })
        .expect("the module parses")
    }

    #[test]
    fn stores_through_geps_phis_and_selects_mark_their_parameters() {
        let ir = r#"
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, ptr addrspace(1) %other, i1 %c) {
entry:
  %a = getelementptr float, ptr addrspace(1) %in, i64 4
  %v = load float, ptr addrspace(1) %a
  %b = getelementptr float, ptr addrspace(1) %out, i64 1
  br i1 %c, label %then, label %join
then:
  br label %join
join:
  %p = phi ptr addrspace(1) [ %b, %entry ], [ %out, %then ]
  %q = select i1 %c, ptr addrspace(1) %p, ptr addrspace(1) %b
  store float %v, ptr addrspace(1) %q
  ret void
}
"#;
        let expected = [(false, true), (true, true), (false, false), (false, false)];
        assert_eq!(accesses(ir), expected);
    }

    #[test]
    fn atomics_write_without_plain_accesses_and_vloads_only_read() {
        let ir = r#"
declare <4 x float> @_Z6vload4mPU3AS1Kf(i64, ptr addrspace(1))
declare i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1))
declare void @_Z11atomic_initPU3AS1VU7_Atomicii(ptr addrspace(1), i32)
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %bins, ptr addrspace(1) %c,
               ptr addrspace(1) %d) {
  %v = call <4 x float> @_Z6vload4mPU3AS1Kf(i64 0, ptr addrspace(1) %in)
  %o = call i32 @_Z10atomic_incPU3AS1Vi(ptr addrspace(1) %bins)
  %r = atomicrmw add ptr addrspace(1) %c, i32 1 monotonic
  call void @_Z11atomic_initPU3AS1VU7_Atomicii(ptr addrspace(1) %d, i32 0)
  ret void
}
"#;
        let expected = [(false, true), (true, false), (true, false), (true, true)];
        assert_eq!(accesses(ir), expected);
    }

    #[test]
    fn accesses_through_loaded_pointers_count_for_every_parameter() {
        let stored = r#"
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %table) {
  %p = load ptr addrspace(1), ptr addrspace(1) %table
  store i32 0, ptr addrspace(1) %p
  ret void
}
"#;
        assert_eq!(accesses(stored), [(true, true), (true, true)]);
        let loaded = r#"
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %bins) {
  %p = load ptr addrspace(1), ptr addrspace(1) %in
  %v = load i32, ptr addrspace(1) %p
  %o = atomicrmw add ptr addrspace(1) %bins, i32 %v monotonic
  ret void
}
"#;
        assert_eq!(accesses(loaded), [(false, true), (true, true)]);
    }

    #[test]
    fn escaped_parameters_and_calls_of_own_functions_tell_nothing() {
        let escaped = r#"
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %slot = alloca ptr addrspace(1)
  store ptr addrspace(1) %in, ptr %slot
  ret void
}
"#;
        assert_eq!(accesses(escaped), [(true, true), (true, true)]);
        let private_only = r#"
define void @k(ptr addrspace(1) %in) {
  %slot = alloca i32
  %v = load i32, ptr addrspace(1) %in
  store i32 %v, ptr %slot
  ret void
}
"#;
        assert_eq!(accesses(private_only), [(false, true)]);
        let helper = r#"
define void @helper(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}
define void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  call void @helper(ptr addrspace(1) %out)
  ret void
}
"#;
        assert_eq!(accesses(helper), [(true, true), (true, true)]);
    }
}
