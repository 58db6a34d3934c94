//! Captured launches (`oclgrind --capture DIR`) replayed: each `.sim` file in a directory runs
//! under `oclgrind-kernel` there, and must print its `.after` file, byte for byte.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::kernel_binary;

/// The `.sim` files of a capture directory, in launch order.
pub fn captured(dir: &Path) -> Vec<PathBuf> {
    let mut sims: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    sims.retain(|p| p.extension().is_some_and(|x| x == "sim"));
    sims.sort();
    sims
}

/// Debian's Oclgrind 21.10, which must replay captures that need none of our extensions.
pub const DEBIAN_KERNEL: &str = "/usr/bin/oclgrind-kernel";

/// Whether a capture runs under Debian's `oclgrind-kernel` too: its program is OpenCL C (not
/// our LLVM's bitcode) and it uses none of our extensions.
pub fn debian_can_replay(sim: &Path) -> bool {
    let text = std::fs::read_to_string(sim).unwrap_or_default();
    let program = text
        .lines()
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .unwrap_or_default();
    let extensions = ["<launch", "file=", "in=", "image="];
    program.trim().ends_with(".cl") && !extensions.iter().any(|e| text.contains(e))
}

/// Replays one captured launch in its directory; its dumps must be its `.after` file (after
/// any printf output). `args` go before the file (`--num-threads 1`, a checker).
pub fn replay(sim: &Path, args: &[&str]) -> Result<(), String> {
    replay_with(&kernel_binary(), sim, args)
}

/// [`replay`] with another `oclgrind-kernel` (Debian's).
pub fn replay_with(binary: &Path, sim: &Path, args: &[&str]) -> Result<(), String> {
    let dir = sim.parent().unwrap_or(Path::new("."));
    let name = sim.file_name().unwrap_or_default();
    let mut cmd = Command::new(binary);
    cmd.args(args).arg(name).current_dir(dir);
    crate::without_settings(&mut cmd);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run oclgrind-kernel: {e}"))?;
    let after = std::fs::read(sim.with_extension("after"))
        .map_err(|e| format!("{}: no .after file ({e})", sim.display()))?;
    if !out.status.success() || !out.stdout.ends_with(&after) {
        let stdout = String::from_utf8_lossy(&out.stdout);
        let first_difference = stdout
            .lines()
            .rev()
            .zip(String::from_utf8_lossy(&after).lines().rev())
            .find(|(a, b)| a != b)
            .map(|(a, b)| format!("replay: {a}\ncapture: {b}"))
            .unwrap_or_default();
        return Err(format!(
            "{}: the replay by {} (exit {:?}) does not print the .after file\n{first_difference}\nstderr:\n{}",
            sim.display(),
            binary.display(),
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Runs a captured launch on PoCL too (`--compare-with pocl`, through PoCL's vendors file
/// alone): it must come out identical.
pub fn identical_on_pocl(sim: &Path) -> Result<(), String> {
    let mut cmd = Command::new(kernel_binary());
    cmd.args(["--compare-with", "pocl"])
        .arg(sim.file_name().unwrap_or_default())
        .current_dir(sim.parent().unwrap_or(Path::new(".")))
        .env("OCL_ICD_VENDORS", "/etc/OpenCL/vendors/pocl.icd");
    crate::without_settings(&mut cmd);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run oclgrind-kernel: {e}"))?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let last = stdout.lines().last().unwrap_or_default();
    match out.status.success() && last.starts_with("Identical on Portable Computing Language (") {
        true => Ok(()),
        false => Err(format!(
            "{} on PoCL: {last}\n{}",
            sim.display(),
            String::from_utf8_lossy(&out.stderr)
        )),
    }
}

/// Replays every capture in `dir`, and those Debian's Oclgrind can read under it too; returns
/// how many there were, and how many Debian's replayed.
pub fn replay_all(dir: &Path, args: &[&str]) -> Result<(usize, usize), String> {
    let sims = captured(dir);
    let mut by_debian = 0;
    for sim in &sims {
        replay(sim, args)?;
        if debian_can_replay(sim) {
            replay_with(Path::new(DEBIAN_KERNEL), sim, args)?;
            by_debian += 1;
        }
    }
    Ok((sims.len(), by_debian))
}

/// The lines in which a run said that a launch was not captured.
pub fn not_captured(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|l| l.contains(" not captured: "))
        .map(str::to_string)
        .collect()
}
