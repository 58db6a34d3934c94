//! The Logger: prints every message to stderr (or the `--log` file), limited to `--max-errors`
//! errors and warnings. Performance lints (`--perf-lints`, information) are one line each,
//! with no blank line before them, so a launch's lines form one block.

use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::{Interest, Plugin};
use crate::diagnostics::{Diagnostic, Level};

/// Errors and warnings printed so far, shared by all contexts of the process (as in Oclgrind).
static ERROR_COUNT: AtomicU64 = AtomicU64::new(0);
static LIMIT_NOTICE_SHOWN: AtomicBool = AtomicBool::new(false);

enum Target {
    Stderr,
    /// Shared by every Logger of the process that logs to the same file.
    File(Arc<Mutex<File>>),
}

/// Opens (truncating) a log file once per process: each OpenCL context has its own Logger,
/// and a later context must not wipe what an earlier one wrote.
fn open_shared(path: &str) -> std::io::Result<Arc<Mutex<File>>> {
    static OPEN: Mutex<Vec<(String, Arc<Mutex<File>>)>> = Mutex::new(Vec::new());
    let mut open = OPEN.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, f)) = open.iter().find(|(p, _)| p == path) {
        return Ok(f.clone());
    }
    let f = Arc::new(Mutex::new(File::create(path)?));
    open.push((path.to_string(), f.clone()));
    Ok(f)
}

pub struct Logger {
    target: Mutex<Target>,
    max_errors: u64,
}

impl Logger {
    /// Logs to `path` (truncated) or stderr. A file that cannot be opened is reported and
    /// stderr used instead.
    pub fn new(path: Option<&str>, max_errors: u64) -> Logger {
        let target = match path {
            None => Target::Stderr,
            Some(p) => match open_shared(p) {
                Ok(f) => Target::File(f),
                Err(_) => {
                    eprintln!("Oclgrind: Unable to open log file '{p}'");
                    Target::Stderr
                }
            },
        };
        Logger {
            target: Mutex::new(target),
            max_errors,
        }
    }

    fn write(&self, text: &str) {
        let mut t = self.target.lock().unwrap_or_else(|e| e.into_inner());
        match &mut *t {
            Target::Stderr => {
                let _ = std::io::stderr().write_all(text.as_bytes());
            }
            Target::File(f) => {
                let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
                let _ = f.write_all(text.as_bytes());
                let _ = f.flush();
            }
        }
    }
}

impl Plugin for Logger {
    fn name(&self) -> &str {
        "Logger"
    }

    fn interests(&self) -> Interest {
        Interest::LOG
    }

    fn log(&self, diagnostic: &Diagnostic) {
        if diagnostic.level >= Level::Warning {
            let n = ERROR_COUNT.fetch_add(1, Ordering::SeqCst);
            if n >= self.max_errors {
                if !LIMIT_NOTICE_SHOWN.swap(true, Ordering::SeqCst) {
                    self.write(&format!(
                        "\nOclgrind: {} errors generated - suppressing further errors\n\n",
                        self.max_errors
                    ));
                }
                return;
            }
        }
        if diagnostic.rule.is_performance() {
            self.write(&format!("{diagnostic}\n"));
        } else {
            self.write(&format!("\n{diagnostic}\n"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loggers_share_a_log_file() {
        let path = std::env::temp_dir().join(format!("oclgrind-log-test-{}", std::process::id()));
        let path = path.to_str().expect("utf-8 temp path");
        let first = Logger::new(Some(path), 1000);
        first.log(&Diagnostic::text(Level::Info, "from the first context"));
        let second = Logger::new(Some(path), 1000);
        second.log(&Diagnostic::text(Level::Info, "from the second context"));
        let text = std::fs::read_to_string(path).expect("log written");
        let _ = std::fs::remove_file(path);
        assert_eq!(
            text,
            "\nfrom the first context\n\nfrom the second context\n"
        );
    }

    #[test]
    fn performance_lines_form_one_block() {
        use oclgrind_diagnostic::{At, Figures, Rule};
        let path = std::env::temp_dir().join(format!("oclgrind-perf-log-{}", std::process::id()));
        let path = path.to_str().expect("utf-8 temp path");
        // No error budget at all: information is never limited.
        let logger = Logger::new(Some(path), 0);
        logger.log(&Diagnostic::text(Level::Info, "before"));
        let branch = Figures::Branch {
            executions: 8,
            divergent: 0,
        };
        logger.log(&Diagnostic::performance(
            Rule::PerformanceFigures,
            "k",
            0,
            At::Unknown,
            32,
            branch,
        ));
        let totals = Figures::Totals {
            global_requests: 0,
            sectors: 0,
            global_ideal: 0,
            local_accesses: 0,
            passes: 0,
            local_ideal: 0,
            executions: 8,
            divergent: 0,
            cut: 0,
        };
        logger.log(&Diagnostic::performance(
            Rule::PerformanceFigures,
            "k",
            0,
            At::Unknown,
            32,
            totals,
        ));
        let text = std::fs::read_to_string(path).expect("log written");
        let _ = std::fs::remove_file(path);
        assert_eq!(
            text,
            "\nbefore\n\
             Performance: branch at no source line: 0% of 8 sub-group executions divergent\n\
             Performance: kernel 'k' totals (sub-group size 32): \
             0 of 8 sub-group branch executions divergent\n"
        );
    }
}
