//! Lowering of random valid IR: `llvm-stress-19` (LLVM's random IR generator) makes a
//! function per seed, made a kernel here, and lowering it, as text and as bitcode, must give
//! a program or an error, never a panic. A deterministic complement to the `lower` fuzz target
//! (fuzz/), which mutates such modules under AFL++.

use std::collections::BTreeMap;
use std::process::{Command, Stdio};
use std::sync::Arc;

use oclgrind_core::llvm::{lower_program, LowerOptions, ModuleInput};
use oclgrind_core::program::ProgramError;
use oclgrind_core::{Config, Context, Program};

const LLVM_STRESS: &str = "llvm-stress-19";
const LLVM_AS: &str = "llvm-as-19";

const SPIR64: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v128:128-\
v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1\"\ntarget triple = \"spir64-unknown-unknown\"\n";

/// llvm-stress's module for `seed`, its function made a SPIR kernel (the lowering only lowers
/// kernels and what they call).
fn stress_kernel(seed: u32, size: u32) -> String {
    let out = Command::new(LLVM_STRESS)
        .args([format!("-seed={seed}"), format!("-size={size}")])
        .args(["-o", "-"])
        .output()
        .unwrap_or_else(|e| panic!("{LLVM_STRESS} runs (Debian's llvm-19 package): {e}"));
    assert!(out.status.success(), "{LLVM_STRESS} -seed={seed} failed");
    let text = String::from_utf8(out.stdout).expect("llvm-stress writes text");
    format!(
        "{SPIR64}{}",
        text.replace("define void @", "define spir_kernel void @")
    )
}

fn assemble(text: &str) -> Vec<u8> {
    use std::io::Write;
    let mut child = Command::new(LLVM_AS)
        .args(["-", "-o", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{LLVM_AS} runs: {e}"));
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(text.as_bytes())
        .expect("IR written");
    let out = child.wait_with_output().expect("llvm-as ends");
    assert!(out.status.success(), "llvm-as rejects llvm-stress's IR");
    out.stdout
}

/// What lowering `input` gave: "ok", or the kind of error. A kernel that lowered is created
/// in a context too.
fn lower(input: ModuleInput, options: LowerOptions) -> String {
    match lower_program(input, options) {
        Ok(code) => {
            let names: Vec<String> = code.kernels.iter().map(|k| k.info.name.clone()).collect();
            let program = Arc::new(Program::from_code(code));
            let ctx = Context::new(Config::default());
            let placed = ctx.place_program(program).expect("no globals to place");
            for name in names {
                if let Err(e) = placed.kernel(&name) {
                    return format!("kernel not created: {e:?}");
                }
            }
            "ok".into()
        }
        Err(ProgramError::Module(m)) => format!("module: {m}"),
        Err(ProgramError::Unsupported(failures)) => {
            let first = &failures[0].1.message;
            let what = first.split([':', '(']).next().unwrap_or("").trim();
            format!("unsupported: {what}")
        }
    }
}

#[test]
fn random_ir_lowers_or_errors_without_panicking() {
    let mut outcomes: BTreeMap<String, u32> = BTreeMap::new();
    let mut panics = Vec::new();
    for seed in 1..=120u32 {
        // Sizes from 5 to 300 instructions.
        let size = 5 + (seed * 37) % 296;
        let text = stress_kernel(seed, size);
        // Every fourth module goes through bitcode too (an llvm-as process each).
        let bitcode = (seed % 4 == 0).then(|| assemble(&text));
        for (i, debug) in [false, true].into_iter().enumerate() {
            let options = LowerOptions {
                debug,
                count_instructions: i == 1,
            };
            let inputs = std::iter::once(ModuleInput::Text(&text))
                .chain(bitcode.as_deref().map(ModuleInput::Bitcode));
            for input in inputs {
                match std::panic::catch_unwind(|| lower(input, options)) {
                    Ok(outcome) => *outcomes.entry(outcome).or_default() += 1,
                    Err(_) => panics.push(format!("-seed={seed} -size={size} {options:?}")),
                }
            }
        }
    }
    eprintln!("outcomes: {outcomes:#?}");
    assert!(
        panics.is_empty(),
        "lowering panicked on llvm-stress output ({LLVM_STRESS} ... | sed 's/define void/define spir_kernel void/'): {panics:#?}"
    );
    assert!(
        outcomes.get("ok").copied().unwrap_or(0) > 0,
        "some random kernels lower"
    );
}
