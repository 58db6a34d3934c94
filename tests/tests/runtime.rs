//! Runtime tests: unmodified OpenCL host programs on our runtime.
//!
//! * `tests/runtime/*.c` (self-checking C programs, one per API group) are built with gcc and run
//!   twice: through the preload library (`oclgrind ./prog`) and through the ocl-icd loader
//!   (`OCL_ICD_VENDORS` naming only our driver). Each must print `PASS <name>`.
//! * `clinfo` must list our platform and device both ways, and a Rust application using the
//!   `opencl3` crate (tests/opencl3-client) must run its kernel both ways.
//! * `tests/apps/*.c` run under `oclgrind [ARGS]` and must match their `.ref` (compat §3);
//!   `smooth` is the README's example app (examples/app).
//!
//! Run after `cargo build` (binaries come from the same target directory). Arguments are
//! substring filters on the test name.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::Duration;

use oclgrind_tests::{
    bin_dir, capture, check_run, compile_host, name_filters, require_built, run_merged,
    run_merged_with_input, run_parallel, wanted, workspace, Loader, Runtime,
};

const PROGRAMS: [&str; 18] = [
    "platform_device",
    "context",
    "queue",
    "buffer",
    "image",
    "sampler",
    "program",
    "kernel",
    "ndrange",
    "events",
    "threads",
    "lifetime",
    "printf",
    "spirv",
    "svm",
    "errors",
    "teardown",
    "capture_uninit",
];

const TIMEOUT: Duration = Duration::from_secs(180);

struct Setup {
    runtime: Runtime,
    bins: PathBuf,
    out: PathBuf,
}

impl Setup {
    fn command(&self, loader: Loader, program: &Path, launcher_args: &[&str]) -> Command {
        self.runtime.command(loader, program, launcher_args)
    }
}

/// The SPIR-V module `spirv.c` loads, made from `spirv_kernel.cl` by clang-15 and llvm-spirv-15.
fn build_spirv(out: &Path) -> Result<PathBuf, String> {
    let cl = workspace().join("tests/runtime/spirv_kernel.cl");
    let bc = out.join("spirv_kernel.bc");
    let spv = out.join("spirv_kernel.spv");
    let run = |cmd: &mut Command| -> Result<(), String> {
        let o = cmd.output().map_err(|e| format!("{cmd:?}: {e}"))?;
        if !o.status.success() {
            return Err(format!(
                "{cmd:?} failed: {}",
                String::from_utf8_lossy(&o.stderr)
            ));
        }
        Ok(())
    };
    run(Command::new("clang-15")
        .args([
            "-x",
            "cl",
            "-cl-std=CL1.2",
            "-target",
            "spir64-unknown-unknown",
        ])
        .args(["-emit-llvm", "-c"])
        .arg(&cl)
        .arg("-o")
        .arg(&bc))?;
    run(Command::new("llvm-spirv-15").arg(&bc).arg("-o").arg(&spv))?;
    Ok(spv)
}

/// `tests/runtime/<name>.c`, or `.cpp` for the C++ ones.
fn program_source(name: &str) -> PathBuf {
    let c = workspace().join(format!("tests/runtime/{name}.c"));
    if c.exists() {
        c
    } else {
        c.with_extension("cpp")
    }
}

