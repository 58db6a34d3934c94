//! The command-line options shared by `oclgrind` and `oclgrind-kernel` (compat §1.1, §2.1).
//! Each option sets an `OCLGRIND_*` environment variable, exactly as Oclgrind's do, so that the
//! runtime library (and any plugin) sees the same settings.

/// One option of the table.
pub struct OptionSpec {
    pub long: &'static str,
    pub short: Option<&'static str>,
    /// Name of the value in the help text; `None` for flags.
    pub arg: Option<&'static str>,
    /// Variable it sets (`None` for options handled by the command itself).
    pub env: Option<&'static str>,
    pub help: &'static str,
}

const fn opt(
    long: &'static str,
    short: Option<&'static str>,
    arg: Option<&'static str>,
    env: Option<&'static str>,
    help: &'static str,
) -> OptionSpec {
    OptionSpec {
        long,
        short,
        arg,
        env,
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
            Some("OCLGRIND_BUILD_OPTIONS"),
            "Additional options to pass to the OpenCL compiler",
        ),
        None,
    ),
    (
        opt(
            "--check-api",
            None,
            None,
            Some("OCLGRIND_CHECK_API"),
            "Report errors on API calls",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--compute-units",
            None,
            Some("UNITS"),
            Some("OCLGRIND_COMPUTE_UNITS"),
            "Change the number of compute units reported",
        ),
        None,
    ),
    (
        opt(
            "--constant-mem-size",
            None,
            Some("BYTES"),
            Some("OCLGRIND_CONSTANT_MEM_SIZE"),
            "Change the constant memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--data-races",
            None,
            None,
            Some("OCLGRIND_DATA_RACES"),
            "Enable data-race detection",
        ),
        None,
    ),
    (
        opt(
            "--diagnostics-file",
            None,
            Some("FILE"),
            Some("OCLGRIND_DIAGNOSTICS_FILE"),
            "Also write every diagnostic to FILE, for CI",
        ),
        None,
    ),
    (
        opt(
            "--device-type",
            None,
            Some("TYPE"),
            Some("OCLGRIND_DEVICE_TYPE"),
            "The device's type: gpu (default), cpu or accelerator",
        ),
        Some(Command::Launcher),
    ),
    (
        opt(
            "--diagnostics-format",
            None,
            Some("FORMAT"),
            Some("OCLGRIND_DIAGNOSTICS_FORMAT"),
            "sarif (SARIF 2.1.0) or jsonl (JSON lines)",
        ),
        None,
    ),
    (
        opt(
            "--disable-pch",
            None,
            None,
            Some("OCLGRIND_DISABLE_PCH"),
            "Don't use precompiled headers",
        ),
        None,
    ),
    (
        opt(
            "--dump-spir",
            None,
            None,
            Some("OCLGRIND_DUMP_SPIR"),
            "Dump SPIR to /tmp/oclgrind_*.{ll,bc}",
        ),
        None,
    ),
    (
        opt(
            "--error-exitcode",
            None,
            Some("N"),
            Some("OCLGRIND_ERROR_EXITCODE"),
            "Exit with status N if an error was reported",
        ),
        None,
    ),
    (
        opt(
            "--global-mem",
            Some("-g"),
            None,
            None,
            "Output global memory at exit",
        ),
        Some(Command::Kernel),
    ),
    (
        opt(
            "--global-mem-size",
            None,
            Some("BYTES"),
            Some("OCLGRIND_GLOBAL_MEM_SIZE"),
            "Change the global memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--help",
            Some("-h"),
            None,
            None,
            "Display usage information",
        ),
        None,
    ),
    (
        opt(
            "--inst-counts",
            None,
            None,
            Some("OCLGRIND_INST_COUNTS"),
            "Output histograms of instructions executed (=lines: by source line too)",
        ),
        None,
    ),
    (
        opt(
            "--interactive",
            Some("-i"),
            None,
            Some("OCLGRIND_INTERACTIVE"),
            "Enable interactive mode",
        ),
        None,
    ),
    (
        opt(
            "--no-tui",
            None,
            None,
            Some("OCLGRIND_NO_TUI"),
            "Debug in line mode even at a terminal",
        ),
        None,
    ),
    (
        opt(
            "--local-mem-size",
            None,
            Some("BYTES"),
            Some("OCLGRIND_LOCAL_MEM_SIZE"),
            "Change the local memory size of the device",
        ),
        None,
    ),
    (
        opt(
            "--log",
            None,
            Some("LOGFILE"),
            Some("OCLGRIND_LOG"),
            "Redirect log/error messages to a file",
        ),
        None,
    ),
    (
        opt(
            "--max-errors",
            None,
            Some("NUM"),
            Some("OCLGRIND_MAX_ERRORS"),
            "Limit the number of error/warning messages",
        ),
        None,
    ),
    (
        opt(
            "--max-wgsize",
            None,
            Some("WGSIZE"),
            Some("OCLGRIND_MAX_WGSIZE"),
            "Change the maximum work-group size of the device",
        ),
        None,
    ),
    (
        opt(
            "--num-threads",
            None,
            Some("NUM"),
            Some("OCLGRIND_NUM_THREADS"),
            "Set the number of worker threads to use",
        ),
        None,
    ),
    (
        opt(
            "--pch-dir",
            None,
            Some("DIR"),
            Some("OCLGRIND_PCH_DIR"),
            "Override directory containing precompiled headers",
        ),
        None,
    ),
    (
        opt(
            "--plugins",
            None,
            Some("PLUGINS"),
            Some("OCLGRIND_PLUGINS"),
            "Load colon separated list of plugin libraries",
        ),
        None,
    ),
    (
        opt(
            "--quick",
            Some("-q"),
            None,
            Some("OCLGRIND_QUICK"),
            "Only run first and last work-group",
        ),
        None,
    ),
    (
        opt(
            "--race-ignore",
            None,
            Some("KERNEL"),
            Some("OCLGRIND_RACE_IGNORE"),
            "Don't report data races in KERNEL (KERNEL:ARG: on ARG)",
        ),
        None,
    ),
    (
        opt(
            "--race-suppressions",
            None,
            Some("FILE"),
            Some("OCLGRIND_RACE_SUPPRESSIONS"),
            "Read the races not to report, a KERNEL[:ARG] a line",
        ),
        None,
    ),
    (
        opt(
            "--sub-group-size",
            None,
            Some("N"),
            Some("OCLGRIND_SUB_GROUP_SIZE"),
            "Work-items in a sub-group, 1 to 128 (default 32)",
        ),
        None,
    ),
    (
        opt(
            "--uniform-writes",
            None,
            None,
            Some("OCLGRIND_UNIFORM_WRITES"),
            "Don't suppress uniform write-write data-races",
        ),
        None,
    ),
    (
        opt(
            "--uninitialized",
            None,
            None,
            Some("OCLGRIND_UNINITIALIZED"),
            "Report usage of uninitialized values",
        ),
        None,
    ),
    (
        opt(
            "--version",
            Some("-v"),
            None,
            None,
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
pub fn parse_or_exit(cmd: Command, args: &[String]) -> Result<Parsed, i32> {
    let parsed = parse(cmd, args).map_err(|msg| {
        eprintln!("{msg}");
        1
    })?;
    if parsed.help {
        print!("{}", usage(cmd));
        return Err(0);
    }
    if parsed.version {
        print!("{}", version());
        return Err(0);
    }
    Ok(parsed)
}

/// Sets the options' variables and reads the settings back (so that bad numbers are reported
/// now, by name).
pub fn apply(parsed: &Parsed) -> Result<oclgrind_core::Config, i32> {
    for (k, v) in &parsed.env {
        std::env::set_var(k, v);
    }
    let config = oclgrind_core::Config::from_env().map_err(|msg| {
        eprintln!("\n{msg}");
        1
    })?;
    Ok(config)
}

/// What the command line asked for.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Parsed {
    /// Environment variables to set, in order.
    pub env: Vec<(String, String)>,
    pub help: bool,
    pub version: bool,
    pub global_mem: bool,
    /// The positional arguments (the simfile, or the application and its arguments).
    pub rest: Vec<String>,
}

/// Parses options. The launcher stops at the first non-option (the application's own arguments
/// follow); `oclgrind-kernel` accepts options anywhere. `Err` is the message to print.
pub fn parse(cmd: Command, args: &[String]) -> Result<Parsed, String> {
    let mut p = Parsed::default();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if !a.starts_with('-') || a == "-" {
            p.rest.push(a.clone());
            if cmd == Command::Launcher {
                p.rest.extend(args[i..].iter().cloned());
                break;
            }
            continue;
        }
        // `--name=value` gives an option its value in the same word.
        let (name, attached) = match a.split_once('=') {
            Some((name, value)) if a.starts_with("--") => (name, Some(value.to_string())),
            _ => (a.as_str(), None),
        };
        let spec = specs(cmd)
            .find(|o| o.long == name || o.short == Some(name))
            .ok_or_else(|| format!("Unrecognised option '{a}'"))?;
        match spec.long {
            "--help" => p.help = true,
            "--version" => p.version = true,
            "--global-mem" => p.global_mem = true,
            _ => {
                let value = match (spec.arg, attached) {
                    (Some(_), Some(value)) => value,
                    // Its one value beyond the flag: the counts per source line too.
                    (None, Some(value)) if spec.long == "--inst-counts" && value == "lines" => {
                        value
                    }
                    (None, Some(_)) => return Err(format!("Invalid value in option '{a}'")),
                    (None, None) => "1".to_string(),
                    (Some(_), None) => {
                        let v = args
                            .get(i)
                            .ok_or_else(|| format!("Missing argument to {}", spec.long))?;
                        i += 1;
                        v.clone()
                    }
                };
                let env = spec
                    .env
                    .expect("options without a variable are handled above");
                // --race-ignore adds to the list; other options replace their value.
                match p.env.iter_mut().find(|(k, _)| k == env) {
                    Some((_, old)) if spec.long == "--race-ignore" => {
                        old.push(',');
                        old.push_str(&value);
                    }
                    _ => p.env.push((env.to_string(), value)),
                }
            }
        }
        if p.help || p.version {
            break;
        }
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn options_set_variables() {
        let p = parse(Command::Kernel, &args("-q --num-threads 3 t.sim -g")).unwrap();
        assert_eq!(
            p.env,
            vec![
                ("OCLGRIND_QUICK".into(), "1".into()),
                ("OCLGRIND_NUM_THREADS".into(), "3".into())
            ]
        );
        assert!(p.global_mem);
        assert_eq!(p.rest, vec!["t.sim"]);
    }

    #[test]
    fn a_value_may_follow_an_equals_sign() {
        let p = parse(
            Command::Kernel,
            &args("--inst-counts=lines --num-threads=2 t.sim"),
        )
        .unwrap();
        assert_eq!(
            p.env,
            vec![
                ("OCLGRIND_INST_COUNTS".into(), "lines".into()),
                ("OCLGRIND_NUM_THREADS".into(), "2".into())
            ]
        );
        let p = parse(Command::Kernel, &args("--inst-counts t.sim")).unwrap();
        assert_eq!(p.env, vec![("OCLGRIND_INST_COUNTS".into(), "1".into())]);
        assert_eq!(
            parse(Command::Kernel, &args("--inst-counts=all t.sim")),
            Err("Invalid value in option '--inst-counts=all'".into())
        );
        assert_eq!(
            parse(Command::Kernel, &args("--quick=2 t.sim")),
            Err("Invalid value in option '--quick=2'".into())
        );
    }

    #[test]
    fn race_ignore_adds_to_the_list() {
        let p = parse(
            Command::Kernel,
            &args("--race-ignore k --race-ignore k2:out t.sim --race-ignore k3"),
        )
        .unwrap();
        assert_eq!(
            p.env,
            vec![("OCLGRIND_RACE_IGNORE".into(), "k,k2:out,k3".into())]
        );
    }

    #[test]
    fn launcher_stops_at_the_command() {
        let p = parse(Command::Launcher, &args("--check-api ./app -q --x")).unwrap();
        assert_eq!(p.rest, vec!["./app", "-q", "--x"]);
        assert_eq!(p.env, vec![("OCLGRIND_CHECK_API".into(), "1".into())]);
    }

    #[test]
    fn errors() {
        assert_eq!(
            parse(Command::Kernel, &args("--bogus")),
            Err("Unrecognised option '--bogus'".into())
        );
        assert_eq!(
            parse(Command::Kernel, &args("--num-threads")),
            Err("Missing argument to --num-threads".into())
        );
        assert!(parse(Command::Kernel, &args("--check-api x.sim")).is_err());
    }
}
