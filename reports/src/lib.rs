//! oclgrind-reports: diagnostics for CI. With `--diagnostics-file FILE` every warning and
//! error the simulator reports goes into FILE too, and so do the performance lints' notes
//! (`--perf-lints`), as SARIF 2.1.0 (`--diagnostics-format sarif`, GitHub code scanning and
//! other SARIF consumers read it) or as JSON lines (`jsonl`, one object per diagnostic with
//! the same fields); with `--error-exitcode N` the front end exits with N when any error was
//! reported (performance notes never count).
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
use oclgrind_core::diagnostics::{Body, Diagnostic, Level, Party, SourcePlace};
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
    /// Tallies an error, and writes a diagnostic (a warning or an error, or a performance
    /// lint's note; the rest is information) to the file.
    fn record(&self, diagnostic: &Diagnostic) {
        let level = diagnostic.level;
        if !kept(diagnostic) {
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

/// Whether a diagnostic goes into the file: a warning or an error, or a performance lint's
/// note. Only errors count for `--error-exitcode`.
fn kept(diagnostic: &Diagnostic) -> bool {
    diagnostic.level >= Level::Warning || diagnostic.rule.is_performance()
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

/// A performance lint's figures and sub-group size (`--perf-lints`).
fn performance(d: &Diagnostic) -> Option<(Value, u64)> {
    match &d.body {
        Body::Performance {
            figures,
            sub_group_size,
            ..
        } => Some((json!(figures), *sub_group_size)),
        _ => None,
    }
}

/// One diagnostic as a JSON line: the fields of its SARIF result, flat. A performance lint's
/// line also has `figures` and `subGroupSize`; no other line has them.
fn json_line(d: &Diagnostic) -> Value {
    let parties = d.parties();
    let first = parties.first();
    let mut line = json!({
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
    });
    if let Some((figures, sub_group_size)) = performance(d) {
        line["figures"] = figures;
        line["subGroupSize"] = json!(sub_group_size);
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use oclgrind_core::diagnostics::{At, Body, Entity, Rule};
    use oclgrind_diagnostic::Figures;

    fn at(line: u32, text: Option<&str>) -> At {
        At::Instruction {
            instruction: "  store i32 %x, ptr addrspace(1) %p, align 4".into(),
            place: Some(SourcePlace {
                file: "input.cl".into(),
                line,
                column: 8,
                text: text.map(str::to_string),
            }),
        }
    }

    fn uncoalesced() -> Diagnostic {
        let figures = Figures::Global {
            write: false,
            requests: 2048,
            sectors: 65536,
            ideal: 8192,
        };
        Diagnostic::performance(Rule::UncoalescedAccess, "k", 0, at(12, None), 32, figures)
    }

    fn invalid_write() -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            rule: Rule::InvalidWrite,
            headline: "Invalid write of size 4 at global memory address 0x1000000000010".into(),
            kernel: Some("k".into()),
            launch: Some(0),
            body: Body::Standard {
                message: Vec::new(),
                entity: Entity::WorkItem {
                    global: [4, 0, 0],
                    local: [0, 0, 0],
                    group: [1, 0, 0],
                },
                at: at(2, Some("p[4] = 1;")),
                origin: None,
                notes: Vec::new(),
            },
            memory: None,
        }
    }

    fn global_figures() -> Value {
        json!({"kind": "global", "write": false, "requests": 2048, "sectors": 65536, "ideal": 8192})
    }

    #[test]
    fn a_performance_lint_is_a_sarif_note_with_its_figures() {
        let d = uncoalesced();
        let r = serde_json::to_value(sarif::result(&d)).unwrap();
        assert_eq!(r["level"], "note");
        assert_eq!(r["ruleId"], "uncoalesced-access");
        assert_eq!(
            r["message"]["text"],
            "Performance: uncoalesced global read at line 12 of input.cl: \
             32 sectors per request (ideal 4), 2048 requests"
        );
        let location = &r["locations"][0];
        assert_eq!(location["physicalLocation"]["region"]["startLine"], 12);
        assert_eq!(
            location["physicalLocation"]["artifactLocation"]["uri"],
            "input.cl"
        );
        // Only a place: no "Entity: " message.
        assert_eq!(location.get("message"), None);
        assert_eq!(r.get("relatedLocations"), None);
        assert_eq!(r["properties"]["figures"], global_figures());
        assert_eq!(r["properties"]["subGroupSize"], 32);
        assert_eq!(r["properties"]["text"], r["message"]["text"]);
    }

    #[test]
    fn the_rules_list_has_the_performance_rules() {
        let doc: Value = serde_json::from_str(&sarif::document(&[]).unwrap()).unwrap();
        let rules = doc["runs"][0]["tool"]["driver"]["rules"]
            .as_array()
            .unwrap();
        let ids: Vec<&str> = rules.iter().map(|r| r["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), Rule::ALL.len());
        assert_eq!(
            ids[ids.len() - 5..],
            [
                "uncoalesced-access",
                "bank-conflict",
                "divergent-branch",
                "performance-figures",
                "diagnostic"
            ]
        );
    }

    #[test]
    fn json_lines_have_figures_only_for_performance() {
        let line = json_line(&uncoalesced());
        assert_eq!(line["figures"], global_figures());
        assert_eq!(line["subGroupSize"], 32);
        assert_eq!(
            (&line["level"], &line["ruleId"]),
            (&json!("note"), &json!("uncoalesced-access"))
        );
        assert_eq!(line["location"]["line"], 12);
        assert_eq!(line["entities"][0]["workItem"], Value::Null);
        let totals = Diagnostic::performance(
            Rule::PerformanceFigures,
            "k",
            0,
            At::Unknown,
            16,
            Figures::Branch {
                executions: 4,
                divergent: 0,
            },
        );
        let line = json_line(&totals);
        assert_eq!(
            (&line["location"], &line["entities"]),
            (
                &Value::Null,
                &json!([{"label": null, "workItem": null, "workGroup": null,
                "instruction": null, "location": null}])
            )
        );
        assert_eq!(line["figures"]["kind"], "branch");
    }

    #[test]
    fn other_diagnostics_are_written_as_before() {
        let d = invalid_write();
        let place = json!({"file": "input.cl", "line": 2, "column": 8, "source": "p[4] = 1;"});
        let work_item = json!({"global": [4, 0, 0], "local": [0, 0, 0]});
        assert_eq!(
            json_line(&d),
            json!({
                "level": "error",
                "ruleId": "invalid-write",
                "message": "Invalid write of size 4 at global memory address 0x1000000000010",
                "kernel": "k",
                "location": place,
                "workItem": work_item,
                "workGroup": [1, 0, 0],
                "entities": [{
                    "label": null,
                    "workItem": work_item,
                    "workGroup": [1, 0, 0],
                    "instruction": "store i32 %x, ptr addrspace(1) %p, align 4",
                    "location": place,
                }],
                "origin": null,
                "details": [],
                "text": d.to_string(),
            })
        );
        let r = serde_json::to_value(sarif::result(&d)).unwrap();
        assert_eq!(r["level"], "error");
        assert_eq!(
            r["locations"][0]["message"]["text"],
            "Entity: Global(4,0,0) Local(0,0,0) Group(1,0,0)"
        );
        let properties = r["properties"].as_object().unwrap();
        let keys: Vec<&str> = properties.keys().map(String::as_str).collect();
        assert_eq!(keys, ["kernel", "text", "workGroup", "workItem"]);
    }

    #[test]
    fn performance_lints_are_kept_but_are_not_errors() {
        assert!(kept(&uncoalesced()) && kept(&invalid_write()));
        assert!(!kept(&Diagnostic::text(Level::Info, "information")));
        let dir = std::env::temp_dir();
        let id = std::process::id();
        let file = dir.join(format!("oclgrind-reports-perf-{id}.jsonl"));
        let note = dir.join(format!("oclgrind-reports-perf-{id}.note"));
        let settings = Settings {
            file: Some((file.clone(), DiagnosticsFormat::JsonLines)),
            note: Some(note.clone()),
        };
        settings.record(&uncoalesced());
        settings.record(&Diagnostic::text(Level::Info, "information"));
        let written = std::fs::read_to_string(&file).expect("diagnostics written");
        let _ = std::fs::remove_file(&file);
        let lines: Vec<&str> = written.lines().collect();
        assert_eq!(lines.len(), 1);
        let line: Value = serde_json::from_str(lines[0]).unwrap();
        assert_eq!(line["figures"], global_figures());
        assert_eq!(errors_reported(), 0);
        assert!(!note.exists(), "no error note for a performance lint");
    }
}
