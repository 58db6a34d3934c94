//! Diagnostics for CI: `--error-exitcode` in both front ends (errors of MemCheck, the race
//! detector, divergence, API errors under `--check-api`; clean runs keep their status), and
//! `--diagnostics-file` as SARIF 2.1.0 — checked by the SARIF SDK's validator and read back
//! by sarif-tools (both installed by `scripts/install-deps.sh`) — and as JSON lines. The
//! expected diagnostics are those the golden references of the same kernels list.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use oclgrind_tests::{
    bin_dir, compile_host, kernel_binary, run_cases, run_merged, workspace, Case, Loader, Runtime,
};
use serde_json::Value;

const TIMEOUT: Duration = Duration::from_secs(180);

/// `oclgrind-kernel ARGS golden/<test>.sim` with the arguments of its `# ARGS` line; its exit
/// status.
fn kernel(test: &str, args: &[&str]) -> Result<i32, String> {
    let sim = workspace().join("tests/golden").join(format!("{test}.sim"));
    let text = std::fs::read_to_string(&sim).map_err(|e| e.to_string())?;
    let mut cmd = Command::new(kernel_binary());
    cmd.current_dir(sim.parent().expect("a directory"));
    oclgrind_tests::without_settings(&mut cmd);
    if let Some(own) = text.lines().next().and_then(|l| l.strip_prefix("# ARGS: ")) {
        cmd.args(own.split(' ').filter(|a| !a.is_empty()));
    }
    cmd.args(args).arg(sim.file_name().expect("file name"));
    let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
    run.status
        .ok_or_else(|| format!("{test} did not exit:\n{}", run.output))
}

fn expect_status(what: &str, got: Result<i32, String>, want: i32) -> Result<(), String> {
    match got {
        Ok(status) if status == want => Ok(()),
        Ok(status) => Err(format!("{what}: exit status {status}, expected {want}")),
        Err(e) => Err(format!("{what}: {e}")),
    }
}

fn kernel_exit_codes() -> Result<(), String> {
    let code = ["--error-exitcode", "3"];
    expect_status(
        "an invalid write",
        kernel("memcheck/continue_after_fault", &code),
        3,
    )?;
    expect_status("data races", kernel("races/global_read_write", &code), 3)?;
    expect_status(
        "barrier divergence",
        kernel("barrier/async_divergent", &code),
        3,
    )?;
    // Warnings are not errors; a clean kernel keeps its status, and so does one whose
    // errors nobody asked an exit code for.
    expect_status(
        "uninitialised values (warnings)",
        kernel("uninit/private_accumulator", &code),
        0,
    )?;
    expect_status("a clean kernel", kernel("counts/loop_oz", &code), 0)?;
    expect_status(
        "errors without the option",
        kernel("memcheck/continue_after_fault", &[]),
        0,
    )?;
    // An exit status is one byte: 256 would be 0 to the shell, and a CI job would pass.
    for bad in ["256", "512", "-256", "0"] {
        expect_status(
            &format!("--error-exitcode {bad}"),
            kernel("memcheck/continue_after_fault", &["--error-exitcode", bad]),
            1,
        )?;
    }
    expect_status(
        "--error-exitcode 255",
        kernel(
            "memcheck/continue_after_fault",
            &["--error-exitcode", "255"],
        ),
        255,
    )
}

/// A diagnostics file that cannot be written fails the run, in both front ends: at once when
/// it cannot be created, at the end when a diagnostic could not be added (a full device).
fn unwritable_diagnostics(out: &Path) -> Result<(), String> {
    let missing = out.join("no such directory/diagnostics.sarif");
    let missing = missing.to_str().expect("UTF-8");
    let cases: [(&str, &[&str]); 4] = [
        ("a missing directory", &["--diagnostics-file", missing]),
        ("a full device", &["--diagnostics-file", "/dev/full"]),
        (
            "a full device, JSON lines",
            &[
                "--diagnostics-format",
                "jsonl",
                "--diagnostics-file",
                "/dev/full",
            ],
        ),
        (
            "a full device, with an exit code",
            &[
                "--diagnostics-format",
                "jsonl",
                "--diagnostics-file",
                "/dev/full",
                "--error-exitcode",
                "9",
            ],
        ),
    ];
    for (what, args) in cases {
        let want = if args.contains(&"9") { 9 } else { 1 };
        expect_status(
            &format!("oclgrind-kernel, {what}"),
            kernel("memcheck/continue_after_fault", args),
            want,
        )?;
    }
    let runtime = Runtime::new(&bin_dir(), out);
    let smooth = out.join("smooth_unwritable");
    compile_host(&workspace().join("examples/app/smooth.c"), &smooth)?;
    for (what, args) in cases {
        let want = if args.contains(&"9") { 9 } else { 1 };
        let mut cmd = runtime.command(Loader::Launcher, &smooth, args);
        cmd.current_dir(workspace().join("examples/app"));
        let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
        expect_status(
            &format!("oclgrind, {what}"),
            run.status
                .ok_or_else(|| format!("did not exit:\n{}", run.output)),
            want,
        )?;
        if !run
            .output
            .contains("Oclgrind: cannot write diagnostics to ")
        {
            return Err(format!("oclgrind, {what}: no message\n{}", run.output));
        }
    }
    // /dev/full is still the device: a SARIF document is not renamed over it.
    let device = std::fs::metadata("/dev/full").map_err(|e| e.to_string())?;
    match device.is_file() {
        true => Err("/dev/full was replaced by a file".into()),
        false => Ok(()),
    }
}

