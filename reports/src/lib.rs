//! oclgrind-reports: diagnostics for CI. With `--diagnostics-file FILE` every warning and
//! error the simulator reports goes into FILE too, as SARIF 2.1.0 (`--diagnostics-format
//! sarif`, GitHub code scanning and other SARIF consumers read it) or as JSON lines (`jsonl`,
//! one object per diagnostic with the same fields); with `--error-exitcode N` the front end
//! exits with N when any error was reported.
//!
//! The file is complete after every diagnostic (a JSON line is flushed; the SARIF document is
//! written anew and renamed into place), so it survives a program that crashes later. One
//! writer serves the whole process: an application's contexts all report into the same file.

mod sarif;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex, OnceLock};

use oclgrind_core::config::{Config, DiagnosticsFormat};
use oclgrind_core::diagnostics::{Diagnostic, Level, Party, SourcePlace};
use oclgrind_core::plugins::{Interest, Plugin};
use serde_json::{json, Value};

/// Errors reported so far in this process.
static ERRORS: AtomicU64 = AtomicU64::new(0);

/// How many errors this process has reported (while a [`Reports`] plugin listened).
pub fn errors_reported() -> u64 {
    ERRORS.load(Relaxed)
}

/// Set when the diagnostics file could not be written: the artefact CI reads is missing
/// something, so the run must not end in success.
static UNWRITTEN: AtomicBool = AtomicBool::new(false);

/// Whether writing the diagnostics file failed in this process.
pub fn diagnostics_unwritten() -> bool {
    UNWRITTEN.load(Relaxed)
}

/// What the launcher's note file says (`OCLGRIND_ERROR_NOTE`): a line per fact.
pub mod note {
    pub const ERROR: &str = "an error was reported";
    pub const UNWRITTEN: &str = "the diagnostics file could not be written";
}

/// Creates the diagnostics file now, before anything runs, so that a path that cannot be
/// written stops the run at once: false if it cannot (said on stderr). True without a file.
pub fn open(config: &Config) -> bool {
    let Some((path, format)) = settings(config).and_then(|s| s.file.as_ref()) else {
        return true;
    };
    let mut writer = WRITER.lock().unwrap_or_else(|e| e.into_inner());
    let w = writer.get_or_insert_with(|| Writer::new(path, *format));
    !w.failed
}

/// What the process was asked for: a file and its form, and a file that gets a line at the
/// first error (the launcher's way of hearing of errors in the application it runs). The
/// first config that asks decides, for the whole process.
struct Settings {
    file: Option<(PathBuf, DiagnosticsFormat)>,
    note: Option<PathBuf>,
}

static SETTINGS: OnceLock<Option<Settings>> = OnceLock::new();

fn settings(config: &Config) -> Option<&'static Settings> {
    SETTINGS
        .get_or_init(|| {
            let wanted = config.diagnostics_file.is_some()
                || config.error_exitcode.is_some()
                || config.error_note.is_some();
            wanted.then(|| Settings {
                file: config
                    .diagnostics_file
                    .as_ref()
                    .map(|f| (PathBuf::from(f), config.diagnostics_format)),
                note: config.error_note.as_ref().map(PathBuf::from),
            })
        })
        .as_ref()
}

/// The plugin the front ends add when the config asks for a diagnostics file or an error exit
/// code: it hears every message of its context.
pub fn plugin(config: &Config) -> Option<Arc<dyn Plugin>> {
    settings(config).map(|s| Arc::new(Reports(s)) as Arc<dyn Plugin>)
}

/// A diagnostic reported outside any context (the runtime's API errors under `--check-api`).
pub fn report(config: &Config, diagnostic: &Diagnostic) {
    if let Some(s) = settings(config) {
        s.record(diagnostic);
    }
}

