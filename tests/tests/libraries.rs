//! Real OpenCL libraries from Debian's packages, run on our runtime through the launcher and
//! through the ocl-icd loader. Each run must exit with status 0, show its checked results, and
//! produce no diagnostic from the simulator (no kernel report, no API error, no fatal error).
//!
//! * `tests/libraries/*.{c,cpp}`: programs built against CLBlast (an SGEMM through its tuned
//!   kernel, with parameters that make wide vectors), clFFT (1D and 2D transforms against a
//!   direct DFT) and ViennaCL (axpy, inner product, gemv, a sparse CG solve). Each prints
//!   `PASS <name>` after checking its results.
//! * CLBlast's own test programs (Debian's `clblast-tests`), which compare every routine
//!   against a reference BLAS and print `N test(s) failed` per precision.
//! * The three programs again under `oclgrind --data-races`: CLBlast has no race; clFFT's
//!   in-place transforms have the 56 that Debian's Oclgrind 21.10 reports too (the same pairs
//!   of accesses: reads and writes of the buffer by different work-items, ordered only by
//!   barriers with local fences); ViennaCL's `norm` kernel has one it means (every work-item
//!   returns `tmp_buffer[0]`, which work-item 0 has just written, with no barrier between; only
//!   work-item 0 uses the value), told with `--race-ignore norm:tmp_buffer`, which the run's
//!   last line must count. (ViennaCL takes that kernel on a GPU; on a CPU its groups have one
//!   work-item, and nothing races.)
//! * And under `oclgrind --uninitialized`: none of them uses an uninitialised value.
//! * The three programs under `--leak-check`, both ways: none leaves an object unreleased
//!   (CLBlast and ViennaCL release theirs from static destructors, before the report).
//! * CLBlast's SGEMM under `--perf-lints` at sub-group sizes 32 and 16: Xgemm's uncoalesced
//!   accesses are exactly those its parameters make (derived in the README), and the program's
//!   output is unchanged.
//! * CLBlast's SGEMM and clFFT's transforms captured (`--capture`) twice, both ways: the two
//!   captures must leave the same results, and every captured launch must replay under
//!   `oclgrind-kernel` to exactly what it left; CLBlast's launches and clFFT's forward ones
//!   must also give PoCL's results bit for bit (`--compare-with pocl`).
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::path::{Path, PathBuf};
use std::time::Duration;

use oclgrind_tests::{
    bin_dir, capture, compile_host_with, name_filters, require_built, run_merged, run_parallel,
    wanted, workspace, Loader, Runtime,
};

/// A program built here: its name, its source in tests/libraries and the libraries it links.
struct Built {
    name: &'static str,
    source: &'static str,
    libraries: &'static [&'static str],
    /// The data races it has (`--data-races`).
    races: usize,
    /// A race it means, as a `--race-ignore` rule: reported as suppressed instead.
    intended: Option<&'static str>,
}

const BUILT: [Built; 3] = [
    Built {
        name: "clblast_sgemm",
        source: "clblast_sgemm.cpp",
        libraries: &["-lclblast"],
        races: 0,
        intended: None,
    },
    Built {
        name: "clfft_dft",
        source: "clfft_dft.c",
        libraries: &["-lclFFT", "-lm"],
        races: 56,
        intended: None,
    },
    Built {
        // Header-only: ViennaCL needs nothing beyond libOpenCL.
        name: "viennacl_solvers",
        source: "viennacl_solvers.cpp",
        libraries: &[],
        races: 0,
        intended: Some("norm:tmp_buffer"),
    },
];

/// CLBlast's test programs, from Debian's `clblast-tests`.
const CLBLAST_TESTS: [&str; 2] = ["clblast_test_xaxpy", "clblast_test_xgemv"];

const TIMEOUT: Duration = Duration::from_secs(300);

/// Lines of `output` that are reports of the simulator: kernel diagnostics (every one has a
/// `Kernel:` line), API errors and fatal errors.
fn diagnostics(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|l| {
            l.starts_with("\tKernel: ")
                || l.contains("Oclgrind - OpenCL runtime error detected")
                || l.contains("OCLGRIND FATAL ERROR")
        })
        .collect()
}