/// The SARIF SDK's validator in the cache `install-deps.sh` fills.
fn multitool() -> Result<PathBuf, String> {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .ok_or("no cache directory (HOME unset)")?;
    let tool = cache.join("oclgrind-tests/sarif-multitool-5.7.0/package/Sarif.Multitool");
    if tool.is_file() {
        Ok(tool)
    } else {
        Err(format!(
            "{} is missing: run ./scripts/install-deps.sh",
            tool.display()
        ))
    }
}

/// Validates a SARIF file with the SARIF SDK: no schema error and no rule's finding.
fn validate(sarif: &Path, out: &Path) -> Result<(), String> {
    let log = out.join(format!(
        "{}.validation.sarif",
        sarif.file_name().expect("name").to_string_lossy()
    ));
    let _ = std::fs::remove_file(&log);
    let run = Command::new(multitool()?)
        .env("DOTNET_SYSTEM_GLOBALIZATION_INVARIANT", "1")
        .arg("validate")
        .arg(sarif)
        .arg("-o")
        .arg(&log)
        .output()
        .map_err(|e| format!("cannot run the SARIF validator: {e}"))?;
    let said = String::from_utf8_lossy(&run.stdout).into_owned();
    let text = std::fs::read_to_string(&log)
        .map_err(|e| format!("the validator wrote no log ({e}):\n{said}"))?;
    let log: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let findings = log["runs"][0]["results"].as_array().map_or(0, |r| r.len());
    if findings > 0 || !run.status.success() {
        return Err(format!("the SARIF validator found problems:\n{said}"));
    }
    Ok(())
}

/// sarif-tools' CSV of a SARIF file: (severity, rule, description, file, line) per result.
fn read_back(sarif: &Path, out: &Path) -> Result<Vec<Vec<String>>, String> {
    let csv = out.join("results.csv");
    let run = Command::new("python3")
        .args(["-m", "sarif", "csv", "--output"])
        .arg(&csv)
        .arg(sarif)
        .output()
        .map_err(|e| format!("cannot run sarif-tools: {e}"))?;
    if !run.status.success() {
        return Err(format!(
            "sarif-tools failed (installed by ./scripts/install-deps.sh):\n{}",
            String::from_utf8_lossy(&run.stderr)
        ));
    }
    let text = std::fs::read_to_string(&csv).map_err(|e| e.to_string())?;
    Ok(text
        .lines()
        .skip(1)
        .map(|l| l.split(',').skip(1).map(str::to_string).collect())
        .collect())
}