struct Reports(&'static Settings);

/// The process's diagnostics file: its path, and for SARIF the results so far.
struct Writer {
    path: PathBuf,
    format: DiagnosticsFormat,
    results: Vec<sarif::Result>,
    /// The file could not be written (said once, the first time).
    failed: bool,
}

static WRITER: Mutex<Option<Writer>> = Mutex::new(None);

impl Plugin for Reports {
    fn name(&self) -> &str {
        "Reports"
    }

    fn interests(&self) -> Interest {
        Interest::LOG
    }

    fn log(&self, diagnostic: &Diagnostic) {
        self.0.record(diagnostic);
    }
}

impl Settings {
    /// Tallies an error, and writes a diagnostic (a warning or an error; the rest is
    /// information) to the file.
    fn record(&self, diagnostic: &Diagnostic) {
        let level = diagnostic.level;
        if level < Level::Warning {
            return;
        }
        if level == Level::Error && ERRORS.fetch_add(1, Relaxed) == 0 {
            self.add_note(note::ERROR);
        }
        if let Some((path, format)) = &self.file {
            let mut writer = WRITER.lock().unwrap_or_else(|e| e.into_inner());
            let had_failed = writer.as_ref().is_some_and(|w| w.failed);
            let w = writer.get_or_insert_with(|| Writer::new(path, *format));
            w.add(diagnostic);
            if w.failed && !had_failed {
                self.add_note(note::UNWRITTEN);
            }
        }
    }

    /// Tells the launcher, which reads the note after the application ends.
    fn add_note(&self, line: &str) {
        if let Some(path) = &self.note {
            let _ = std::fs::OpenOptions::new()
                .append(true)
                .create(true)
                .open(path)
                .and_then(|mut f| writeln!(f, "{line}"));
        }
    }
}

impl Writer {
    fn new(path: &Path, format: DiagnosticsFormat) -> Writer {
        let mut w = Writer {
            path: path.to_path_buf(),
            format,
            results: Vec::new(),
            failed: false,
        };
        // A file from an earlier run would mix with this one's.
        let fresh = match format {
            DiagnosticsFormat::JsonLines => std::fs::write(path, ""),
            DiagnosticsFormat::Sarif => w.write_sarif(),
        };
        w.check(fresh);
        w
    }

    fn add(&mut self, diagnostic: &Diagnostic) {
        let written = match self.format {
            DiagnosticsFormat::JsonLines => {
                let line = format!("{}\n", json_line(diagnostic));
                std::fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(&self.path)
                    .and_then(|mut f| f.write_all(line.as_bytes()))
            }
            DiagnosticsFormat::Sarif => {
                self.results.push(sarif::result(diagnostic));
                self.write_sarif()
            }
        };
        self.check(written);
    }

    /// The whole document, written beside the file and renamed over it: a reader (or a crash)
    /// never finds it half written. A path that is not a plain file (`/dev/stdout`, a pipe)
    /// is written in place: renaming over it would replace the device.
    fn write_sarif(&self) -> std::io::Result<()> {
        let text = sarif::document(&self.results)?;
        let special = std::fs::metadata(&self.path).is_ok_and(|m| !m.is_file());
        if special {
            return std::fs::write(&self.path, text);
        }
        let mut partial = self.path.clone().into_os_string();
        partial.push(".partial");
        std::fs::write(&partial, text)?;
        std::fs::rename(&partial, &self.path)
    }

    fn check(&mut self, written: std::io::Result<()>) {
        if let Err(e) = written {
            if !std::mem::replace(&mut self.failed, true) {
                eprintln!(
                    "Oclgrind: cannot write diagnostics to {}: {e}",
                    self.path.display()
                );
                UNWRITTEN.store(true, Relaxed);
            }
        }
    }
}

fn level_name(level: Level) -> &'static str {
    match level {
        Level::Error => "error",
        Level::Warning => "warning",
        Level::Info | Level::Debug => "note",
    }
}

fn place_json(p: &SourcePlace) -> Value {
    json!({"file": p.file, "line": p.line, "column": p.column, "source": p.text})
}

/// A party's work-item: its global and local ids.
fn work_item_json(p: &Party) -> Option<Value> {
    let e = p.entity?;
    e.global().map(|g| json!({"global": g, "local": e.local()}))
}

fn party_json(p: &Party) -> Value {
    json!({
        "label": p.label,
        "workItem": work_item_json(p),
        "workGroup": p.entity.and_then(|e| e.group()),
        "instruction": p.at.and_then(|a| a.instruction()).map(str::trim),
        "location": p.at.and_then(|a| a.place()).map(place_json),
    })
}

/// One diagnostic as a JSON line: the fields of its SARIF result, flat.
fn json_line(d: &Diagnostic) -> Value {
    let parties = d.parties();
    let first = parties.first();
    json!({
        "level": level_name(d.level),
        "ruleId": d.rule.id(),
        "message": d.title(),
        "kernel": d.kernel,
        "location": d.place().map(place_json),
        "workItem": first.and_then(work_item_json),
        "workGroup": first.and_then(|p| p.entity?.group()),
        "entities": parties.iter().map(party_json).collect::<Vec<_>>(),
        "origin": d.origin().map(|o| json!({"message": o.description, "location": o.place.as_ref().map(place_json)})),
        "details": d.details(),
        "text": d.to_string(),
    })
}
