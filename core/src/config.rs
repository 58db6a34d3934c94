//! Settings of the simulator: Oclgrind's environment variables (compat §1.3) and the command
//! line's options (which set the same variables) made into one `Config`.

mod setting;

pub use setting::{Setting, Var};

/// The form of the diagnostics file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagnosticsFormat {
    /// SARIF 2.1.0 (`sarif`).
    Sarif,
    /// A JSON object a line (`jsonl`).
    JsonLines,
}

/// The type the device reports (`CL_DEVICE_TYPE`) and answers to in `clGetDeviceIDs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DeviceType {
    /// The default: what applications under test ask for.
    Gpu,
    Cpu,
    Accelerator,
}

/// What `--inst-counts` prints at the end of each launch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InstCounts {
    Off,
    /// Oclgrind's table (`OCLGRIND_INST_COUNTS=1`).
    Table,
    /// The table, then the counts per source line (`OCLGRIND_INST_COUNTS=lines`).
    Lines,
}

/// What `--leak-check` reports at exit: OpenCL objects the application never released.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LeakCheck {
    #[default]
    Off,
    /// Each as a warning (`OCLGRIND_LEAK_CHECK=1`).
    Warn,
    /// Each as an error, which `--error-exitcode` counts (`OCLGRIND_LEAK_CHECK=error`).
    Error,
}

/// What `--perf-lints` reports at the end of each launch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum PerfLints {
    #[default]
    Off,
    /// The lines past the thresholds, then the totals (`OCLGRIND_PERF_LINTS=1`).
    Findings,
    /// Every line's figures (`OCLGRIND_PERF_LINTS=all`).
    All,
}

/// The launches to capture (`OCLGRIND_CAPTURE`, `_KERNEL`, `_LAUNCH`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Capture {
    /// Where the files go; no capture without it.
    pub dir: Option<String>,
    /// Only this kernel's launches.
    pub kernel: Option<String>,
    /// Only the Nth launch (counted from 1; of `kernel` when it is named).
    pub launch: Option<u64>,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub build_options: Option<String>,
    /// Which launches the runtime writes out as `.sim` files, and where.
    pub capture: Capture,
    pub leak_check: LeakCheck,
    pub perf_lints: PerfLints,
    pub check_api: bool,
    pub compute_units: u64,
    pub constant_mem_size: u64,
    pub data_races: bool,
    pub device_type: DeviceType,
    /// Where diagnostics also go, for CI (`OCLGRIND_DIAGNOSTICS_FILE`), and in what form.
    pub diagnostics_file: Option<String>,
    pub diagnostics_format: DiagnosticsFormat,
    pub dump_spir: bool,
    /// The exit status when an error was reported (`OCLGRIND_ERROR_EXITCODE`).
    pub error_exitcode: Option<i32>,
    /// A file that gets a line at the first error: the launcher's way of hearing of errors
    /// in the application it runs (`OCLGRIND_ERROR_NOTE`, set by the launcher).
    pub error_note: Option<String>,
    /// Runs every work-item on its own (`OCLGRIND_EXECUTOR=scalar`) instead of a group's
    /// work-items together where nothing watches each op: for comparing the two.
    pub scalar_executor: bool,
    pub global_mem_size: u64,
    /// Bytes of history a debugged work-group keeps for going back (`OCLGRIND_HISTORY_SIZE`;
    /// 0: none is recorded).
    pub history_size: u64,
    pub inst_counts: InstCounts,
    pub interactive: bool,
    pub local_mem_size: u64,
    pub log_file: Option<String>,
    pub max_errors: u64,
    pub max_wg_size: u64,
    /// Debug in line mode even at a terminal (`--no-tui`).
    pub no_tui: bool,
    pub num_threads: usize,
    pub plugins: Vec<String>,
    pub quick: bool,
    /// Races to leave unreported: `KERNEL[:ARGUMENT]` each (`OCLGRIND_RACE_IGNORE`, separated
    /// by commas), and a file of more (`OCLGRIND_RACE_SUPPRESSIONS`).
    pub race_ignore: Vec<String>,
    pub race_suppressions: Option<String>,
    /// Work-items in a sub-group (`OCLGRIND_SUB_GROUP_SIZE`): consecutive local linear ids.
    pub sub_group_size: u64,
    /// Report each kernel launch's wall time (`OCLGRIND_TIMING=1`; for benchmarks).
    pub timing: bool,
    pub uniform_writes: bool,
    pub uninitialized: bool,
}