/// CLBlast's test summary: every `N test(s) failed` line says 0, and some tests passed.
fn clblast_summary(output: &str) -> Result<(), String> {
    // The summary is coloured with escape sequences.
    let plain: String = strip_escapes(output);
    let count = |suffix: &str| -> Vec<u64> {
        plain
            .lines()
            .filter_map(|l| l.trim().strip_suffix(suffix))
            .filter_map(|n| n.trim().parse().ok())
            .collect()
    };
    let passed = count("test(s) passed");
    let failed = count("test(s) failed");
    if failed.is_empty() || failed.iter().any(|&n| n != 0) {
        return Err(format!("failures {failed:?}"));
    }
    if passed.iter().sum::<u64>() == 0 {
        return Err("no test passed".into());
    }
    if !plain.contains("Running on OpenCL device 'Oclgrind Simulator'") {
        return Err("not run on the simulator".into());
    }
    Ok(())
}

/// `s` without its terminal escape sequences (`ESC [ parameters letter`).
fn strip_escapes(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// One program run: `check` judges its output once the exit status and diagnostics passed.
fn run(
    runtime: &Runtime,
    loader: Loader,
    program: &Path,
    check: impl Fn(&str) -> Result<(), String>,
) -> Result<(), String> {
    run_with(runtime, (loader, &[]), program, (RACE, 0), check)
}

/// How a data race's report starts.
const RACE: &str = " data race at ";

/// `run` with launcher arguments, where the output must have `expected` reports that contain
/// `marker` (and no other diagnostic).
fn run_with(
    runtime: &Runtime,
    (loader, args): (Loader, &[&str]),
    program: &Path,
    (marker, expected): (&str, usize),
    check: impl Fn(&str) -> Result<(), String>,
) -> Result<(), String> {
    let run = run_merged(runtime.command(loader, program, args), TIMEOUT)
        .map_err(|e| format!("cannot run: {e}"))?;
    let report = |why: String| format!("{why}\nexit status {:?}\n{}", run.status, run.output);
    if run.timed_out {
        return Err(report("timed out".into()));
    }
    if run.status != Some(0) {
        return Err(report("failed".into()));
    }
    let found = diagnostics(&run.output);
    let reported = run.output.matches(marker).count();
    if found.len() != reported || reported != expected {
        return Err(report(format!(
            "{reported} report(s) with '{marker}', {expected} expected; diagnostics: {found:?}"
        )));
    }
    check(&run.output).map_err(report)
}

/// The kernels a library program's capture must hold: CLBlast's indirect GEMM (its
/// transposes and pads around Xgemm) and clFFT's forward and backward transforms.
const CAPTURES: [(&str, &[&str]); 2] = [
    (
        "clblast_sgemm",
        &[
            "TransposeMatrixFast",
            "TransposePadMatrix",
            "Xgemm",
            "TransposeMatrix",
        ],
    ),
    ("clfft_dft", &["fft_fwd", "fft_back"]),
];

/// Captured kernels whose launches must give PoCL's results bit for bit
/// (`--compare-with pocl`): CLBlast's (data moves, and sums of products that are exact in
/// float for these inputs) and clFFT's forward transforms, which agreed with PoCL 3.1 bit for
/// bit when tried; its inverse does not (30 of 120 elements: `sin`/`cos` rounding) and is not
/// asked to.
const IDENTICAL_ON_POCL: [&str; 5] = [
    "TransposeMatrixFast",
    "TransposePadMatrix",
    "Xgemm",
    "TransposeMatrix",
    "fft_fwd",
];

/// Captures every launch of a library program twice: both captures must leave the same
/// results (the launches are deterministic), hold the expected kernels, and replay under
/// `oclgrind-kernel` to exactly what they left.
fn run_captured(
    runtime: &Runtime,
    loader: Loader,
    program: &Path,
    kernels: &[&str],
) -> Result<(), String> {
    let name = program.file_name().unwrap_or_default().to_string_lossy();
    let dirs: Vec<PathBuf> = ["a", "b"]
        .iter()
        .map(|k| program.with_file_name(format!("capture-{name}-{}-{k}", loader.tag())))
        .collect();
    for dir in &dirs {
        let _ = std::fs::remove_dir_all(dir);
        let dir_arg = dir.to_string_lossy().into_owned();
        let mut cmd = runtime.command(loader, program, &["--capture", &dir_arg]);
        cmd.env("OCLGRIND_CAPTURE", dir);
        let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
        let missing = capture::not_captured(&run.output);
        if run.status != Some(0)
            || !run.output.contains(&format!("PASS {name}"))
            || !missing.is_empty()
        {
            return Err(format!(
                "exit status {:?}
{}",
                run.status, run.output
            ));
        }
    }
    let sims = capture::captured(&dirs[0]);
    for kernel in kernels {
        let suffix = format!("-{kernel}.sim");
        if !sims.iter().any(|s| s.to_string_lossy().ends_with(&suffix)) {
            return Err(format!("no launch of {kernel} captured: {sims:?}"));
        }
    }
    for sim in &sims {
        let after = sim.with_extension("after");
        let again = dirs[1].join(after.file_name().unwrap_or_default());
        if std::fs::read(&after).ok() != std::fs::read(&again).ok() {
            return Err(format!(
                "{} and {} differ",
                after.display(),
                again.display()
            ));
        }
        capture::replay(sim, &[])?;
        let kernel = sim.file_stem().unwrap_or_default().to_string_lossy();
        if IDENTICAL_ON_POCL
            .iter()
            .any(|k| kernel.ends_with(&format!("-{k}")))
        {
            capture::identical_on_pocl(sim)?;
        }
    }
    Ok(())
}

/// Under `--leak-check` (its variable through the ICD loader) a library program leaves
/// nothing unreleased: CLBlast releases its cached programs, and ViennaCL its context, from
/// static destructors, which run before the report.
fn leak_free(runtime: &Runtime, loader: Loader, program: &Path) -> Result<(), String> {
    let mut cmd = runtime.command(loader, program, &["--leak-check"]);
    cmd.env("OCLGRIND_LEAK_CHECK", "1");
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    let name = program.file_name().unwrap_or_default().to_string_lossy();
    let leaked =
        run.output.contains("Leaked OpenCL object") || run.output.contains("never released");
    match run.status == Some(0) && run.output.contains(&format!("PASS {name}")) && !leaked {
        true => Ok(()),
        false => Err(format!("exit status {:?}\n{}", run.status, run.output)),
    }
}

/// A reported line: its source text's start, sectors and ideal per request, requests.
type XgemmLint = (&'static str, u64, u64, u64);

/// What `--perf-lints` must report for CLBlast's Xgemm (64³ SGEMM, one group of 16×8
/// work-items, parameters fixed by clblast_sgemm.cpp), by sub-group size: each line by its
/// source text, its sectors and ideal per request, and its requests. Derived in the README's
/// "Performance lints" section.
const XGEMM_LINTS: [(u64, &[XgemmLint]); 2] = [
    (
        32,
        &[
            ("return agm[", 8, 2, 1024),
            ("return bgm[", 2, 1, 512),
            ("realM yval = cgm[index];", 16, 4, 128),
            ("cgm[index] = result;", 16, 4, 128),
        ],
    ),
    (
        16,
        &[
            ("return agm[", 8, 2, 2048),
            ("realM yval = cgm[index];", 8, 2, 256),
            ("cgm[index] = result;", 8, 2, 256),
        ],
    ),
];

/// CLBlast's SGEMM under `--perf-lints` at sub-group size `sg` (JSON lines): Xgemm's findings
/// are exactly [`XGEMM_LINTS`]', every line of the file parses, and the program's output is
/// what it is without lints.
fn clblast_lints(runtime: &Runtime, program: &Path, sg: u64) -> Result<(), String> {
    let file = program.with_file_name(format!("lints-{sg}.jsonl"));
    let sg_text = sg.to_string();
    let lints = [
        "--perf-lints",
        "--sub-group-size",
        &sg_text,
        "--diagnostics-format",
        "jsonl",
        "--diagnostics-file",
        file.to_str().expect("UTF-8"),
    ];
    let with = run_merged(runtime.command(Loader::Launcher, program, &lints), TIMEOUT)
        .map_err(|e| format!("cannot run: {e}"))?;
    let plain = ["--sub-group-size", &sg_text];
    let without = run_merged(runtime.command(Loader::Launcher, program, &plain), TIMEOUT)
        .map_err(|e| format!("cannot run: {e}"))?;
    let app = |o: &str| -> Vec<String> {
        (o.lines())
            .filter(|l| !l.starts_with("Performance: "))
            .map(str::to_string)
            .collect()
    };
    if with.status != Some(0) || app(&with.output) != app(&without.output) {
        return Err(format!(
            "exit {:?}; with lints:\n{}\nwithout:\n{}",
            with.status, with.output, without.output
        ));
    }
    let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
    let mut found = Vec::new();
    for line in text.lines() {
        let d: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("{e}: {line}"))?;
        if d["kernel"] != "Xgemm" || d["ruleId"] == "performance-figures" {
            continue;
        }
        let f = &d["figures"];
        let n = |k: &str| f[k].as_u64().unwrap_or(0);
        let source = d["location"]["source"].as_str().unwrap_or("").to_string();
        let requests = n("requests").max(1);
        found.push((
            source,
            n("sectors") / requests,
            n("ideal") / requests,
            requests,
        ));
    }
    let (_, want) = XGEMM_LINTS
        .iter()
        .find(|(s, _)| *s == sg)
        .expect("a size listed");
    let matches = found.len() == want.len()
        && (found.iter().zip(want.iter())).all(|((source, c, i, r), (text, wc, wi, wr))| {
            source.starts_with(text) && (c, i, r) == (wc, wi, wr)
        });
    match matches {
        true => Ok(()),
        false => Err(format!("Xgemm's lints {found:#?}, expected {want:#?}")),
    }
}

type Job = (String, Box<dyn Fn() -> Result<(), String> + Send + Sync>);

fn main() {
    let filters = name_filters();
    let bins = bin_dir();
    require_built(&[
        "oclgrind",
        "oclgrind-kernel",
        "liboclgrind_rt.so",
        "liboclgrind_rt_icd.so",
    ]);
    let out = bins.join("library-tests");
    std::fs::create_dir_all(&out).expect("test output directory");
    let runtime = std::sync::Arc::new(Runtime::new(&bins, &out));

    let mut jobs: Vec<Job> = Vec::new();
    for loader in Loader::BOTH {
        for built in &BUILT {
            let (runtime, exe) = (runtime.clone(), out.join(built.name));
            let pass = format!("PASS {}", built.name);
            jobs.push((
                format!("{} ({})", built.name, loader.tag()),
                Box::new(move || {
                    run(&runtime, loader, &exe, |output| {
                        if output.contains(&pass) {
                            Ok(())
                        } else {
                            Err(format!("no '{pass}'"))
                        }
                    })
                }),
            ));
        }
        for built in &BUILT {
            let (runtime, exe) = (runtime.clone(), out.join(built.name));
            jobs.push((
                format!("{} (--leak-check, {})", built.name, loader.tag()),
                Box::new(move || leak_free(&runtime, loader, &exe)),
            ));
        }
        for (name, kernels) in CAPTURES {
            let (runtime, exe) = (runtime.clone(), out.join(name));
            jobs.push((
                format!("{name} (capture, {})", loader.tag()),
                Box::new(move || run_captured(&runtime, loader, &exe, kernels)),
            ));
        }
        for test in CLBLAST_TESTS {
            let runtime = runtime.clone();
            jobs.push((
                format!("{test} ({})", loader.tag()),
                Box::new(move || run(&runtime, loader, &PathBuf::from(test), clblast_summary)),
            ));
        }
    }
    for (sg, _) in XGEMM_LINTS {
        let (runtime, exe) = (runtime.clone(), out.join("clblast_sgemm"));
        jobs.push((
            format!("clblast_sgemm (--perf-lints, sub-group size {sg})"),
            Box::new(move || clblast_lints(&runtime, &exe, sg)),
        ));
    }
    for built in &BUILT {
        let mut races = vec!["--data-races"];
        races.extend(
            built
                .intended
                .iter()
                .flat_map(|rule| ["--race-ignore", *rule]),
        );
        let checkers = [
            (races, RACE, built.races),
            (vec!["--uninitialized"], "Uninitialized ", 0),
        ];
        for (args, marker, expected) in checkers {
            let (runtime, exe) = (runtime.clone(), out.join(built.name));
            let pass = format!("PASS {}", built.name);
            let suppressed = args.contains(&"--race-ignore");
            jobs.push((
                format!("{} ({})", built.name, args[0]),
                Box::new(move || {
                    let how = (Loader::Launcher, &args[..]);
                    run_with(&runtime, how, &exe, (marker, expected), |output| {
                        if !output.contains(&pass) {
                            Err(format!("no '{pass}'"))
                        } else if suppressed && !output.contains("suppressed (--race-ignore)") {
                            Err("no count of the races suppressed".into())
                        } else {
                            Ok(())
                        }
                    })
                }),
            ));
        }
    }
    jobs.retain(|(name, _)| wanted(&filters, name));

    // Build only what the chosen jobs run, two at a time.
    let to_build: Vec<&Built> = BUILT
        .iter()
        .filter(|b| jobs.iter().any(|(name, _)| name.starts_with(b.name)))
        .collect();
    let mut failures = run_parallel(&to_build, 2, |b| {
        let source = workspace().join("tests/libraries").join(b.source);
        let built = compile_host_with(&source, &out.join(b.name), b.libraries);
        vec![(format!("build {}", b.name), built)]
    });
    failures.extend(run_parallel(&jobs, 2, |(name, job)| {
        vec![(name.clone(), job())]
    }));
    for (name, e) in &failures {
        println!("\n---- {name} ----\n{e}");
    }
    println!(
        "\nlibraries: {} tests, {} failed",
        jobs.len(),
        failures.len()
    );
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
