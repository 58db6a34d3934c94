//! A thin wrapper over LLVM's C API for reading a parsed module.
//!
//! inkwell's typed wrappers panic on OpenCL IR (target extension types, metadata operands), so
//! instructions are read through the raw C API here. Handles are plain copies of LLVM pointers;
//! they are only valid while the `ModuleRef` they came from is alive, which the lowering
//! guarantees by doing all its work inside one `with_module` call.

use std::ffi::CStr;

use inkwell::llvm_sys::core::*;
use inkwell::llvm_sys::debuginfo::{LLVMGetMetadataKind, LLVMInstructionGetDebugLoc};
use inkwell::llvm_sys::prelude::*;
use inkwell::llvm_sys::target::*;
use inkwell::llvm_sys::{LLVMOpcode, LLVMValueKind};

pub use inkwell::llvm_sys::{
    LLVMAtomicRMWBinOp as RmwBinOp, LLVMIntPredicate as IntPredicate, LLVMOpcode as Opcode,
    LLVMRealPredicate as RealPredicate, LLVMTypeKind as TypeKind, LLVMValueKind as ValueKind,
};

/// A module to read: bitcode, or textual IR (tests and hand-written kernels).
#[derive(Clone, Copy)]
pub enum ModuleInput<'a> {
    Bitcode(&'a [u8]),
    Text(&'a str),
}

/// Makes LLVM's readers leave a module's debug information as it is (`check_module` then
/// checks it): their own check ends the process (`report_fatal_error`, an abort) when a
/// module with debug information is broken anywhere, where the simulator must refuse it with
/// an error instead.
fn no_debug_info_upgrade() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let args = [
            c"oclgrind".as_ptr(),
            c"-disable-auto-upgrade-debug-info".as_ptr(),
        ];
        // SAFETY: two NUL-terminated arguments; LLVM parses its options once, here.
        unsafe {
            inkwell::llvm_sys::support::LLVMParseCommandLineOptions(
                args.len() as i32,
                args.as_ptr(),
                std::ptr::null(),
            )
        };
    });
}

/// Why a module cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ModuleError {
    /// LLVM's reader refused the text or bitcode: its message.
    #[error("{0}")]
    Parse(String),
    /// LLVM's verifier refused the module: the first line of its report.
    #[error("invalid LLVM module: {0}")]
    Invalid(String),
}

/// What LLVM's readers do to a module's debug information when they upgrade it, with an
/// error for a broken module: debug information of another version, or broken on its own, is
/// dropped (the program then runs without it); a module that is still broken is refused.
///
/// # Safety
/// `m` is a valid module.
unsafe fn check_module(m: LLVMModuleRef) -> Result<(), ModuleError> {
    use inkwell::llvm_sys::analysis::{LLVMVerifierFailureAction, LLVMVerifyModule};
    use inkwell::llvm_sys::debuginfo::{
        LLVMDebugMetadataVersion, LLVMGetModuleDebugMetadataVersion, LLVMStripModuleDebugInfo,
    };
    let verify = || {
        let mut message = std::ptr::null_mut();
        let broken = LLVMVerifyModule(
            m,
            LLVMVerifierFailureAction::LLVMReturnStatusAction,
            &mut message,
        );
        let message = take_message(message);
        (broken != 0).then_some(message)
    };
    if LLVMGetModuleDebugMetadataVersion(m) != LLVMDebugMetadataVersion() {
        LLVMStripModuleDebugInfo(m);
    }
    let Some(problem) = verify() else {
        return Ok(());
    };
    if LLVMStripModuleDebugInfo(m) != 0 && verify().is_none() {
        return Ok(());
    }
    let first = problem.lines().next().unwrap_or("").trim();
    Err(ModuleError::Invalid(first.to_string()))
}

