//! The command-line options shared by `oclgrind` and `oclgrind-kernel` (compat §1.1, §2.1).
//! Each option gives the value of an `OCLGRIND_*` variable, read by the same rule as the
//! environment's (`oclgrind_core::config::Setting`): typed here, made into the `Config` of
//! this process directly, and passed as variables only to the application the launcher starts.

use oclgrind_core::config::{ConfigError, Setting, Var};
use oclgrind_core::Config;

/// What an option does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Gives a variable its value (its argument, or "1" for a flag).
    Set(Var),
    Help,
    Version,
    /// `oclgrind-kernel -g`: print global memory at the end.
    GlobalMem,
    /// Serve the Debug Adapter Protocol on stdin and stdout.
    Dap,
    /// `oclgrind-kernel --compare-with NAME`: run the launch on another OpenCL platform too.
    CompareWith,
    /// `--compare-ulps N`: floats may differ by N units in the last place.
    CompareUlps,
}

use Action::*;

/// One option of the table.
pub struct OptionSpec {
    pub long: &'static str,
    pub short: Option<&'static str>,
    /// Name of the value in the help text; `None` for flags.
    pub arg: Option<&'static str>,
    pub action: Action,
    pub help: &'static str,
}

const fn opt(
    long: &'static str,
    short: Option<&'static str>,
    arg: Option<&'static str>,
    action: Action,
    help: &'static str,
) -> OptionSpec {
    OptionSpec {
        long,
        short,
        arg,
        action,
        help,
    }
}

