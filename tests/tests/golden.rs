//! Golden tests: every `tests/golden/<family>/<name>.sim` runs under `oclgrind-kernel` three
//! times — default options (`-Oz`, as Oclgrind), `-cl-opt-disable` and `-O2` — and must match
//! `<name>.ref` each time. The `atomics`, `counts`, `races` and `uninit` families also run with
//! 1, 2 and 8 worker threads: their output must not depend on the number. Every test also runs
//! once under the scalar executor (`OCLGRIND_EXECUTOR=scalar`; the others run a group's
//! work-items together wherever they can): both must give the same output.
//!
//! Run after `cargo build` (the binary is taken from the same target directory). Arguments are
//! substring filters on the test name, like libtest's.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use oclgrind_tests::{
    check_run, kernel_binary, name_filters, run_merged, run_parallel, wanted, workspace,
};

fn find_tests(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            find_tests(&p, out);
        } else if p.extension().is_some_and(|x| x == "sim") && p.with_extension("ref").exists() {
            out.push(p);
        }
    }
}

/// Build options of each run (`None`: the default).
const VARIANTS: [Option<&str>; 3] = [None, Some("-cl-opt-disable"), Some("-O2")];

/// Worker threads of the extra runs of the families whose output must not depend on them.
const THREADS: [&str; 3] = ["1", "2", "8"];
const THREADED_FAMILIES: [&str; 5] = ["atomics", "counts", "perf", "races", "uninit"];

/// How a test runs: build options and worker threads (`None`: the default), and whether
/// under the scalar executor.
#[derive(Clone, Copy, Default)]
struct Variant<'a> {
    options: Option<&'a str>,
    threads: Option<&'a str>,
    scalar: bool,
    /// With `--perf-lints`, whose lines are left out before the comparison: the checker's
    /// reports must not change.
    lints: bool,
    /// With `--data-races --uninitialized`, whose events the lints share (the `perf/` kernels
    /// are race-free and initialised: nothing may change).
    checkers: bool,
}

/// Runs one test one way.
fn run_one(bin: &Path, sim: &Path, variant: Variant) -> Result<(), String> {
    let Variant {
        options,
        threads,
        scalar,
        lints,
        checkers,
    } = variant;
    let dir = sim.parent().expect("test file has a directory");
    let text = std::fs::read_to_string(sim).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(bin);
    cmd.current_dir(dir);
    oclgrind_tests::without_settings(&mut cmd);
    if let Some(o) = options {
        cmd.env("OCLGRIND_BUILD_OPTIONS", o);
    }
    if let Some(n) = threads {
        cmd.args(["--num-threads", n]);
    }
    if scalar {
        cmd.env("OCLGRIND_EXECUTOR", "scalar");
    }
    if let Some(args) = text.lines().next().and_then(|l| l.strip_prefix("# ARGS: ")) {
        cmd.args(args.split(' ').filter(|a| !a.is_empty()));
    }
    if lints {
        cmd.arg("--perf-lints");
    }
    if checkers {
        cmd.args(["--data-races", "--uninitialized"]);
    }
    cmd.arg(sim.file_name().expect("file name"));
    let mut run =
        run_merged(cmd, Duration::from_secs(120)).map_err(|e| format!("cannot run: {e}"))?;
    if lints {
        let kept = (run.output.lines()).filter(|l| !l.starts_with("Performance: "));
        run.output = kept.map(|l| format!("{l}\n")).collect();
    }
    check_run(&run, &sim.with_extension("ref"))
}

fn main() {
    let filters = name_filters();
    let bin = kernel_binary();
    let root = workspace().join("tests/golden");
    let mut tests = Vec::new();
    find_tests(&root, &mut tests);
    tests.sort();
    let name = |p: &Path| {
        p.strip_prefix(&root)
            .unwrap_or(p)
            .with_extension("")
            .to_string_lossy()
            .into_owned()
    };
    tests.retain(|t| wanted(&filters, &name(t)));
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
    let threaded = |t: &Path| {
        THREADED_FAMILIES
            .iter()
            .any(|f| t.starts_with(root.join(f)))
    };
    let runs = AtomicUsize::new(0);
    let failures = run_parallel(&tests, threads, |t| {
        let mut results: Vec<(String, Result<(), String>)> = VARIANTS
            .iter()
            .map(|options| {
                let label = match options {
                    Some(o) => format!("{} ({o})", name(t)),
                    None => name(t),
                };
                let variant = Variant {
                    options: *options,
                    ..Variant::default()
                };
                (label, run_one(&bin, t, variant))
            })
            .collect();
        let scalar = Variant {
            scalar: true,
            ..Variant::default()
        };
        let label = format!("{} (scalar executor)", name(t));
        results.push((label, run_one(&bin, t, scalar)));
        if t.starts_with(root.join("perf")) {
            let label = format!("{} (--data-races --uninitialized)", name(t));
            let variant = Variant {
                checkers: true,
                ..Variant::default()
            };
            results.push((label, run_one(&bin, t, variant)));
        }
        if t.starts_with(root.join("races")) {
            let label = format!("{} (--perf-lints)", name(t));
            let variant = Variant {
                lints: true,
                ..Variant::default()
            };
            results.push((label, run_one(&bin, t, variant)));
        }
        if threaded(t) {
            for n in THREADS {
                let label = format!("{} (--num-threads {n})", name(t));
                let variant = Variant {
                    threads: Some(n),
                    ..Variant::default()
                };
                results.push((label, run_one(&bin, t, variant)));
            }
        }
        runs.fetch_add(results.len(), Ordering::Relaxed);
        results
    });
    for (label, e) in &failures {
        println!("\n---- {label} ----\n{e}");
    }
    println!(
        "\ngolden: {} runs, {} failed",
        runs.load(Ordering::Relaxed),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