/// Runs one self-checking C or C++ program.
fn run_program(setup: &Setup, loader: Loader, name: &str, spv: &Path) -> Result<(), String> {
    let exe = setup.out.join(name);
    let mut cmd = setup.command(loader, &exe, &[]);
    cmd.env("TEST_STRICT", "1");
    if matches!(loader, Loader::Launcher) {
        // Forged handles would crash inside the ICD loader itself, before reaching us.
        cmd.env("TEST_ALLOW_FAKE_HANDLES", "1");
    }
    if name == "spirv" {
        cmd.arg(spv);
    }
    if name == "printf" {
        // Kernel output and host output must interleave exactly as printf.ref says.
        let out = cmd.output().map_err(|e| e.to_string())?;
        let expected = std::fs::read(workspace().join("tests/runtime/printf.ref"))
            .map_err(|e| e.to_string())?;
        if !out.status.success() || out.stdout != expected {
            return Err(format!(
                "exit {:?}; stdout:\n{}\nstderr:\n{}",
                out.status.code(),
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        return Ok(());
    }
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    if run.timed_out {
        return Err(format!("timed out\n{}", run.output));
    }
    if run.status != Some(0) || !run.output.contains(&format!("PASS {name}")) {
        return Err(format!("exit status {:?}\n{}", run.status, run.output));
    }
    Ok(())
}

/// The programs captured (`oclgrind --capture`, `OCLGRIND_CAPTURE`), each with the launches
/// that are not (words of the line saying why).
const CAPTURED: &[(&str, &[&str])] = &[
    ("buffer", &[]),
    ("kernel", &[]),
    ("ndrange", &[]),
    ("program", &[]),
    ("events", &[]),
    ("threads", &[]),
    ("printf", &[]),
    ("spirv", &[]),
    ("image", &[]),
    ("sampler", &[]),
    ("svm", &[]),
];

/// Programs with captures that need none of our extensions (OpenCL C, 3-dimensional or
/// `get_work_dim`-free launches, no offsets, small unshared buffers).
const FROM_SOURCE: [&str; 4] = ["buffer", "events", "ndrange", "printf"];

/// Runs a program with every launch captured: it must pass as without, its launches must
/// replay to what they left, and only the expected ones may be missing.
fn run_captured(setup: &Setup, loader: Loader, name: &str, spv: &Path) -> Result<(), String> {
    let dir = setup.out.join(format!("capture-{name}-{}", loader.tag()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = setup.out.join(name);
    let dir_arg = dir.to_string_lossy().into_owned();
    let mut cmd = setup.command(loader, &exe, &["--capture", &dir_arg]);
    if loader == Loader::Icd {
        cmd.env("OCLGRIND_CAPTURE", &dir);
    } else {
        cmd.env("TEST_ALLOW_FAKE_HANDLES", "1");
    }
    if name == "spirv" {
        cmd.arg(spv);
    }
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    if run.status != Some(0) || !run.output.contains(&format!("PASS {name}")) {
        return Err(format!(
            "exit status {:?}
{}",
            run.status, run.output
        ));
    }
    let expected = CAPTURED
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(&[][..], |e| e.1);
    let missing = capture::not_captured(&run.output);
    let unexpected: Vec<&String> = missing
        .iter()
        .filter(|l| !expected.iter().any(|why| l.contains(why)))
        .collect();
    if !unexpected.is_empty() || missing.is_empty() != expected.is_empty() {
        return Err(format!("not captured: {missing:?}, expected {expected:?}"));
    }
    let (replayed, by_debian) = capture::replay_all(&dir, &[])?;
    if replayed == 0 && expected.is_empty() {
        return Err(format!("no launch captured in {}", dir.display()));
    }
    // Programs built from source with none of our extensions replay under Debian's too.
    if FROM_SOURCE.contains(&name) && by_debian == 0 {
        return Err(format!(
            "no capture of {name} ran under Debian's oclgrind-kernel"
        ));
    }
    Ok(())
}

/// `--leak-check` (`OCLGRIND_LEAK_CHECK` through the ICD loader), on programs built with debug
/// information: `leaks.c` leaves two buffers, a kernel and an SVM allocation, made at its
/// lines 18, 20, 22 and 24; `leaks_atexit.c` releases everything from an exit handler, which is no leak. Leaks are
/// warnings, or errors that the launcher's `--error-exitcode` counts with
/// `--leak-check=error`.
fn run_leak_check(setup: &Setup, loader: Loader) -> Result<(), String> {
    let build = |name: &str| -> Result<PathBuf, String> {
        let exe = setup.out.join(format!("{name}-g"));
        let source = workspace().join(format!("tests/runtime/{name}.c"));
        oclgrind_tests::compile_host_with(&source, &exe, &["-g"])?;
        Ok(exe)
    };
    let run = |exe: &Path, check: &str, exitcode: Option<&str>| {
        let mut args = vec![format!("--leak-check{check}")];
        if let Some(code) = exitcode {
            args.extend(["--error-exitcode".into(), code.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut cmd = setup.command(loader, exe, &args);
        if loader == Loader::Icd {
            let value = if check.is_empty() { "1" } else { "error" };
            cmd.env("OCLGRIND_LEAK_CHECK", value);
        }
        run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))
    };
    let leaky = build("leaks")?;
    let r = run(&leaky, "", None)?;
    let source = "tests/runtime/leaks.c";
    let expected = [
        "Leaked OpenCL object: buffer of 4096 bytes".to_string(),
        format!(
            "\tCreated by clCreateBuffer at {}:18",
            workspace().join(source).display()
        ),
        "Leaked OpenCL object: buffer of 1024 bytes".into(),
        format!(
            "\tCreated by clCreateBuffer at {}:20",
            workspace().join(source).display()
        ),
        "Leaked OpenCL object: kernel 'scale'".into(),
        format!(
            "\tCreated by clCreateKernel at {}:22",
            workspace().join(source).display()
        ),
        "Leaked OpenCL object: SVM allocation of 256 bytes".into(),
        format!(
            "\tCreated by clSVMAlloc at {}:24",
            workspace().join(source).display()
        ),
        "Oclgrind: 4 OpenCL objects were never released: 2 buffers (5120 bytes), 1 kernel, \
         1 SVM allocation (256 bytes)"
            .into(),
    ];
    let reported: Vec<&str> = (r.output.lines())
        .filter(|l| {
            l.starts_with("Leaked") || l.starts_with("\tCreated") || l.contains("never released")
        })
        .collect();
    if reported != expected || r.status != Some(0) || !r.output.contains("PASS leaks") {
        return Err(format!(
            "exit {:?}, reported {reported:#?}\n{}",
            r.status, r.output
        ));
    }
    // Leaks count for --error-exitcode only as errors (the launcher's option: it reads the
    // application's errors after it).
    let exit_codes: &[(&str, i32)] = match loader {
        Loader::Launcher => &[("", 0), ("=error", 3)],
        Loader::Icd => &[],
    };
    for &(check, status) in exit_codes {
        let r = run(&leaky, check, Some("3"))?;
        if r.status != Some(status) {
            return Err(format!(
                "--leak-check{check}: exit {:?}\n{}",
                r.status, r.output
            ));
        }
    }
    let tidy = run(&build("leaks_atexit")?, "", None)?;
    if tidy.output.contains("Leaked") || !tidy.output.contains("PASS leaks_atexit") {
        return Err(format!("released at exit, yet:\n{}", tidy.output));
    }
    Ok(())
}

/// `--perf-lints` (`OCLGRIND_PERF_LINTS` through the ICD loader) on `perf_lints.c`: its
/// stride-2 read is reported as its source says (tests/runtime/perf_lints.c), its write is
/// not, the totals follow, and the application's own output is what it is without lints.
fn run_perf_lints(setup: &Setup, loader: Loader) -> Result<(), String> {
    // One per loader: the two jobs run at once.
    let exe = setup.out.join(format!("perf_lints-{}", loader.tag()));
    let source = workspace().join("tests/runtime/perf_lints.c");
    oclgrind_tests::compile_host_with(&source, &exe, &[])?;
    let run = |lints: bool| {
        let args: &[&str] = if lints { &["--perf-lints"] } else { &[] };
        let mut cmd = setup.command(loader, &exe, args);
        if loader == Loader::Icd && lints {
            cmd.env("OCLGRIND_PERF_LINTS", "1");
        }
        run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))
    };
    let (with, without) = (run(true)?, run(false)?);
    let lines: Vec<&str> = (with.output.lines())
        .filter(|l| l.starts_with("Performance: "))
        .collect();
    let expected = [
        "Performance: uncoalesced global read at line 3 of input.cl: 8 sectors per request \
         (ideal 4), 8 requests",
        "Performance: kernel 'halve' totals (sub-group size 32): global 96 sectors (ideal 64) \
         in 16 requests",
    ];
    let plain: Vec<&str> = (with.output.lines())
        .filter(|l| !l.starts_with("Performance: "))
        .collect();
    if lines != expected
        || with.status != Some(0)
        || plain != without.output.lines().collect::<Vec<_>>()
    {
        return Err(format!(
            "exit {:?}, lints {lines:#?}\nwith:\n{}\nwithout:\n{}",
            with.status, with.output, without.output
        ));
    }
    Ok(())
}

/// `--capture-kernel` and `--capture-launch` (their variables through the ICD loader) on
/// `events.c`, whose launches are 11 of `madd` then one of `busy`: the third `madd` is the
/// process's launch 3, `busy` its launch 12.
fn run_capture_filters(setup: &Setup, loader: Loader) -> Result<(), String> {
    // (filter, value) pairs, and the captures they give.
    type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);
    let cases: [Case; 3] = [
        (&[("kernel", "madd"), ("launch", "3")], &["003-madd.sim"]),
        (&[("kernel", "busy")], &["012-busy.sim"]),
        (&[("launch", "2")], &["002-madd.sim"]),
    ];
    let exe = setup.out.join("events");
    for (k, (filters, expected)) in cases.iter().enumerate() {
        let dir = setup
            .out
            .join(format!("capture-filter{k}-{}", loader.tag()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut args = vec!["--capture".to_string(), dir.to_string_lossy().into_owned()];
        for (what, value) in filters.iter() {
            args.extend([format!("--capture-{what}"), value.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut cmd = setup.command(loader, &exe, &args);
        if loader == Loader::Icd {
            cmd.env("OCLGRIND_CAPTURE", &dir);
            for (what, value) in filters.iter() {
                cmd.env(format!("OCLGRIND_CAPTURE_{}", what.to_uppercase()), value);
            }
        }
        let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
        if !run.output.contains("PASS events") {
            return Err(format!("exit status {:?}\n{}", run.status, run.output));
        }
        let names: Vec<String> = capture::captured(&dir)
            .iter()
            .map(|p| {
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned()
            })
            .collect();
        if names != *expected {
            return Err(format!(
                "{filters:?}: captured {names:?}, expected {expected:?}"
            ));
        }
        capture::replay_all(&dir, &[])?;
    }
    Ok(())
}

/// `capture_uninit.c` under `--uninitialized`: its 4 uses of a buffer nothing wrote are
/// reported in the application, its capture keeps both never-written buffers `noinit`, and
/// the replay under `--uninitialized` reports the same 4 and prints the `.after` file.
fn run_captured_uninit(setup: &Setup, loader: Loader) -> Result<(), String> {
    let name = "capture_uninit";
    let dir = setup.out.join(format!("capture-uninit-{}", loader.tag()));
    let _ = std::fs::remove_dir_all(&dir);
    let exe = setup.out.join(name);
    let dir_arg = dir.to_string_lossy().into_owned();
    let mut cmd = setup.command(loader, &exe, &["--uninitialized", "--capture", &dir_arg]);
    cmd.env("OCLGRIND_CAPTURE", &dir)
        .env("OCLGRIND_UNINITIALIZED", "1");
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    let uses = |text: &str| text.matches("Uninitialized value written to").count();
    if !run.output.contains("PASS capture_uninit") || uses(&run.output) != 4 {
        return Err(format!("exit status {:?}\n{}", run.status, run.output));
    }
    let sims = capture::captured(&dir);
    let [sim] = &sims[..] else {
        return Err(format!("captures: {sims:?}"));
    };
    let text = std::fs::read_to_string(sim).map_err(|e| e.to_string())?;
    if text.matches(" noinit dump>").count() != 2 {
        return Err(format!("the buffers are not noinit:\n{text}"));
    }
    capture::replay(sim, &["--uninitialized"])?;
    let replay = Command::new(bin_dir().join("oclgrind-kernel"))
        .args(["--uninitialized", "001-fill.sim"])
        .current_dir(&dir)
        .output()
        .map_err(|e| e.to_string())?;
    match uses(&String::from_utf8_lossy(&replay.stderr)) {
        4 => Ok(()),
        n => Err(format!("the replay reports {n} uses, not 4")),
    }
}

/// `clinfo` must show one platform and our device.
fn run_clinfo(setup: &Setup, loader: Loader) -> Result<(), String> {
    let clinfo = PathBuf::from("clinfo");
    let run = run_merged(setup.command(loader, &clinfo, &[]), TIMEOUT)
        .map_err(|e| format!("cannot run clinfo: {e}"))?;
    let has = |label: &str, value: &str| {
        run.output
            .lines()
            .any(|l| l.trim_start().starts_with(label) && l.trim_end().ends_with(value))
    };
    let ok = run.status == Some(0)
        && has("Number of platforms", " 1")
        && has("Platform Name", " Oclgrind")
        && has("Platform Version", "OpenCL 3.0 (Oclgrind 26.03.1)")
        && has("Device Name", " Oclgrind Simulator")
        && has("Platform Extensions function suffix", " oclg");
    if !ok {
        return Err(format!("exit status {:?}\n{}", run.status, run.output));
    }
    Ok(())
}

/// The Rust application built on the `opencl3` crate (tests/opencl3-client), which loads
/// libOpenCL.so.1 itself with dlopen.
fn run_rust_client(setup: &Setup, loader: Loader) -> Result<(), String> {
    let exe = setup.bins.join("opencl3-client");
    let run = run_merged(setup.command(loader, &exe, &[]), TIMEOUT)
        .map_err(|e| format!("cannot run {}: {e}", exe.display()))?;
    if run.status != Some(0)
        || !run
            .output
            .contains("device: Oclgrind Simulator\nPASS opencl3")
    {
        return Err(format!("exit status {:?}\n{}", run.status, run.output));
    }
    Ok(())
}

/// The first line of an app's source may say `ARGS: ...` for the launcher.
fn launcher_args(source: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(source).unwrap_or_default();
    text.lines()
        .next()
        .and_then(|l| l.split("ARGS:").nth(1))
        .map(|a| a.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default()
}

/// The variables of a host program's `ICD:` line (after its `ARGS:` line): its settings when
/// it also runs through the ICD loader, which has no command line. None: no such run.
fn icd_env(source: &Path) -> Option<Vec<(String, String)>> {
    let text = std::fs::read_to_string(source).ok()?;
    let line = text.lines().take(3).find_map(|l| l.split("ICD:").nth(1))?;
    let vars = line.split_whitespace().filter_map(|v| v.split_once('='));
    Some(vars.map(|(k, v)| (k.to_string(), v.to_string())).collect())
}

/// Runs a golden host program in `dir` and matches its merged output: under `oclgrind` with
/// its `ARGS`, or through the ICD loader with its `ICD` variables.
fn run_app(
    setup: &Setup,
    loader: Loader,
    exe: &Path,
    source: &Path,
    reference: &Path,
    dir: &Path,
) -> Result<(), String> {
    let args = launcher_args(source);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut cmd = setup.command(loader, exe, &args);
    if loader == Loader::Icd {
        cmd.envs(icd_env(source).unwrap_or_default());
    }
    cmd.current_dir(dir);
    // A debugger session reads its commands from <name>.inp.
    let input = match std::fs::File::open(reference.with_extension("inp")) {
        Ok(file) => Some(file),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => {
            return Err(format!(
                "{}: {e}",
                reference.with_extension("inp").display()
            ))
        }
    };
    let run = run_merged_with_input(cmd, input, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    check_run(&run, reference)
}

type Job = (
    String,
    Box<dyn Fn(&Setup) -> Result<(), String> + Send + Sync>,
);

fn jobs(spv: PathBuf) -> Vec<Job> {
    let mut jobs: Vec<Job> = Vec::new();
    for loader in Loader::BOTH {
        let tag = loader.tag();
        for name in PROGRAMS {
            let spv = spv.clone();
            jobs.push((
                format!("{name} ({tag})"),
                Box::new(move |s| run_program(s, loader, name, &spv)),
            ));
        }
        jobs.push((
            format!("leak check ({tag})"),
            Box::new(move |s| run_leak_check(s, loader)),
        ));
        jobs.push((
            format!("perf lints ({tag})"),
            Box::new(move |s| run_perf_lints(s, loader)),
        ));
        jobs.push((
            format!("capture filters ({tag})"),
            Box::new(move |s| run_capture_filters(s, loader)),
        ));
        jobs.push((
            format!("capture under --uninitialized ({tag})"),
            Box::new(move |s| run_captured_uninit(s, loader)),
        ));
        for &(name, _) in CAPTURED {
            let spv = spv.clone();
            jobs.push((
                format!("capture {name} ({tag})"),
                Box::new(move |s| run_captured(s, loader, name, &spv)),
            ));
        }
        jobs.push((
            format!("clinfo ({tag})"),
            Box::new(move |s| run_clinfo(s, loader)),
        ));
        jobs.push((
            format!("opencl3 client ({tag})"),
            Box::new(move |s| run_rust_client(s, loader)),
        ));
    }
    let apps = workspace().join("tests/apps");
    let mut refs: Vec<PathBuf> = std::fs::read_dir(&apps)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    refs.retain(|p| p.extension().is_some_and(|x| x == "ref"));
    refs.sort();
    for reference in refs {
        let name = reference
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        // An app is tests/apps/<name>.c, or the example app of the same name.
        let (source, dir) = if apps.join(format!("{name}.c")).exists() {
            (apps.join(format!("{name}.c")), apps.clone())
        } else {
            let dir = workspace().join("examples/app");
            (dir.join(format!("{name}.c")), dir)
        };
        let loaders: &[Loader] = if icd_env(&source).is_some() {
            &Loader::BOTH
        } else {
            &[Loader::Launcher]
        };
        for &loader in loaders {
            let (source, reference, dir, name) =
                (source.clone(), reference.clone(), dir.clone(), name.clone());
            jobs.push((
                format!("app {name} ({})", loader.tag()),
                Box::new(move |s| {
                    let exe = s.out.join(format!("app_{name}_{}", loader.tag()));
                    compile_host(&source, &exe)?;
                    run_app(s, loader, &exe, &source, &reference, &dir)
                }),
            ));
        }
    }
    jobs
}

fn main() {
    let filters = name_filters();
    let bins = bin_dir();
    require_built(&[
        "oclgrind",
        "liboclgrind_rt.so",
        "liboclgrind_rt_icd.so",
        "opencl3-client",
        "oclgrind-kernel",
    ]);
    let out = bins.join("runtime-tests");
    std::fs::create_dir_all(&out).expect("test output directory");
    let setup = Setup {
        runtime: Runtime::new(&bins, &out),
        bins,
        out: out.clone(),
    };

    let spv = match build_spirv(&out) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("cannot build the SPIR-V test module: {e}");
            std::process::exit(1);
        }
    };
    let mut jobs = jobs(spv);
    jobs.retain(|(name, _)| wanted(&filters, name));

    let failures = Mutex::new(Vec::new());
    // Build the C programs first, two at a time.
    let sources = Mutex::new(PROGRAMS.iter());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(name) = sources.lock().unwrap().next() else {
                    break;
                };
                let src = program_source(name);
                if let Err(e) = compile_host(&src, &out.join(name)) {
                    failures.lock().unwrap().push((format!("build {name}"), e));
                }
            });
        }
    });
    let mut failures = failures.into_inner().unwrap();
    failures.extend(run_parallel(&jobs, 2, |(name, job)| {
        vec![(name.clone(), job(&setup))]
    }));
    for (name, e) in &failures {
        println!("\n---- {name} ----\n{e}");
    }
    println!("\nruntime: {} tests, {} failed", jobs.len(), failures.len());
    if !failures.is_empty() {
        std::process::exit(1);
    }
}