/// Every option, in help order. `only` restricts some to one of the two commands.
pub const OPTIONS: &[(OptionSpec, Option<Command>)] = &[
    (
        opt(
            "--build-options",
            None,
            Some("OPTIONS"),
            Set(Var::BuildOptions),
            "Additional options to pass to the OpenCL compiler",
        ),
        None,
    ),
    (
        opt(
            "--capture",
            None,
            Some("DIR"),
            Set(Var::Capture),
            "Write each kernel launch to DIR as a .sim file that oclgrind-kernel replays",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--capture-kernel",
            None,
            Some("NAME"),
            Set(Var::CaptureKernel),
            "Capture only the launches of kernel NAME",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--capture-launch",
            None,
            Some("N"),
            Set(Var::CaptureLaunch),
            "Capture only the Nth launch (of --capture-kernel's kernel, if given)",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--check-api",
            None,
            None,
            Set(Var::CheckApi),
            "Report errors on API calls",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--compute-units",
            None,
            Some("UNITS"),
            Set(Var::ComputeUnits),
            "Change the number of compute units reported",
        ),
        None,
    ),
    (
        opt(
            "--compare-with",
            None,
            Some("NAME"),
            CompareWith,
            "Also run on the OpenCL platform (or device) NAME and compare the dumps",
        ),
        Some(Command::Kernel),
    ),
    (
        opt(
            "--compare-ulps",
            None,
            Some("N"),
            CompareUlps,
            "With --compare-with: floats may differ by N units in the last place",
        ),
        Some(Command::Kernel),
    ),
    (
        opt(
            "--constant-mem-size",
            None,
            Some("BYTES"),
            Set(Var::ConstantMemSize),
            "Change the constant memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--data-races",
            None,
            None,
            Set(Var::DataRaces),
            "Enable data-race detection",
        ),
        None,
    ),
    (
        opt(
            "--diagnostics-file",
            None,
            Some("FILE"),
            Set(Var::DiagnosticsFile),
            "Also write every diagnostic to FILE, for CI",
        ),
        None,
    ),
    (
        opt(
            "--device-type",
            None,
            Some("TYPE"),
            Set(Var::DeviceType),
            "The device's type: gpu (default), cpu or accelerator",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--diagnostics-format",
            None,
            Some("FORMAT"),
            Set(Var::DiagnosticsFormat),
            "sarif (SARIF 2.1.0) or jsonl (JSON lines)",
        ),
        None,
    ),
    (
        opt(
            "--disable-pch",
            None,
            None,
            Set(Var::DisablePch),
            "Don't use precompiled headers",
        ),
        None,
    ),
    (
        opt(
            "--dump-spir",
            None,
            None,
            Set(Var::DumpSpir),
            "Dump SPIR to /tmp/oclgrind_*.{ll,bc}",
        ),
        None,
    ),
    (
        opt(
            "--error-exitcode",
            None,
            Some("N"),
            Set(Var::ErrorExitcode),
            "Exit with status N if an error was reported",
        ),
        None,
    ),
    (
        opt(
            "--global-mem",
            Some("-g"),
            None,
            GlobalMem,
            "Output global memory at exit",
        ),
        Some(Command::Kernel),
    ),
    (
        opt(
            "--global-mem-size",
            None,
            Some("BYTES"),
            Set(Var::GlobalMemSize),
            "Change the global memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--help",
            Some("-h"),
            None,
            Help,
            "Display usage information",
        ),
        None,
    ),
    (
        opt(
            "--history-size",
            None,
            Some("BYTES"),
            Set(Var::HistorySize),
            "Bytes of history a debugged work-group keeps for reverse execution (K, M, G; default 256M, 0: none)",
        ),
        None,
    ),
    (
        opt(
            "--inst-counts",
            None,
            None,
            Set(Var::InstCounts),
            "Output histograms of instructions executed (=lines: by source line too)",
        ),
        None,
    ),
    (
        opt(
            "--perf-lints",
            None,
            None,
            Set(Var::PerfLints),
            "Report uncoalesced accesses, bank conflicts and divergent branches per launch (=all: every line's figures)",
        ),
        None,
    ),
    (
        opt(
            "--interactive",
            Some("-i"),
            None,
            Set(Var::Interactive),
            "Enable interactive mode",
        ),
        None,
    ),
    (
        opt(
            "--dap",
            None,
            None,
            Dap,
            "Serve the Debug Adapter Protocol on stdin/stdout (for an IDE)",
        ),
        None,
    ),
    (
        opt(
            "--no-tui",
            None,
            None,
            Set(Var::NoTui),
            "Debug in line mode even at a terminal",
        ),
        None,
    ),
    (
        opt(
            "--leak-check",
            None,
            None,
            Set(Var::LeakCheck),
            "List OpenCL objects never released, at exit (=error: as errors)",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--local-mem-size",
            None,
            Some("BYTES"),
            Set(Var::LocalMemSize),
            "Change the local memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--log",
            None,
            Some("LOGFILE"),
            Set(Var::Log),
            "Redirect log/error messages to a file",
        ),
        None,
    ),
    (
        opt(
            "--max-errors",
            None,
            Some("NUM"),
            Set(Var::MaxErrors),
            "Limit the number of error/warning messages",
        ),
        None,
    ),
    (
        opt(
            "--max-wgsize",
            None,
            Some("WGSIZE"),
            Set(Var::MaxWgSize),
            "Change the maximum work-group size of the device",
        ),
        None,
    ),
    (
        opt(
            "--num-threads",
            None,
            Some("NUM"),
            Set(Var::NumThreads),
            "Set the number of worker threads to use",
        ),
        None,
    ),
    (
        opt(
            "--pch-dir",
            None,
            Some("DIR"),
            Set(Var::PchDir),
            "Override directory containing precompiled headers",
        ),
        None,
    ),
    (
        opt(
            "--plugins",
            None,
            Some("PLUGINS"),
            Set(Var::Plugins),
            "Load colon separated list of plugin libraries",
        ),
        None,
    ),
    (
        opt(
            "--quick",
            Some("-q"),
            None,
            Set(Var::Quick),
            "Only run first and last work-group",
        ),
        None,
    ),
    (
        opt(
            "--race-ignore",
            None,
            Some("KERNEL"),
            Set(Var::RaceIgnore),
            "Don't report data races in KERNEL (KERNEL:ARG: on ARG)",
        ),
        None,
    ),
    (
        opt(
            "--race-suppressions",
            None,
            Some("FILE"),
            Set(Var::RaceSuppressions),
            "Read the races not to report, a KERNEL[:ARG] a line",
        ),
        None,
    ),
    (
        opt(
            "--sub-group-size",
            None,
            Some("N"),
            Set(Var::SubGroupSize),
            "Work-items in a sub-group, 1 to 128 (default 32)",
        ),
        None,
    ),
    (
        opt(
            "--uniform-writes",
            None,
            None,
            Set(Var::UniformWrites),
            "Don't suppress uniform write-write data-races",
        ),
        None,
    ),
    (
        opt(
            "--uninitialized",
            None,
            None,
            Set(Var::Uninitialized),
            "Report usage of uninitialized values",
        ),
        None,
    ),
    (
        opt(
            "--version",
            Some("-v"),
            None,
            Version,
            "Display version information",
        ),
        None,
    ),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Launcher,
    Kernel,
}