fn sarif_of_races_and_uninitialised_values(out: &Path) -> Result<(), String> {
    let races = out.join("races.sarif");
    kernel(
        "races/global_read_write",
        &["--diagnostics-file", races.to_str().expect("UTF-8")],
    )?;
    validate(&races, out)?;
    let mut rows = read_back(&races, out)?;
    // As the golden reference lists them: four races, each at its first access's line
    // (sarif-tools sorts them by their text).
    let row = |address: &str, line: &str| {
        vec![
            "error".to_string(),
            "data-race".to_string(),
            format!("Read-write data race at global memory address {address}"),
            "input.cl".to_string(),
            line.to_string(),
        ]
    };
    let mut want = vec![
        row("0x1000000000004", "6"),
        row("0x1000000000008", "6"),
        row("0x1000000000000", "7"),
        row("0x100000000000c", "6"),
    ];
    rows.sort();
    want.sort();
    if rows != want {
        return Err(format!("read back:\n{rows:?}\nexpected:\n{want:?}"));
    }
    // The second access is a related location, with its entity.
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(&races).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let first = &log["runs"][0]["results"][0];
    let second = &first["relatedLocations"][0];
    let checks = [
        (
            &second["message"]["text"],
            "Second entity: Global(0,0,0) Local(0,0,0) Group(0,0,0)",
        ),
        (
            &second["physicalLocation"]["region"]["snippet"]["text"],
            "out[i] = data[(i + 1) % get_global_size(0)];",
        ),
        (&first["properties"]["kernel"], "global_read_write"),
    ];
    for (got, want) in checks {
        if got.as_str() != Some(want) {
            return Err(format!("{got} is not {want:?} in\n{first:#}"));
        }
    }
    if first["properties"]["workItem"]["global"] != serde_json::json!([1, 0, 0]) {
        return Err(format!("the first access's work-item:\n{first:#}"));
    }

    let uninit = out.join("uninit.sarif");
    kernel(
        "uninit/private_accumulator",
        &["--diagnostics-file", uninit.to_str().expect("UTF-8")],
    )?;
    validate(&uninit, out)?;
    let rows = read_back(&uninit, out)?;
    if rows.len() != 4
        || rows.iter().any(|r| {
            r[..2] != ["warning", "uninitialized-value"] || r[3] != "input.cl" || r[4] != "7"
        })
    {
        return Err(format!("read back:\n{rows:?}"));
    }
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(&uninit).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let origin = &log["runs"][0]["results"][0]["relatedLocations"][0];
    if origin["message"]["text"] != "Origin: private variable 'sum' declared at line 4 of input.cl"
        || origin["physicalLocation"]["region"]["startLine"] != 4
    {
        return Err(format!("the origin:\n{origin:#}"));
    }
    Ok(())
}

fn json_lines(out: &Path) -> Result<(), String> {
    let file = out.join("uninit.jsonl");
    kernel(
        "uninit/private_accumulator",
        &["--diagnostics-file", file.to_str().expect("UTF-8")],
    )?;
    let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
    let lines: Vec<Value> = text
        .lines()
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("not JSON lines ({e}):\n{text}"))?;
    if lines.len() != 4 {
        return Err(format!("{} lines:\n{text}", lines.len()));
    }
    let third = &lines[2];
    let checks = [
        (&third["level"], serde_json::json!("warning")),
        (&third["ruleId"], serde_json::json!("uninitialized-value")),
        (
            &third["message"],
            serde_json::json!(
                "Uninitialized value written to global memory address 0x1000000000008"
            ),
        ),
        (&third["kernel"], serde_json::json!("private_accumulator")),
        (&third["location"]["line"], serde_json::json!(7)),
        (&third["location"]["column"], serde_json::json!(25)),
        (&third["workItem"]["global"], serde_json::json!([2, 0, 0])),
        (&third["workGroup"], serde_json::json!([1, 0, 0])),
        (
            &third["origin"]["message"],
            serde_json::json!("private variable 'sum' declared at line 4 of input.cl"),
        ),
        (&third["origin"]["location"]["line"], serde_json::json!(4)),
    ];
    for (got, want) in checks {
        if *got != want {
            return Err(format!("{got} is not {want} in\n{third:#}"));
        }
    }
    Ok(())
}

