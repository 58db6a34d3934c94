//! `oclgrind [OPTIONS] COMMAND`: runs an unmodified OpenCL application on the simulator by
//! preloading our runtime library (compat §1). Options become `OCLGRIND_*` variables; the
//! application replaces this process, so its exit status is the one the caller sees.

use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};

use crate::options::{self, Command};

/// The runtime libraries' names as installed, and as cargo builds them.
const INSTALLED_LIB: &str = "liboclgrind-rt.so";
const BUILT_LIB: &str = "liboclgrind_rt.so";
const INSTALLED_ICD: &str = "liboclgrind-rt-icd.so";
const BUILT_ICD: &str = "liboclgrind_rt_icd.so";

/// Entry point; returns the exit status if the application could not be started.
pub fn main(args: &[String]) -> i32 {
    let parsed = match options::parse_or_exit(Command::Launcher, args) {
        Ok(p) => p,
        Err(status) => return status,
    };
    let Some((app, app_args)) = parsed.rest.split_first() else {
        print!("{}", options::usage(Command::Launcher));
        return 1;
    };
    // Bad numbers are caught here, before the application starts, rather than inside it.
    if let Err(status) = options::apply(&parsed) {
        return status;
    }
    let lib = match runtime_library() {
        Ok(l) => l,
        Err(msg) => {
            eprintln!("[Oclgrind] {msg}");
            return 1;
        }
    };
    let dir = lib.parent().unwrap_or(Path::new("/"));
    let mut cmd = std::process::Command::new(app);
    cmd.args(app_args)
        .env(
            "LD_LIBRARY_PATH",
            prepend(dir.as_os_str(), "LD_LIBRARY_PATH"),
        )
        .env("LD_PRELOAD", prepend(lib.as_os_str(), "LD_PRELOAD"));
    // Applications that dlopen the system's libOpenCL.so.1 bypass the preloaded names; their
    // ICD loader is pointed at our driver instead (ocl-icd and the Khronos loader).
    if let Some(icd) = [BUILT_ICD, INSTALLED_ICD]
        .iter()
        .map(|n| dir.join(n))
        .find(|p| p.is_file())
    {
        cmd.env("OCL_ICD_VENDORS", &icd)
            .env("OCL_ICD_FILENAMES", &icd);
    }
    let err = cmd.exec();
    eprintln!("[Oclgrind] Failed to launch target application ({app}: {err})");
    1
}

/// `value[:old value of var]`.
fn prepend(value: &std::ffi::OsStr, var: &str) -> std::ffi::OsString {
    let mut out = value.to_os_string();
    if let Some(old) = std::env::var_os(var).filter(|v| !v.is_empty()) {
        out.push(":");
        out.push(old);
    }
    out
}

/// Finds the runtime library: next to this executable (a build tree, or `OCLGRIND_TESTING`),
/// else in `<prefix>/lib` for an installed `<prefix>/bin/oclgrind`.
fn runtime_library() -> Result<PathBuf, String> {
    let exe = std::env::current_exe()
        .map_err(|_| "Unable to get path to Oclgrind installation".to_string())?;
    let exe = exe
        .canonicalize()
        .map_err(|_| "Unable to resolve path to Oclgrind installation".to_string())?;
    let bin = exe
        .parent()
        .ok_or("Failed to get path to library directory")?;
    let mut candidates = vec![bin.join(BUILT_LIB), bin.join(INSTALLED_LIB)];
    if std::env::var_os("OCLGRIND_TESTING").is_none() {
        if let Some(prefix) = bin.parent() {
            candidates.push(prefix.join("lib").join(INSTALLED_LIB));
            candidates.push(prefix.join("lib64").join(INSTALLED_LIB));
        }
    }
    candidates
        .iter()
        .find(|c| c.is_file())
        .cloned()
        .ok_or_else(|| {
            format!(
                "Unable to find the runtime library (looked for {})",
                candidates
                    .iter()
                    .map(|c| c.display().to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        })
}
