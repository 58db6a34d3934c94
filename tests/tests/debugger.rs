//! Scripted debugger sessions: every `tests/debugger/<name>.sim` runs under
//! `oclgrind-kernel -i` with `<name>.inp` on stdin (so no prompt is printed) and must match
//! `<name>.ref` (EXACT/MATCH/ERROR lines, compat §3). A first line `# ARGS: ...` adds options.
//!
//! Run after `cargo build`. Arguments are substring filters on the test name.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use oclgrind_debug_protocol::protocol::{
    decode_frontend_line, encode_line, Command as DebugCommand, Event, FrameMove, InfoWhat,
    MemorySpace, Position, Reply, ToFrontend, ValueErrorKind, VariableInfo, VariableScope,
};

use oclgrind_tests::{
    check_run, compile_host, kernel_binary, name_filters, run_merged_with_input, run_parallel,
    wanted, workspace,
};

fn run_one(bin: &Path, sim: &Path) -> Result<(), String> {
    let dir = sim.parent().expect("test file has a directory");
    let text = std::fs::read_to_string(sim).map_err(|e| e.to_string())?;
    let input = std::fs::File::open(sim.with_extension("inp"))
        .map_err(|e| format!("{}: {e}", sim.with_extension("inp").display()))?;
    let mut cmd = Command::new(bin);
    cmd.current_dir(dir);
    oclgrind_tests::without_settings(&mut cmd);
    cmd.arg("-i");
    if let Some(args) = text.lines().next().and_then(|l| l.strip_prefix("# ARGS: ")) {
        cmd.args(args.split(' ').filter(|a| !a.is_empty()));
    }
    cmd.arg(sim.file_name().expect("file name"));
    let run = run_merged_with_input(cmd, Some(input), Duration::from_secs(120))
        .map_err(|e| format!("cannot run: {e}"))?;
    check_run(&run, &sim.with_extension("ref"))
}

