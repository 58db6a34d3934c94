//! Whether a kernel's work-items may wait for one another between barriers, spinning on memory
//! that another work-item sets (a lock, a flag: what independent forward progress lets a
//! sub-group do). A kernel without data races can only see another work-item's progress
//! between barriers through atomics; volatile accesses count too, as older code spins on them.
//! Only the work-items of a kernel that may spin give way to the others after `SPIN_LIMIT`
//! backward branches (`exec::group::Stop::Yield`): the rest keep running in Oclgrind's order,
//! each to its next barrier.

use super::ir::{Opcode, Value};

/// Whether any of `functions` (a kernel and those it calls) makes an atomic or volatile access.
pub fn may_spin(functions: &[Value]) -> bool {
    functions.iter().any(|f| {
        f.blocks().into_iter().any(|b| {
            b.instructions().into_iter().any(|i| match i.opcode() {
                Opcode::LLVMLoad | Opcode::LLVMStore => i.is_volatile() || i.is_atomic_access(),
                Opcode::LLVMAtomicRMW | Opcode::LLVMAtomicCmpXchg => true,
                Opcode::LLVMCall => {
                    let callee = i.called_value();
                    // OpenCL C's atomic builtins (`atomic_inc`, `atom_add`, `atomic_load`,
                    // ...), by their mangled names.
                    callee.is_function() && callee.name().contains("atom")
                }
                _ => false,
            })
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::llvm::ir::{with_module, ModuleInput};

    /// `may_spin` of every function of an IR module.
    fn spins(ir: &str) -> bool {
        with_module(ModuleInput::Text(ir), |m| {
            may_spin(&m.functions().collect::<Vec<_>>())
        })
        .expect("the module parses")
    }

    /// A loop reading a flag with the given load instruction and declarations.
    fn flag_loop(load: &str, declarations: &str) -> String {
        format!(
            r#"
{declarations}
define void @k(ptr addrspace(3) %flag) {{
entry:
  br label %loop
loop:
  {load}
  %done = icmp eq i32 %v, 1
  br i1 %done, label %exit, label %loop
exit:
  ret void
}}
"#
        )
    }

    #[test]
    fn plain_loops_do_not_spin() {
        let ir = flag_loop("%v = load i32, ptr addrspace(3) %flag", "");
        assert!(!spins(&ir));
    }

    #[test]
    fn volatile_atomic_and_builtin_atomic_reads_may_spin() {
        let volatile = flag_loop("%v = load volatile i32, ptr addrspace(3) %flag", "");
        assert!(spins(&volatile));
        let atomic = flag_loop(
            "%v = load atomic i32, ptr addrspace(3) %flag seq_cst, align 4",
            "",
        );
        assert!(spins(&atomic));
        let builtin = flag_loop(
            "%v = call i32 @_Z11atomic_loadPU3AS3VU7_Atomici(ptr addrspace(3) %flag)",
            "declare i32 @_Z11atomic_loadPU3AS3VU7_Atomici(ptr addrspace(3))",
        );
        assert!(spins(&builtin));
    }
}
