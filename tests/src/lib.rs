//! Shared pieces of the cross-crate tests: finding the built binaries, running a command with its
//! stdout and stderr merged in order, and matching output against EXACT/MATCH/ERROR references
//! (compat §3).

pub mod capture;

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Directory holding the workspace's built binaries (`target/<profile>`), found from the test
/// executable's own location (`target/<profile>/deps/<test>`).
pub fn bin_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    exe.parent()
        .and_then(Path::parent)
        .expect("test executable lives in target/<profile>/deps")
        .to_path_buf()
}

/// The workspace root.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ is inside the workspace")
        .to_path_buf()
}

/// How a host program reaches our runtime.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loader {
    /// `oclgrind ./prog`: the launcher preloads the library.
    Launcher,
    /// The application's own libOpenCL (ocl-icd) finds our driver through a vendors file.
    Icd,
}

impl Loader {
    pub const BOTH: [Loader; 2] = [Loader::Launcher, Loader::Icd];

    /// How test names tell the two apart.
    pub fn tag(self) -> &'static str {
        match self {
            Loader::Launcher => "launcher",
            Loader::Icd => "icd",
        }
    }
}

/// Runs host programs on the built runtime, either way.
pub struct Runtime {
    bins: PathBuf,
    /// A vendors directory naming only our driver, so other installed drivers stay out of it.
    vendors: PathBuf,
}

impl Runtime {
    /// Writes the vendors directory under `out`.
    pub fn new(bins: &Path, out: &Path) -> Runtime {
        let vendors = out.join("vendors");
        std::fs::create_dir_all(&vendors).expect("vendors directory");
        std::fs::write(
            vendors.join("oclgrind.icd"),
            format!("{}\n", bins.join("liboclgrind_rt_icd.so").display()),
        )
        .expect("vendors file");
        Runtime {
            bins: bins.to_path_buf(),
            vendors,
        }
    }

    /// A command for `program` through `loader`, with no `OCLGRIND_*` settings leaking in.
    pub fn command(&self, loader: Loader, program: &Path, launcher_args: &[&str]) -> Command {
        let mut cmd = match loader {
            Loader::Launcher => {
                let mut c = Command::new(self.bins.join("oclgrind"));
                c.args(launcher_args).arg(program);
                c
            }
            Loader::Icd => {
                let mut c = Command::new(program);
                c.env("OCL_ICD_VENDORS", &self.vendors);
                c
            }
        };
        without_settings(&mut cmd).env_remove("LD_PRELOAD");
        cmd
    }
}

/// `cmd` without the `OCLGRIND_*` variables of the test's own environment: a test gives the
/// settings it means.
pub fn without_settings(cmd: &mut Command) -> &mut Command {
    for (k, _) in std::env::vars() {
        if k.starts_with("OCLGRIND_") {
            cmd.env_remove(k);
        }
    }
    cmd
}

/// Output of a finished command.
pub struct Run {
    /// stdout and stderr interleaved as the program wrote them.
    pub output: String,
    pub status: Option<i32>,
    pub timed_out: bool,
}

/// Runs `cmd` with stdout and stderr on one pipe, killing it after `timeout`.
pub fn run_merged(cmd: Command, timeout: Duration) -> std::io::Result<Run> {
    run_merged_with_input(cmd, None, timeout)
}