impl Config {
    /// The largest buffer (`CL_DEVICE_MAX_MEM_ALLOC_SIZE`): a quarter of global memory, but at
    /// least the 128 MiB a full-profile device must offer, and at most all of it.
    pub fn max_mem_alloc_size(&self) -> u64 {
        const MINIMUM: u64 = 128 << 20;
        (self.global_mem_size / 4)
            .max(MINIMUM)
            .min(self.global_mem_size)
    }

    /// `CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE`: the sub-group size, as on hardware,
    /// where a work-group can have that many work-items.
    pub fn preferred_work_group_multiple(&self) -> u64 {
        self.sub_group_size.min(self.max_wg_size).max(1)
    }
}

const DEFAULT_COMPUTE_UNITS: u64 = 1;

impl Default for Config {
    fn default() -> Self {
        Config {
            build_options: None,
            capture: Capture::default(),
            leak_check: LeakCheck::Off,
            perf_lints: PerfLints::Off,
            check_api: false,
            compute_units: DEFAULT_COMPUTE_UNITS,
            constant_mem_size: 65536,
            data_races: false,
            device_type: DeviceType::Gpu,
            diagnostics_file: None,
            diagnostics_format: DiagnosticsFormat::Sarif,
            dump_spir: false,
            error_exitcode: None,
            error_note: None,
            scalar_executor: false,
            // Oclgrind's 128 MiB is too small for the conformance tests' largest allocation;
            // real devices have gigabytes, and memory is mapped as it is touched.
            global_mem_size: 1 << 30,
            history_size: 256 << 20,
            inst_counts: InstCounts::Off,
            interactive: false,
            local_mem_size: 32768,
            log_file: None,
            max_errors: 1000,
            max_wg_size: 1024,
            no_tui: false,
            num_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            plugins: Vec::new(),
            quick: false,
            race_ignore: Vec::new(),
            race_suppressions: None,
            sub_group_size: 32,
            timing: false,
            uniform_writes: false,
            uninitialized: false,
        }
    }
}

/// A setting whose value cannot be used; the text is the line the user reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// Not a number, or out of the variable's range.
    #[error("Oclgrind: Invalid value for {}", .0.name())]
    Number(Var),
    /// A word the variable does not take.
    #[error("Oclgrind: Invalid value for {}: '{value}' ({expected})", .var.name())]
    Unexpected {
        var: Var,
        value: String,
        expected: &'static str,
    },
    /// The same, in the shorter form `OCLGRIND_EXECUTOR` has always had.
    #[error("Oclgrind: Invalid value for {} ({expected})", .var.name())]
    NotOneOf { var: Var, expected: &'static str },
    #[error(
        "Oclgrind: a diagnostics format needs a file to write (--diagnostics-file, \
         OCLGRIND_DIAGNOSTICS_FILE)"
    )]
    FormatWithoutFile,
}

impl Config {
    /// The settings of this process's environment (compat §1.3).
    pub fn from_env() -> Result<Config, ConfigError> {
        Config::with_env(&[])
    }

    /// `given` (a command line's settings) over the environment's: a variable that `given`
    /// sets is not read, as the option's value once replaced it.
    pub fn with_env(given: &[Setting]) -> Result<Config, ConfigError> {
        Config::over(given, Var::read)
    }

    /// `given` over what `read` finds for each other variable.
    fn over(
        given: &[Setting],
        read: impl Fn(Var) -> Result<Option<Setting>, ConfigError>,
    ) -> Result<Config, ConfigError> {
        let mut settings = Vec::new();
        for &var in Var::ALL {
            if !given.iter().any(|s| s.var() == var) {
                settings.extend(read(var)?);
            }
        }
        settings.extend_from_slice(given);
        Config::from_settings(settings)
    }

