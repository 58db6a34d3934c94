//! Where a work-item may be waiting for another between barriers, spinning on memory that the
//! other sets (a lock, a flag: what independent forward progress lets a sub-group do). A kernel
//! without data races can only see another work-item's progress between barriers through
//! atomics; volatile accesses count too, as older code spins on them. The lowering puts an
//! `Op::SpinPoint` after each such access, and a work-item that passes `SPIN_LIMIT` of them in
//! one turn gives way to the others (`exec::workitem::Stop::Yield`). Kernels without them keep
//! Oclgrind's order, each work-item running to its next barrier, and pay nothing.

use super::ir::{Opcode, Value};

/// Whether instruction `i` is an atomic or volatile access.
pub fn may_wait_here(i: Value) -> bool {
    match i.opcode() {
        Opcode::LLVMLoad | Opcode::LLVMStore => i.is_volatile() || i.is_atomic_access(),
        Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg => true,
        Opcode::LLVMCall => {
            let callee = i.called_value();
            // OpenCL C's atomic builtins (`atomic_inc`, `atom_add`, `atomic_load`, ...), by
            // their mangled names.
            callee.is_function() && callee.name().contains("atom")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::ir::{with_module, ModuleInput};

    /// `may_wait_here` of the instruction of `@k` that defines `%v`, given the instruction
    /// and the declarations it needs.
    fn waits(inst: &str, declarations: &str) -> bool {
        let ir = format!(
            r#"
{declarations}
define i32 @k(ptr addrspace(3) %flag) {{
entry:
  {inst}
  ret i32 %v
}}
"#
        );
        with_module(ModuleInput::Text(&ir), |m| {
            let k = m.functions().find(|f| f.name() == "k").expect("@k");
            let first = k.blocks()[0].instructions()[0];
            may_wait_here(first)
        })
        .expect("the module parses")
    }

    #[test]
    fn plain_loads_and_other_calls_are_no_spin_points() {
        assert!(!waits("%v = load i32, ptr addrspace(3) %flag", ""));
        let call = "%v = call i32 @_Z3absi(i32 1)";
        assert!(!waits(call, "declare i32 @_Z3absi(i32)"));
    }

    #[test]
    fn volatile_atomic_and_builtin_atomic_accesses_are_spin_points() {
        assert!(waits("%v = load volatile i32, ptr addrspace(3) %flag", ""));
        let atomic = "%v = load atomic i32, ptr addrspace(3) %flag seq_cst, align 4";
        assert!(waits(atomic, ""));
        let rmw = "%v = atomicrmw add ptr addrspace(3) %flag, i32 1 seq_cst";
        assert!(waits(rmw, ""));
        let builtin = "%v = call i32 @_Z11atomic_loadPU3AS3VU7_Atomici(ptr addrspace(3) %flag)";
        assert!(waits(
            builtin,
            "declare i32 @_Z11atomic_loadPU3AS3VU7_Atomici(ptr addrspace(3))"
        ));
    }
}
