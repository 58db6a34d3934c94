//! `oclgrind-kernel`'s command line: help, version, option errors, logging, memory dumps and
//! quick mode, checked on the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_oclgrind-kernel"));
    for (k, _) in std::env::vars() {
        if k.starts_with("OCLGRIND_") {
            c.env_remove(k);
        }
    }
    c
}

/// A scratch directory holding a kernel and a .sim file.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str, cl: &str, sim: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("oclgrind-cli-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("k.cl"), cl).unwrap();
        std::fs::write(dir.join("k.sim"), sim).unwrap();
        Scratch(dir)
    }

    fn run(&self, args: &[&str]) -> Output {
        bin()
            .current_dir(&self.0)
            .args(args)
            .arg("k.sim")
            .output()
            .unwrap()
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const OOB_CL: &str =
    "kernel void k(global int *a) {\n  int i = get_global_id(0);\n  a[i + 4] = i;\n}\n";
const OOB_SIM: &str = "k.cl\nk\n4 1 1\n1 1 1\n<size=16 int fill=0>\n";

#[test]
fn help_and_version() {
    let out = bin().arg("--help").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let help = text(&out.stdout);
    assert!(help.starts_with("Usage: oclgrind-kernel [OPTIONS] simfile\n"));
    assert!(
        help.contains("  --num-threads       NUM      Set the number of worker threads to use\n")
    );
    let out = bin().arg("-v").output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("\nOclgrind 26.03.1 (oclgrind-rs "));
    // No simfile: usage on stdout, failure.
    let out = bin().output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("Usage:"));
}

