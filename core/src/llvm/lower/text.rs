//! The textual form of instructions, for messages and the IR view.

use std::collections::HashSet;

use crate::bytecode::{Counted, InstInfo};
use crate::llvm::ir::{ModuleRef, Opcode, RmwBinOp, Value};
use crate::memory::AddrSpace;

/// LLVM's name of an opcode, for messages.
pub(super) fn opcode_name(op: Opcode) -> &'static str {
    use Opcode::*;
    match op {
        LLVMRet => "ret",
        LLVMBr => "br",
        LLVMSwitch => "switch",
        LLVMIndirectBr => "indirectbr",
        LLVMInvoke => "invoke",
        LLVMUnreachable => "unreachable",
        LLVMCallBr => "callbr",
        LLVMFNeg => "fneg",
        LLVMAdd => "add",
        LLVMFAdd => "fadd",
        LLVMSub => "sub",
        LLVMFSub => "fsub",
        LLVMMul => "mul",
        LLVMFMul => "fmul",
        LLVMUDiv => "udiv",
        LLVMSDiv => "sdiv",
        LLVMFDiv => "fdiv",
        LLVMURem => "urem",
        LLVMSRem => "srem",
        LLVMFRem => "frem",
        LLVMShl => "shl",
        LLVMLShr => "lshr",
        LLVMAShr => "ashr",
        LLVMAnd => "and",
        LLVMOr => "or",
        LLVMXor => "xor",
        LLVMAlloca => "alloca",
        LLVMLoad => "load",
        LLVMStore => "store",
        LLVMGetElementPtr => "getelementptr",
        LLVMTrunc => "trunc",
        LLVMZExt => "zext",
        LLVMSExt => "sext",
        LLVMFPToUI => "fptoui",
        LLVMFPToSI => "fptosi",
        LLVMUIToFP => "uitofp",
        LLVMSIToFP => "sitofp",
        LLVMFPTrunc => "fptrunc",
        LLVMFPExt => "fpext",
        LLVMPtrToInt => "ptrtoint",
        LLVMIntToPtr => "inttoptr",
        LLVMBitCast => "bitcast",
        LLVMAddrSpaceCast => "addrspacecast",
        LLVMICmp => "icmp",
        LLVMFCmp => "fcmp",
        LLVMPHI => "phi",
        LLVMCall => "call",
        LLVMSelect => "select",
        LLVMUserOp1 => "userop1",
        LLVMUserOp2 => "userop2",
        LLVMVAArg => "va_arg",
        LLVMExtractElement => "extractelement",
        LLVMInsertElement => "insertelement",
        LLVMShuffleVector => "shufflevector",
        LLVMExtractValue => "extractvalue",
        LLVMInsertValue => "insertvalue",
        LLVMFreeze => "freeze",
        LLVMFence => "fence",
        LLVMAtomicCmpXchg => "cmpxchg",
        LLVMAtomicRMW => "atomicrmw",
        LLVMResume => "resume",
        LLVMLandingPad => "landingpad",
        LLVMCleanupRet => "cleanupret",
        LLVMCatchRet => "catchret",
        LLVMCatchPad => "catchpad",
        LLVMCleanupPad => "cleanuppad",
        LLVMCatchSwitch => "catchswitch",
    }
}

/// Texts of a function's instructions, from one print of the whole function (printing each
/// instruction separately renumbers the function every time: quadratic).
pub(super) fn instruction_texts(m: &ModuleRef, f: Value, insts: &[Value]) -> Vec<InstInfo> {
    let text = m.print_function(f);
    // An instruction starts two spaces in; deeper or `]` lines continue it (switch cases).
    let mut lines: Vec<String> = Vec::new();
    for l in text.lines() {
        let Some(rest) = l.strip_prefix("  ") else {
            continue;
        };
        if rest.starts_with(' ') || rest.starts_with(']') {
            if let Some(last) = lines.last_mut() {
                last.push('\n');
                last.push_str(l);
            }
        } else if !rest.starts_with(';') {
            lines.push(l.to_string());
        }
    }
    let complete = lines.len() == insts.len();
    // Without any source position the function has no debug information, and a load without
    // one says nothing.
    let has_positions = insts.iter().any(|i| i.debug_loc().0 != 0);
    insts
        .iter()
        .enumerate()
        .map(|(k, i)| InstInfo {
            text: if complete {
                std::mem::take(&mut lines[k])
            } else {
                i.print()
            },
            speculated: has_positions && speculated(*i),
            seeds_cas: i.opcode() == Opcode::LLVMLoad && seeds_cas(*i),
            unread_addition: unread_addition(*i),
            counted: counted(m, *i),
            // Set as the lowering reaches the instruction.
            line: 0,
            file: 0,
        })
        .collect()
}