/// Parses a module and runs `f` on it; everything LLVM is freed afterwards.
pub fn with_module<R>(
    input: ModuleInput,
    f: impl FnOnce(&ModuleRef) -> R,
) -> Result<R, ModuleError> {
    use inkwell::memory_buffer::MemoryBuffer;
    no_debug_info_upgrade();
    let context = inkwell::context::Context::create();
    let module = match input {
        ModuleInput::Bitcode(bitcode) => {
            let buffer = MemoryBuffer::create_from_memory_range_copy(bitcode, "input");
            inkwell::module::Module::parse_bitcode_from_buffer(&buffer, &context)
        }
        ModuleInput::Text(text) => {
            let buffer = MemoryBuffer::create_from_memory_range_copy(text.as_bytes(), "input.ll");
            context.create_module_from_ir(buffer)
        }
    }
    .map_err(|e| ModuleError::Parse(e.to_string()))?;
    let raw = module.as_mut_ptr();
    // SAFETY: a module just parsed, owned by `module`.
    unsafe { check_module(raw)? };
    // SAFETY: valid module. Debug records become llvm.dbg.* calls, which the C API can read.
    unsafe { LLVMSetIsNewDbgInfoFormat(raw, 0) };
    let target_data = unsafe { LLVMCreateTargetData(LLVMGetDataLayoutStr(raw)) };
    let m = ModuleRef {
        raw,
        ctx: unsafe { LLVMGetModuleContext(raw) },
        td: target_data,
    };
    let r = f(&m);
    unsafe { LLVMDisposeTargetData(target_data) };
    drop(module);
    Ok(r)
}

/// Returns the textual IR of a bitcode module (for `--dump-spir`).
pub fn bitcode_to_text(bitcode: &[u8]) -> Result<String, ModuleError> {
    with_module(ModuleInput::Bitcode(bitcode), |m| unsafe {
        take_message(LLVMPrintModuleToString(m.raw))
    })
}

unsafe fn take_message(p: *mut std::ffi::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    let s = CStr::from_ptr(p).to_string_lossy().into_owned();
    LLVMDisposeMessage(p);
    s
}

unsafe fn c_str(p: *const std::ffi::c_char, len: usize) -> String {
    if p.is_null() {
        return String::new();
    }
    String::from_utf8_lossy(std::slice::from_raw_parts(p as *const u8, len)).into_owned()
}

pub struct ModuleRef {
    raw: LLVMModuleRef,
    ctx: LLVMContextRef,
    td: LLVMTargetDataRef,
}

impl ModuleRef {
    pub fn functions(&self) -> impl Iterator<Item = Value> + '_ {
        let mut f = unsafe { LLVMGetFirstFunction(self.raw) };
        std::iter::from_fn(move || {
            if f.is_null() {
                return None;
            }
            let cur = f;
            f = unsafe { LLVMGetNextFunction(f) };
            Some(Value(cur))
        })
    }

    pub fn globals(&self) -> impl Iterator<Item = Value> + '_ {
        let mut g = unsafe { LLVMGetFirstGlobal(self.raw) };
        std::iter::from_fn(move || {
            if g.is_null() {
                return None;
            }
            let cur = g;
            g = unsafe { LLVMGetNextGlobal(g) };
            Some(Value(cur))
        })
    }

    /// Allocation size of a type (includes tail padding; `<3 x i32>` is 16).
    pub fn alloc_size(&self, t: Type) -> u64 {
        unsafe { LLVMABISizeOfType(self.td, t.0) }
    }

    /// Bytes a load or store of the type touches (`<3 x i32>` is 12).
    pub fn store_size(&self, t: Type) -> u64 {
        unsafe { LLVMStoreSizeOfType(self.td, t.0) }
    }

    pub fn abi_align(&self, t: Type) -> u32 {
        unsafe { LLVMABIAlignmentOfType(self.td, t.0) }
    }

    pub fn field_offset(&self, t: Type, i: u32) -> u64 {
        unsafe { LLVMOffsetOfElement(self.td, t.0, i) }
    }

    pub fn md_kind(&self, name: &str) -> u32 {
        unsafe { LLVMGetMDKindIDInContext(self.ctx, name.as_ptr() as *const _, name.len() as u32) }
    }

    pub fn enum_attr_kind(&self, name: &str) -> u32 {
        unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
    }

    /// Metadata attached to a function or global, by kind name, as a value (an MDNode).
    pub fn global_metadata(&self, g: Value, name: &str) -> Option<Value> {
        let kind = self.md_kind(name);
        unsafe {
            let mut n = 0usize;
            let entries = LLVMGlobalCopyAllMetadata(g.0, &mut n);
            let mut found = None;
            for i in 0..n as u32 {
                if LLVMValueMetadataEntriesGetKind(entries, i) == kind {
                    let md = LLVMValueMetadataEntriesGetMetadata(entries, i);
                    found = Some(Value(LLVMMetadataAsValue(self.ctx, md)));
                }
            }
            if !entries.is_null() {
                LLVMDisposeValueMetadataEntries(entries);
            }
            found
        }
    }

    /// Textual IR of the whole module (for its debug information).
    pub fn print(&self) -> String {
        unsafe { take_message(LLVMPrintModuleToString(self.raw)) }
    }

    /// Textual IR of a whole function; one line per instruction (among other lines).
    pub fn print_function(&self, f: Value) -> String {
        unsafe { take_message(LLVMPrintValueToString(f.0)) }
    }
}