#[test]
fn option_errors() {
    let out = bin().args(["--bogus", "x.sim"]).output().unwrap();
    assert_eq!(
        (out.status.code(), text(&out.stderr)),
        (Some(1), "Unrecognised option '--bogus'\n".into())
    );
    let out = bin().args(["--max-errors"]).output().unwrap();
    assert_eq!(text(&out.stderr), "Missing argument to --max-errors\n");
    let out = bin().args(["a.sim", "b.sim"]).output().unwrap();
    assert_eq!(
        text(&out.stderr),
        "Unexpected positional argument 'b.sim'\n"
    );
    let out = bin()
        .args(["--num-threads", "0", "a.sim"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("Invalid value for OCLGRIND_NUM_THREADS"));
    // A ballot has bits for 128 work-items at most.
    for size in ["0", "129"] {
        let out = bin()
            .args(["--sub-group-size", size, "a.sim"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        assert!(text(&out.stderr).contains("Invalid value for OCLGRIND_SUB_GROUP_SIZE"));
    }
    let out = bin()
        .env("OCLGRIND_DEVICE_TYPE", "dsp")
        .arg("a.sim")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr)
        .contains("Invalid value for OCLGRIND_DEVICE_TYPE: 'dsp' (gpu, cpu or accelerator)"));
    let out = bin().arg("/nonexistent.sim").output().unwrap();
    assert_eq!(text(&out.stderr), "Unable to open simulator file.\n");
}

/// A simulator file in Latin-1 runs (Oclgrind reads bytes); one of binary garbage fails where
/// it stops parsing, with Oclgrind's message (checked against Debian's oclgrind-kernel 21.10).
#[test]
fn sim_files_that_are_not_utf8() {
    let cl = "kernel void k(global int *o) { o[get_global_id(0)] = 3; }\n";
    let s = Scratch::new("latin1", cl, "");
    let sim = b"# commentaire \xe9t\xe9\nk.cl\nk\n2 1 1\n1 1 1\n<size=8 int fill=0 dump>\n";
    std::fs::write(s.path().join("k.sim"), sim).unwrap();
    let out = s.run(&[]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "\nArgument 'o': 8 bytes\n  o[0] = 3\n  o[1] = 3\n\n"
    );
    // Two lines of bytes that are no text, then no NDRange on the third.
    let garbage = b"\xff\xfe\x00\x9c\n\x01\x80\xc3\n\xe9\xe9\x07\n\x00\n";
    std::fs::write(s.path().join("k.sim"), garbage).unwrap();
    let out = s.run(&[]);
    assert_eq!(
        (out.status.code(), text(&out.stderr)),
        (Some(1), "Line 3: Failed to parse NDRange\n".into())
    );
}

#[test]
fn log_file_and_error_limit() {
    let s = Scratch::new("log", OOB_CL, OOB_SIM);
    let log = s.path().join("errors.log");
    let out = s.run(&["--log", log.to_str().unwrap(), "--max-errors", "2"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
    let logged = std::fs::read_to_string(&log).unwrap();
    assert_eq!(
        logged
            .matches("Invalid write of size 4 at global memory address")
            .count(),
        2
    );
    assert!(logged.contains("\nOclgrind: 2 errors generated - suppressing further errors\n\n"));
    // The first work-item writes just past the end of the 16-byte buffer 1.
    assert!(logged.starts_with(
        "\nInvalid write of size 4 at global memory address 0x1000000000010\n\tKernel: k\n"
    ));
}

#[test]
fn work_groups_run_in_order_with_deterministic_output() {
    let cl = "kernel void k(global int *a) {\n  printf(\"%d\\n\", (int)get_group_id(0));\n  if (get_group_id(0) % 3 == 1) a[100] = 1;\n}\n";
    let sim = "k.cl\nk\n12 1 1\n1 1 1\n<size=4 int fill=0>\n";
    let s = Scratch::new("order", cl, sim);
    let one = s.run(&["--num-threads", "1"]);
    let two = s.run(&["--num-threads", "2"]);
    assert_eq!(
        text(&one.stdout),
        (0..12).map(|g| format!("{g}\n")).collect::<String>()
    );
    assert_eq!(one.stdout, two.stdout);
    assert_eq!(one.stderr, two.stderr);
    assert_eq!(text(&one.stderr).matches("Invalid write").count(), 4);
}

#[test]
fn quick_mode_runs_first_and_last_groups() {
    let cl = "kernel void k(global int *a) {\n  a[get_global_id(0)] = 1;\n}\n";
    let sim = "k.cl\nk\n4 1 1\n1 1 1\n<size=16 int fill=0 dump>\n";
    let s = Scratch::new("quick", cl, sim);
    let out = s.run(&["--quick"]);
    assert_eq!(
        text(&out.stdout),
        "\nArgument 'a': 16 bytes\n  a[0] = 1\n  a[1] = 0\n  a[2] = 0\n  a[3] = 1\n\n"
    );
}

#[test]
fn global_memory_dump() {
    let cl = "kernel void k(global uchar *a) {\n  a[get_global_id(0)] += 0x10;\n}\n";
    let sim = "k.cl\nk\n5 1 1\n1 1 1\n<size=5 uchar range=1:1:5>\n";
    let s = Scratch::new("gmem", cl, sim);
    let out = s.run(&["-g"]);
    assert_eq!(
        text(&out.stdout),
        "\nGlobal Memory:\n\n   1000000000000: 11 12 13 14\n   1000000000004: 15\n"
    );
}

#[test]
fn build_options_and_failures() {
    let cl = "kernel void k(global int *a) {\n  a[0] = VALUE;\n}\n";
    let sim = "k.cl\nk\n1 1 1\n1 1 1\n<size=4 int fill=0 dump>\n";
    let s = Scratch::new("opts", cl, sim);
    let out = s.run(&["--build-options", "-DVALUE=42"]);
    assert!(
        text(&out.stdout).contains("a[0] = 42"),
        "{}",
        text(&out.stderr)
    );
    let out = s.run(&[]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("1 error generated.\nBuild failure:\ninput.cl:2:10: error"),
        "{err}"
    );
}

#[test]
fn bitcode_programs_run_without_source() {
    let s = Scratch::new("bitcode", OOB_CL, &OOB_SIM.replace("k.cl", "k.bc"));
    let status = Command::new("clang-19")
        .current_dir(s.path())
        .args([
            "-x",
            "cl",
            "-target",
            "spir64-unknown-unknown",
            "-emit-llvm",
            "-c",
            "-g",
        ])
        .args(["-cl-kernel-arg-info", "k.cl", "-o", "k.bc"])
        .status()
        .unwrap();
    assert!(status.success());
    let out = s.run(&[]);
    assert_eq!(out.status.code(), Some(0));
    let err = text(&out.stderr);
    assert!(
        err.contains("Invalid write of size 4 at global memory address 0x1000000000010"),
        "{err}"
    );
    // Debug information names the file clang compiled; the source itself is not available.
    assert!(
        err.contains("At line 3 (column 12) of k.cl:\n\t  (source not available)"),
        "{err}"
    );
    std::fs::write(s.path().join("k.bc"), b"BC not really bitcode").unwrap();
    let out = s.run(&[]);
    assert_eq!(
        (out.status.code(), text(&out.stderr)),
        (Some(1), "Failed to load bitcode from k.bc\n".into())
    );
}

#[test]
fn dump_spir_writes_source_and_ir() {
    let s = Scratch::new("dump", OOB_CL, OOB_SIM);
    let tmp = s.path().join("tmp");
    std::fs::create_dir(&tmp).unwrap();
    let out = bin()
        .current_dir(s.path())
        .env("TMPDIR", &tmp)
        .args(["--dump-spir", "k.sim"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(&tmp)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 3, "{names:?}");
    let stem = names[0].strip_suffix(".bc").expect("a .bc file");
    assert!(stem.starts_with("oclgrind_"));
    assert_eq!(names, [".bc", ".cl", ".ll"].map(|e| format!("{stem}{e}")));
    let ll = std::fs::read_to_string(tmp.join(format!("{stem}.ll"))).unwrap();
    assert!(ll.contains("define dso_local spir_kernel void @k"));
}

/// The build cache: an unchanged program is built without clang (a wrapper counts clang's
/// runs), a header changed on disk, a corrupt entry and `OCLGRIND_CACHE=0` make it run again,
/// and a failed build is never kept.
#[test]
fn build_cache_skips_clang_for_an_unchanged_program() {
    let cl =
        "#include \"value.h\"\nkernel void k(global int *a) {\n  a[get_global_id(0)] = VALUE;\n}\n";
    let sim = "k.cl\nk\n2 1 1\n1 1 1\n<size=8 int fill=0 dump>\n";
    let s = Scratch::new("cache", cl, sim);
    std::fs::write(s.path().join("value.h"), "#define VALUE 7\n").unwrap();
    let cache = s.path().join("cache");
    let runs = s.path().join("clang-runs");
    let wrapper = s.path().join("clang");
    std::fs::write(
        &wrapper,
        format!(
            "#!/bin/sh\necho run >> '{}'\nexec clang-19 \"$@\"\n",
            runs.display()
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).unwrap();
    let build = |extra: &[(&str, &str)]| {
        let out = bin()
            .current_dir(s.path())
            .env("OCLGRIND_CLANG", &wrapper)
            .env("OCLGRIND_CACHE_DIR", &cache)
            .envs(extra.iter().copied())
            .arg("k.sim")
            .output()
            .unwrap();
        let clang_runs = std::fs::read_to_string(&runs)
            .unwrap_or_default()
            .lines()
            .count();
        (text(&out.stdout), clang_runs)
    };
    let (first, n) = build(&[]);
    assert!(first.contains("a[1] = 7"), "{first}");
    assert_eq!(n, 1);
    let (again, n) = build(&[]);
    assert_eq!((again.as_str(), n), (first.as_str(), 1), "from the cache");
    // A header the kernel includes changes: built again.
    std::fs::write(s.path().join("value.h"), "#define VALUE 9\n").unwrap();
    let (changed, n) = build(&[]);
    assert!(changed.contains("a[1] = 9"), "{changed}");
    assert_eq!(n, 2);
    // One entry: the rebuild replaced the one whose header changed.
    let entries: Vec<_> = std::fs::read_dir(&cache)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert_eq!(entries.len(), 1, "{entries:?}");
    // A corrupt entry is a miss, and is written anew.
    for e in &entries {
        let bytes = std::fs::read(e).unwrap();
        std::fs::write(e, &bytes[..bytes.len() / 2]).unwrap();
    }
    let (rebuilt, n) = build(&[]);
    assert!(rebuilt.contains("a[1] = 9"), "{rebuilt}");
    assert_eq!(n, 3);
    assert_eq!(build(&[]).1, 3, "the rewritten entry is used");
    // Off: clang runs every time.
    assert_eq!(build(&[("OCLGRIND_CACHE", "0")]).1, 4);
    assert_eq!(build(&[("OCLGRIND_CACHE", "0")]).1, 5);
    // A failed build is not kept.
    std::fs::write(s.path().join("value.h"), "#define VALUE nope\n").unwrap();
    let (_, n) = build(&[]);
    let (failed, m) = build(&[]);
    assert!(failed.is_empty() && m == n + 1, "{failed} {n} {m}");
}
