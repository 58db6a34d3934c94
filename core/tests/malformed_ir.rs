//! IR that is broken or malformed in ways LLVM's parser accepts: loading it gives a program or
//! an error, never a crash. Each case was found by the `lower` fuzz target (fuzz/).

use oclgrind_core::program::ProgramError;
use oclgrind_core::{Config, Context};

const HEADER: &str = r#"
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-G1"
target triple = "spir64-unknown-unknown"
"#;

/// Debug information that LLVM reads (version 3), for a kernel `k` at line 1 of `k.cl`.
const DEBUG_INFO: &str = r#"
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "k.cl", directory: "/tmp")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 1, type: !4, scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)
!4 = !DISubroutineType(types: !5)
!5 = !{null}
!6 = !DILocation(line: 1, column: 1, scope: !3)
"#;

fn load(ir: &str) -> Result<Vec<String>, ProgramError> {
    let config = Config {
        uninitialized: true, // lowers with debug information
        ..Config::default()
    };
    let ctx = Context::new(config);
    let program = ctx.program_from_ir(&format!("{HEADER}{ir}"))?;
    Ok(program
        .code
        .kernels
        .iter()
        .map(|k| k.info.name.clone())
        .collect())
}

/// `!kernel_arg_*` lists whose operands are not strings or integers (`null`, a debug-info
/// node): they were read through null pointers (a segfault). Such lists now read as empty
/// names and zeros.
#[test]
fn kernel_argument_metadata_of_the_wrong_shape_is_ignored() {
    let ir = format!(
        r#"
define spir_kernel void @k(ptr addrspace(1) %p) !dbg !3 !kernel_arg_addr_space !5 !kernel_arg_access_qual !5 !kernel_arg_type !4 !kernel_arg_base_type !5 !kernel_arg_type_qual !3 !kernel_arg_name !5 !reqd_work_group_size !5 !vec_type_hint !5 {{
  store i32 1, ptr addrspace(1) %p, align 4, !dbg !6
  ret void
}}
{DEBUG_INFO}"#
    );
    assert_eq!(load(&ir).expect("the kernel lowers"), ["k"]);
}

/// A `vec_type_hint` whose signedness is not an integer.
#[test]
fn vec_type_hint_of_the_wrong_shape_is_ignored() {
    let ir = r#"
define spir_kernel void @k() !vec_type_hint !0 {
  ret void
}
!0 = !{<4 x float> undef, !"signed"}
"#;
    assert_eq!(load(ir).expect("the kernel lowers"), ["k"]);
}

/// A module that fails LLVM's verifier (here a use before its definition) and has debug
/// information: LLVM's reader ended the process ("Broken module found, compilation aborted!",
/// an abort); now the load fails with the verifier's reason.
#[test]
fn a_broken_module_with_debug_information_is_an_error() {
    let ir = format!(
        r#"
define spir_kernel void @k() !dbg !3 {{
entry:
  br label %b
b:
  %x = add i32 %y, 1, !dbg !6
  %y = add i32 %x, 1, !dbg !6
  ret void, !dbg !6
}}
{DEBUG_INFO}"#
    );
    match load(&ir) {
        Err(ProgramError::Module(m)) => assert_eq!(
            m, "invalid LLVM module: Instruction does not dominate all uses!",
            "{m}"
        ),
        other => panic!("expected an invalid module, got {:?}", other.map(|_| ())),
    }
}

/// The same without debug information, which LLVM's reader never verified: the lowering then
/// read IR that breaks LLVM's rules.
#[test]
fn a_broken_module_is_an_error() {
    let ir = r#"
define spir_kernel void @k() {
entry:
  br label %b
b:
  %x = add i32 %y, 1
  %y = add i32 %x, 1
  ret void
}
"#;
    let Err(ProgramError::Module(m)) = load(ir) else {
        panic!("expected an invalid module");
    };
    assert!(m.starts_with("invalid LLVM module: "), "{m}");
}

/// Debug information that is broken on its own (a location in another function's scope) is
/// dropped, as LLVM's reader drops it: the program still loads.
#[test]
fn broken_debug_information_alone_is_dropped() {
    let ir = format!(
        r#"
define spir_kernel void @k() !dbg !3 {{
  ret void, !dbg !7
}}
define spir_kernel void @other() !dbg !8 {{
  ret void
}}
!7 = !DILocation(line: 2, column: 1, scope: !8)
!8 = distinct !DISubprogram(name: "other", scope: !1, file: !1, line: 2, type: !4, scopeLine: 2, spFlags: DISPFlagDefinition, unit: !0)
{DEBUG_INFO}"#
    );
    assert_eq!(load(&ir).expect("loads without debug info"), ["k", "other"]);
}
