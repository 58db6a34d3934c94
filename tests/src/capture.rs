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

/// Replays one captured launch in its directory; its dumps must be its `.after` file (after
/// any printf output). `args` go before the file (`--num-threads 1`, a checker).
pub fn replay(sim: &Path, args: &[&str]) -> Result<(), String> {
    let dir = sim.parent().unwrap_or(Path::new("."));
    let name = sim.file_name().unwrap_or_default();
    let mut cmd = Command::new(kernel_binary());
    cmd.args(args).arg(name).current_dir(dir);
    for (k, _) in std::env::vars() {
        if k.starts_with("OCLGRIND_") {
            cmd.env_remove(k);
        }
    }
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
            "{}: the replay (exit {:?}) does not print the .after file\n{first_difference}\nstderr:\n{}",
            sim.display(),
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// Replays every capture in `dir`; returns how many there were.
pub fn replay_all(dir: &Path, args: &[&str]) -> Result<usize, String> {
    let sims = captured(dir);
    for sim in &sims {
        replay(sim, args)?;
    }
    Ok(sims.len())
}

/// The lines in which a run said that a launch was not captured.
pub fn not_captured(output: &str) -> Vec<String> {
    output
        .lines()
        .filter(|l| l.contains(" not captured: "))
        .map(str::to_string)
        .collect()
}
