//! Dynamic plugins: the example plugins (C: `examples/plugins/access_sizes.c`, Rust:
//! `examples/plugins/rust`, built by the workspace as `liboclgrind_watch.so`) loaded into
//! `oclgrind-kernel` and into a host program through both loaders, several at once, and the
//! failures: a missing library, one without the entry point, one built for another API
//! version, a panicking Rust plugin. A C program also checks that the Rust types of
//! `oclgrind-plugin-abi` lay out as `oclgrind_plugin.h` does.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use oclgrind_tests::{
    bin_dir, compile_host, kernel_binary, match_output, parse_reference, require_built, run_cases,
    run_merged, workspace, Case, Loader, Runtime,
};

const TIMEOUT: Duration = Duration::from_secs(180);

/// What the C plugin says of `one_group_each.sim`: a load and a store of 4 bytes by each of
/// the eight work-items.
const HISTOGRAM: &str = "\
EXACT Memory accesses of kernel 'scale' by space, kind and size:
EXACT   global   load      4 bytes: 8
EXACT   global   store     4 bytes: 8
";

/// The kernel's result: every element doubled.
const DUMP: &str = "\
EXACT Argument 'data': 32 bytes
EXACT   data[0] = 2
EXACT   data[1] = 4
EXACT   data[2] = 6
EXACT   data[3] = 8
EXACT   data[4] = 10
EXACT   data[5] = 12
EXACT   data[6] = 14
EXACT   data[7] = 16
";