    /// The defaults with `settings` applied in order (a later value of a variable replaces an
    /// earlier one).
    pub fn from_settings(
        settings: impl IntoIterator<Item = Setting>,
    ) -> Result<Config, ConfigError> {
        let mut config = Config::default();
        let mut format = None;
        for setting in settings {
            config.set(setting, &mut format);
        }
        // Without a form, the file's name says (`.jsonl`: JSON lines; anything else: SARIF).
        config.diagnostics_format = match (format, config.diagnostics_file.as_deref()) {
            (Some(f), Some(_)) => f,
            (Some(_), None) => return Err(ConfigError::FormatWithoutFile),
            (None, Some(file)) if file.ends_with(".jsonl") => DiagnosticsFormat::JsonLines,
            (None, _) => DiagnosticsFormat::Sarif,
        };
        Ok(config)
    }

    /// Applies one setting; the diagnostics format goes to `format`, to be chosen once the
    /// file is known.
    fn set(&mut self, setting: Setting, format: &mut Option<DiagnosticsFormat>) {
        match setting {
            Setting::BuildOptions(v) => self.build_options = v,
            Setting::Capture(v) => self.capture.dir = v,
            Setting::CaptureKernel(v) => self.capture.kernel = v,
            Setting::CaptureLaunch(v) => self.capture.launch = v,
            Setting::LeakCheck(v) => self.leak_check = v,
            Setting::PerfLints(v) => self.perf_lints = v,
            Setting::CheckApi(v) => self.check_api = v,
            Setting::ComputeUnits(v) => self.compute_units = v,
            Setting::ConstantMemSize(v) => self.constant_mem_size = v,
            Setting::DataRaces(v) => self.data_races = v,
            Setting::DeviceType(v) => self.device_type = v,
            Setting::DiagnosticsFormat(v) => *format = v,
            Setting::DiagnosticsFile(v) => self.diagnostics_file = v,
            Setting::DisablePch(_) | Setting::PchDir(_) => {}
            Setting::DumpSpir(v) => self.dump_spir = v,
            Setting::ErrorExitcode(v) => self.error_exitcode = v.map(i32::from),
            Setting::ErrorNote(v) => self.error_note = v,
            Setting::ScalarExecutor(v) => self.scalar_executor = v,
            Setting::GlobalMemSize(v) => self.global_mem_size = v,
            Setting::HistorySize(v) => self.history_size = v,
            Setting::InstCounts(v) => self.inst_counts = v,
            Setting::Interactive(v) => self.interactive = v,
            Setting::LocalMemSize(v) => self.local_mem_size = v,
            Setting::Log(v) => self.log_file = v,
            Setting::MaxErrors(v) => self.max_errors = v,
            Setting::MaxWgSize(v) => self.max_wg_size = v,
            Setting::NoTui(v) => self.no_tui = v,
            Setting::NumThreads(v) => self.num_threads = v,
            Setting::Plugins(v) => self.plugins = v,
            Setting::Quick(v) => self.quick = v,
            Setting::RaceIgnore(v) => self.race_ignore = v,
            Setting::RaceSuppressions(v) => self.race_suppressions = v,
            Setting::SubGroupSize(v) => self.sub_group_size = v,
            Setting::Timing(v) => self.timing = v,
            Setting::UniformWrites(v) => self.uniform_writes = v,
            Setting::Uninitialized(v) => self.uninitialized = v,
        }
    }
}

