//! Settings of the simulator, read from Oclgrind's environment variables (compat §1.3).

use std::env;

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
    pub dump_spir: bool,
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
    /// Report each kernel launch's wall time (`OCLGRIND_TIMING=1`; for benchmarks).
    pub timing: bool,
    pub uniform_writes: bool,
    pub uninitialized: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            build_options: None,
            check_api: false,
            compute_units: 1,
            constant_mem_size: 65536,
            data_races: false,
            dump_spir: false,
            global_mem_size: 128 << 20,
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
            timing: false,
            uniform_writes: false,
            uninitialized: false,
        }
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
            dump_spir: flag("OCLGRIND_DUMP_SPIR"),
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
            timing: flag("OCLGRIND_TIMING"),
            uniform_writes: flag("OCLGRIND_UNIFORM_WRITES"),
            uninitialized: flag("OCLGRIND_UNINITIALIZED"),
        })
    }
}