/// Like [`run_merged`], with `input` (or nothing) on stdin.
pub fn run_merged_with_input(
    mut cmd: Command,
    input: Option<std::fs::File>,
    timeout: Duration,
) -> std::io::Result<Run> {
    let (mut reader, writer) = std::io::pipe()?;
    cmd.stdout(writer.try_clone()?)
        .stderr(writer)
        .stdin(input.map_or_else(Stdio::null, Stdio::from));
    let mut child = cmd.spawn()?;
    // Drop our copies of the write end (held by `cmd`) so reading ends with the child.
    drop(cmd);
    let reader_thread = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = reader.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let mut timed_out = false;
    let status = loop {
        if let Some(s) = child.try_wait()? {
            break s;
        }
        if start.elapsed() > timeout {
            let _ = child.kill();
            timed_out = true;
            break child.wait()?;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let bytes = reader_thread.join().unwrap_or_default();
    Ok(Run {
        output: String::from_utf8_lossy(&bytes).into_owned(),
        status: status.code(),
        timed_out,
    })
}

/// A parsed reference file.
pub struct Reference {
    pub lines: Vec<(String, String)>,
    pub exit: i32,
}

pub fn parse_reference(text: &str) -> Result<Reference, String> {
    let mut lines = Vec::new();
    let mut exit = 0;
    for l in text.lines() {
        if l.is_empty() {
            continue;
        }
        if let Some(n) = l.strip_prefix("EXIT ") {
            exit = n
                .trim()
                .parse()
                .map_err(|_| format!("bad EXIT line: {l}"))?;
            continue;
        }
        let kind = l.split_whitespace().next().unwrap_or("").to_string();
        let text = l.get(6..).unwrap_or("").to_string();
        if !matches!(kind.as_str(), "EXACT" | "MATCH" | "ERROR") {
            return Err(format!("Invalid match type in reference file: {l}"));
        }
        lines.push((kind, text));
    }
    Ok(Reference { lines, exit })
}

/// Checks a finished run against the reference file `path` (exit status and output).
pub fn check_run(run: &Run, path: &std::path::Path) -> Result<(), String> {
    if run.timed_out {
        return Err(format!("timed out\n--- output ---\n{}", run.output));
    }
    let reference = parse_reference(
        &std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?,
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

/// Matches output against a reference; `Err` explains the first mismatch.
pub fn match_output(output: &str, reference: &Reference) -> Result<(), String> {
    let out: Vec<&str> = output.lines().collect();
    let mut i = 0;
    let skip_empty = |i: &mut usize| {
        while *i < out.len() && out[*i].is_empty() {
            *i += 1;
        }
    };
    for (kind, text) in &reference.lines {
        skip_empty(&mut i);
        let Some(line) = out.get(i) else {
            return Err(format!(
                "Unexpected end of output when matching {kind} {text}"
            ));
        };
        let ok = match kind.as_str() {
            "EXACT" => *line == text,
            _ => line.contains(text.as_str()),
        };
        if !ok {
            return Err(format!(
                "line {}: expected {kind} {text:?}\n    found {line:?}",
                i + 1
            ));
        }
        i += 1;
        if kind == "ERROR" {
            while i < out.len() && !out[i].is_empty() {
                i += 1;
            }
        }
    }
    skip_empty(&mut i);
    if i < out.len() {
        return Err(format!(
            "Unexpected output after all matches completed (line {}): {:?}",
            i + 1,
            out[i]
        ));
    }
    Ok(())
}

/// The test-name filters on the command line (cargo passes flags too; they are skipped).
pub fn name_filters() -> Vec<String> {
    std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect()
}

/// Whether a test of this name is to run under `filters` (all run without any).
pub fn wanted(filters: &[String], name: &str) -> bool {
    filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str()))
}

/// This build's `oclgrind-kernel`; the harness ends with a hint when it has not been built.
pub fn kernel_binary() -> PathBuf {
    require_built(&["oclgrind-kernel"]);
    bin_dir().join("oclgrind-kernel")
}

/// Ends the harness with a hint unless each of `names` has been built in [`bin_dir`].
pub fn require_built(names: &[&str]) {
    for name in names {
        let path = bin_dir().join(name);
        if !path.exists() {
            eprintln!("{} not found: run `cargo build` first", path.display());
            std::process::exit(1);
        }
    }
}

/// Runs `check` on each of `items` on `threads` threads. `check` gives each run of an item a
/// label and a result; each is printed as `test LABEL ... ok|FAILED`. Returns the failures.
pub fn run_parallel<T: Sync>(
    items: &[T],
    threads: usize,
    check: impl Fn(&T) -> Vec<(String, Result<(), String>)> + Sync,
) -> Vec<(String, String)> {
    let queue = std::sync::Mutex::new(items.iter());
    let failures = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let Some(item) = queue.lock().unwrap_or_else(|e| e.into_inner()).next() else {
                    break;
                };
                for (label, result) in check(item) {
                    match result {
                        Ok(()) => println!("test {label} ... ok"),
                        Err(e) => {
                            println!("test {label} ... FAILED");
                            failures
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .push((label, e));
                        }
                    }
                }
            });
        }
    });
    failures.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Builds a host program (C, or C++ for `.cpp`) against the OpenCL loader, warnings as errors.
pub fn compile_host(source: &Path, exe: &Path) -> Result<(), String> {
    compile_host_with(source, exe, &[])
}

/// Builds a host program (C11 with gcc, or C++17 with g++ for `.cpp`) against libOpenCL, with
/// extra `libraries` (`-l` flags) after it.
pub fn compile_host_with(source: &Path, exe: &Path, libraries: &[&str]) -> Result<(), String> {
    let cpp = source.extension().is_some_and(|e| e == "cpp");
    let (compiler, std) = if cpp {
        ("g++", "-std=c++17")
    } else {
        ("gcc", "-std=c11")
    };
    let out = Command::new(compiler)
        .args([std, "-Wall", "-Werror", "-O1", "-D_DEFAULT_SOURCE"])
        .arg(source)
        .arg("-o")
        .arg(exe)
        .args(libraries)
        .args(["-lOpenCL", "-lpthread"])
        .output()
        .map_err(|e| format!("cannot run {compiler}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{compiler} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(())
}

/// A named check of a harness that runs its checks one after another.
pub type Case<'a> = (&'a str, Box<dyn Fn() -> Result<(), String> + 'a>);

/// Runs the cases the command line's filters want, printing `test NAME ... ok|FAILED` for
/// each and a summary line for `harness`; returns how many failed.
pub fn run_cases(harness: &str, cases: &[Case]) -> usize {
    let filters = name_filters();
    let (mut count, mut failures) = (0, 0);
    for (name, case) in cases {
        if !wanted(&filters, name) {
            continue;
        }
        count += 1;
        match case() {
            Ok(()) => println!("test {name} ... ok"),
            Err(e) => {
                failures += 1;
                println!("test {name} ... FAILED\n{e}");
            }
        }
    }
    println!("\n{harness}: {count} tests, {failures} failed");
    failures
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matching_rules() {
        let r = parse_reference("ERROR Invalid write\nEXACT done\nEXIT 1\n").unwrap();
        assert_eq!(r.exit, 1);
        let out = "\nInvalid write of size 4\n\tKernel: k\n\t\n\ndone\n\n";
        assert!(match_output(out, &r).is_ok());
        assert!(match_output("\nInvalid write\n\nnot done\n", &r).is_err());
        assert!(match_output("\nInvalid write\n\ndone\nextra\n", &r).is_err());
        assert!(match_output("\nInvalid write\n", &r).is_err());
        let m = parse_reference("MATCH ell\n").unwrap();
        assert!(match_output("hello\n", &m).is_ok());
        assert!(parse_reference("FOO x").is_err());
    }
}