impl Command {
    fn name(self) -> &'static str {
        match self {
            Command::Launcher => "oclgrind",
            Command::Kernel => "oclgrind-kernel",
        }
    }

    fn operand(self) -> &'static str {
        match self {
            Command::Launcher => "COMMAND",
            Command::Kernel => "simfile",
        }
    }
}

fn specs(cmd: Command) -> impl Iterator<Item = &'static OptionSpec> {
    OPTIONS
        .iter()
        .filter(move |(_, only)| only.is_none_or(|c| c == cmd))
        .map(|(s, _)| s)
}

pub fn usage(cmd: Command) -> String {
    let mut s = format!(
        "Usage: {0} [OPTIONS] {1}\n       {0} [--help | --version]\n\nOptions:\n",
        cmd.name(),
        cmd.operand()
    );
    for o in specs(cmd) {
        let name = match o.short {
            Some(short) => format!("{} [{}]", o.long, short),
            None => o.long.to_string(),
        };
        // Oclgrind's columns; a name too long for its column still keeps a space after it.
        let arg = o.arg.unwrap_or("");
        let head = match name.len() {
            0..20 => format!("{name:<20}{arg}"),
            _ => format!("{name} {arg}"),
        };
        let gap = if head.len() >= 29 { " " } else { "" };
        s += &format!("  {head:<29}{gap}{}\n", o.help);
    }
    s += "\nFor more information, please visit the Oclgrind wiki page:\n";
    s += "-> https://github.com/jrprice/Oclgrind/wiki\n\n";
    s
}

/// The Oclgrind version we are compatible with, first on the version line for scripts that
/// parse it.
pub const COMPATIBLE_VERSION: &str = "26.03.1";

pub fn version() -> String {
    format!(
        "\nOclgrind {COMPATIBLE_VERSION} (oclgrind-rs {})\n\n\
         Copyright (c) 2026 the oclgrind-rs developers\n\
         A Rust re-implementation of Oclgrind, by James Price and Simon McIntosh-Smith\n\n",
        env!("CARGO_PKG_VERSION")
    )
}

/// Parses the command line, handling `--help`, `--version` and errors: `Err` is the exit
/// status once they are printed.
pub fn parse_or_exit(cmd: Command, args: &[String]) -> Result<Options, i32> {
    let options = parse(cmd, args).map_err(|e| {
        eprintln!("{e}");
        1
    })?;
    if options.help {
        print!("{}", usage(cmd));
        return Err(0);
    }
    if options.version {
        print!("{}", version());
        return Err(0);
    }
    Ok(options)
}

/// The settings of this process, or the exit status once a bad value is reported (before an
/// application starts, rather than inside it).
pub fn config_or_exit(options: &Options) -> Result<Config, i32> {
    options.config().map_err(|e| {
        eprintln!("\n{e}");
        1
    })
}

/// `--dap`: serves the Debug Adapter Protocol; the launch request names the program. The
/// other options go to every launch.
pub fn serve_dap(options: &Options, args: &[String], debugging: oclgrind_dap::Debugging) -> i32 {
    if let Some(operand) = options.rest.first() {
        eprintln!("--dap takes what to debug from the IDE's launch request, not '{operand}'");
        return 1;
    }
    if config_or_exit(options).is_err() {
        return 1;
    }
    let rest: Vec<String> = args.iter().filter(|a| *a != "--dap").cloned().collect();
    oclgrind_dap::serve(debugging, rest)
}

