//! OpenCL C to LLVM bitcode by clang-19 (spir64, debug info always on), with Oclgrind's
//! build-option handling (compat §6.2). clang runs in this process where it can (`library`),
//! else as a process.

pub mod cache;
mod library;

use std::path::{Path, PathBuf};
use std::process::Command;

use cache::{BuildCache, Dependency};
use std::sync::atomic::{AtomicU64, Ordering};

/// Splits build options on unquoted spaces; `"` toggles quoting and `\ ` is a literal space.
pub fn tokenize(options: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut started = false;
    let mut chars = options.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            '\\' if chars.peek() == Some(&' ') => {
                cur.push(' ');
                chars.next();
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    out.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            c => {
                cur.push(c);
                started = true;
            }
        }
    }
    if started {
        out.push(cur);
    }
    out
}

/// Options that Oclgrind drops (fast-math relaxations would hide real bugs).
const DROPPED: &[&str] = &[
    "-cl-fast-relaxed-math",
    "-cl-finite-math-only",
    "-cl-single-precision-constant",
    "-cl-unsafe-math-optimizations",
    "-cl-no-signed-zeros",
    "-cl-no-subgroup-ifp",
];

/// Extensions the device reports (and that kernels may therefore use).
const EXTENSIONS: &str = "-all,+cl_khr_fp64,+cl_khr_3d_image_writes,\
+cl_khr_global_int32_base_atomics,+cl_khr_global_int32_extended_atomics,\
+cl_khr_local_int32_base_atomics,+cl_khr_local_int32_extended_atomics,\
+cl_khr_int64_base_atomics,+cl_khr_int64_extended_atomics,+cl_khr_byte_addressable_store,\
+__opencl_c_fp64,+__opencl_c_int64,+__opencl_c_program_scope_global_variables,\
+__opencl_c_images,+__opencl_c_read_write_images,+__opencl_c_3d_image_writes,\
+__opencl_c_atomic_order_acq_rel,+__opencl_c_generic_address_space,+__opencl_c_subgroups,\
+cl_khr_subgroups,+cl_khr_fp16,+__opencl_c_fp16";

/// The clang arguments that follow from user options (everything but fixed flags and files).
#[derive(Debug, PartialEq, Eq)]
pub struct ClangOptions {
    pub args: Vec<String>,
    pub std: String,
    pub opt_level_given: bool,
}

/// Translates user build options; relative include directories are resolved against `cwd`.
pub fn translate_options(tokens: &[String], cwd: &Path) -> ClangOptions {
    let mut args = Vec::new();
    let mut std = "-cl-std=CL1.2".to_string();
    let mut opt_level_given = false;
    let mut it = tokens.iter();
    let absolute = |p: &str| -> String {
        let path = Path::new(p);
        if path.is_absolute() {
            p.to_string()
        } else {
            cwd.join(path).to_string_lossy().into_owned()
        }
    };
    while let Some(t) = it.next() {
        let t = t.as_str();
        if DROPPED.contains(&t) {
            continue;
        }
        if t == "-cl-denorms-are-zero" {
            args.push("-fdenormal-fp-math=preserve-sign".into());
        } else if t.starts_with("-cl-std=") {
            std = t.to_string();
        } else if t == "-cl-opt-disable" || t.starts_with("-O") {
            opt_level_given = true;
            args.push(t.to_string());
        } else if t == "-I" || t == "-iquote" || t == "-isystem" {
            args.push(t.to_string());
            if let Some(dir) = it.next() {
                args.push(absolute(dir));
            }
        } else if let Some(dir) = t.strip_prefix("-I") {
            args.push(format!("-I{}", absolute(dir)));
        } else {
            args.push(t.to_string());
        }
    }
    ClangOptions {
        args,
        std,
        opt_level_given,
    }
}

/// Bitcode plus the compiler's diagnostics.
#[derive(Debug)]
pub struct Compiled {
    pub bitcode: Vec<u8>,
    pub log: String,
    /// clang's closing `N warnings generated.` line, kept out of the log (Oclgrind's in-process
    /// clang prints it to stderr rather than into the build log).
    pub summary: Option<String>,
}

/// A failed build: the log explains why.
#[derive(Debug)]
pub struct BuildFailure {
    pub log: String,
    pub summary: Option<String>,
    /// The options were at fault rather than the source (`CL_INVALID_BUILD_OPTIONS`).
    pub bad_options: bool,
}