fn main() {
    let filters = name_filters();
    let bin = kernel_binary();
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
    tests.retain(|t| wanted(&filters, &name(t)));
    let mut failures = run_parallel(&tests, 2, |t| vec![(name(t), run_one(&bin, t))]);
    let mut count = tests.len();
    // Sessions driven live rather than from a command file.
    type Live = fn(&Path, &Path) -> Result<(), String>;
    let live: [(&str, Live); 16] = [
        ("tui", tui),
        ("tui_reverse", tui_reverse),
        ("tui_crash", tui_crash),
        ("tui_headers", tui_headers),
        ("remote_api_errors", remote_api_errors),
        ("tui_signal", tui_signal),
        ("tui_app", |bin, _| tui_app(bin)),
        ("tui_interrupt", tui_interrupt),
        ("interrupt", interrupt),
        ("tui_quit_kernel", tui_quit_kernel),
        ("tui_quit_program", |bin, _| tui_quit_program(bin)),
        ("tui_paste", tui_paste),
        ("tui_small_scroll", tui_small_scroll),
        ("tui_heat", tui_heat),
        ("variables_view", variables_view),
        ("set_register", set_register),
    ];
    for (name, test) in live {
        if !wanted(&filters, name) {
            continue;
        }
        count += 1;
        match test(&bin, &root) {
            Ok(()) => println!("test {name} ... ok"),
            Err(e) => {
                println!("test {name} ... FAILED");
                failures.push((name.to_string(), e));
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
    let before = cpu_ticks(child.id());
    send("continue\n")?;
    // The kernel runs once `continue` is in (and with it the SIGINT handler): wait for the
    // process to have used some CPU time, rather than for a fixed while.
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while cpu_ticks(child.id()) < before + 20 {
        if std::time::Instant::now() > deadline {
            return Err("the kernel did not run after continue".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
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
    if !["5\t", "7\t", "8\t"].iter().any(|l| stop.starts_with(l)) {
        return Err(format!("stopped outside the loop: {stop:?}"));
    }
    send("print n\n")?;
    wait_for(&|l| l == "n = 1000000000")?;
    Ok(())
}

/// User plus system CPU time of a process, in clock ticks (/proc/PID/stat fields 14 and 15).
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The command name, in parentheses, may hold spaces: count fields after it.
    let after_name = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let field = |n: usize| {
        fields
            .get(n - 3)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    field(14) + field(15)
}

/// A program in a terminal of its own: a private tmux server, 120×36. Keys go only after the
/// screen shows what they act on (toolchain-facts.md: sending ahead is not repeatable).
struct Terminal {
    server: String,
}

impl Terminal {
    fn start(name: &str, dir: &Path, command: &str) -> Result<Terminal, String> {
        Terminal::start_sized(name, dir, command, (120, 36))
    }

    fn start_sized(
        name: &str,
        dir: &Path,
        command: &str,
        (width, height): (u16, u16),
    ) -> Result<Terminal, String> {
        let t = Terminal {
            server: format!("oclgrind-{name}-{}", std::process::id()),
        };
        let dir = dir.display().to_string();
        t.tmux(&[
            "new-session",
            "-d",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-c",
            &dir,
            command,
        ])?;
        Ok(t)
    }

    fn tmux(&self, args: &[&str]) -> Result<String, String> {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.server)
            .args(args)
            .output()
            .map_err(|e| format!("cannot run tmux: {e}"))?;
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// The screen, once it shows `text`.
    fn wait_for(&self, text: &str) -> Result<String, String> {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }

    fn keys(&self, keys: &[&str]) -> Result<(), String> {
        self.tmux(&[&["send-keys"][..], keys].concat()).map(|_| ())
    }

    /// The screen, once `done` holds for it.
    fn wait_until(&self, what: &str, done: impl Fn(&str) -> bool) -> Result<String, String> {
        let deadline = std::time::Instant::now() + Duration::from_secs(60);
        loop {
            let s = self.tmux(&["capture-pane", "-p"])?;
            if done(&s) {
                return Ok(s);
            }
            if std::time::Instant::now() > deadline {
                return Err(format!("{what} never showed; the screen:\n{s}"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs the program on to its end (breakpoints deleted, then `c`), waits until the
    /// interface shows each of `shown` (that the program has ended, say), and leaves it.
    fn run_to_end(&self, shown: &[&str]) -> Result<(), String> {
        self.command("delete")?;
        self.wait_for("Delete all breakpoints? y/n")?;
        self.keys(&["y"])?;
        self.wait_until("no breakpoint", |s| !s.contains('●'))?;
        self.keys(&["c"])?;
        for text in shown {
            self.wait_for(text)?;
        }
        self.keys(&["q"])
    }

    /// Types a command line and enters it.
    fn command(&self, text: &str) -> Result<(), String> {
        self.keys(&[":"])?;
        self.wait_for("(oclgrind) \u{20}")?;
        self.keys(&["-l", text])?;
        self.keys(&["Enter"])
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        let _ = self.tmux(&["kill-server"]);
    }
}

/// The TUI of `oclgrind-kernel -i`: set a breakpoint with the cursor, continue to it, step,
/// print from the command line, switch work-item, quit, and find the terminal restored with
/// the program's output on it.
fn tui(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i --num-threads 1 breakpoints.sim; echo EXITED; sleep 60",
        bin.display()
    );
    let t = Terminal::start("tui", dir, &command)?;
    t.wait_for("▶14   int gid = get_global_id(0);")?;
    t.keys(&["k", "k", "k", "k", "k", "k", "k", "b"])?;
    t.wait_for("Breakpoint 1 at line 7")?;
    let s = t.wait_for("│●   7     sum += in[k];")?;
    if !s.contains("▶14") {
        return Err(format!("the current line moved:\n{s}"));
    }
    t.keys(&["c"])?;
    t.wait_for("Breakpoint 1 hit at line 7 by work-item (0,0,0)")?;
    t.wait_for("│● ▶ 7     sum += in[k];")?;
    t.keys(&["n"])?;
    t.wait_for("│  ▶ 8   }")?;
    t.command("print in[k+1] n")?;
    t.wait_for("in[k+1] = 2")?;
    t.wait_for("n = 4")?;
    // The variables pane (past the IR): past the locals (sum, k) to `in`; Enter follows the
    // pointer, m shows its memory.
    t.keys(&["Tab", "Tab"])?;
    t.wait_for("┌ Variables")?;
    t.keys(&["Down", "Down", "Enter"])?;
    t.wait_for("▾ in = 0x")?;
    t.wait_for("*in = 1")?;
    t.keys(&["m"])?;
    t.wait_for("Memory: in (hex)")?;
    t.wait_for(" 01 00 00 00 02 00 00 00")?;
    // The grid: past the memory pane to the work-items pane, one cell right, Enter.
    t.keys(&["Tab", "Tab"])?;
    t.wait_for("Enter: switch to (0,0,0)")?;
    t.keys(&["Right"])?;
    t.wait_for("Enter: switch to (1,0,0)")?;
    t.keys(&["Enter"])?;
    t.wait_for("Switched to work-item: (1,0,0)")?;
    t.wait_for("Variables: breakpoints(1,0,0)")?;
    t.command("workitem 3")?;
    t.wait_for("Switched to work-item: (3,0,0)")?;
    t.wait_for("Variables: breakpoints(3,0,0)")?;
    t.run_to_end(&["The program has ended: q leaves."])?;
    let s = t.wait_for("EXITED")?;
    for line in ["Argument 'out': 16 bytes", "out[3] = 40"] {
        if !s.contains(line) {
            return Err(format!("{line:?} is not on the restored terminal:\n{s}"));
        }
    }
    if s.contains("┌ Source") {
        return Err(format!("the TUI is still on the screen:\n{s}"));
    }
    Ok(())
}

/// Going back in the TUI with its keys: from the second hit of a breakpoint in the loop, two
/// reverse-steps (S) reach the end of the first iteration with its values; reverse-continue
/// (C) stops at the first hit, then at the start of the history; the status bar says the
/// stops are in the past. Run on from there, the kernel computes what it always does.
fn tui_reverse(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i --num-threads 1 breakpoints.sim; echo EXITED; sleep 60",
        bin.display()
    );
    let t = Terminal::start("tui-reverse", dir, &command)?;
    t.wait_for("▶14   int gid = get_global_id(0);")?;
    t.command("break 7")?;
    t.wait_for("│●   7     sum += in[k];")?;
    t.keys(&["c"])?;
    t.wait_for("│● ▶ 7     sum += in[k];")?;
    t.wait_for("k = 0")?;
    t.keys(&["c"])?;
    // The second hit: k is 1 (sum = in[0]).
    t.wait_for("k = 1")?;
    t.wait_for("│ breakpoint 1 │ stopped")?;
    // Back over the loop's condition (line 5) to the end of the first iteration (line 8).
    t.keys(&["S"])?;
    t.wait_for("│  ▶ 5   for (int k = 0; k < n; k++)")?;
    t.wait_for("│ step │ replay")?;
    t.keys(&["S"])?;
    t.wait_until("line 8 of the first iteration", |s| {
        s.contains("│  ▶ 8   }") && s.contains("k = 0") && s.contains("sum = 1")
    })?;
    // The first hit, as it was: nothing added yet.
    t.keys(&["C"])?;
    t.wait_until("the first hit", |s| {
        s.contains("│● ▶ 7     sum += in[k];")
            && s.contains("sum = 0")
            && s.contains("│ breakpoint 1 │ replay")
    })?;
    t.keys(&["C"])?;
    let s = t.wait_for("No more reverse-execution history.")?;
    t.wait_for("│ (0,0,0) │ no history │ replay")?;
    if s.contains("│● ▶ 7") {
        return Err(format!("the current line stayed at the breakpoint:\n{s}"));
    }
    t.run_to_end(&["The program has ended: q leaves."])?;
    let s = t.wait_for("EXITED")?;
    expect_left(&s, "out[3] = 40")
}

/// An included header in the TUI: stepping into its function shows the header, a breakpoint
/// set there with the cursor is the header's, and finishing the call shows the program again.
fn tui_headers(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i --num-threads 1 --build-options -Iinclude headers.sim; echo EXITED; sleep 60",
        bin.display()
    );
    let t = Terminal::start("tui-headers", dir, &command)?;
    t.wait_for("▶3   int i = get_global_id(0);")?;
    t.keys(&["s"])?;
    t.wait_for("▶4   float y = scale(i, 2.0f);")?;
    t.keys(&["s"])?;
    t.wait_for("┌ Source: scale.h ")?;
    t.wait_for("│  ▶4   float y = x * by;")?;
    t.keys(&["b"])?;
    t.wait_for("Breakpoint 1 at line 4 of scale.h")?;
    t.wait_for("│● ▶4   float y = x * by;")?;
    t.keys(&["f"])?;
    t.wait_for("┌ Source ─")?;
    t.keys(&["c"])?;
    t.wait_for("Breakpoint 1 hit at line 4 by work-item (1,0,0)")?;
    let s = t.wait_for("┌ Source: scale.h ")?;
    if !s.contains("│● ▶4   float y = x * by;") {
        return Err(format!("the header's breakpoint is not marked:\n{s}"));
    }
    t.run_to_end(&["The program has ended: q leaves."])?;
    t.wait_for("EXITED")?;
    Ok(())
}

/// An application that crashes under `oclgrind -i`: the interface says how it ended, keeps
/// what it printed, and the launcher passes the signal on as the exit status (128 + 11).
fn tui_crash(bin: &Path, dir: &Path) -> Result<(), String> {
    let exe = compile_app(bin, &dir.join("crash.c"), "crash_tui")?;
    let command = format!(
        "{} -i {}; echo EXITED rc=$?; sleep 60",
        bin.with_file_name("oclgrind").display(),
        exe.display()
    );
    let t = Terminal::start("tui-crash", dir, &command)?;
    t.wait_for("The application was killed by signal 11: q leaves.")?;
    t.wait_for("│context made, crashing now")?;
    t.keys(&["q"])?;
    t.wait_for("EXITED rc=139")?;
    Ok(())
}

/// SIGTERM while the TUI is up: the terminal is restored (main screen, echo back on) before
/// the process dies of the signal.
fn tui_signal(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "sh -c 'echo $$ > tui.pid; exec {} -i breakpoints.sim'; echo EXITED rc=$?; \
         stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon; sleep 60",
        bin.display()
    );
    let work = dir.join(format!("signal-{}", std::process::id()));
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let _clean = RemoveOnDrop(work.clone());
    for file in ["breakpoints.sim", "breakpoints.cl"] {
        std::fs::copy(dir.join(file), work.join(file)).map_err(|e| format!("{file}: {e}"))?;
    }
    let t = Terminal::start("tui-signal", &work, &command)?;
    t.wait_for("▶14   int gid = get_global_id(0);")?;
    let pid = std::fs::read_to_string(work.join("tui.pid")).map_err(|e| e.to_string())?;
    let killed = Command::new("kill")
        .args(["-TERM", pid.trim()])
        .status()
        .map_err(|e| e.to_string())?;
    if !killed.success() {
        return Err(format!("kill -TERM {pid} failed"));
    }
    let s = t.wait_for("EXITED rc=143")?;
    let s = if s.contains("icanon") {
        s
    } else {
        t.wait_for("icanon")?
    };
    if s.contains("┌ Source") {
        return Err(format!("the TUI is still on the screen:\n{s}"));
    }
    for mode in ["\necho\n", "\nicanon\n"] {
        if !s.contains(mode) {
            return Err(format!(
                "{mode:?}: the terminal's mode was not restored:\n{s}"
            ));
        }
    }
    Ok(())
}

/// The engine's end of the socket protocol, spoken by this test in place of the TUI: with
/// `--check-api`, API errors reach the front-end as diagnostics (before the launch they
/// happen before), and a launch's prompts take commands from it.
fn remote_api_errors(bin: &Path, _dir: &Path) -> Result<(), String> {
    let exe = compile_app(
        bin,
        &workspace().join("tests/apps/check_api.c"),
        "check_api_remote",
    )?;
    let work = std::env::temp_dir().join(format!("oclgrind-remote-{}", std::process::id()));
    std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
    let _clean = RemoveOnDrop(work.clone());
    let socket = work.join("debugger");
    let listener = std::os::unix::net::UnixListener::bind(&socket).map_err(|e| e.to_string())?;
    let mut child = Command::new(bin.with_file_name("oclgrind"))
        .args(["--check-api", "-i"])
        .arg(&exe)
        .env("OCLGRIND_DEBUG_SOCKET", &socket)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let (stream, _) = listener.accept().map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .map_err(|e| e.to_string())?;
    let mut writer = stream.try_clone().map_err(|e| e.to_string())?;
    let mut seen = Vec::new();
    for line in BufReader::new(stream).lines() {
        let line = line.map_err(|e| format!("{e}; so far:\n{}", seen.join("\n")))?;
        if line.contains("\"Prompt\"") {
            writer
                .write_all(b"\"Continue\"\n")
                .map_err(|e| e.to_string())?;
        }
        seen.push(line);
    }
    let status = child.wait().map_err(|e| e.to_string())?;
    let at = |text: &str| seen.iter().position(|l| l.contains(text));
    // Sent as data: the function is a field of the API error.
    let first_error = at("CL_INVALID_BUFFER_SIZE").filter(|_| {
        seen.iter()
            .any(|l| l.contains("Diagnostic") && l.contains(r#""function":"clCreateBuffer""#))
    });
    let launch = at("LaunchBegin");
    match (first_error, launch, at("CL_INVALID_HOST_PTR")) {
        (Some(e), Some(l), Some(_)) if e < l && status.success() => Ok(()),
        _ => Err(format!(
            "{status}; expected API diagnostics before the launch:\n{}",
            seen.join("\n")
        )),
    }
}

/// Builds a C host program, next to the runtime tests' programs.
fn compile_app(bin: &Path, source: &Path, name: &str) -> Result<PathBuf, String> {
    let exe = bin.with_file_name("runtime-tests").join(name);
    std::fs::create_dir_all(exe.parent().expect("a directory")).map_err(|e| e.to_string())?;
    compile_host(source, &exe)?;
    Ok(exe)
}

struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Ctrl-C in the TUI (a key in raw mode, not a signal) stops a running kernel.
fn tui_interrupt(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!("{} -i spin.sim; echo EXITED; sleep 60", bin.display());
    let t = Terminal::start("tui-interrupt", dir, &command)?;
    t.wait_for("│ step │ stopped")?;
    t.keys(&["c"])?;
    t.wait_for("│ running")?;
    std::thread::sleep(Duration::from_millis(300));
    t.keys(&["C-c"])?;
    t.wait_for("│ interrupted │ stopped")?;
    t.wait_for("Interrupted in work-item (")?;
    t.command("print n")?;
    t.wait_for("n = 1000000000")?;
    Ok(())
}

/// The TUI of `oclgrind -i ./app` (the application a child, its debugger on a socket) on the
/// example application: its planted bug found with the TUI alone, then a breakpoint in its
/// second kernel, a step, a work-item chosen in the grid, a local variable and local memory
/// read, and the terminal restored at the end.
fn tui_app(bin: &Path) -> Result<(), String> {
    let example = workspace().join("examples/app");
    let exe = compile_app(bin, &example.join("smooth.c"), "smooth_tui")?;
    let launcher = bin.with_file_name("oclgrind");
    // One worker thread: the breakpoint is hit by group 0 first.
    let command = format!(
        "{} -i --num-threads 1 {}; echo EXITED rc=$?; sleep 60",
        launcher.display(),
        exe.display()
    );
    let t = Terminal::start("tui-app", &example, &command)?;
    t.wait_for("▶ 5   int i = get_global_id(0);")?;
    t.wait_for("n = 1024")?;
    // Printed before the first launch: it shows now (line by line, not at the end).
    t.wait_for("│Running on Oclgrind Simulator")?;
    // A breakpoint in the second kernel (the same program), from the cursor: 18 lines down.
    t.keys(&["-N", "18", "j"])?;
    t.keys(&["b"])?;
    t.wait_for("Breakpoint 1 at line 23")?;
    t.wait_for("│●  23       total += scratch[k];")?;
    t.keys(&["c"])?;
    // The out-of-bounds read stops the work-item that made it, its line marked.
    t.wait_for("│ !▶ 9   float right = in[i + 1];")?;
    t.wait_for("i = 1023")?;
    t.wait_for("│ (1023,0,0) │ error │ stopped")?;
    t.wait_for("Diagnostics (1)")?;
    t.wait_for("9 (1023,0,0) Invalid read")?;
    t.command("print i+1 n")?;
    t.wait_for("i+1 = 1024")?;
    // On to the second kernel's first stop, then to the breakpoint, and a step.
    t.keys(&["c"])?;
    t.wait_for("Kernel 'block_sums' starts.")?;
    t.wait_for("│  ▶17   int lid = get_local_id(0);")?;
    t.keys(&["c"])?;
    t.wait_for("Breakpoint 1 hit at line 23 by work-item (0,0,0)")?;
    t.wait_for("lid = 0")?;
    t.keys(&["n"])?;
    t.wait_for("│ (0,0,0) │ step │ stopped")?;
    // The grid (four panes on): one cell right, Enter switches to that work-item.
    t.keys(&["Tab", "Tab", "Tab", "Tab"])?;
    t.wait_for("Enter: switch to (0,0,0)")?;
    t.keys(&["Right"])?;
    t.wait_for("Enter: switch to (1,0,0)")?;
    t.keys(&["Enter"])?;
    t.wait_for("Switched to work-item: (1,0,0)")?;
    t.wait_for("Variables: block_sums(1,0,0)")?;
    t.wait_for("lid = 1")?;
    // Local memory: the scratch array, as floats (nine element types on from hex).
    t.keys(&["a"])?;
    t.wait_for("address or expression:")?;
    t.keys(&["-l", "scratch"])?;
    t.keys(&["Enter"])?;
    t.wait_for("Memory: scratch (hex)")?;
    t.keys(&["-N", "9", "t"])?;
    t.wait_for("Memory: scratch (float)")?;
    let s = t.wait_for("0.333333            1")?;
    if !s.contains("│private  local  global") {
        return Err(format!("no memory tabs:\n{s}"));
    }
    t.run_to_end(&[
        "Block sums: 16 blocks of 64",
        "The application exited with status 0: q leaves.",
    ])?;
    let s = t.wait_for("EXITED rc=0")?;
    if s.contains("┌ Source") {
        return Err(format!("the TUI is still on the screen:\n{s}"));
    }
    Ok(())
}

/// Quitting while a kernel runs ends the session (issue 13): the kernel spins on, `q` asks
/// once, `y` stops the kernel and the program, and the terminal comes back.
fn tui_quit_kernel(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!("{} -i spin.sim; echo EXITED rc=$?; sleep 60", bin.display());
    let t = Terminal::start("tui-quit-kernel", dir, &command)?;
    t.wait_for("│ step │ stopped")?;
    t.keys(&["c"])?;
    t.wait_for("│ running")?;
    t.keys(&["q"])?;
    t.wait_for("Quit: stop the kernel and the program? y/n")?;
    t.keys(&["y"])?;
    let s = t.wait_for("EXITED rc=1")?;
    expect_left(&s, "Oclgrind: debugging was quit; the kernel was stopped")
}

/// A host program that never launches a kernel: Ctrl-C says so, a second Ctrl-C offers to
/// quit, and `y` stops the program at once.
fn tui_quit_program(bin: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i /bin/sleep 100; echo EXITED rc=$?; sleep 60",
        bin.with_file_name("oclgrind").display()
    );
    let t = Terminal::start("tui-quit-program", &std::env::temp_dir(), &command)?;
    t.wait_for("┌ Source")?;
    t.keys(&["C-c"])?;
    t.wait_for("The program runs outside a kernel (Ctrl-C again offers to quit)")?;
    t.keys(&["C-c"])?;
    t.wait_for("Nothing has stopped. Quit: stop the kernel and the program? y/n")?;
    let asked = std::time::Instant::now();
    t.keys(&["y"])?;
    let s = t.wait_for("EXITED rc=")?;
    if asked.elapsed() > Duration::from_secs(30) {
        return Err(format!("the program ran on after quitting:\n{s}"));
    }
    expect_left(
        &s,
        "Oclgrind: debugging was quit; the application was stopped",
    )
}

/// The restored terminal shows `said` and no longer the interface.
fn expect_left(screen: &str, said: &str) -> Result<(), String> {
    if !screen.contains(said) {
        return Err(format!(
            "{said:?} is not on the restored terminal:\n{screen}"
        ));
    }
    if screen.contains("┌ Source") {
        return Err(format!("the TUI is still on the screen:\n{screen}"));
    }
    Ok(())
}

/// A bracketed paste goes into the command line whole, however long: a 2,000-character
/// expression pasted at once, then Enter, is evaluated as typed.
fn tui_paste(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i --num-threads 1 breakpoints.sim; echo EXITED; sleep 60",
        bin.display()
    );
    let t = Terminal::start("tui-paste", dir, &command)?;
    t.wait_for("▶14   int gid = get_global_id(0);")?;
    // Two hundred terms of ((((1)))) added, 2,000 characters with no space (print takes
    // each word for an expression of its own): their sum shows the whole line arrived.
    let sum = vec!["((((1))))"; 200].join("+");
    t.tmux(&["set-buffer", &format!("print {sum}")])?;
    t.keys(&[":"])?;
    t.wait_for("(oclgrind) \u{20}")?;
    t.tmux(&["paste-buffer", "-p"])?;
    t.wait_for("))))+((((1")?;
    t.keys(&["Enter"])?;
    t.wait_for("= 200")?;
    Ok(())
}

/// At 80×24 the status bar starts with the help key; the console, scrolled back to its first
/// line, stays there while answers come, says how many, and End follows the end again.
fn tui_small_scroll(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!(
        "{} -i --num-threads 1 breakpoints.sim; echo EXITED; sleep 60",
        bin.display()
    );
    let t = Terminal::start_sized("tui-small", dir, &command, (80, 24))?;
    let s = t.wait_for("▶14   int gid = get_global_id(0);")?;
    let status = s.lines().nth(23).unwrap_or_default();
    if !status.starts_with(" ? help │ breakpoints (4,1,1)/(2,1,1)") {
        return Err(format!("the status bar at 80 columns: {status:?}\n{s}"));
    }
    for n in 100..106 {
        t.command(&format!("print {n}"))?;
        t.wait_for(&format!("{n} = {n}"))?;
    }
    // Tab to the console, then up as far as it goes: its first line at the top.
    t.keys(&["Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "PageUp", "PageUp"])?;
    let s = t.wait_for("↓ more: G follows")?;
    if !s.contains("│Kernel 'breakpoints' starts.") {
        return Err(format!("not at the console's first line:\n{s}"));
    }
    t.command("print 200")?;
    let s = t.wait_for("new lines: G follows")?;
    if s.contains("200 = 200") || !s.contains("│Kernel 'breakpoints' starts.") {
        return Err(format!("the scrolled console moved:\n{s}"));
    }
    t.keys(&["End"])?;
    t.wait_until("the end, followed", |s| {
        s.contains("200 = 200") && !s.contains("G follows")
    })?;
    Ok(())
}

/// After the launch, the source gutter shades each line by the instructions it ran: the
/// `if` and the store ran 4 and 8 instructions a work-item, the closing brace one.
fn tui_heat(bin: &Path, dir: &Path) -> Result<(), String> {
    let command = format!("{} -i counts.sim; echo EXITED; sleep 60", bin.display());
    let t = Terminal::start("tui-heat", dir, &command)?;
    t.wait_for("▶4   int i = get_global_id(0);")?;
    t.keys(&["c"])?;
    let s = t.wait_for("The program has ended: q leaves.")?;
    for row in [
        "│   █5   if (i < n)",
        "│   █6     out[i] = i * 2;",
        "│   ▒7 }",
        "│    3 {",
    ] {
        if !s.contains(row) {
            return Err(format!("{row:?} is not shaded so:\n{s}"));
        }
    }
    t.keys(&["q"])?;
    t.wait_for("EXITED")?;
    Ok(())
}

/// A debugging session driven as a Debug Adapter Protocol server drives one: the engine of
/// `oclgrind-kernel -i` connected to this test's socket, typed commands out, typed events
/// back (JSON lines).
struct Session {
    child: std::process::Child,
    reader: BufReader<std::os::unix::net::UnixStream>,
    writer: std::os::unix::net::UnixStream,
    /// Every line received, for failure messages.
    seen: Vec<String>,
    _clean: RemoveOnDrop,
}

impl Session {
    /// Starts `oclgrind-kernel -i ARGS SIM` in `dir`; the events before the first prompt.
    fn start(
        bin: &Path,
        dir: &Path,
        args: &[&str],
        name: &str,
    ) -> Result<(Session, Vec<Event>), String> {
        let work = std::env::temp_dir().join(format!("oclgrind-{name}-{}", std::process::id()));
        std::fs::create_dir_all(&work).map_err(|e| e.to_string())?;
        let clean = RemoveOnDrop(work.clone());
        let socket = work.join("debugger");
        let listener =
            std::os::unix::net::UnixListener::bind(&socket).map_err(|e| e.to_string())?;
        let child = Command::new(bin)
            .current_dir(dir)
            .arg("-i")
            .args(args)
            .env("OCLGRIND_DEBUG_SOCKET", &socket)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| e.to_string())?;
        let (stream, _) = listener.accept().map_err(|e| e.to_string())?;
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .map_err(|e| e.to_string())?;
        let mut session = Session {
            child,
            writer: stream.try_clone().map_err(|e| e.to_string())?,
            reader: BufReader::new(stream),
            seen: Vec::new(),
            _clean: clean,
        };
        let first = session.until_prompt()?;
        Ok((session, first))
    }

    /// The events up to the next prompt (or the end of the session).
    fn until_prompt(&mut self) -> Result<Vec<Event>, String> {
        let mut events = Vec::new();
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) => return Ok(events),
                Ok(_) => {}
                Err(e) => return Err(format!("{e}; so far:\n{}", self.seen.join("\n"))),
            }
            self.seen.push(line.trim_end().to_string());
            match decode_frontend_line(&line) {
                Some(ToFrontend::Prompt) => return Ok(events),
                Some(ToFrontend::Event(e)) => events.push(*e),
                None => return Err(format!("not a message: {line}")),
            }
        }
    }

    /// Sends a command; what it answered.
    fn send(&mut self, command: DebugCommand) -> Result<Vec<Event>, String> {
        let mut line = encode_line(&Some(command)).ok_or("cannot encode")?;
        line.push('\n');
        self.writer
            .write_all(line.as_bytes())
            .map_err(|e| e.to_string())?;
        self.until_prompt()
    }

    /// Sends a command answered with one reply.
    fn reply(&mut self, command: DebugCommand) -> Result<Reply, String> {
        let what = format!("{command:?}");
        match self.send(command)?.as_slice() {
            [Event::Reply(r)] => Ok(r.clone()),
            other => Err(format!("{what}: expected one reply, got {other:?}")),
        }
    }

    /// Sends a command answered with variables.
    fn vars(&mut self, command: DebugCommand) -> Result<Vec<VariableInfo>, String> {
        let what = format!("{command:?}");
        match self.reply(command)? {
            Reply::VariableList(list) => Ok(list),
            other => Err(format!("{what}: expected variables, got {other:?}")),
        }
    }

    /// Sends a command that runs the kernel on; where it stopped.
    fn stop(&mut self, command: DebugCommand) -> Result<Position, String> {
        let what = format!("{command:?}");
        let events = self.send(command)?;
        events
            .iter()
            .find_map(|e| match e {
                Event::Stopped(s) => Some(s.position.clone()),
                _ => None,
            })
            .ok_or_else(|| format!("{what}: no stop in {events:?}"))
    }

    /// Runs to the end (deleting breakpoints first); the program's output.
    fn finish(mut self) -> Result<String, String> {
        self.send(DebugCommand::Delete { number: None })?;
        let events = self.send(DebugCommand::Continue)?;
        if !events.iter().any(|e| matches!(e, Event::LaunchEnd { .. })) {
            return Err(format!("the launch did not end: {events:?}"));
        }
        let _ = self.send(DebugCommand::Quit);
        let mut out = String::new();
        if let Some(mut stdout) = self.child.stdout.take() {
            std::io::Read::read_to_string(&mut stdout, &mut out).map_err(|e| e.to_string())?;
        }
        self.child.wait().map_err(|e| e.to_string())?;
        Ok(out)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Fails with `what` and the two values unless they are equal.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, expected {want:?}"))
    }
}

/// The variable named `name` of a list.
fn named<'l>(list: &'l [VariableInfo], name: &str) -> Result<&'l VariableInfo, String> {
    list.iter()
        .find(|v| v.name == name)
        .ok_or_else(|| format!("no variable {name} in {list:?}"))
}

/// Name, expression and value of each variable.
fn shown(list: &[VariableInfo]) -> Vec<(String, String, String)> {
    list.iter()
        .map(|v| {
            let value = match &v.value {
                Ok(t) => t.clone(),
                Err(e) => format!("error: {}", e.message),
            };
            (v.name.clone(), v.expr.clone(), value)
        })
        .collect()
}

fn triples(items: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    items
        .iter()
        .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

fn break_at(file: Option<&str>, line: u32) -> DebugCommand {
    DebugCommand::Break {
        file: file.map(str::to_string),
        line: Some(line),
        condition: None,
        temporary: false,
    }
}

fn children(expr: &str, start: u64, count: Option<u64>) -> DebugCommand {
    DebugCommand::Children {
        expr: expr.into(),
        start,
        count,
    }
}

fn set(expr: &str, value: &str) -> DebugCommand {
    DebugCommand::SetVariable {
        expr: expr.into(),
        value: value.into(),
    }
}

/// The variables view of a front-end such as a DAP server (`variables_view.cl`): locals and
/// arguments with types, part counts and memory; their parts, paged; the group's `__local`
/// memory after a barrier; expressions; setting private, local and global lvalues (and later
/// execution seeing it); writing memory; frames with file, column and instruction.
fn variables_view(bin: &Path, dir: &Path) -> Result<(), String> {
    let args = [
        "--num-threads",
        "1",
        "--build-options",
        "-Iinclude",
        "--uninitialized",
        "variables_view.sim",
    ];
    let (mut s, _) = Session::start(bin, dir, &args, "variables-view")?;
    s.send(break_at(None, 31))?;
    same("stop", s.stop(DebugCommand::Continue)?.line, 31)?;

    // Locals: the same set and values as `info locals`, with types, parts and memory.
    let locals = s.vars(DebugCommand::Variables(VariableScope::Locals))?;
    let Reply::Variables(info) = s.reply(DebugCommand::Info(InfoWhat::Locals))? else {
        return Err("info locals: no variables".into());
    };
    let as_info: Vec<_> = locals
        .iter()
        .map(|v| (v.name.clone(), v.value.clone().unwrap_or_default()))
        .collect();
    same("locals as info locals shows them", as_info, info)?;
    let kind = |v: &VariableInfo| (v.type_name.clone().unwrap_or_default(), v.children);
    let private = |v: &VariableInfo| matches!(v.memory, Some((MemorySpace::Private, _)));
    let s_ = named(&locals, "s")?;
    same("s", kind(s_), ("struct pair".into(), 2))?;
    same("s value", s_.value.clone(), Ok("{a = 1, b = 2.5}".into()))?;
    same("s in private memory", private(s_), true)?;
    let arr = named(&locals, "arr")?;
    same("arr", kind(arr), ("int [20]".into(), 20))?;
    let v = named(&locals, "v")?;
    same("v", kind(v), ("float4".into(), 4))?;
    same("v value", v.value.clone(), Ok("(1,2,3,4)".into()))?;
    let p = named(&locals, "p")?;
    same("p", kind(p), ("int *".into(), 1))?;
    // A pointer's memory is its target: out[0].
    same(
        "p's target",
        p.memory,
        Some((MemorySpace::Global, 0x1000000000000)),
    )?;
    let n = named(&locals, "n")?;
    same("n", (kind(n), n.expr.as_str()), (("int".into(), 0), "n"))?;

    let params = s.vars(DebugCommand::Variables(VariableScope::Args))?;
    let names: Vec<_> = params.iter().map(|v| v.name.as_str()).collect();
    same("args", names, vec!["out", "scratch", "fout"])?;
    let scratch = named(&params, "scratch")?;
    same("scratch", kind(scratch), ("int *".into(), 1))?;
    same(
        "scratch points to local memory",
        scratch.memory.map(|m| m.0),
        Some(MemorySpace::Local),
    )?;

    // Parts, paged.
    let parts = s.vars(children("s", 0, None))?;
    same(
        "s's members",
        shown(&parts),
        triples(&[("a", "s.a", "1"), ("b", "s.b", "2.5")]),
    )?;
    let parts = s.vars(children("arr", 18, Some(5)))?;
    same(
        "arr's last elements",
        shown(&parts),
        triples(&[("[18]", "arr[18]", "324"), ("[19]", "arr[19]", "361")]),
    )?;
    let parts = s.vars(children("arr", 2, Some(2)))?;
    same(
        "a page of arr",
        shown(&parts),
        triples(&[("[2]", "arr[2]", "4"), ("[3]", "arr[3]", "9")]),
    )?;
    let parts = s.vars(children("v", 0, None))?;
    same(
        "v's lanes",
        shown(&parts),
        triples(&[
            ("x", "v.x", "1"),
            ("y", "v.y", "2"),
            ("z", "v.z", "3"),
            ("w", "v.w", "4"),
        ]),
    )?;
    let parts = s.vars(children("p", 0, None))?;
    same("p's target", shown(&parts), triples(&[("*p", "*p", "0")]))?;
    same("*p is int", kind(&parts[0]), ("int".into(), 0))?;

    // The group's local memory, after the barrier: `tile` and the buffer of `scratch`.
    let group = s.vars(DebugCommand::Variables(VariableScope::GroupLocal))?;
    let tile = named(&group, "tile")?;
    same("tile", kind(tile), ("float [16]".into(), 16))?;
    same(
        "tile value",
        tile.value.clone(),
        Ok(format!("{{0,0.5,1,1.5{}}}", ",<uninit>".repeat(12))),
    )?;
    same(
        "tile is local",
        tile.memory.map(|m| m.0),
        Some(MemorySpace::Local),
    )?;
    let buffer = named(&group, "scratch")?;
    same("scratch's buffer", kind(buffer), ("int [4]".into(), 4))?;
    same(
        "scratch's values",
        buffer.value.clone(),
        Ok("{100,101,102,103}".into()),
    )?;
    same("scratch's buffer's memory", buffer.memory, scratch.memory)?;
    let parts = s.vars(children(&buffer.expr, 1, Some(2)))?;
    same(
        "scratch's elements",
        shown(&parts),
        triples(&[("[1]", "scratch[1]", "101"), ("[2]", "scratch[2]", "102")]),
    )?;
    let parts = s.vars(children("tile", 3, Some(1)))?;
    same(
        "tile[3]",
        shown(&parts),
        triples(&[("[3]", "tile[3]", "1.5")]),
    )?;

    // Evaluate: a value with its type, or the error as the value.
    let e = s.vars(DebugCommand::Evaluate {
        expr: "nosuch".into(),
    })?;
    match &e[..] {
        [VariableInfo {
            value: Err(err), ..
        }] if err.kind == ValueErrorKind::NoSymbol => same(
            "no symbol",
            err.message.as_str(),
            "No symbol \"nosuch\" in current context.",
        )?,
        other => return Err(format!("Evaluate nosuch: {other:?}")),
    }
    let e = s.vars(DebugCommand::Evaluate {
        expr: "s.b * 2".into(),
    })?;
    same(
        "s.b * 2",
        shown(&e),
        triples(&[("s.b * 2", "s.b * 2", "5")]),
    )?;

    // What is set is initialised (`m` is not yet).
    let uninit = |r: Reply| match r {
        Reply::MemoryOf { uninitialized, .. } => Ok(uninitialized),
        other => Err(format!("MemoryOf: {other:?}")),
    };
    let m_bits = || DebugCommand::MemoryOf {
        expr: "&m".into(),
        size: 4,
    };
    same("m before", uninit(s.reply(m_bits())?)?, vec![0xff; 4])?;
    let e = s.vars(set("m", "5"))?;
    same("m set", shown(&e), triples(&[("m", "m", "5")]))?;
    same("m after", uninit(s.reply(m_bits())?)?, vec![0; 4])?;

    // SetVariable: a private int, seen by the next statement (m = n + 1).
    let e = s.vars(set("n", "40"))?;
    same("n set", shown(&e), triples(&[("n", "n", "40")]))?;
    let refused = |r: Reply| match r {
        Reply::Message(m) => m,
        other => format!("{other:?}"),
    };
    same(
        "a value in no memory",
        refused(s.reply(set("n + 1", "2"))?),
        "Cannot assign to n + 1: its value lives in no memory.".into(),
    )?;
    same(
        "a struct from a number",
        refused(s.reply(set("s", "3"))?),
        "Invalid cast.".into(),
    )?;
    same("next", s.stop(DebugCommand::Next)?.line, 32)?;
    let e = s.vars(DebugCommand::Evaluate { expr: "m".into() })?;
    same("m after n = 40", shown(&e), triples(&[("m", "m", "41")]))?;
    // A member, a vector from a scalar, and local memory the other work-items read.
    let e = s.vars(set("s.a", "s.a + 1"))?;
    same("s.a set", shown(&e), triples(&[("s.a", "s.a", "2")]))?;
    let e = s.vars(set("v", "9"))?;
    same("v set", shown(&e), triples(&[("v", "v", "(9,9,9,9)")]))?;
    let e = s.vars(set("tile[3]", "10"))?;
    same(
        "tile[3] set",
        shown(&e),
        triples(&[("tile[3]", "tile[3]", "10")]),
    )?;

    // WriteMemory to global memory, read back; short at a buffer's end; refused off it.
    let out = 0x1000000000000u64;
    let w = s.reply(DebugCommand::WriteMemory {
        space: MemorySpace::Global,
        address: out + 8,
        bytes: vec![1, 2, 3, 4],
    })?;
    same("written", w, Reply::Written(4))?;
    match s.reply(DebugCommand::MemoryAt {
        space: MemorySpace::Global,
        address: out + 8,
        size: 4,
    })? {
        Reply::MemoryOf { bytes, .. } => same("read back", bytes, vec![1, 2, 3, 4])?,
        other => return Err(format!("MemoryAt: {other:?}")),
    }
    let e = s.vars(DebugCommand::Evaluate {
        expr: "out[2]".into(),
    })?;
    same(
        "out[2]",
        shown(&e),
        triples(&[("out[2]", "out[2]", "67305985")]),
    )?;
    // Written local memory is initialised, also once the work-item has run on.
    let tile = 0x1000000000000u64;
    let w = s.reply(DebugCommand::WriteMemory {
        space: MemorySpace::Local,
        address: tile + 16,
        bytes: vec![0, 0, 0x80, 0x3f],
    })?;
    same("written to tile[4]", w, Reply::Written(4))?;
    let tile_bits = || DebugCommand::MemoryAt {
        space: MemorySpace::Local,
        address: tile + 16,
        size: 8,
    };
    same(
        "tile[4..6]",
        uninit(s.reply(tile_bits())?)?,
        [[0; 4], [0xff; 4]].concat(),
    )?;
    let e = s.vars(DebugCommand::Evaluate {
        expr: "tile[4]".into(),
    })?;
    same(
        "tile[4]",
        shown(&e),
        triples(&[("tile[4]", "tile[4]", "1")]),
    )?;
    let w = s.reply(DebugCommand::WriteMemory {
        space: MemorySpace::Global,
        address: out + 14,
        bytes: vec![0; 5],
    })?;
    same("written to the buffer's end", w, Reply::Written(2))?;
    let w = s.reply(DebugCommand::WriteMemory {
        space: MemorySpace::Global,
        address: 0x1234,
        bytes: vec![1],
    })?;
    same(
        "off every buffer",
        w,
        Reply::Message("Invalid memory address.".into()),
    )?;

    // Frames: a helper in an included header, called from the kernel.
    s.send(break_at(Some("scale.h"), 4))?;
    let at = s.stop(DebugCommand::Continue)?;
    same("in scale", at.function.as_str(), "scale")?;
    let Reply::Backtrace(frames) = s.reply(DebugCommand::Backtrace)? else {
        return Err("no backtrace".into());
    };
    let [inner, outer] = &frames[..] else {
        return Err(format!("two frames expected: {frames:?}"));
    };
    same("the helper's file", inner.file.clone(), at.file.clone())?;
    same(
        "in the header",
        inner
            .file
            .as_deref()
            .is_some_and(|f| f.ends_with("scale.h")),
        true,
    )?;
    // `  float y = x * by;`: the load of x, column 13.
    same("the helper's column", inner.column, 13)?;
    same("the kernel's file", outer.file.clone(), None)?;
    // `  fout[lid] = scale(v.y, tile[3]);`: the call, column 15.
    same(
        "the kernel's line and column",
        (outer.line, outer.column),
        (33, 15),
    )?;
    let ir = |r: Reply| match r {
        Reply::Disassembly {
            function,
            instructions,
            current,
            ..
        } => Ok((function, instructions, current)),
        other => Err(format!("Disassemble: {other:?}")),
    };
    let (function, instructions, current) = ir(s.reply(DebugCommand::Disassemble)?)?;
    same("frame 0's IR", function.as_str(), "scale")?;
    same("frame 0's instruction", current, Some(inner.instruction))?;
    same(
        "the instruction of the stop",
        Some(instructions[inner.instruction].as_str()),
        at.instruction.as_deref(),
    )?;
    s.send(DebugCommand::SelectFrame(FrameMove::Up(1)))?;
    let (function, instructions, current) = ir(s.reply(DebugCommand::Disassemble)?)?;
    same("frame 1's IR", function.as_str(), "variables_view")?;
    same("frame 1's instruction", current, Some(outer.instruction))?;
    let call = &instructions[outer.instruction];
    same(
        "frame 1 at the call",
        call.contains("call") && call.contains("scale"),
        true,
    )?;
    same(
        "tile[4..6] later",
        uninit(s.reply(tile_bits())?)?,
        [[0; 4], [0xff; 4]].concat(),
    )?;
    // The selected frame's variables.
    let locals = s.vars(DebugCommand::Variables(VariableScope::Locals))?;
    same(
        "the kernel's s",
        named(&locals, "s")?.value.clone(),
        Ok("{a = 2, b = 2.5}".into()),
    )?;
    // The view of the kernel frame after `up` shows the set values.
    let args = s.vars(DebugCommand::Variables(VariableScope::Args))?;
    same("the kernel's args", args.len(), 3)?;

    let output = s.finish()?;
    // out[0] = twice(m) + s.a + arr[3] with n = 40, s.a = 2; fout = scale(v.y, tile[3]) with
    // tile[3] = 10 for every work-item, and v = 9 for work-item 0.
    for want in ["out[0] = 93", "out[1] = 27", "fout[0] = 90", "fout[1] = 20"] {
        if !output.contains(want) {
            return Err(format!("{want} expected in:\n{output}"));
        }
    }
    Ok(())
}

/// SetVariable of a variable the optimiser keeps in a register (`set_register.cl`, -O1): the
/// register changes, and what is computed from it after; an optimised-out variable, a lane
/// of a register value and a computed value are refused.
fn set_register(bin: &Path, dir: &Path) -> Result<(), String> {
    let args = [
        "--num-threads",
        "1",
        "--build-options",
        "-O1",
        "set_register.sim",
    ];
    let (mut s, _) = Session::start(bin, dir, &args, "set-register")?;
    s.send(break_at(None, 8))?;
    same("stop", s.stop(DebugCommand::Continue)?.line, 9)?;
    let locals = s.vars(DebugCommand::Variables(VariableScope::Locals))?;
    let x = named(&locals, "x")?;
    same(
        "x in a register",
        (x.value.clone(), x.memory),
        (Ok("1".into()), None),
    )?;
    let e = s.vars(set("x", "10"))?;
    same("x set", shown(&e), triples(&[("x", "x", "10")]))?;
    let Reply::Values(values) = s.reply(DebugCommand::Print {
        exprs: vec!["x * 2".into()],
        format: None,
    })?
    else {
        return Err("print: no values".into());
    };
    same(
        "print sees it",
        values,
        vec![("x * 2".into(), Ok("20".into()))],
    )?;
    let refused = |r: Reply| match r {
        Reply::Message(m) => m,
        other => format!("{other:?}"),
    };
    same(
        "optimised out",
        refused(s.reply(set("y", "1"))?),
        "Cannot assign to y: it has been optimized out here.".into(),
    )?;
    same(
        "computed",
        refused(s.reply(set("x - 1", "1"))?),
        "Cannot assign to x - 1: its value lives in no memory.".into(),
    )?;
    let output = s.finish()?;
    // out[0] = y + x, compiled as x * (i * a + 2): 10 * 2 with x = 10 (2 unchanged).
    for want in ["out[0] = 20", "out[1] = 20"] {
        if !output.contains(want) {
            return Err(format!("{want} expected in:\n{output}"));
        }
    }
    Ok(())
}