/// `CL_DEVICE_MAX_COMPUTE_UNITS` as the environment says now: Oclgrind reads it again on
/// every query. A bad value (reported when the settings were first read) is the default.
pub fn compute_units_now() -> u64 {
    match Var::ComputeUnits.read() {
        Ok(Some(Setting::ComputeUnits(n))) => n,
        _ => DEFAULT_COMPUTE_UNITS,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `given` over an environment of `vars`.
    fn config(given: &[Setting], vars: &[(&str, &str)]) -> Result<Config, String> {
        let read = |var: Var| {
            vars.iter()
                .find(|(name, _)| *name == var.name())
                .map(|(_, text)| Setting::parse(var, text))
                .transpose()
        };
        Config::over(given, read).map_err(|e| e.to_string())
    }

    #[test]
    fn options_replace_the_environment() {
        let c = config(
            &[Setting::NumThreads(2)],
            &[("OCLGRIND_NUM_THREADS", "5"), ("OCLGRIND_QUICK", "1")],
        )
        .unwrap();
        assert_eq!((c.num_threads, c.quick), (2, true));
        // A bad value that an option replaces is never read.
        let c = config(&[Setting::NumThreads(2)], &[("OCLGRIND_NUM_THREADS", "x")]).unwrap();
        assert_eq!(c.num_threads, 2);
        assert_eq!(
            config(&[], &[("OCLGRIND_NUM_THREADS", "x")]).unwrap_err(),
            "Oclgrind: Invalid value for OCLGRIND_NUM_THREADS"
        );
        // Of several bad values, the first variable read is named.
        assert_eq!(
            config(
                &[],
                &[
                    ("OCLGRIND_NUM_THREADS", "x"),
                    ("OCLGRIND_COMPUTE_UNITS", "0")
                ]
            )
            .unwrap_err(),
            "Oclgrind: Invalid value for OCLGRIND_COMPUTE_UNITS"
        );
    }

    #[test]
    fn unset_and_empty_variables_keep_the_defaults() {
        let d = Config::default();
        let c = config(&[], &[("OCLGRIND_LOG", ""), ("OCLGRIND_PLUGINS", "")]).unwrap();
        assert_eq!((c.log_file, c.plugins), (None, Vec::<String>::new()));
        assert_eq!(c.global_mem_size, d.global_mem_size);
        assert_eq!(c.max_errors, 1000);
        assert_eq!(c.error_exitcode, None);
    }

    #[test]
    fn settings_become_fields() {
        let c = Config::from_settings([
            Setting::ErrorExitcode(Some(3)),
            Setting::DeviceType(DeviceType::Cpu),
            Setting::InstCounts(InstCounts::Lines),
            Setting::RaceIgnore(vec!["k".into()]),
            Setting::ScalarExecutor(true),
            Setting::NoTui(true),
            Setting::MaxErrors(0),
        ])
        .unwrap();
        assert_eq!(c.error_exitcode, Some(3));
        assert_eq!(c.device_type, DeviceType::Cpu);
        assert_eq!(c.inst_counts, InstCounts::Lines);
        assert_eq!(c.race_ignore, ["k"]);
        assert!(c.scalar_executor && c.no_tui);
        assert_eq!(c.max_errors, 0);
    }

    #[test]
    fn the_diagnostics_format_needs_a_file_from_either_source() {
        let jsonl = Setting::DiagnosticsFormat(Some(DiagnosticsFormat::JsonLines));
        let c = config(
            std::slice::from_ref(&jsonl),
            &[("OCLGRIND_DIAGNOSTICS_FILE", "out.sarif")],
        )
        .unwrap();
        assert_eq!(c.diagnostics_format, DiagnosticsFormat::JsonLines);
        let c = config(
            &[Setting::DiagnosticsFile(Some("d.sarif".into()))],
            &[("OCLGRIND_DIAGNOSTICS_FORMAT", "sarif")],
        )
        .unwrap();
        assert_eq!(c.diagnostics_format, DiagnosticsFormat::Sarif);
        assert_eq!(
            config(&[jsonl], &[]).unwrap_err(),
            "Oclgrind: a diagnostics format needs a file to write (--diagnostics-file, \
             OCLGRIND_DIAGNOSTICS_FILE)"
        );
        // Without a form, the file's name chooses.
        let by_name = |file: &str| {
            config(&[], &[("OCLGRIND_DIAGNOSTICS_FILE", file)])
                .unwrap()
                .diagnostics_format
        };
        assert_eq!(by_name("ci.jsonl"), DiagnosticsFormat::JsonLines);
        assert_eq!(by_name("ci.json"), DiagnosticsFormat::Sarif);
    }
}
