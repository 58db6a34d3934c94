//! Builds the in-process compiler (`clang-shim/clang_shim.cpp`) into a shared library with
//! clang-19 and LLVM 19 linked in statically, which the crate loads from where this script
//! leaves it on its first program build. Linked this way it loads in about 6 ms; over Debian's
//! libclang-cpp, which brings a second LLVM as a shared library, it took 18–25 ms, more than a
//! small program's whole build. Without clang-19's development headers and static libraries
//! (Debian's `libclang-19-dev`) the crate is built without it and every build runs a clang-19
//! process instead.

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
    let clang_libs = static_libraries(&libdir, "libclang");
    let llvm_libs = llvm_config(&prefix, &["--link-static", "--libs", "all"]);
    let system_libs = llvm_config(&prefix, &["--link-static", "--system-libs"]);
    let (Some(llvm_libs), Some(system_libs)) = (llvm_libs, system_libs) else {
        return warn("llvm-config-19 could not name LLVM's static libraries");
    };
    if !include.join("clang/FrontendTool/Utils.h").exists() || clang_libs.is_empty() {
        return warn(&format!(
            "clang-19 development headers and static libraries not found under {}",
            prefix.display()
        ));
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
        // Archives take only the members something needs, in any order.
        .arg("-Wl,--start-group")
        .args(&clang_libs)
        .args(llvm_libs.split_whitespace())
        .arg("-Wl,--end-group")
        .arg("-Wl,--as-needed")
        .args(system_libs.split_whitespace())
        .args([
            // Nothing of clang or LLVM is exported or bound to another library's copy: the
            // process may hold our own LLVM and an OpenCL implementation's.
            "-Wl,--exclude-libs,ALL",
            "-Wl,-Bsymbolic",
            "-Wl,--gc-sections",
            "-Wl,--no-undefined",
            "-s",
        ])
        .status();
    match status {
        Ok(s) if s.success() => {
            println!("cargo::rustc-cfg=clang_shim");
            // Where the library is loaded from; also what decides the bitcode it makes, for
            // the build cache's key.
            println!("cargo::rustc-env=OCLGRIND_CLANG_SHIM={}", shim.display());
        }
        other => warn(&format!(
            "building the in-process compiler failed ({other:?})"
        )),
    }
}

fn warn(why: &str) {
    println!(
        "cargo::warning={why}: programs will be built by a clang-19 process (install \
         libclang-19-dev for in-process builds)"
    );
}

/// The static libraries in `dir` whose names start with `prefix` and a capital letter (clang's
/// components: `libclangBasic.a`), as paths.
fn static_libraries(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut libs: Vec<PathBuf> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.strip_prefix(prefix)
                .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_uppercase()))
                && name.ends_with(".a")
        })
        .collect();
    libs.sort();
    libs
}

/// What LLVM 19's `llvm-config` answers to `args`.
fn llvm_config(prefix: &Path, args: &[&str]) -> Option<String> {
    Command::new(prefix.join("bin/llvm-config"))
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
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
