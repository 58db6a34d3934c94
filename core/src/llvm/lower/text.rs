//! The textual form of instructions, for messages and the IR view.

use crate::bytecode::InstInfo;
use crate::llvm::ir::{ModuleRef, Opcode, Value};

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
    insts
        .iter()
        .enumerate()
        .map(|(k, i)| InstInfo {
            text: if complete {
                std::mem::take(&mut lines[k])
            } else {
                i.print()
            },
        })
        .collect()
}