/// Why a compiler or translator could not do its work, apart from what it says of the input:
/// its files could not be written or read, or it could not be run. The text goes to the log.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    #[error("cannot create a scratch directory: {0}")]
    ScratchDir(#[source] std::io::Error),
    #[error("cannot write the source: {0}")]
    WriteSource(#[source] std::io::Error),
    /// A header name that is empty or leaves the scratch directory.
    #[error("invalid header name '{0}'")]
    HeaderName(String),
    #[error("cannot write header '{name}': {error}")]
    WriteHeader {
        name: String,
        #[source]
        error: std::io::Error,
    },
    #[error("cannot run {program}: {error}")]
    Run {
        program: String,
        #[source]
        error: std::io::Error,
    },
    #[error("cannot write the IL: {0}")]
    WriteIl(#[source] std::io::Error),
    /// The SPIR-V translator refused the module: what it said.
    #[error("the SPIR-V module could not be translated:\n{0}")]
    Translate(String),
    /// The translator's output cannot be read back.
    #[error("{0}")]
    ReadOutput(#[source] std::io::Error),
}

/// Whether clang's complaints are about its command line: source diagnostics name the file
/// (`input.cl:3:1: error:`), option errors do not.
fn blames_options(log: &str) -> bool {
    log.lines().any(|l| {
        let after_program = l.trim_start_matches(|c: char| c.is_alphanumeric() || c == '-');
        l.starts_with("error:") || after_program.starts_with(": error:")
    })
}

/// Splits clang's `N errors generated.` summary line off its diagnostics.
fn split_summary(stderr: &str) -> (String, Option<String>) {
    let is_summary = |l: &str| {
        let mut w = l.split(' ');
        w.next().is_some_and(|n| n.parse::<u32>().is_ok())
            && matches!(w.next(), Some("error" | "errors" | "warning" | "warnings"))
            && l.ends_with(" generated.")
    };
    let mut log = String::new();
    let mut summary = None;
    for l in stderr.lines() {
        if is_summary(l) {
            summary = Some(l.to_string());
        } else {
            log.push_str(l);
            log.push('\n');
        }
    }
    (log, summary)
}

/// The compiler to run as a process: `OCLGRIND_CLANG`, else clang-19.
fn clang() -> String {
    std::env::var("OCLGRIND_CLANG").unwrap_or_else(|_| "clang-19".to_string())
}

/// The clang library builds run in, if they run in this process: unless the user names a
/// compiler to run.
fn in_process() -> Option<&'static str> {
    library::identity().filter(|_| std::env::var_os("OCLGRIND_CLANG").is_none())
}

/// A private scratch directory, removed on drop.
struct ScratchDir(PathBuf);

impl ScratchDir {
    /// Creates a fresh directory only we can use: never one that already exists (another
    /// user could have planted links in it).
    fn new() -> std::io::Result<ScratchDir> {
        use std::os::unix::fs::DirBuilderExt;
        static COUNTER: AtomicU64 = AtomicU64::new(0);
        let mut last = None;
        for _ in 0..100 {
            let n = COUNTER.fetch_add(1, Ordering::Relaxed);
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.subsec_nanos());
            let name = format!("oclgrind-{}-{n}-{nanos:x}", std::process::id());
            let dir = std::env::temp_dir().join(name);
            match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
                Ok(()) => return Ok(ScratchDir(dir)),
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => last = Some(e),
                Err(e) => return Err(e),
            }
        }
        Err(last.unwrap_or_else(|| std::io::Error::other("no scratch directory")))
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// What to compile.
pub struct CompileJob<'a> {
    pub source: &'a str,
    /// Headers the source can include, by the name it includes them as (`clCompileProgram`).
    pub headers: &'a [(String, String)],
    /// The program's own options followed by `OCLGRIND_BUILD_OPTIONS`.
    pub options: &'a str,
    /// Debugging: build at -O0 unless the user chose a level.
    pub interactive: bool,
}

/// clang's arguments for a job, less its files: what decides the bitcode besides the source.
fn clang_args(job: &CompileJob, cwd: &Path) -> Vec<String> {
    let opts = translate_options(&tokenize(job.options), cwd);
    let mut args: Vec<String> = [
        "-x",
        "cl",
        "-target",
        "spir64-unknown-unknown",
        "-emit-llvm",
        "-c",
        "-g",
        "-fstandalone-debug",
        "-fno-discard-value-names",
        "-cl-kernel-arg-info",
        "-fno-builtin",
        "-fgnu89-inline",
        "-D__IMAGE_SUPPORT__=1",
        "-D__ENDIAN_LITTLE__=1",
        "-fno-color-diagnostics",
        // The device's OpenCL version, whatever language version the kernel is built for.
        "-D__OPENCL_VERSION__=300",
        "-Xclang",
    ]
    .map(str::to_string)
    .to_vec();
    args.push(format!("-cl-ext={EXTENSIONS}"));
    args.push("-iquote".into());
    args.push(cwd.to_string_lossy().into_owned());
    if !job.headers.is_empty() {
        // Headers are written next to the source; `#include <...>` finds them too.
        args.push("-I.".into());
    }
    if !opts.opt_level_given {
        args.push(if job.interactive { "-O0" } else { "-Oz" }.into());
    }
    args.extend(opts.args);
    // clang 19 knows no `__opencl_c_fp16` feature (it ignores the `-cl-ext` above), but the
    // device lists it among its OpenCL C 3.0 features.
    if opts.std.eq_ignore_ascii_case("-cl-std=CL3.0") {
        args.push("-D__opencl_c_fp16=1".into());
    }
    args.push(opts.std);
    args
}

/// Compiles OpenCL C to bitcode. The source is named `input.cl` in messages. An unchanged
/// program comes from the build cache (`cache`) without running clang.
pub fn compile(job: &CompileJob) -> Result<Compiled, BuildFailure> {
    let fail = |log: String| BuildFailure {
        log,
        summary: None,
        bad_options: false,
    };
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let args = clang_args(job, &cwd);
    let in_process = in_process();
    let compiler = in_process.map_or_else(clang, str::to_string);
    let cache = BuildCache::from_env().and_then(|c| {
        Some((
            BuildCache::key(&compiler, &args, job.source, job.headers)?,
            c,
        ))
    });
    if let Some(hit) = cache.as_ref().and_then(|(key, c)| c.get(key)) {
        return Ok(hit);
    }
    let fail_with = |e: ToolError| fail(e.to_string());
    let dir = ScratchDir::new().map_err(|e| fail_with(ToolError::ScratchDir(e)))?;
    std::fs::write(dir.0.join("input.cl"), job.source)
        .map_err(|e| fail_with(ToolError::WriteSource(e)))?;
    for (name, text) in job.headers {
        write_header(&dir.0, name, text).map_err(fail_with)?;
    }
    let ran = in_process.and_then(|_| library::run(&in_process_args(&args, &dir.0)));
    let (succeeded, stderr) = match ran {
        Some(run) => (run.succeeded, run.stderr),
        None => run_process(&args, &dir.0).map_err(fail_with)?,
    };
    let (log, summary) = split_summary(&stderr);
    if !succeeded {
        let bad_options = blames_options(&log);
        return Err(BuildFailure {
            log,
            summary,
            bad_options,
        });
    }
    let bitcode = std::fs::read(dir.0.join("output.bc")).map_err(|e| fail(format!("{log}{e}")))?;
    let compiled = Compiled {
        bitcode,
        log,
        summary,
    };
    if let Some((key, cache)) = &cache {
        // The source and embedded headers are in the key; files from elsewhere are checked
        // when the entry is used.
        let make = std::fs::read_to_string(dir.0.join("deps.d")).unwrap_or_default();
        let deps: Option<Vec<Dependency>> =
            cache::dependencies(&make, |p| p.is_absolute() && !p.starts_with(&dir.0))
                .iter()
                .map(|p| Dependency::of(p))
                .collect();
        // A dependency that cannot be read back would make a stale entry: none then.
        if let (Some(deps), true) = (deps, !make.is_empty()) {
            cache.put(key, &compiled, &deps);
        }
    }
    Ok(compiled)
}

/// The files every build reads and writes: the source `input.cl` (relative: the name messages
/// give it), the headers it read from disk (`deps.d`, for the cache) and the bitcode, those
/// two under `outputs` (the scratch directory, or `.` for a process running in it).
fn file_args(outputs: &Path) -> Vec<String> {
    let out = |name: &str| outputs.join(name).to_string_lossy().into_owned();
    let (deps, bitcode) = (out("deps.d"), out("output.bc"));
    ["-MMD", "-MF", &deps, "input.cl", "-o", &bitcode]
        .map(str::to_string)
        .to_vec()
}

/// Runs a clang process in the scratch directory: whether it succeeded, and its stderr.
fn run_process(args: &[String], dir: &Path) -> Result<(bool, String), ToolError> {
    let mut cmd = Command::new(clang());
    // The compiler is not the application: it need not load what `oclgrind` preloads.
    cmd.env_remove("LD_PRELOAD");
    cmd.current_dir(dir)
        .args(args)
        .args(file_args(Path::new(".")));
    let out = cmd.output().map_err(|error| ToolError::Run {
        program: clang(),
        error,
    })?;
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    Ok((out.status.success(), stderr))
}

/// The same compilation for clang in this process, whose working directory stays the
/// application's: clang resolves the source and the include paths against the scratch
/// directory (`-working-directory`), but writes its outputs where it is told, so those are
/// absolute.
fn in_process_args(args: &[String], dir: &Path) -> Vec<String> {
    let mut all = args.to_vec();
    all.push("-working-directory".into());
    all.push(dir.to_string_lossy().into_owned());
    all.extend(file_args(dir));
    all
}

/// Writes an embedded header under the scratch directory; names may have directories but must
/// stay inside it.
fn write_header(dir: &Path, name: &str, text: &str) -> Result<(), ToolError> {
    let relative = Path::new(name);
    let inside = relative
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !inside || name.is_empty() {
        return Err(ToolError::HeaderName(name.to_string()));
    }
    let cannot_write = |error| ToolError::WriteHeader {
        name: name.to_string(),
        error,
    };
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).map_err(cannot_write)?;
    }
    std::fs::write(&path, text).map_err(cannot_write)
}

