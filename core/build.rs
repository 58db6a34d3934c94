//! Builds the in-process compiler (`clang-shim/clang_shim.cpp`) into a shared library that
//! the crate embeds and loads on its first program build. Without clang-19's development
//! headers (Debian's `libclang-19-dev`) the crate is built without it and every build runs a
//! clang-19 process instead.

use std::path::{Path, PathBuf};
use std::process::Command;

const SOURCE: &str = "clang-shim/clang_shim.cpp";

fn main() {
    println!("cargo::rustc-check-cfg=cfg(clang_shim)");
    println!("cargo::rerun-if-changed={SOURCE}");
    println!("cargo::rerun-if-env-changed=LLVM_SYS_191_PREFIX");
    println!("cargo::rerun-if-env-changed=OCLGRIND_NO_CLANG_SHIM");
    if std::env::var_os("OCLGRIND_NO_CLANG_SHIM").is_some() {
        return;
    }
    let prefix = llvm_prefix();
    let include = prefix.join("include");
    let libdir = prefix.join("lib");
    let library = libdir.join("libclang-cpp.so.19.1");
    if !include.join("clang/FrontendTool/Utils.h").exists() || !library.exists() {
        println!(
            "cargo::warning=clang-19 development headers not found under {}: programs will be \
             built by a clang-19 process (install libclang-19-dev for in-process builds)",
            include.display()
        );
        return;
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let shim = out.join("liboclgrind_clang_shim.so");
    let compiler = cc::Build::new().cpp(true).get_compiler();
    let status = compiler
        .to_command()
        .args([
            "-std=c++17",
            "-O2",
            "-fPIC",
            "-shared",
            "-fvisibility=hidden",
            "-fno-rtti",
        ])
        .arg(format!("-I{}", include.display()))
        .arg(format!(
            "-DOCLGRIND_CLANG_EXECUTABLE=\"{}\"",
            prefix.join("bin/clang").display()
        ))
        .arg(SOURCE)
        .arg("-o")
        .arg(&shim)
        .arg(format!("-L{}", libdir.display()))
        .args([
            "-l:libclang-cpp.so.19.1",
            "-lLLVM-19",
            "-Wl,--no-undefined",
            "-s",
        ])
        .status();
    match status {
        Ok(s) if s.success() => {
            println!("cargo::rustc-cfg=clang_shim");
            println!("cargo::rustc-env=OCLGRIND_CLANG_SHIM={}", shim.display());
            // What decides the bitcode the shim makes, for the build cache's key.
            println!(
                "cargo::rustc-env=OCLGRIND_CLANG_LIBRARY={}",
                library.display()
            );
        }
        other => println!(
            "cargo::warning=building the in-process compiler failed ({other:?}): programs will \
             be built by a clang-19 process"
        ),
    }
}

/// LLVM 19's installation prefix: what llvm-sys is told (`.cargo/config.toml`), else
/// `llvm-config-19`'s answer, else Debian's path.
fn llvm_prefix() -> PathBuf {
    if let Some(p) = std::env::var_os("LLVM_SYS_191_PREFIX") {
        return PathBuf::from(p);
    }
    Command::new("llvm-config-19")
        .arg("--prefix")
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()))
        .unwrap_or_else(|| Path::new("/usr/lib/llvm-19").to_path_buf())
}