/// An LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Type(LLVMTypeRef);

impl Type {
    pub fn kind(self) -> TypeKind {
        unsafe { LLVMGetTypeKind(self.0) }
    }
    pub fn int_width(self) -> u32 {
        unsafe { LLVMGetIntTypeWidth(self.0) }
    }
    pub fn vector_len(self) -> u32 {
        unsafe { LLVMGetVectorSize(self.0) }
    }
    pub fn array_len(self) -> u64 {
        unsafe { LLVMGetArrayLength2(self.0) }
    }
    /// Element type of an array or vector.
    pub fn element(self) -> Type {
        Type(unsafe { LLVMGetElementType(self.0) })
    }
    /// The name of a named struct type (`struct.Particle`); None for literal structs.
    pub fn struct_name(self) -> Option<String> {
        let p = unsafe { LLVMGetStructName(self.0) };
        (!p.is_null()).then(|| unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned())
    }
    pub fn struct_fields(self) -> Vec<Type> {
        let n = unsafe { LLVMCountStructElementTypes(self.0) };
        (0..n)
            .map(|i| Type(unsafe { LLVMStructGetTypeAtIndex(self.0, i) }))
            .collect()
    }
    pub fn address_space(self) -> u32 {
        unsafe { LLVMGetPointerAddressSpace(self.0) }
    }
    /// Return type of a function type.
    pub fn return_type(self) -> Type {
        Type(unsafe { LLVMGetReturnType(self.0) })
    }
    pub fn is_vararg(self) -> bool {
        unsafe { LLVMIsFunctionVarArg(self.0) != 0 }
    }
    pub fn target_ext_name(self) -> String {
        unsafe {
            let p = LLVMGetTargetExtTypeName(self.0);
            if p.is_null() {
                String::new()
            } else {
                CStr::from_ptr(p).to_string_lossy().into_owned()
            }
        }
    }
    pub fn print(self) -> String {
        unsafe { take_message(LLVMPrintTypeToString(self.0)) }
    }
}

/// An LLVM value (instruction, constant, argument, global, basic block as value, metadata).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Value(LLVMValueRef);

/// A basic block.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Block(LLVMBasicBlockRef);

impl Value {
    pub fn is_null(self) -> bool {
        self.0.is_null()
    }
    pub fn kind(self) -> ValueKind {
        unsafe { LLVMGetValueKind(self.0) }
    }
    pub fn ty(self) -> Type {
        Type(unsafe { LLVMTypeOf(self.0) })
    }
    pub fn name(self) -> String {
        unsafe {
            let mut len = 0usize;
            let p = LLVMGetValueName2(self.0, &mut len);
            c_str(p, len)
        }
    }
    pub fn print(self) -> String {
        unsafe { take_message(LLVMPrintValueToString(self.0)) }
    }
    pub fn is_instruction(self) -> bool {
        self.kind() == LLVMValueKind::LLVMInstructionValueKind
    }
    /// `undef` or `poison`.
    pub fn is_undef(self) -> bool {
        unsafe { LLVMIsUndef(self.0) != 0 || LLVMIsPoison(self.0) != 0 }
    }