/// What the Rust plugin says when it watches `data[2]` (work-item 2 doubles 3): the write in
/// Oclgrind's layout ...
const WATCHED_WRITE: &str = "\
EXACT Write to watched address 0x1000000000008: 0x00000003 -> 0x00000006
EXACT \tKernel: scale
EXACT \tEntity: Global(2,0,0) Local(0,0,0) Group(2,0,0)
MATCH store i32
MATCH At line 5 (column
EXACT \t  data[i] = 2 * data[i];
EXACT \t
";

/// ... and how many it saw at the launch's end, on one worker thread, since the plugin is not
/// thread-safe.
const WATCHED_END: &str =
    "EXACT Watch: kernel 'scale' wrote to 0x1000000000008 1 times, on 1 worker thread\n";

struct Plugins {
    c: PathBuf,
    rust: PathBuf,
    bad_version: PathBuf,
    no_entry: PathBuf,
}

/// Builds a shared library from one C file against the plugin header.
fn shared_library(source: &Path, out: &Path) -> Result<PathBuf, String> {
    let include = workspace().join("plugin-abi/include");
    let stem = source.file_stem().expect("file name").to_string_lossy();
    let lib = out.join(format!("lib{stem}.so"));
    let run = Command::new("gcc")
        .args(["-shared", "-fPIC", "-O2", "-std=c11", "-Wall", "-Werror"])
        .arg("-I")
        .arg(&include)
        .arg(source)
        .arg("-o")
        .arg(&lib)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !run.status.success() {
        return Err(String::from_utf8_lossy(&run.stderr).into_owned());
    }
    Ok(lib)
}

/// Runs `oclgrind-kernel ARGS one_group_each.sim` with `env`; its output must match `reference`.
fn kernel_run(args: &[&str], env: &[(&str, &str)], reference: &str) -> Result<(), String> {
    let mut cmd = Command::new(kernel_binary());
    cmd.current_dir(workspace().join("tests/plugins"));
    oclgrind_tests::without_settings(&mut cmd);
    cmd.envs(env.iter().copied())
        .args(args)
        .arg("one_group_each.sim");
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    if run.status != Some(0) {
        return Err(format!("exit status {:?}:\n{}", run.status, run.output));
    }
    match_output(&run.output, &parse_reference(reference)?)
        .map_err(|e| format!("{e}\n--- output ---\n{}", run.output))
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// The sizes and offsets the C compiler gives the header's structs, against the Rust types'.
fn layout(out: &Path) -> Result<(), String> {
    use oclgrind_plugin_abi as abi;
    use std::mem::{offset_of, size_of};
    let exe = out.join("layout");
    let run = Command::new("gcc")
        .arg("-I")
        .arg(workspace().join("plugin-abi/include"))
        .arg(workspace().join("tests/plugins/layout.c"))
        .arg("-o")
        .arg(&exe)
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if !run.status.success() {
        return Err(String::from_utf8_lossy(&run.stderr).into_owned());
    }
    let printed = Command::new(&exe)
        .output()
        .map_err(|e| format!("cannot run the layout program: {e}"))?;
    let c = String::from_utf8_lossy(&printed.stdout);
    let rust = [
        ("oclgrind_launch", size_of::<abi::Launch>()),
        (
            "oclgrind_launch.work_dim",
            offset_of!(abi::Launch, work_dim),
        ),
        (
            "oclgrind_launch.global_offset",
            offset_of!(abi::Launch, global_offset),
        ),
        (
            "oclgrind_launch.num_groups",
            offset_of!(abi::Launch, num_groups),
        ),
        ("oclgrind_work_item", size_of::<abi::WorkItem>()),
        ("oclgrind_work_item.group", offset_of!(abi::WorkItem, group)),
        ("oclgrind_access", size_of::<abi::Access>()),
        ("oclgrind_access.kind", offset_of!(abi::Access, kind)),
        ("oclgrind_access.address", offset_of!(abi::Access, address)),
        ("oclgrind_access.size", offset_of!(abi::Access, size)),
        ("oclgrind_access.data", offset_of!(abi::Access, data)),
        ("oclgrind_location", size_of::<abi::Location>()),
        ("oclgrind_location.line", offset_of!(abi::Location, line)),
        (
            "oclgrind_location.column",
            offset_of!(abi::Location, column),
        ),
        (
            "oclgrind_location.instruction",
            offset_of!(abi::Location, instruction),
        ),
        ("oclgrind_host_api", size_of::<abi::HostApi>()),
        ("oclgrind_host_api.report", offset_of!(abi::HostApi, report)),
        (
            "oclgrind_host_api.read_memory",
            offset_of!(abi::HostApi, read_memory),
        ),
        ("oclgrind_plugin", size_of::<abi::Plugin>()),
        (
            "oclgrind_plugin.interests",
            offset_of!(abi::Plugin, interests),
        ),
        (
            "oclgrind_plugin.thread_safe",
            offset_of!(abi::Plugin, thread_safe),
        ),
        ("oclgrind_plugin.user", offset_of!(abi::Plugin, user)),
        (
            "oclgrind_plugin.kernel_begin",
            offset_of!(abi::Plugin, kernel_begin),
        ),
        (
            "oclgrind_plugin.memory_access",
            offset_of!(abi::Plugin, memory_access),
        ),
        ("oclgrind_plugin.log", offset_of!(abi::Plugin, log)),
        ("oclgrind_plugin.release", offset_of!(abi::Plugin, release)),
        ("OCLGRIND_PLUGIN_API_VERSION", abi::API_VERSION as usize),
    ];
    let expected: String = rust.iter().map(|(n, v)| format!("{n} {v}\n")).collect();
    if c != expected {
        return Err(format!("C says:\n{c}Rust says:\n{expected}"));
    }
    Ok(())
}

/// Both plugins in a host program (the README's example app), through both loaders: the
/// C plugin's histogram of each launch comes after the launch's own output, then the Rust
/// plugin's count of writes to `out[10]` (work-item 10 of smooth writes it once).
fn host_program(plugins: &Plugins, out: &Path) -> Result<(), String> {
    let exe = out.join("smooth");
    compile_host(&workspace().join("examples/app/smooth.c"), &exe)?;
    let runtime = Runtime::new(&bin_dir(), out);
    let both = format!("{}:{}", path(&plugins.c), path(&plugins.rust));
    for loader in Loader::BOTH {
        let mut cmd = runtime.command(loader, &exe, &["--plugins", &both]);
        // The app reads its kernels from smooth.cl.
        cmd.current_dir(workspace().join("examples/app"));
        cmd.env("OCLGRIND_WATCH", "0x2000000000028");
        if loader == Loader::Icd {
            cmd.env("OCLGRIND_PLUGINS", &both);
        }
        let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
        // smooth: three loads by each of 1024 work-items (the one past the end, which
        // MemCheck reports, included) and a store each; block_sums: each work-item loads its
        // sample and stores it in local memory, and each group's first one loads the group's
        // 64 and stores their sum.
        let reference = "\
EXACT Running on Oclgrind Simulator
ERROR Write to watched address 0x2000000000028: 0x00000000 -> 0x
ERROR Invalid read of size 4 at global memory address
EXACT Memory accesses of kernel 'smooth' by space, kind and size:
EXACT   global   load      4 bytes: 3072
EXACT   global   store     4 bytes: 1024
EXACT Watch: kernel 'smooth' wrote to 0x2000000000028 1 times, on 1 worker thread
MATCH Smoothed 1024 samples
EXACT Memory accesses of kernel 'block_sums' by space, kind and size:
EXACT   global   load      4 bytes: 1024
EXACT   global   store     4 bytes: 16
EXACT   local    load      4 bytes: 1024
EXACT   local    store     4 bytes: 1024
EXACT Watch: kernel 'block_sums' wrote to 0x2000000000028 0 times, on 1 worker thread
MATCH Block sums: 16 blocks of 64
";
        match_output(&run.output, &parse_reference(reference)?).map_err(|e| {
            format!(
                "{} ({}): {e}\n--- output ---\n{}",
                exe.display(),
                loader.tag(),
                run.output
            )
        })?;
    }
    Ok(())
}

fn main() {
    require_built(&["oclgrind-kernel", "oclgrind", "liboclgrind_watch.so"]);
    let out = std::env::temp_dir().join(format!("oclgrind-plugins-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("scratch directory");
    let dir = workspace().join("tests/plugins");
    let built = (|| -> Result<Plugins, String> {
        Ok(Plugins {
            c: shared_library(&workspace().join("examples/plugins/access_sizes.c"), &out)?,
            rust: bin_dir().join("liboclgrind_watch.so"),
            bad_version: shared_library(&dir.join("bad_version.c"), &out)?,
            no_entry: shared_library(&dir.join("no_entry.c"), &out)?,
        })
    })();
    let p = match built {
        Ok(p) => p,
        Err(e) => {
            println!("building the plugins failed:\n{e}");
            std::process::exit(1);
        }
    };
    let (c, rust) = (path(&p.c), path(&p.rust));
    let both = format!("{c}:{rust}");
    let watch = ("OCLGRIND_WATCH", "0x1000000000008");
    let missing = out.join("libmissing.so");
    let cases: Vec<Case> = vec![
        ("layout", Box::new(|| layout(&out))),
        (
            "c_plugin",
            Box::new(|| {
                let reference = format!("{HISTOGRAM}{DUMP}");
                kernel_run(&["--num-threads", "4", "--plugins", c], &[], &reference)
            }),
        ),
        (
            "rust_plugin",
            Box::new(|| {
                let reference = format!("{WATCHED_WRITE}{WATCHED_END}{DUMP}");
                kernel_run(
                    &["--num-threads", "4", "--plugins", rust],
                    &[watch],
                    &reference,
                )
            }),
        ),
        (
            "both_from_the_environment",
            Box::new(|| {
                // The write as it happens, then in load order each plugin's message at the
                // launch's end.
                let reference = format!("{WATCHED_WRITE}{HISTOGRAM}{WATCHED_END}{DUMP}");
                kernel_run(&[], &[watch, ("OCLGRIND_PLUGINS", &both)], &reference)
            }),
        ),
        (
            "missing_library",
            Box::new(|| {
                let reference = format!(
                    "EXACT Loading Oclgrind plugin failed (dlopen): {}: cannot open shared object file: No such file or directory\n{HISTOGRAM}{DUMP}",
                    missing.display()
                );
                kernel_run(
                    &["--plugins", &format!("{}:{c}", missing.display())],
                    &[],
                    &reference,
                )
            }),
        ),
        (
            "no_entry_point",
            Box::new(|| {
                let reference = format!(
                    "EXACT Loading Oclgrind plugin failed (dlsym): {}: undefined symbol: oclgrind_plugin_init\n{DUMP}",
                    p.no_entry.display()
                );
                kernel_run(&["--plugins", path(&p.no_entry)], &[], &reference)
            }),
        ),
        (
            "other_api_version",
            Box::new(|| {
                let reference = format!(
                    "EXACT Loading Oclgrind plugin failed: {} was built for plugin API version 99, and this Oclgrind has version 1 (rebuild it with this oclgrind_plugin.h)\n{DUMP}",
                    p.bad_version.display()
                );
                kernel_run(&["--plugins", path(&p.bad_version)], &[], &reference)
            }),
        ),
        (
            "rust_plugin_panics",
            Box::new(|| {
                // The panic stops at the plugin's edge: reported, and the run goes on.
                let reference = format!(
                    "MATCH panicked at\n\
                     EXACT asked to (OCLGRIND_WATCH_PANIC)\n\
                     MATCH note: run with `RUST_BACKTRACE=1`\n\
                     EXACT Oclgrind plugin: memory_access panicked: asked to (OCLGRIND_WATCH_PANIC)\n\
                     EXACT Watch: kernel 'scale' wrote to 0x1000000000008 0 times, on 1 worker thread\n{DUMP}"
                );
                let env = [
                    watch,
                    ("OCLGRIND_WATCH_PANIC", "1"),
                    ("RUST_BACKTRACE", "0"),
                ];
                kernel_run(&["--plugins", rust], &env, &reference)
            }),
        ),
        ("host_program", Box::new(|| host_program(&p, &out))),
    ];
    let failures = run_cases("plugins", &cases);
    let _ = std::fs::remove_dir_all(&out);
    if failures > 0 {
        std::process::exit(1);
    }
}
