//! The `OCLGRIND_*` variables (compat §1.3) and the typed value each holds. Every variable's
//! text is read here, by one rule, whether it comes from the environment or from a command
//! line option, and written back here for the application the launcher starts.

use super::{ConfigError, DeviceType, DiagnosticsFormat, InstCounts, LeakCheck, PerfLints};

/// The variables, in the order they are read (so that of several bad values the first named
/// here is the one reported).
macro_rules! variables {
    ($($var:ident = $name:literal,)*) => {
        /// A variable that holds one of the simulator's settings.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Var {
            $($var,)*
        }

        impl Var {
            pub const ALL: &'static [Var] = &[$(Var::$var,)*];

            pub fn name(self) -> &'static str {
                match self {
                    $(Var::$var => $name,)*
                }
            }
        }
    };
}

variables! {
    BuildOptions = "OCLGRIND_BUILD_OPTIONS",
    Capture = "OCLGRIND_CAPTURE",
    CaptureKernel = "OCLGRIND_CAPTURE_KERNEL",
    CaptureLaunch = "OCLGRIND_CAPTURE_LAUNCH",
    CheckApi = "OCLGRIND_CHECK_API",
    ComputeUnits = "OCLGRIND_COMPUTE_UNITS",
    ConstantMemSize = "OCLGRIND_CONSTANT_MEM_SIZE",
    DataRaces = "OCLGRIND_DATA_RACES",
    DeviceType = "OCLGRIND_DEVICE_TYPE",
    DiagnosticsFormat = "OCLGRIND_DIAGNOSTICS_FORMAT",
    DiagnosticsFile = "OCLGRIND_DIAGNOSTICS_FILE",
    DisablePch = "OCLGRIND_DISABLE_PCH",
    DumpSpir = "OCLGRIND_DUMP_SPIR",
    ErrorExitcode = "OCLGRIND_ERROR_EXITCODE",
    ErrorNote = "OCLGRIND_ERROR_NOTE",
    Executor = "OCLGRIND_EXECUTOR",
    GlobalMemSize = "OCLGRIND_GLOBAL_MEM_SIZE",
    HistorySize = "OCLGRIND_HISTORY_SIZE",
    InstCounts = "OCLGRIND_INST_COUNTS",
    Interactive = "OCLGRIND_INTERACTIVE",
    LeakCheck = "OCLGRIND_LEAK_CHECK",
    LocalMemSize = "OCLGRIND_LOCAL_MEM_SIZE",
    Log = "OCLGRIND_LOG",
    MaxErrors = "OCLGRIND_MAX_ERRORS",
    MaxWgSize = "OCLGRIND_MAX_WGSIZE",
    NoTui = "OCLGRIND_NO_TUI",
    NumThreads = "OCLGRIND_NUM_THREADS",
    PchDir = "OCLGRIND_PCH_DIR",
    PerfLints = "OCLGRIND_PERF_LINTS",
    Plugins = "OCLGRIND_PLUGINS",
    Quick = "OCLGRIND_QUICK",
    RaceIgnore = "OCLGRIND_RACE_IGNORE",
    RaceSuppressions = "OCLGRIND_RACE_SUPPRESSIONS",
    SubGroupSize = "OCLGRIND_SUB_GROUP_SIZE",
    Timing = "OCLGRIND_TIMING",
    UniformWrites = "OCLGRIND_UNIFORM_WRITES",
    Uninitialized = "OCLGRIND_UNINITIALIZED",
}

impl Var {
    /// The variable's value in this process's environment, read; `None` where it is unset (or
    /// not text). The one place the simulator's variables are looked up.
    pub fn read(self) -> Result<Option<Setting>, ConfigError> {
        std::env::var(self.name())
            .ok()
            .map(|text| Setting::parse(self, &text))
            .transpose()
    }
}