/// A command line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    #[error("Unrecognised option '{0}'")]
    Unrecognised(String),
    /// A value given to a flag (`--quick=2`).
    #[error("Invalid value in option '{0}'")]
    ValueToFlag(String),
    #[error("Missing argument to {0}")]
    MissingArgument(&'static str),
    #[error("Invalid value for {0}: '{1}' is not a number")]
    NotANumber(&'static str, String),
}

/// What the command line asked for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// The settings the options give, one a variable, in the order first given.
    pub settings: Vec<Setting>,
    /// Values that are not their variable's: reported by `config`, after `--help`, `--version`
    /// and the operands, as when they were read from the environment.
    invalid: Vec<(Var, ConfigError)>,
    pub help: bool,
    pub version: bool,
    pub global_mem: bool,
    /// `--dap`: the program comes from the IDE's launch request.
    pub dap: bool,
    /// `--compare-with NAME`: the other platform a launch also runs on.
    pub compare_with: Option<String>,
    /// `--compare-ulps N`.
    pub compare_ulps: u64,
    /// The positional arguments (the simfile, or the application and its arguments).
    pub rest: Vec<String>,
}

impl Options {
    /// The settings of this process: the options' over the environment's.
    pub fn config(&self) -> Result<Config, ConfigError> {
        match self.invalid.first() {
            Some((_, e)) => Err(e.clone()),
            None => Config::with_env(&self.settings),
        }
    }