/// The SPIR-V to LLVM translator: `OCLGRIND_LLVM_SPIRV`, else llvm-spirv-15.
pub fn spirv_translator() -> String {
    std::env::var("OCLGRIND_LLVM_SPIRV").unwrap_or_else(|_| "llvm-spirv-15".to_string())
}

/// Translates a SPIR-V module to LLVM bitcode; the error explains why it could not be.
pub fn translate_spirv(il: &[u8]) -> Result<Vec<u8>, ToolError> {
    let dir = ScratchDir::new().map_err(ToolError::ScratchDir)?;
    std::fs::write(dir.0.join("input.spv"), il).map_err(ToolError::WriteIl)?;
    let out = Command::new(spirv_translator())
        .env_remove("LD_PRELOAD")
        .current_dir(&dir.0)
        .args(["-r", "input.spv", "-o", "output.bc"])
        .output()
        .map_err(|error| ToolError::Run {
            program: spirv_translator(),
            error,
        })?;
    if !out.status.success() {
        return Err(ToolError::Translate(
            String::from_utf8_lossy(&out.stderr).trim_end().to_string(),
        ));
    }
    std::fs::read(dir.0.join("output.bc")).map_err(ToolError::ReadOutput)
}

/// Whether a file's contents are LLVM bitcode rather than source.
pub fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(b"BC") || data.starts_with(&[0xde, 0xc0, 0x17, 0x0b])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// clang in this process and as a process, on one job in one directory (the bitcode
    /// names its directory): their success, stderr and bitcode.
    #[cfg(clang_shim)]
    fn both_ways(source: &str, options: &str) -> [(bool, String, Vec<u8>); 2] {
        let job = CompileJob {
            source,
            headers: &[("h/values.h".to_string(), "#define SEVEN 7\n".to_string())],
            options,
            interactive: false,
        };
        let dir = ScratchDir::new().unwrap();
        std::fs::write(dir.0.join("input.cl"), source).unwrap();
        write_header(&dir.0, &job.headers[0].0, &job.headers[0].1).unwrap();
        let args = clang_args(&job, Path::new("/nonexistent"));
        let output = || std::fs::read(dir.0.join("output.bc")).unwrap_or_default();
        let (ok, stderr) = run_process(&args, &dir.0).unwrap();
        let process = (ok, stderr, output());
        let _ = std::fs::remove_file(dir.0.join("output.bc"));
        let cwd = std::env::current_dir().unwrap();
        let run = library::run(&in_process_args(&args, &dir.0)).expect("the shim loads");
        assert_eq!(
            std::env::current_dir().unwrap(),
            cwd,
            "the process stays where it was"
        );
        [process, (run.succeeded, run.stderr, output())]
    }

    #[test]
    #[cfg(clang_shim)]
    fn clang_in_process_makes_what_the_clang_process_makes() {
        let good = "#include <h/values.h>\nkernel void k(global int *a) { a[get_global_id(0)] = SEVEN; }\n";
        let [process, library] = both_ways(good, "-DX=1");
        assert!(process.0 && process.1.is_empty(), "{}", process.1);
        assert!(!process.2.is_empty() && is_bitcode(&process.2));
        assert_eq!(process, library);
        // Errors and warnings, with the source lines and the summary line.
        let bad = "kernel void k(global int *a) {\n  int unused;\n}\nvoid f() { g(); }\n";
        let [process, library] = both_ways(bad, "-Wall");
        assert!(
            !process.0 && process.1.contains("1 warning and 1 error generated."),
            "{}",
            process.1
        );
        assert_eq!(process.1, library.1);
        assert!(!library.0);
        // The driver's own errors, named as clang-19's.
        let [process, library] = both_ways(good, "-cl-no-such-option");
        assert!(process.1.starts_with("clang-19: error: unknown argument"));
        assert_eq!((process.0, &process.1), (library.0, &library.1));
    }

    #[test]
    fn tokenizer_handles_quotes_and_escapes() {
        assert_eq!(tokenize("  -DA=1   -DB  "), vec!["-DA=1", "-DB"]);
        assert_eq!(
            tokenize(r#"-DMSG="hello world" -I dir"#),
            vec!["-DMSG=hello world", "-I", "dir"]
        );
        assert_eq!(
            tokenize(r"-Ipath\ with\ spaces -w"),
            vec!["-Ipath with spaces", "-w"]
        );
        assert_eq!(tokenize(r#""""#), vec![""]);
        assert!(tokenize("").is_empty());
    }

    #[test]
    fn options_are_translated() {
        let t = tokenize(
            "-cl-fast-relaxed-math -cl-std=CL2.0 -DX -cl-denorms-are-zero -I inc -Iabs/x -I/usr/inc",
        );
        let o = translate_options(&t, Path::new("/work"));
        assert_eq!(o.std, "-cl-std=CL2.0");
        assert!(!o.opt_level_given);
        assert_eq!(
            o.args,
            vec![
                "-DX",
                "-fdenormal-fp-math=preserve-sign",
                "-I",
                "/work/inc",
                "-I/work/abs/x",
                "-I/usr/inc"
            ]
        );
        let o = translate_options(&tokenize("-cl-opt-disable"), Path::new("/"));
        assert!(o.opt_level_given);
        assert_eq!(o.std, "-cl-std=CL1.2");
        assert!(translate_options(&tokenize("-O3"), Path::new("/")).opt_level_given);
    }

    #[test]
    fn summary_lines_leave_the_log() {
        let (log, summary) = split_summary("a.cl:1:1: error: x\n1 error generated.\n");
        assert_eq!(log, "a.cl:1:1: error: x\n");
        assert_eq!(summary.as_deref(), Some("1 error generated."));
        let (_, s) = split_summary("2 warnings generated.\n");
        assert_eq!(s.as_deref(), Some("2 warnings generated."));
        assert_eq!(split_summary("3 things generated.\n").1, None);
    }

    #[test]
    fn option_errors_are_told_from_source_errors() {
        assert!(blames_options(
            "clang-19: error: unknown argument: '-cl-x'\n"
        ));
        assert!(blames_options(
            "error: invalid value 'CL9.9' in '-cl-std=CL9.9'\n"
        ));
        assert!(!blames_options(
            "input.cl:1:2: error: use of undeclared identifier 'x'\n"
        ));
        assert!(!blames_options(
            "warning: optimization level '-O9' is not supported\n"
        ));
    }

    #[test]
    fn bitcode_is_recognised() {
        assert!(is_bitcode(b"BC\xc0\xde"));
        assert!(!is_bitcode(b"kernel void"));
    }
}