/// One variable's value, typed. An empty word is no value (`None`, an empty list, the
/// default), as an unset variable is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    BuildOptions(Option<String>),
    /// The directory launches are captured into.
    Capture(Option<String>),
    CaptureKernel(Option<String>),
    /// Capture only the Nth launch (of the kernel `CaptureKernel` names, if any).
    CaptureLaunch(Option<u64>),
    CheckApi(bool),
    ComputeUnits(u64),
    ConstantMemSize(u64),
    DataRaces(bool),
    DeviceType(DeviceType),
    /// `None`: the file's name chooses.
    DiagnosticsFormat(Option<DiagnosticsFormat>),
    DiagnosticsFile(Option<String>),
    /// Accepted for Oclgrind's command lines: we build without precompiled headers.
    DisablePch(bool),
    DumpSpir(bool),
    ErrorExitcode(Option<u8>),
    ErrorNote(Option<String>),
    /// `OCLGRIND_EXECUTOR=scalar` (`true`) or `lanes`.
    ScalarExecutor(bool),
    GlobalMemSize(u64),
    InstCounts(InstCounts),
    Interactive(bool),
    LeakCheck(LeakCheck),
    LocalMemSize(u64),
    Log(Option<String>),
    MaxErrors(u64),
    MaxWgSize(u64),
    NoTui(bool),
    NumThreads(usize),
    /// Accepted for Oclgrind's command lines, like `DisablePch`.
    PchDir(Option<String>),
    PerfLints(PerfLints),
    Plugins(Vec<String>),
    Quick(bool),
    RaceIgnore(Vec<String>),
    RaceSuppressions(Option<String>),
    SubGroupSize(u64),
    Timing(bool),
    UniformWrites(bool),
    Uninitialized(bool),
    HistorySize(u64),
}

/// A ballot (`uint4`) has a bit for each of at most 128 work-items of a sub-group.
const MAX_SUB_GROUP_SIZE: u64 = 128;

impl Setting {
    /// Reads `text` as the value of `var`, by Oclgrind's rules (compat §1.3): a flag is on only
    /// at exactly "1", a number is decimal and (but for `--max-errors`) above zero.
    pub fn parse(var: Var, text: &str) -> Result<Setting, ConfigError> {
        let flag = text == "1";
        let word = || Some(text.to_string()).filter(|t| !t.is_empty());
        let positive = || number(var, text, false);
        Ok(match var {
            Var::BuildOptions => Setting::BuildOptions(word()),
            Var::Capture => Setting::Capture(word()),
            Var::CaptureKernel => Setting::CaptureKernel(word()),
            Var::CaptureLaunch => Setting::CaptureLaunch(match text {
                "" => None,
                _ => Some(positive()?),
            }),
            Var::CheckApi => Setting::CheckApi(flag),
            Var::ComputeUnits => Setting::ComputeUnits(positive()?),
            Var::ConstantMemSize => Setting::ConstantMemSize(positive()?),
            Var::DataRaces => Setting::DataRaces(flag),
            Var::DeviceType => Setting::DeviceType(match text {
                "" | "gpu" => DeviceType::Gpu,
                "cpu" => DeviceType::Cpu,
                "accelerator" => DeviceType::Accelerator,
                _ => return Err(unexpected(var, text, "gpu, cpu or accelerator")),
            }),
            Var::DiagnosticsFormat => Setting::DiagnosticsFormat(match text {
                "" => None,
                "sarif" => Some(DiagnosticsFormat::Sarif),
                "jsonl" => Some(DiagnosticsFormat::JsonLines),
                _ => return Err(unexpected(var, text, "sarif or jsonl")),
            }),
            Var::DiagnosticsFile => Setting::DiagnosticsFile(word()),
            Var::DisablePch => Setting::DisablePch(flag),
            Var::DumpSpir => Setting::DumpSpir(flag),
            // An exit status is one byte: 256 would read as 0, success, to a CI job.
            Var::ErrorExitcode => Setting::ErrorExitcode(match text {
                "" => None,
                _ => match text.parse::<u8>() {
                    Ok(code) if code > 0 => Some(code),
                    _ => return Err(unexpected(var, text, "an exit status from 1 to 255")),
                },
            }),
            Var::ErrorNote => Setting::ErrorNote(word()),
            Var::Executor => Setting::ScalarExecutor(match text {
                "" | "lanes" => false,
                "scalar" => true,
                _ => {
                    return Err(ConfigError::NotOneOf {
                        var,
                        expected: "lanes or scalar",
                    })
                }
            }),
            Var::GlobalMemSize => Setting::GlobalMemSize(positive()?),
            Var::HistorySize => Setting::HistorySize(bytes(var, text)?),
            Var::InstCounts => Setting::InstCounts(match text {
                "1" => InstCounts::Table,
                "lines" => InstCounts::Lines,
                _ => InstCounts::Off,
            }),
            Var::Interactive => Setting::Interactive(flag),
            Var::LeakCheck => Setting::LeakCheck(match text {
                "1" => LeakCheck::Warn,
                "error" => LeakCheck::Error,
                _ => LeakCheck::Off,
            }),
            Var::PerfLints => Setting::PerfLints(match text {
                "1" => PerfLints::Findings,
                "all" => PerfLints::All,
                _ => PerfLints::Off,
            }),
            Var::LocalMemSize => Setting::LocalMemSize(positive()?),
            Var::Log => Setting::Log(word()),
            Var::MaxErrors => Setting::MaxErrors(number(var, text, true)?),
            Var::MaxWgSize => Setting::MaxWgSize(positive()?),
            // Our own variable, on as most programs read a switch: set, and not "0".
            Var::NoTui => Setting::NoTui(!text.is_empty() && text != "0"),
            Var::NumThreads => Setting::NumThreads(positive()? as usize),
            Var::PchDir => Setting::PchDir(word()),
            Var::Plugins => Setting::Plugins(list(text, ':', false)),
            Var::Quick => Setting::Quick(flag),
            // Races are written `k1, k2:arg` as often as `k1,k2:arg`.
            Var::RaceIgnore => Setting::RaceIgnore(list(text, ',', true)),
            Var::RaceSuppressions => Setting::RaceSuppressions(word()),
            Var::SubGroupSize => match positive()? {
                n if n > MAX_SUB_GROUP_SIZE => return Err(ConfigError::Number(var)),
                n => Setting::SubGroupSize(n),
            },
            Var::Timing => Setting::Timing(flag),
            Var::UniformWrites => Setting::UniformWrites(flag),
            Var::Uninitialized => Setting::Uninitialized(flag),
        })
    }