    /// The options as the variables the runtime in the application reads (Oclgrind's
    /// contract, compat §1.1): for the launcher to give the process it starts.
    pub fn vars(&self) -> impl Iterator<Item = (&'static str, String)> + '_ {
        self.settings.iter().map(|s| (s.var().name(), s.text()))
    }

    /// Records the value of an option. `--race-ignore` adds to its list; other options
    /// replace their value.
    fn give(&mut self, var: Var, text: &str) {
        self.invalid.retain(|(v, _)| *v != var);
        let setting = match Setting::parse(var, text) {
            Ok(setting) => setting,
            Err(e) => {
                self.settings.retain(|s| s.var() != var);
                self.invalid.push((var, e));
                return;
            }
        };
        match (self.settings.iter_mut().find(|s| s.var() == var), setting) {
            (Some(Setting::RaceIgnore(old)), Setting::RaceIgnore(more)) => old.extend(more),
            (Some(old), setting) => *old = setting,
            (None, setting) => self.settings.push(setting),
        }
    }
}

/// Parses options. The launcher stops at the first non-option (the application's own arguments
/// follow); `oclgrind-kernel` accepts options anywhere.
pub fn parse(cmd: Command, args: &[String]) -> Result<Options, OptionsError> {
    let mut o = Options::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if !a.starts_with('-') || a == "-" {
            o.rest.push(a.clone());
            if cmd == Command::Launcher {
                o.rest.extend(args[i..].iter().cloned());
                break;
            }
            continue;
        }
        // `--name=value` gives an option its value in the same word.
        let (name, attached) = match a.split_once('=') {
            Some((name, value)) if a.starts_with("--") => (name, Some(value)),
            _ => (a.as_str(), None),
        };
        let spec = specs(cmd)
            .find(|o| o.long == name || o.short == Some(name))
            .ok_or_else(|| OptionsError::Unrecognised(a.clone()))?;
        let var = match spec.action {
            Set(var) => var,
            Help => {
                o.help = true;
                break;
            }
            Version => {
                o.version = true;
                break;
            }
            GlobalMem => {
                o.global_mem = true;
                continue;
            }
            Dap => {
                o.dap = true;
                continue;
            }
            CompareWith | CompareUlps => {
                let value = match attached {
                    Some(v) => v,
                    None => {
                        i += 1;
                        args.get(i - 1)
                            .ok_or(OptionsError::MissingArgument(spec.long))?
                    }
                };
                if spec.action == CompareWith {
                    o.compare_with = Some(value.to_string());
                } else {
                    o.compare_ulps = value
                        .parse()
                        .map_err(|_| OptionsError::NotANumber(spec.long, value.to_string()))?;
                }
                continue;
            }
        };
        let value = match (spec.arg, attached) {
            (Some(_), Some(value)) => value,
            // Its one value beyond the flag: the counts per source line too.
            (None, Some(value)) if var == Var::InstCounts && value == "lines" => value,
            (None, Some(value)) if var == Var::LeakCheck && value == "error" => value,
            (None, Some(value)) if var == Var::PerfLints && value == "all" => value,
            (None, Some(_)) => return Err(OptionsError::ValueToFlag(a.clone())),
            (None, None) => "1",
            (Some(_), None) => {
                let v = args
                    .get(i)
                    .ok_or(OptionsError::MissingArgument(spec.long))?;
                i += 1;
                v
            }
        };
        o.give(var, value);
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oclgrind_core::config::{DeviceType, DiagnosticsFormat, InstCounts, LeakCheck, PerfLints};

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn help_layout_matches_oclgrind() {
        let u = usage(Command::Kernel);
        assert!(u.starts_with("Usage: oclgrind-kernel [OPTIONS] simfile\n       oclgrind-kernel [--help | --version]\n\nOptions:\n"));
        assert!(u.contains(
            "\n  --build-options     OPTIONS  Additional options to pass to the OpenCL compiler\n"
        ));
        assert!(u.contains("\n  --global-mem [-g]            Output global memory at exit\n"));
        assert!(!u.contains("--check-api"));
        // Our longer names keep the columns, and a space after the name.
        assert!(u.contains("\n  --diagnostics-format FORMAT  sarif"));
        assert!(usage(Command::Launcher)
            .contains("\n  --check-api                  Report errors on API calls\n"));
    }

    fn settings(cmd: Command, line: &str) -> Vec<Setting> {
        parse(cmd, &args(line)).unwrap().settings
    }

    #[test]
    fn options_are_typed_settings() {
        let p = parse(Command::Kernel, &args("-q --num-threads 3 t.sim -g")).unwrap();
        assert_eq!(p.settings, [Setting::Quick(true), Setting::NumThreads(3)]);
        assert!(p.global_mem);
        assert_eq!(p.rest, vec!["t.sim"]);
        assert_eq!(
            settings(
                Command::Launcher,
                "--device-type cpu --plugins a.so:b.so --log= ./app"
            ),
            [
                Setting::DeviceType(DeviceType::Cpu),
                Setting::Plugins(vec!["a.so".into(), "b.so".into()]),
                Setting::Log(None),
            ]
        );
        assert_eq!(
            settings(Command::Kernel, "-i --history-size 64M t.sim"),
            [Setting::Interactive(true), Setting::HistorySize(64 << 20)]
        );
        assert_eq!(
            settings(Command::Launcher, "--history-size 0 ./app"),
            [Setting::HistorySize(0)]
        );
        assert_eq!(
            settings(Command::Launcher, "--leak-check=error --leak-check ./app"),
            [Setting::LeakCheck(LeakCheck::Warn)]
        );
        assert_eq!(
            settings(Command::Launcher, "--leak-check=error ./app"),
            [Setting::LeakCheck(LeakCheck::Error)]
        );
        // Both front ends take the lints, with `=all` their one value.
        assert_eq!(
            settings(Command::Kernel, "--perf-lints t.sim"),
            [Setting::PerfLints(PerfLints::Findings)]
        );
        assert_eq!(
            settings(Command::Launcher, "--perf-lints=all ./app"),
            [Setting::PerfLints(PerfLints::All)]
        );
        assert!(parse(Command::Kernel, &args("--perf-lints=some t.sim")).is_err());
    }

    #[test]
    fn a_value_may_follow_an_equals_sign() {
        assert_eq!(
            settings(Command::Kernel, "--inst-counts=lines --num-threads=2 t.sim"),
            [
                Setting::InstCounts(InstCounts::Lines),
                Setting::NumThreads(2)
            ]
        );
        assert_eq!(
            settings(Command::Kernel, "--inst-counts t.sim"),
            [Setting::InstCounts(InstCounts::Table)]
        );
        assert_eq!(
            parse(Command::Kernel, &args("--inst-counts=all t.sim")),
            Err(OptionsError::ValueToFlag("--inst-counts=all".into()))
        );
        assert_eq!(
            parse(Command::Kernel, &args("--quick=2 t.sim"))
                .unwrap_err()
                .to_string(),
            "Invalid value in option '--quick=2'"
        );
    }

    #[test]
    fn race_ignore_adds_to_the_list_and_other_options_replace() {
        assert_eq!(
            settings(
                Command::Kernel,
                "--race-ignore k --race-ignore k2:out t.sim --race-ignore k3"
            ),
            [Setting::RaceIgnore(vec![
                "k".into(),
                "k2:out".into(),
                "k3".into()
            ])]
        );
        assert_eq!(
            settings(Command::Kernel, "--num-threads 2 -q --num-threads 4"),
            [Setting::NumThreads(4), Setting::Quick(true)]
        );
    }

    #[test]
    fn dap_is_a_mode_whose_other_options_go_to_each_launch() {
        for cmd in [Command::Launcher, Command::Kernel] {
            let p = parse(cmd, &args("--dap --data-races")).unwrap();
            assert!(p.dap);
            assert!(p.rest.is_empty());
            assert_eq!(p.settings, [Setting::DataRaces(true)]);
        }
        assert!(!parse(Command::Kernel, &args("t.sim")).unwrap().dap);
    }

    #[test]
    fn launcher_stops_at_the_command() {
        let p = parse(Command::Launcher, &args("--check-api ./app -q --x")).unwrap();
        assert_eq!(p.rest, vec!["./app", "-q", "--x"]);
        assert_eq!(p.settings, [Setting::CheckApi(true)]);
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse(Command::Kernel, &args("--bogus"))
                .unwrap_err()
                .to_string(),
            "Unrecognised option '--bogus'"
        );
        assert_eq!(
            parse(Command::Kernel, &args("--num-threads"))
                .unwrap_err()
                .to_string(),
            "Missing argument to --num-threads"
        );
        assert!(parse(Command::Kernel, &args("--check-api x.sim")).is_err());
    }