/// What the instruction counter calls `i`: loads and stores by the address space of their
/// pointer, with the bytes of their type as Oclgrind sizes it (padded, as in memory); calls by
/// callee, except the debug intrinsics Oclgrind leaves out.
fn counted(m: &ModuleRef, i: Value) -> Counted {
    let space = |p: Value| AddrSpace::from_llvm(p.ty().address_space());
    match i.opcode() {
        Opcode::LLVMLoad => match space(i.operand(0)) {
            Some(space) => Counted::Load {
                space,
                bytes: m.alloc_size(i.ty()),
            },
            None => Counted::Opcode("load"),
        },
        Opcode::LLVMStore => match space(i.operand(1)) {
            Some(space) => Counted::Store {
                space,
                bytes: m.alloc_size(i.operand(0).ty()),
            },
            None => Counted::Opcode("store"),
        },
        Opcode::LLVMCall => {
            let name = i.called_value().name();
            if name.starts_with("llvm.dbg.") {
                Counted::Not
            } else {
                Counted::Call(name)
            }
        }
        op => Counted::Opcode(opcode_name(op)),
    }
}

/// Whether a load's value reaches the expected operand of a compare-and-swap: through
/// casts, phis and selects, and (at -O0) private variables it is stored in and loaded from.
fn seeds_cas(load: Value) -> bool {
    let mut seen = HashSet::from([load]);
    let mut work = vec![load];
    while let Some(v) = work.pop() {
        for u in v.users() {
            let next: Vec<Value> = match u.opcode() {
                Opcode::LLVMPHI | Opcode::LLVMBitCast | Opcode::LLVMFreeze => vec![u],
                Opcode::LLVMSelect if u.operand(0) != v => vec![u],
                Opcode::LLVMAtomicCmpXchg if u.operand(1) == v => return true,
                Opcode::LLVMCall if is_cmpxchg_builtin(u) && u.operand(1) == v => return true,
                Opcode::LLVMStore
                    if u.operand(0) == v && u.operand(1).opcode() == Opcode::LLVMAlloca =>
                {
                    let slot = u.operand(1);
                    slot.users()
                        .into_iter()
                        .filter(|l| l.opcode() == Opcode::LLVMLoad)
                        .collect()
                }
                _ => Vec::new(),
            };
            for n in next {
                if seen.insert(n) {
                    work.push(n);
                }
            }
        }
    }
    false
}

/// Whether `i` is an atomic addition or subtraction whose result nothing uses (see
/// `InstInfo::unread_addition`): an `atomicrmw add`/`sub`, or a call of an OpenCL atomic
/// `add`, `sub`, `inc`, `dec`, `fetch_add` or `fetch_sub`.
fn unread_addition(i: Value) -> bool {
    if i.num_uses() != 0 {
        return false;
    }
    match i.opcode() {
        Opcode::LLVMAtomicRMW => matches!(
            i.rmw_op(),
            RmwBinOp::LLVMAtomicRMWBinOpAdd | RmwBinOp::LLVMAtomicRMWBinOpSub
        ),
        Opcode::LLVMCall => {
            let callee = i.called_value();
            let Some(d) = callee
                .is_function()
                .then(|| crate::builtins::mangle::demangle(&callee.name()))
                .flatten()
            else {
                return false;
            };
            matches!(
                crate::builtins::atomic_operation(&d.name),
                Some("add" | "sub" | "inc" | "dec" | "fetch_add" | "fetch_sub")
            )
        }
        _ => false,
    }
}

/// A call to OpenCL C 1.x's `atomic_cmpxchg` or `atom_cmpxchg`.
fn is_cmpxchg_builtin(call: Value) -> bool {
    let callee = call.called_value();
    callee.is_function()
        && crate::builtins::mangle::demangle(&callee.name())
            .is_some_and(|d| matches!(d.name.as_str(), "atomic_cmpxchg" | "atom_cmpxchg"))
}

/// Whether `i` is a load the optimiser hoisted or speculated (see `InstInfo::speculated`).
fn speculated(i: Value) -> bool {
    if i.opcode() != Opcode::LLVMLoad || i.debug_loc().0 != 0 {
        return false;
    }
    let users = i.users();
    !users.is_empty() && users.iter().all(|u| u.opcode() == Opcode::LLVMPHI)
}