    /// The variable this sets.
    pub fn var(&self) -> Var {
        match self {
            Setting::BuildOptions(_) => Var::BuildOptions,
            Setting::Capture(_) => Var::Capture,
            Setting::CaptureKernel(_) => Var::CaptureKernel,
            Setting::CaptureLaunch(_) => Var::CaptureLaunch,
            Setting::CheckApi(_) => Var::CheckApi,
            Setting::ComputeUnits(_) => Var::ComputeUnits,
            Setting::ConstantMemSize(_) => Var::ConstantMemSize,
            Setting::DataRaces(_) => Var::DataRaces,
            Setting::DeviceType(_) => Var::DeviceType,
            Setting::DiagnosticsFormat(_) => Var::DiagnosticsFormat,
            Setting::DiagnosticsFile(_) => Var::DiagnosticsFile,
            Setting::DisablePch(_) => Var::DisablePch,
            Setting::DumpSpir(_) => Var::DumpSpir,
            Setting::ErrorExitcode(_) => Var::ErrorExitcode,
            Setting::ErrorNote(_) => Var::ErrorNote,
            Setting::ScalarExecutor(_) => Var::Executor,
            Setting::GlobalMemSize(_) => Var::GlobalMemSize,
            Setting::HistorySize(_) => Var::HistorySize,
            Setting::InstCounts(_) => Var::InstCounts,
            Setting::Interactive(_) => Var::Interactive,
            Setting::LeakCheck(_) => Var::LeakCheck,
            Setting::PerfLints(_) => Var::PerfLints,
            Setting::LocalMemSize(_) => Var::LocalMemSize,
            Setting::Log(_) => Var::Log,
            Setting::MaxErrors(_) => Var::MaxErrors,
            Setting::MaxWgSize(_) => Var::MaxWgSize,
            Setting::NoTui(_) => Var::NoTui,
            Setting::NumThreads(_) => Var::NumThreads,
            Setting::PchDir(_) => Var::PchDir,
            Setting::Plugins(_) => Var::Plugins,
            Setting::Quick(_) => Var::Quick,
            Setting::RaceIgnore(_) => Var::RaceIgnore,
            Setting::RaceSuppressions(_) => Var::RaceSuppressions,
            Setting::SubGroupSize(_) => Var::SubGroupSize,
            Setting::Timing(_) => Var::Timing,
            Setting::UniformWrites(_) => Var::UniformWrites,
            Setting::Uninitialized(_) => Var::Uninitialized,
        }
    }

