//! Scripted debugger sessions: every `tests/debugger/<name>.sim` runs under
//! `oclgrind-kernel -i` with `<name>.inp` on stdin (so no prompt is printed) and must match
//! `<name>.ref` (EXACT/MATCH/ERROR lines, compat §3). A first line `# ARGS: ...` adds options.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::Duration;

use oclgrind_tests::{bin_dir, match_output, parse_reference, run_merged_with_input, workspace};

fn run_one(bin: &Path, sim: &Path) -> Result<(), String> {
    let dir = sim.parent().expect("test file has a directory");
    let text = std::fs::read_to_string(sim).map_err(|e| e.to_string())?;
    let input = std::fs::File::open(sim.with_extension("inp"))
        .map_err(|e| format!("{}: {e}", sim.with_extension("inp").display()))?;
    let mut cmd = Command::new(bin);
    cmd.current_dir(dir);
    for (k, _) in std::env::vars() {
        if k.starts_with("OCLGRIND_") {
            cmd.env_remove(k);
        }
    }
    cmd.arg("-i");
    if let Some(args) = text.lines().next().and_then(|l| l.strip_prefix("# ARGS: ")) {
        cmd.args(args.split(' ').filter(|a| !a.is_empty()));
    }
    cmd.arg(sim.file_name().expect("file name"));
    let run = run_merged_with_input(cmd, Some(input), Duration::from_secs(120))
        .map_err(|e| format!("cannot run: {e}"))?;
    if run.timed_out {
        return Err(format!("timed out\n{}", run.output));
    }
    let reference = parse_reference(
        &std::fs::read_to_string(sim.with_extension("ref")).map_err(|e| e.to_string())?,
    )?;
    if run.status != Some(reference.exit) {
        return Err(format!(
            "exit status {:?}, expected {}\n--- output ---\n{}",
            run.status, reference.exit, run.output
        ));
    }
    match_output(&run.output, &reference)
        .map_err(|e| format!("{e}\n--- output ---\n{}", run.output))
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let bin = bin_dir().join("oclgrind-kernel");
    if !bin.exists() {
        eprintln!("{} not found: run `cargo build` first", bin.display());
        std::process::exit(1);
    }
    let root = workspace().join("tests/debugger");
    let mut tests: Vec<PathBuf> = std::fs::read_dir(&root)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    tests.retain(|p| p.extension().is_some_and(|x| x == "sim") && p.with_extension("ref").exists());
    tests.sort();
    let name = |p: &Path| {
        p.file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    tests.retain(|t| filters.is_empty() || filters.iter().any(|f| name(t).contains(f.as_str())));
    let queue = Mutex::new(tests.iter());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(t) = queue.lock().unwrap().next() else {
                    break;
                };
                match run_one(&bin, t) {
                    Ok(()) => println!("test {} ... ok", name(t)),
                    Err(e) => {
                        println!("test {} ... FAILED", name(t));
                        failures.lock().unwrap().push((name(t), e));
                    }
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    let mut count = tests.len();
    if filters.is_empty() || filters.iter().any(|f| "interrupt".contains(f.as_str())) {
        count += 1;
        match interrupt(&bin, &root) {
            Ok(()) => println!("test interrupt ... ok"),
            Err(e) => {
                println!("test interrupt ... FAILED");
                failures.push(("interrupt".into(), e));
            }
        }
    }
    for (n, e) in &failures {
        println!("\n---- {n} ----\n{e}");
    }
    println!("\ndebugger: {} tests, {} failed", count, failures.len());
    if !failures.is_empty() {
        std::process::exit(1);
    }
}

/// Ctrl-C during `continue` stops the kernel at a prompt (compat §5.1): `spin.sim` runs far
/// longer than this waits, is sent SIGINT, and must show the stop and answer a command.
fn interrupt(bin: &Path, dir: &Path) -> Result<(), String> {
    let mut child = Command::new(bin)
        .current_dir(dir)
        .args(["-i", "--num-threads", "2", "spin.sim"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run: {e}"))?;
    let result = drive_interrupt(&mut child);
    let _ = child.kill();
    let _ = child.wait();
    result
}

fn drive_interrupt(child: &mut std::process::Child) -> Result<(), String> {
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    // Lines arrive through a channel so that a silent debugger fails the test, not hangs it.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    // The first line `pred` accepts.
    let mut wait_for = |pred: &dyn Fn(&str) -> bool| -> Result<String, String> {
        loop {
            let line = rx
                .recv_timeout(Duration::from_secs(60))
                .map_err(|_| format!("no more output; saw:\n{}", seen.join("\n")))?;
            seen.push(line.clone());
            if pred(&line) {
                return Ok(line);
            }
        }
    };
    let source_line = |l: &str| {
        l.split_once('\t')
            .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
    };
    wait_for(&source_line)?;
    let mut send = |text: &str| {
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|e| format!("cannot write to the debugger: {e}"))
    };
    send("continue\n")?;
    std::thread::sleep(Duration::from_millis(500));
    let pid = child.id().to_string();
    let status = Command::new("kill")
        .args(["-INT", &pid])
        .status()
        .map_err(|e| format!("cannot run kill: {e}"))?;
    if !status.success() {
        return Err("kill -INT failed".into());
    }
    wait_for(&|l| l.starts_with("Interrupted in work-item ("))?;
    let stop = wait_for(&source_line)?;
    if !(stop.starts_with("5\t") || stop.starts_with("7\t")) {
        return Err(format!("stopped outside the loop: {stop:?}"));
    }
    send("print n\n")?;
    wait_for(&|l| l == "n = 1000000000")?;
    Ok(())
}