/// Performance lints (`perf/tile`, `perf/odd`): SARIF `note`s under their rules with their
/// figures, the same as JSON lines, and never an error for `--error-exitcode`.
fn performance_lints(out: &Path) -> Result<(), String> {
    let sarif = out.join("perf.sarif");
    let args = ["--error-exitcode", "3", "--diagnostics-file"];
    let status = kernel(
        "perf/tile",
        &[&args[..], &[sarif.to_str().expect("UTF-8")]].concat(),
    );
    expect_status("lints alone", status, 0)?;
    validate(&sarif, out)?;
    let mut rows = read_back(&sarif, out)?;
    rows.sort();
    // As perf/tile.ref lists them: the 32-way conflict at line 10, and the totals (no line).
    let conflict = ["note", "bank-conflict"].map(String::from);
    let totals = ["note", "performance-figures"].map(String::from);
    if rows.len() != 2 || rows[0][..2] != conflict || rows[0][4] != "10" || rows[1][..2] != totals {
        return Err(format!("read back:\n{rows:?}"));
    }
    let log: Value =
        serde_json::from_str(&std::fs::read_to_string(&sarif).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
    let first = &log["runs"][0]["results"][0];
    let want = serde_json::json!({"kind": "local", "accesses": 64, "passes": 2048, "ideal": 64});
    if first["properties"]["figures"] != want || first["properties"]["subGroupSize"] != 32 {
        return Err(format!("the conflict's figures:\n{first:#}"));
    }

    let jsonl = out.join("perf.jsonl");
    kernel(
        "perf/odd",
        &["--diagnostics-file", jsonl.to_str().expect("UTF-8")],
    )?;
    let text = std::fs::read_to_string(&jsonl).map_err(|e| e.to_string())?;
    let lines: Vec<Value> = (text.lines())
        .map(serde_json::from_str)
        .collect::<Result<_, _>>()
        .map_err(|e| format!("not JSON lines ({e}):\n{text}"))?;
    let rules: Vec<_> = lines.iter().map(|l| l["ruleId"].clone()).collect();
    let want = [
        "divergent-branch",
        "uncoalesced-access",
        "performance-figures",
    ];
    if rules != want.map(|r| serde_json::json!(r)) {
        return Err(format!("rules {rules:?} in\n{text}"));
    }
    let write = &lines[1];
    let checks = [
        (&write["level"], serde_json::json!("note")),
        (&write["location"]["line"], serde_json::json!(5)),
        (
            &write["figures"],
            serde_json::json!({"kind": "global", "write": true, "requests": 8, "sectors": 32, "ideal": 16}),
        ),
    ];
    for (got, want) in checks {
        if *got != want {
            return Err(format!("{got} is not {want} in\n{write:#}"));
        }
    }
    Ok(())
}

/// Host programs through the launcher: an error gives the code, a clean program its own
/// status, and a crash after a diagnostic leaves a complete SARIF file.
fn host_programs(out: &Path) -> Result<(), String> {
    let runtime = Runtime::new(&bin_dir(), out);
    let build = |source: &Path, name: &str| -> Result<PathBuf, String> {
        let exe = out.join(name);
        compile_host(source, &exe)?;
        Ok(exe)
    };
    let status = |exe: &Path, dir: &Path, args: &[&str]| -> Result<i32, String> {
        let mut cmd = runtime.command(Loader::Launcher, exe, args);
        cmd.current_dir(dir);
        let run = run_merged(cmd, TIMEOUT).map_err(|e| format!("cannot run: {e}"))?;
        run.status
            .ok_or_else(|| format!("{} did not exit:\n{}", exe.display(), run.output))
    };
    let apps = workspace().join("tests/apps");
    let smooth = build(&workspace().join("examples/app/smooth.c"), "smooth")?;
    let example = workspace().join("examples/app");
    let code = ["--error-exitcode", "7"];
    expect_status(
        "the example app's invalid read",
        status(&smooth, &example, &code),
        7,
    )?;
    let clean = build(&apps.join("inst_counts.c"), "clean")?;
    expect_status("a clean program", status(&clean, &apps, &code), 0)?;
    let api = build(&apps.join("check_api.c"), "check_api")?;
    expect_status(
        "API errors under --check-api",
        status(&api, &apps, &["--check-api", "--error-exitcode", "7"]),
        7,
    )?;
    let own = build(&workspace().join("tests/reports/exits_4.c"), "exits_4")?;
    expect_status(
        "a clean program's own status",
        status(&own, &apps, &code),
        4,
    )?;
    // It reports an invalid write, then aborts: the file still holds the report.
    let crash = build(&workspace().join("tests/reports/crash.c"), "crash")?;
    let sarif = out.join("crash.sarif");
    let args = [
        "--error-exitcode",
        "7",
        "--diagnostics-file",
        sarif.to_str().expect("UTF-8"),
    ];
    expect_status("a crash after an error", status(&crash, &apps, &args), 7)?;
    validate(&sarif, out)?;
    let rows = read_back(&sarif, out)?;
    let want = vec![vec![
        "error".to_string(),
        "invalid-write".to_string(),
        "Invalid write of size 4 at global memory address 0x1000000000010".to_string(),
        "input.cl".to_string(),
        "3".to_string(),
    ]];
    if rows != want {
        return Err(format!("read back:\n{rows:?}\nexpected:\n{want:?}"));
    }
    Ok(())
}

fn main() {
    let out = std::env::temp_dir().join(format!("oclgrind-reports-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("scratch directory");
    let cases: Vec<Case> = vec![
        ("kernel_exit_codes", Box::new(kernel_exit_codes)),
        (
            "sarif_of_races_and_uninitialised_values",
            Box::new(|| sarif_of_races_and_uninitialised_values(&out)),
        ),
        ("json_lines", Box::new(|| json_lines(&out))),
        ("performance_lints", Box::new(|| performance_lints(&out))),
        (
            "unwritable_diagnostics",
            Box::new(|| unwritable_diagnostics(&out)),
        ),
        ("host_programs", Box::new(|| host_programs(&out))),
    ];
    let failures = run_cases("reports", &cases);
    let _ = std::fs::remove_dir_all(&out);
    if failures > 0 {
        std::process::exit(1);
    }
}