    /// The variable's text for this value, which `parse` reads back as it: what the launcher
    /// puts in the environment of the application it starts.
    pub fn text(&self) -> String {
        let flag = |on: bool| if on { "1" } else { "0" }.to_string();
        let word = |w: &Option<String>| w.clone().unwrap_or_default();
        match self {
            Setting::CheckApi(on)
            | Setting::DataRaces(on)
            | Setting::DisablePch(on)
            | Setting::DumpSpir(on)
            | Setting::Interactive(on)
            | Setting::NoTui(on)
            | Setting::Quick(on)
            | Setting::Timing(on)
            | Setting::UniformWrites(on)
            | Setting::Uninitialized(on) => flag(*on),
            Setting::ComputeUnits(n)
            | Setting::ConstantMemSize(n)
            | Setting::GlobalMemSize(n)
            | Setting::HistorySize(n)
            | Setting::LocalMemSize(n)
            | Setting::MaxErrors(n)
            | Setting::MaxWgSize(n)
            | Setting::SubGroupSize(n) => n.to_string(),
            Setting::NumThreads(n) => n.to_string(),
            Setting::BuildOptions(w)
            | Setting::Capture(w)
            | Setting::CaptureKernel(w)
            | Setting::DiagnosticsFile(w)
            | Setting::ErrorNote(w)
            | Setting::Log(w)
            | Setting::PchDir(w)
            | Setting::RaceSuppressions(w) => word(w),
            Setting::DeviceType(t) => match t {
                DeviceType::Gpu => "gpu",
                DeviceType::Cpu => "cpu",
                DeviceType::Accelerator => "accelerator",
            }
            .to_string(),
            Setting::DiagnosticsFormat(f) => match f {
                None => "",
                Some(DiagnosticsFormat::Sarif) => "sarif",
                Some(DiagnosticsFormat::JsonLines) => "jsonl",
            }
            .to_string(),
            Setting::ErrorExitcode(code) => code.map(|c| c.to_string()).unwrap_or_default(),
            Setting::CaptureLaunch(n) => n.map(|n| n.to_string()).unwrap_or_default(),
            Setting::ScalarExecutor(scalar) => if *scalar { "scalar" } else { "lanes" }.to_string(),
            Setting::LeakCheck(check) => match check {
                LeakCheck::Off => "0",
                LeakCheck::Warn => "1",
                LeakCheck::Error => "error",
            }
            .to_string(),
            Setting::PerfLints(lints) => match lints {
                PerfLints::Off => "0",
                PerfLints::Findings => "1",
                PerfLints::All => "all",
            }
            .to_string(),
            Setting::InstCounts(counts) => match counts {
                InstCounts::Off => "0",
                InstCounts::Table => "1",
                InstCounts::Lines => "lines",
            }
            .to_string(),
            Setting::Plugins(paths) => paths.join(":"),
            Setting::RaceIgnore(races) => races.join(","),
        }
    }
}

/// Oclgrind's `getEnvInt`: decimal, and 0 only where `allow_zero`.
fn number(var: Var, text: &str, allow_zero: bool) -> Result<u64, ConfigError> {
    match text.parse::<u64>() {
        Ok(n) if n > 0 || allow_zero => Ok(n),
        _ => Err(ConfigError::Number(var)),
    }
}

/// A size in bytes, with an optional K, M or G (powers of 1024); 0 is allowed.
fn bytes(var: Var, text: &str) -> Result<u64, ConfigError> {
    let (digits, shift) = match text.strip_suffix(['K', 'k']) {
        Some(d) => (d, 10),
        None => match text.strip_suffix(['M', 'm']) {
            Some(d) => (d, 20),
            None => match text.strip_suffix(['G', 'g']) {
                Some(d) => (d, 30),
                None => (text, 0),
            },
        },
    };
    let n = number(var, digits, true)?;
    n.checked_mul(1 << shift).ok_or(ConfigError::Number(var))
}

fn unexpected(var: Var, text: &str, expected: &'static str) -> ConfigError {
    ConfigError::Unexpected {
        var,
        value: text.to_string(),
        expected,
    }
}