    pub fn is_constant(self) -> bool {
        unsafe { LLVMIsConstant(self.0) != 0 }
    }
    pub fn opcode(self) -> LLVMOpcode {
        unsafe { LLVMGetInstructionOpcode(self.0) }
    }
    /// Opcode of a constant expression.
    pub fn const_opcode(self) -> LLVMOpcode {
        unsafe { LLVMGetConstOpcode(self.0) }
    }
    pub fn num_operands(self) -> u32 {
        unsafe { LLVMGetNumOperands(self.0).max(0) as u32 }
    }
    pub fn operand(self, i: u32) -> Value {
        Value(unsafe { LLVMGetOperand(self.0, i) })
    }
    pub fn operands(self) -> Vec<Value> {
        (0..self.num_operands()).map(|i| self.operand(i)).collect()
    }
    pub fn const_zext(self) -> u64 {
        unsafe { LLVMConstIntGetZExtValue(self.0) }
    }
    pub fn const_sext(self) -> i64 {
        unsafe { LLVMConstIntGetSExtValue(self.0) }
    }
    pub fn const_double(self) -> f64 {
        let mut lost = 0;
        unsafe { LLVMConstRealGetDouble(self.0, &mut lost) }
    }
    /// The raw bytes of a constant byte array (`c"..."`), if it is one.
    pub fn string_bytes(self) -> Option<Vec<u8>> {
        unsafe {
            if LLVMIsAConstantDataSequential(self.0).is_null() || LLVMIsConstantString(self.0) == 0
            {
                return None;
            }
            let mut len = 0usize;
            let p = LLVMGetAsString(self.0, &mut len);
            (!p.is_null()).then(|| std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }
    pub fn aggregate_element(self, i: u32) -> Option<Value> {
        let v = unsafe { LLVMGetAggregateElement(self.0, i) };
        (!v.is_null()).then_some(Value(v))
    }
    /// (line, column) of an instruction's debug location; (0, 0) when there is none.
    pub fn debug_loc(self) -> (u32, u32) {
        unsafe {
            if LLVMInstructionGetDebugLoc(self.0).is_null() {
                return (0, 0);
            }
            (LLVMGetDebugLocLine(self.0), LLVMGetDebugLocColumn(self.0))
        }
    }
    /// File name of an instruction's debug location (empty when there is none).
    pub fn debug_file(self) -> String {
        unsafe {
            if LLVMInstructionGetDebugLoc(self.0).is_null() {
                return String::new();
            }
            let mut len = 0u32;
            let p = LLVMGetDebugLocFilename(self.0, &mut len);
            c_str(p, len as usize)
        }
    }
    /// The directory the debug location's file name is relative to.
    pub fn debug_directory(self) -> String {
        unsafe {
            if LLVMInstructionGetDebugLoc(self.0).is_null() {
                return String::new();
            }
            let mut len = 0u32;
            let p = LLVMGetDebugLocDirectory(self.0, &mut len);
            c_str(p, len as usize)
        }
    }
    pub fn alignment(self) -> u32 {
        unsafe { LLVMGetAlignment(self.0) }
    }
    /// A load or store marked `volatile`.
    pub fn is_volatile(self) -> bool {
        unsafe { LLVMGetVolatile(self.0) != 0 }
    }
    /// A load or store with an atomic ordering.
    pub fn is_atomic_access(self) -> bool {
        let ordering = unsafe { LLVMGetOrdering(self.0) };
        ordering != inkwell::llvm_sys::LLVMAtomicOrdering::LLVMAtomicOrderingNotAtomic
    }
    pub fn allocated_type(self) -> Type {
        Type(unsafe { LLVMGetAllocatedType(self.0) })
    }
    pub fn gep_source_type(self) -> Type {
        Type(unsafe { LLVMGetGEPSourceElementType(self.0) })
    }
    pub fn global_value_type(self) -> Type {
        Type(unsafe { LLVMGlobalGetValueType(self.0) })
    }
    pub fn int_predicate(self) -> IntPredicate {
        unsafe { LLVMGetICmpPredicate(self.0) }
    }
    pub fn real_predicate(self) -> RealPredicate {
        unsafe { LLVMGetFCmpPredicate(self.0) }
    }
    pub fn rmw_op(self) -> RmwBinOp {
        unsafe { LLVMGetAtomicRMWBinOp(self.0) }
    }
    pub fn num_mask_elements(self) -> u32 {
        unsafe { LLVMGetNumMaskElements(self.0) }
    }
    /// Shuffle mask element; `None` for undef/poison lanes.
    pub fn mask_element(self, i: u32) -> Option<u32> {
        let v = unsafe { LLVMGetMaskValue(self.0, i) };
        (v != unsafe { LLVMGetUndefMaskElem() } && v >= 0).then_some(v as u32)
    }
    pub fn indices(self) -> Vec<u32> {
        unsafe {
            let n = LLVMGetNumIndices(self.0) as usize;
            let p = LLVMGetIndices(self.0);
            if n == 0 || p.is_null() {
                return Vec::new();
            }
            std::slice::from_raw_parts(p, n).to_vec()
        }
    }
    pub fn incoming(self) -> Vec<(Value, Block)> {
        unsafe {
            let n = LLVMCountIncoming(self.0);
            (0..n)
                .map(|i| {
                    (
                        Value(LLVMGetIncomingValue(self.0, i)),
                        Block(LLVMGetIncomingBlock(self.0, i)),
                    )
                })
                .collect()
        }
    }
    pub fn called_value(self) -> Value {
        Value(unsafe { LLVMGetCalledValue(self.0) })
    }
    pub fn called_function_type(self) -> Type {
        Type(unsafe { LLVMGetCalledFunctionType(self.0) })
    }
    /// The instructions and constants that use the value.
    pub fn users(self) -> Vec<Value> {
        let mut out = Vec::new();
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                out.push(Value(LLVMGetUser(u)));
                u = LLVMGetNextUse(u);
            }
        }
        out
    }
    pub fn num_uses(self) -> usize {
        let mut n = 0;
        unsafe {
            let mut u = LLVMGetFirstUse(self.0);
            while !u.is_null() {
                n += 1;
                u = LLVMGetNextUse(u);
            }
        }
        n
    }
    pub fn num_call_args(self) -> u32 {
        unsafe { LLVMGetNumArgOperands(self.0) }
    }
    pub fn intrinsic_id(self) -> u32 {
        unsafe { LLVMGetIntrinsicID(self.0) }
    }
    pub fn is_declaration(self) -> bool {
        unsafe { LLVMIsDeclaration(self.0) != 0 }
    }
    pub fn initializer(self) -> Option<Value> {
        let v = unsafe { LLVMGetInitializer(self.0) };
        (!v.is_null()).then_some(Value(v))
    }
    pub fn call_conv(self) -> u32 {
        unsafe { LLVMGetFunctionCallConv(self.0) }
    }
    pub fn params(self) -> Vec<Value> {
        unsafe {
            let n = LLVMCountParams(self.0);
            (0..n).map(|i| Value(LLVMGetParam(self.0, i))).collect()
        }
    }
    /// Type carried by a type attribute (`byval(T)`) on a function parameter (0-based).
    pub fn param_type_attr(self, param: u32, kind: u32) -> Option<Type> {
        unsafe {
            let a = LLVMGetEnumAttributeAtIndex(self.0, param + 1, kind);
            (!a.is_null()).then(|| Type(LLVMGetTypeAttributeValue(a)))
        }
    }
    /// Type carried by a type attribute on a call site argument (0-based).
    pub fn call_arg_type_attr(self, arg: u32, kind: u32) -> Option<Type> {
        unsafe {
            let a = LLVMGetCallSiteEnumAttribute(self.0, arg + 1, kind);
            (!a.is_null()).then(|| Type(LLVMGetTypeAttributeValue(a)))
        }
    }
    /// A string function attribute such as `"uniform-work-group-size"`.
    pub fn fn_string_attr(self, name: &str) -> Option<String> {
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(
                self.0,
                u32::MAX, // function index
                name.as_ptr() as *const _,
                name.len() as u32,
            );
            if a.is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            Some(c_str(p, len as usize))
        }
    }
    /// The basic block holding an instruction.
    pub fn parent(self) -> Block {
        Block(unsafe { LLVMGetInstructionParent(self.0) })
    }
    pub fn blocks(self) -> Vec<Block> {
        let mut out = Vec::new();
        unsafe {
            let mut b = LLVMGetFirstBasicBlock(self.0);
            while !b.is_null() {
                out.push(Block(b));
                b = LLVMGetNextBasicBlock(b);
            }
        }
        out
    }
    pub fn as_block(self) -> Block {
        Block(unsafe { LLVMValueAsBasicBlock(self.0) })
    }
    pub fn is_basic_block(self) -> bool {
        unsafe { LLVMValueIsBasicBlock(self.0) != 0 }
    }
    pub fn condition(self) -> Value {
        Value(unsafe { LLVMGetCondition(self.0) })
    }
    pub fn is_conditional(self) -> bool {
        unsafe { LLVMIsConditional(self.0) != 0 }
    }
    pub fn successor(self, i: u32) -> Block {
        Block(unsafe { LLVMGetSuccessor(self.0, i) })
    }
    pub fn switch_default(self) -> Block {
        Block(unsafe { LLVMGetSwitchDefaultDest(self.0) })
    }
    pub fn md_string(self) -> Option<String> {
        unsafe {
            let mut len = 0u32;
            let p = LLVMGetMDString(self.0, &mut len);
            (!p.is_null()).then(|| c_str(p, len as usize))
        }
    }
    /// Operands of an MDNode wrapped as a value (constants come back unwrapped; a `null`
    /// operand as a null value: check `is_null` first).
    pub fn md_operands(self) -> Vec<Value> {
        unsafe {
            if LLVMIsAMDNode(self.0).is_null() {
                return Vec::new();
            }
            let n = LLVMGetMDNodeNumOperands(self.0) as usize;
            let mut out = vec![std::ptr::null_mut(); n];
            LLVMGetMDNodeOperands(self.0, out.as_mut_ptr());
            out.into_iter().map(Value).collect()
        }
    }
    /// The metadata kind (e.g. DILocalVariable) of a metadata-as-value operand.
    pub fn metadata_kind(self) -> Option<u32> {
        unsafe {
            if self.kind() != LLVMValueKind::LLVMMetadataAsValueValueKind {
                return None;
            }
            Some(LLVMGetMetadataKind(LLVMValueAsMetadata(self.0)) as u32)
        }
    }
    pub fn is_global_constant(self) -> bool {
        unsafe { LLVMIsGlobalConstant(self.0) != 0 }
    }
    pub fn is_function(self) -> bool {
        self.kind() == LLVMValueKind::LLVMFunctionValueKind
    }
    pub fn is_global_variable(self) -> bool {
        self.kind() == LLVMValueKind::LLVMGlobalVariableValueKind
    }
}

impl Block {
    pub fn instructions(self) -> Vec<Value> {
        let mut out = Vec::new();
        unsafe {
            let mut i = LLVMGetFirstInstruction(self.0);
            while !i.is_null() {
                out.push(Value(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        out
    }
    pub fn terminator(self) -> Value {
        Value(unsafe { LLVMGetBasicBlockTerminator(self.0) })
    }
}

/// Names an intrinsic ID (for error messages).
pub fn intrinsic_name(id: u32) -> String {
    unsafe {
        let mut len = 0usize;
        let p = LLVMIntrinsicGetName(id, &mut len);
        c_str(p, len)
    }
}
