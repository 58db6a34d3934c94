//! The Logger: prints every message to stderr (or the `--log` file), limited to `--max-errors`
//! errors and warnings.

use std::fs::File;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

use super::{Interest, Plugin};
use crate::diagnostics::Level;

/// Errors and warnings printed so far, shared by all contexts of the process (as in Oclgrind).
static ERROR_COUNT: AtomicU64 = AtomicU64::new(0);
static LIMIT_NOTICE_SHOWN: AtomicBool = AtomicBool::new(false);

enum Target {
    Stderr,
    File(File),
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
            Some(p) => match File::create(p) {
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

    fn log(&self, level: Level, message: &str) {
        if level >= Level::Warning {
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
        self.write(&format!("\n{message}\n"));
    }
}