/// The non-empty items of a separated list.
fn list(text: &str, separator: char, trim: bool) -> Vec<String> {
    text.split(separator)
        .map(|item| if trim { item.trim() } else { item })
        .filter(|item| !item.is_empty())
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(var: Var, text: &str) -> Result<Setting, String> {
        Setting::parse(var, text).map_err(|e| e.to_string())
    }

    #[test]
    fn flags_are_on_only_at_one() {
        assert_eq!(parse(Var::DataRaces, "1"), Ok(Setting::DataRaces(true)));
        for off in ["", "0", "yes", "true", " 1"] {
            assert_eq!(parse(Var::DataRaces, off), Ok(Setting::DataRaces(false)));
        }
        // Our own switch reads as most programs read one.
        assert_eq!(parse(Var::NoTui, "yes"), Ok(Setting::NoTui(true)));
        assert_eq!(parse(Var::NoTui, "0"), Ok(Setting::NoTui(false)));
        assert_eq!(parse(Var::NoTui, ""), Ok(Setting::NoTui(false)));
    }

    #[test]
    fn numbers_say_which_variable_is_wrong() {
        assert_eq!(parse(Var::NumThreads, "3"), Ok(Setting::NumThreads(3)));
        for bad in ["0", "", "-1", "3x", "0x10", "18446744073709551616"] {
            assert_eq!(
                parse(Var::NumThreads, bad),
                Err("Oclgrind: Invalid value for OCLGRIND_NUM_THREADS".into()),
                "{bad:?}"
            );
        }
        assert_eq!(parse(Var::MaxErrors, "0"), Ok(Setting::MaxErrors(0)));
        assert_eq!(parse(Var::HistorySize, "0"), Ok(Setting::HistorySize(0)));
        assert_eq!(
            parse(Var::HistorySize, "64M"),
            Ok(Setting::HistorySize(64 << 20))
        );
        assert_eq!(
            parse(Var::HistorySize, "3k"),
            Ok(Setting::HistorySize(3072))
        );
        assert_eq!(
            parse(Var::HistorySize, "2G"),
            Ok(Setting::HistorySize(2 << 30))
        );
        for bad in ["M", "1T", "-1", "99999999999G"] {
            assert_eq!(
                parse(Var::HistorySize, bad),
                Err("Oclgrind: Invalid value for OCLGRIND_HISTORY_SIZE".into()),
                "{bad:?}"
            );
        }
        assert_eq!(
            parse(Var::SubGroupSize, "128"),
            Ok(Setting::SubGroupSize(128))
        );
        assert_eq!(
            parse(Var::SubGroupSize, "129"),
            Err("Oclgrind: Invalid value for OCLGRIND_SUB_GROUP_SIZE".into())
        );
        assert_eq!(
            parse(Var::ComputeUnits, "5000000000"),
            Ok(Setting::ComputeUnits(5_000_000_000))
        );
    }

    #[test]
    fn words_name_what_is_allowed() {
        assert_eq!(
            parse(Var::DeviceType, "dsp"),
            Err(
                "Oclgrind: Invalid value for OCLGRIND_DEVICE_TYPE: 'dsp' (gpu, cpu or accelerator)"
                    .into()
            )
        );
        assert_eq!(
            parse(Var::DeviceType, ""),
            Ok(Setting::DeviceType(DeviceType::Gpu))
        );
        assert_eq!(
            parse(Var::ErrorExitcode, "256"),
            Err(
                "Oclgrind: Invalid value for OCLGRIND_ERROR_EXITCODE: '256' (an exit status from \
                 1 to 255)"
                    .into()
            )
        );
        assert_eq!(
            parse(Var::ErrorExitcode, "0"),
            Err(
                "Oclgrind: Invalid value for OCLGRIND_ERROR_EXITCODE: '0' (an exit status from \
                 1 to 255)"
                    .into()
            )
        );
        assert_eq!(
            parse(Var::ErrorExitcode, ""),
            Ok(Setting::ErrorExitcode(None))
        );
        assert_eq!(
            parse(Var::DiagnosticsFormat, "xml"),
            Err(
                "Oclgrind: Invalid value for OCLGRIND_DIAGNOSTICS_FORMAT: 'xml' (sarif or jsonl)"
                    .into()
            )
        );
        assert_eq!(
            parse(Var::Executor, "warp"),
            Err("Oclgrind: Invalid value for OCLGRIND_EXECUTOR (lanes or scalar)".into())
        );
        assert_eq!(
            parse(Var::InstCounts, "all"),
            Ok(Setting::InstCounts(InstCounts::Off))
        );
    }

    #[test]
    fn lists_drop_empty_items() {
        assert_eq!(
            parse(Var::Plugins, "a.so::b.so:"),
            Ok(Setting::Plugins(vec!["a.so".into(), "b.so".into()]))
        );
        assert_eq!(
            parse(Var::RaceIgnore, "k, k2:out,,"),
            Ok(Setting::RaceIgnore(vec!["k".into(), "k2:out".into()]))
        );
        assert_eq!(parse(Var::Log, ""), Ok(Setting::Log(None)));
    }

    #[test]
    fn text_reads_back_as_the_same_setting() {
        let texts = [
            "",
            "0",
            "1",
            "7",
            "lines",
            "gpu",
            "cpu",
            "accelerator",
            "sarif",
            "jsonl",
            "scalar",
            "lanes",
            "a.so:b.so",
            "k,k2:arg",
            "-DX=1 -cl-std=CL2.0",
        ];
        for &var in Var::ALL {
            for text in texts {
                if let Ok(setting) = Setting::parse(var, text) {
                    assert_eq!(setting.var(), var);
                    assert_eq!(Setting::parse(var, &setting.text()), Ok(setting), "{var:?}");
                }
            }
        }
    }
}