    /// A bad value is the variable's error, told after the command line is otherwise read
    /// (`--help` still helps), unless a later option replaces it.
    #[test]
    fn bad_values_are_reported_by_config() {
        let p = parse(Command::Kernel, &args("--num-threads 0 --help")).unwrap();
        assert!(p.help);
        let p = parse(Command::Kernel, &args("--num-threads 0 t.sim")).unwrap();
        assert_eq!(
            p.config().unwrap_err().to_string(),
            "Oclgrind: Invalid value for OCLGRIND_NUM_THREADS"
        );
        let p = parse(Command::Kernel, &args("--sub-group-size 129 t.sim")).unwrap();
        assert_eq!(
            p.config().unwrap_err().to_string(),
            "Oclgrind: Invalid value for OCLGRIND_SUB_GROUP_SIZE"
        );
        let p = parse(Command::Kernel, &args("--num-threads 0 --num-threads 2")).unwrap();
        assert_eq!(p.settings, [Setting::NumThreads(2)]);
        assert!(p.invalid.is_empty());
        let p = parse(Command::Kernel, &args("--num-threads 2 --num-threads x")).unwrap();
        assert!(p.settings.is_empty());
        assert_eq!(p.invalid.len(), 1);
    }

    #[test]
    fn settings_make_the_config() {
        let p = parse(
            Command::Kernel,
            &args("-i --no-tui --data-races --max-errors 0 --error-exitcode 3 --diagnostics-file d.jsonl"),
        )
        .unwrap();
        let c = Config::from_settings(p.settings.clone()).unwrap();
        assert!(c.interactive && c.no_tui && c.data_races && !c.quick);
        assert_eq!((c.max_errors, c.error_exitcode), (0, Some(3)));
        assert_eq!(c.diagnostics_format, DiagnosticsFormat::JsonLines);
        assert_eq!(
            Config::from_settings(settings(Command::Kernel, "--diagnostics-format sarif"))
                .unwrap_err(),
            ConfigError::FormatWithoutFile
        );
    }

    /// The launcher gives the application the variables Oclgrind's options set.
    #[test]
    fn options_as_variables() {
        let p = parse(
            Command::Launcher,
            &args("--check-api --num-threads=3 --race-ignore a --race-ignore b:x ./app"),
        )
        .unwrap();
        assert_eq!(
            p.vars().collect::<Vec<_>>(),
            [
                ("OCLGRIND_CHECK_API", "1".to_string()),
                ("OCLGRIND_NUM_THREADS", "3".to_string()),
                ("OCLGRIND_RACE_IGNORE", "a,b:x".to_string()),
            ]
        );
    }
}
