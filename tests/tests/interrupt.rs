//! Ctrl-C during a launch: a kernel prints a line, writes out of bounds and then hangs
//! (`tests/interrupt/spin.cl`). SIGINT must end the run as SIGINT does, after the line and the
//! report, which the simulator holds back for their deterministic order, have gone out: under
//! `oclgrind-kernel`, and in a host program under `oclgrind` and through the ICD loader (whose
//! own buffered line must come out too). Debian's Oclgrind prints both; we used to print
//! nothing.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::io::Read;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use oclgrind_tests::{
    bin_dir, compile_host, kernel_binary, require_built, run_cases, workspace, Case, Loader,
    Runtime,
};

/// Whether the process has started a launch: the simulator's signal thread
/// (`oclgrind-signal`) starts with the first one. The kernel prints and writes at once, then
/// spins; a little later it is in its loop.
fn launched(pid: u32) -> bool {
    let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
        return false;
    };
    tasks.flatten().any(|t| {
        std::fs::read_to_string(t.path().join("comm")).is_ok_and(|c| c.trim() == "oclgrind-signal")
    })
}

const TIMEOUT: Duration = Duration::from_secs(120);

/// Starts `cmd` (SIGINT at its default action, whatever this process inherited), waits until
/// it spins, sends SIGINT and returns its output; it must die of the signal.
fn interrupt(mut cmd: Command) -> Result<String, String> {
    let (mut reader, writer) = std::io::pipe().map_err(|e| e.to_string())?;
    cmd.stdout(writer.try_clone().map_err(|e| e.to_string())?)
        .stderr(writer)
        .stdin(Stdio::null());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            Ok(())
        });
    }
    let mut child = cmd.spawn().map_err(|e| format!("cannot start: {e}"))?;
    drop(cmd);
    let output = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        let _ = reader.read_to_end(&mut bytes);
        String::from_utf8_lossy(&bytes).into_owned()
    });
    let start = Instant::now();
    let spinning = loop {
        if child.try_wait().map_err(|e| e.to_string())?.is_some() {
            break false;
        }
        if launched(child.id()) {
            std::thread::sleep(Duration::from_millis(500));
            break true;
        }
        if start.elapsed() > TIMEOUT {
            break false;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    if spinning {
        // SAFETY: a signal to our own child, which has not been waited for.
        unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    }
    let status = loop {
        if let Some(s) = child.try_wait().map_err(|e| e.to_string())? {
            break s;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            let text = output.join().unwrap_or_default();
            return Err(format!("still running after SIGINT:\n{text}"));
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let text = output.join().unwrap_or_default();
    match (spinning, status.signal()) {
        (false, _) => Err(format!("ended before it hung ({status}):\n{text}")),
        (true, Some(libc::SIGINT)) => Ok(text),
        (true, _) => Err(format!("did not die of SIGINT ({status}):\n{text}")),
    }
}

/// The line and the report, in this order, after `before` if given.
fn check(text: &str, before: Option<&str>) -> Result<(), String> {
    let at = |what: &str| {
        text.find(what)
            .ok_or_else(|| format!("no '{what}' in the output:\n{text}"))
    };
    let line = at("before the hang\n")?;
    let report = at("Invalid write of size 4 at global memory address")?;
    if report < line {
        return Err(format!("the report came before the line:\n{text}"));
    }
    if let Some(first) = before {
        if at(first)? > line {
            return Err(format!("'{first}' came after the kernel's line:\n{text}"));
        }
    }
    Ok(())
}

fn dir() -> PathBuf {
    workspace().join("tests/interrupt")
}

fn kernel() -> Result<(), String> {
    let mut cmd = Command::new(kernel_binary());
    cmd.current_dir(dir()).arg("spin.sim");
    check(&interrupt(cmd)?, None)
}

fn host(runtime: &Runtime, app: &Path, loader: Loader) -> Result<(), String> {
    let mut cmd = runtime.command(loader, app, &[]);
    cmd.current_dir(dir());
    check(&interrupt(cmd)?, Some("launching\n"))
}

/// The application returns from main while its kernel spins: the kernel's line and report
/// still come out, before the process ends normally.
fn exit_while_running(runtime: &Runtime, app: &Path) -> Result<(), String> {
    let mut cmd = runtime.command(Loader::Launcher, app, &[]);
    cmd.arg("exit").current_dir(dir());
    let run = oclgrind_tests::run_merged(cmd, TIMEOUT).map_err(|e| e.to_string())?;
    if run.status != Some(0) {
        return Err(format!("exit status {:?}:\n{}", run.status, run.output));
    }
    check(&run.output, Some("launching\n"))
}

fn main() {
    require_built(&["oclgrind", "oclgrind-kernel"]);
    let out = std::env::temp_dir().join(format!("oclgrind-interrupt-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("scratch directory");
    let runtime = Runtime::new(&bin_dir(), &out);
    let app = out.join("spin");
    let built = compile_host(&dir().join("spin.c"), &app);
    let with_app = |loader: Loader| {
        built.clone()?;
        host(&runtime, &app, loader)
    };
    let cases: Vec<Case> = vec![
        ("oclgrind-kernel", Box::new(kernel)),
        ("launcher", Box::new(|| with_app(Loader::Launcher))),
        ("icd", Box::new(|| with_app(Loader::Icd))),
        (
            "exit_while_running",
            Box::new(|| {
                built.clone()?;
                exit_while_running(&runtime, &app)
            }),
        ),
    ];
    let failures = run_cases("interrupt", &cases);
    let _ = std::fs::remove_dir_all(&out);
    if failures > 0 {
        std::process::exit(1);
    }
}
