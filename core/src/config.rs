//! Settings of the simulator, read from Oclgrind's environment variables (compat §1.3).

use std::env;

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

#[derive(Clone, Debug)]
pub struct Config {
    pub build_options: Option<String>,
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
    pub inst_counts: InstCounts,
    pub interactive: bool,
    pub local_mem_size: u64,
    pub log_file: Option<String>,
    pub max_errors: u64,
    pub max_wg_size: u64,
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

impl Default for Config {
    fn default() -> Self {
        Config {
            build_options: None,
            check_api: false,
            compute_units: 1,
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
            inst_counts: InstCounts::Off,
            interactive: false,
            local_mem_size: 32768,
            log_file: None,
            max_errors: 1000,
            max_wg_size: 1024,
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

/// The diagnostics file's form: `OCLGRIND_DIAGNOSTICS_FORMAT`, else the file's name says
/// (`.jsonl`: JSON lines; anything else: SARIF). A form without a file is an error.
fn diagnostics_format(file: Option<&str>) -> Result<DiagnosticsFormat, String> {
    match (
        env::var("OCLGRIND_DIAGNOSTICS_FORMAT").ok().as_deref(),
        file,
    ) {
        (Some("sarif"), Some(_)) => Ok(DiagnosticsFormat::Sarif),
        (Some("jsonl"), Some(_)) => Ok(DiagnosticsFormat::JsonLines),
        (Some(""), _) | (None, _) if file.is_some_and(|f| f.ends_with(".jsonl")) => {
            Ok(DiagnosticsFormat::JsonLines)
        }
        (Some("") | None, _) => Ok(DiagnosticsFormat::Sarif),
        (Some("sarif" | "jsonl"), None) => Err(
            "Oclgrind: a diagnostics format needs a file to write (--diagnostics-file, \
             OCLGRIND_DIAGNOSTICS_FILE)"
                .to_string(),
        ),
        (Some(other), _) => Err(format!(
            "Oclgrind: Invalid value for OCLGRIND_DIAGNOSTICS_FORMAT: '{other}' (sarif or jsonl)"
        )),
    }
}

/// Oclgrind's boolean variables are on only when set to exactly "1".
fn flag(name: &str) -> bool {
    env::var(name).is_ok_and(|v| v == "1")
}

fn number(name: &str, default: u64, allow_zero: bool) -> Result<u64, String> {
    match env::var(name) {
        Err(_) => Ok(default),
        Ok(v) => match v.parse::<u64>() {
            Ok(n) if n > 0 || allow_zero => Ok(n),
            _ => Err(format!("Oclgrind: Invalid value for {name}")),
        },
    }
}

impl Config {
    /// Reads every `OCLGRIND_*` variable; an unparsable number is an error naming the variable.
    pub fn from_env() -> Result<Config, String> {
        let d = Config::default();
        let text = |name| env::var(name).ok().filter(|s: &String| !s.is_empty());
        Ok(Config {
            build_options: text("OCLGRIND_BUILD_OPTIONS"),
            check_api: flag("OCLGRIND_CHECK_API"),
            compute_units: number("OCLGRIND_COMPUTE_UNITS", d.compute_units, false)?,
            constant_mem_size: number("OCLGRIND_CONSTANT_MEM_SIZE", d.constant_mem_size, false)?,
            data_races: flag("OCLGRIND_DATA_RACES"),
            device_type: match text("OCLGRIND_DEVICE_TYPE").as_deref() {
                None | Some("gpu") => DeviceType::Gpu,
                Some("cpu") => DeviceType::Cpu,
                Some("accelerator") => DeviceType::Accelerator,
                Some(other) => {
                    return Err(format!(
                        "Oclgrind: Invalid value for OCLGRIND_DEVICE_TYPE: '{other}' (gpu, cpu or \
                         accelerator)"
                    ))
                }
            },
            diagnostics_format: diagnostics_format(text("OCLGRIND_DIAGNOSTICS_FILE").as_deref())?,
            diagnostics_file: text("OCLGRIND_DIAGNOSTICS_FILE"),
            dump_spir: flag("OCLGRIND_DUMP_SPIR"),
            error_exitcode: match text("OCLGRIND_ERROR_EXITCODE") {
                None => None,
                // An exit status is one byte: 256 would read as 0, success, to a CI job.
                Some(v) => match v.parse::<u8>() {
                    Ok(code) if code > 0 => Some(i32::from(code)),
                    _ => {
                        return Err(format!(
                            "Oclgrind: Invalid value for OCLGRIND_ERROR_EXITCODE: '{v}' (an exit \
                             status from 1 to 255)"
                        ))
                    }
                },
            },
            error_note: text("OCLGRIND_ERROR_NOTE"),
            scalar_executor: match text("OCLGRIND_EXECUTOR").as_deref() {
                None | Some("lanes") => false,
                Some("scalar") => true,
                Some(_) => {
                    return Err(
                        "Oclgrind: Invalid value for OCLGRIND_EXECUTOR (lanes or scalar)".into(),
                    )
                }
            },
            global_mem_size: number("OCLGRIND_GLOBAL_MEM_SIZE", d.global_mem_size, false)?,
            inst_counts: match env::var("OCLGRIND_INST_COUNTS").as_deref() {
                Ok("1") => InstCounts::Table,
                Ok("lines") => InstCounts::Lines,
                _ => InstCounts::Off,
            },
            interactive: flag("OCLGRIND_INTERACTIVE"),
            local_mem_size: number("OCLGRIND_LOCAL_MEM_SIZE", d.local_mem_size, false)?,
            log_file: text("OCLGRIND_LOG"),
            max_errors: number("OCLGRIND_MAX_ERRORS", d.max_errors, true)?,
            max_wg_size: number("OCLGRIND_MAX_WGSIZE", d.max_wg_size, false)?,
            num_threads: number("OCLGRIND_NUM_THREADS", d.num_threads as u64, false)? as usize,
            plugins: text("OCLGRIND_PLUGINS")
                .map(|s| {
                    s.split(':')
                        .filter(|p| !p.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            quick: flag("OCLGRIND_QUICK"),
            race_ignore: text("OCLGRIND_RACE_IGNORE")
                .map(|s| {
                    s.split(',')
                        .map(str::trim)
                        .filter(|p| !p.is_empty())
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            race_suppressions: text("OCLGRIND_RACE_SUPPRESSIONS"),
            sub_group_size: match number("OCLGRIND_SUB_GROUP_SIZE", d.sub_group_size, false)? {
                // A ballot (`uint4`) has a bit for each of at most 128 work-items.
                n if n > 128 => {
                    return Err("Oclgrind: Invalid value for OCLGRIND_SUB_GROUP_SIZE".into())
                }
                n => n,
            },
            timing: flag("OCLGRIND_TIMING"),
            uniform_writes: flag("OCLGRIND_UNIFORM_WRITES"),
            uninitialized: flag("OCLGRIND_UNINITIALIZED"),
        })
    }
}
