//! Races the user says are intended: `--race-ignore KERNEL[:ARGUMENT]` (repeatable) and the
//! same, one a line, in a `--race-suppressions` file. A rule names a kernel (`*`: any) and
//! optionally one of its buffers: a pointer argument, or a kernel-scope `__local` variable.
//! Races it matches are not reported, only counted; the count is the run's last line.

use std::sync::atomic::{AtomicU64, Ordering};

use super::report::Race;
use crate::memory::{decode_address, GLOBAL_OFFSET_BITS};
use crate::plugins::LaunchInfo;

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SuppressionError {
    #[error("Unable to read race suppression file '{0}'")]
    Unreadable(String),
    #[error("Invalid race suppression '{text}' ({origin}): expected KERNEL or KERNEL:ARGUMENT")]
    Invalid { text: String, origin: String },
}

#[derive(Debug, PartialEq, Eq)]
struct Rule {
    kernel: String,
    argument: Option<String>,
}

impl Rule {
    fn parse(text: &str) -> Option<Rule> {
        let word = |s: &str| !s.is_empty() && !s.contains(char::is_whitespace);
        let (kernel, argument) = match text.split_once(':') {
            Some((k, a)) => (k, Some(a)),
            None => (text, None),
        };
        (word(kernel) && argument.is_none_or(word)).then(|| Rule {
            kernel: kernel.to_string(),
            argument: argument.map(str::to_string),
        })
    }

    fn matches(&self, launch: &LaunchInfo, race: &Race) -> bool {
        if self.kernel != "*" && self.kernel != launch.kernel {
            return false;
        }
        let Some(argument) = &self.argument else {
            return true;
        };
        let (index, _) = decode_address(race.address, GLOBAL_OFFSET_BITS);
        launch
            .named
            .iter()
            .any(|b| &b.name == argument && b.space == race.space && b.index == index)
    }
}

#[derive(Debug, Default)]
pub struct Suppressions {
    rules: Vec<Rule>,
    suppressed: AtomicU64,
}

impl Suppressions {
    /// The rules of `specs` (from the command line) and of the lines of `file`, where blank
    /// lines and `#` comments are skipped; with the rules that could not be read.
    pub fn new(specs: &[String], file: Option<&str>) -> (Suppressions, Vec<SuppressionError>) {
        let mut rules = Vec::new();
        let mut errors = Vec::new();
        let mut add = |text: &str, origin: String| match Rule::parse(text) {
            Some(rule) => rules.push(rule),
            None => errors.push(SuppressionError::Invalid {
                text: text.to_string(),
                origin,
            }),
        };
        for spec in specs {
            add(spec, "--race-ignore".into());
        }
        if let Some(path) = file {
            match std::fs::read_to_string(path) {
                Ok(text) => {
                    for (n, line) in text.lines().enumerate() {
                        let line = line.split('#').next().unwrap_or("").trim();
                        if !line.is_empty() {
                            add(line, format!("{path}, line {}", n + 1));
                        }
                    }
                }
                Err(_) => errors.push(SuppressionError::Unreadable(path.to_string())),
            }
        }
        let suppressions = Suppressions {
            rules,
            suppressed: AtomicU64::new(0),
        };
        (suppressions, errors)
    }

    /// The races no rule matches; the others are counted.
    pub fn filter(&self, mut races: Vec<Race>, launch: &LaunchInfo) -> Vec<Race> {
        if self.rules.is_empty() {
            return races;
        }
        let before = races.len();
        races.retain(|race| !self.rules.iter().any(|r| r.matches(launch, race)));
        let dropped = (before - races.len()) as u64;
        self.suppressed.fetch_add(dropped, Ordering::Relaxed);
        races
    }

    /// The line that ends the run, when races were suppressed.
    pub fn summary(&self) -> Option<String> {
        let n = self.suppressed.load(Ordering::Relaxed);
        let races = if n == 1 { "race" } else { "races" };
        (n > 0).then(|| format!("Oclgrind: {n} data {races} suppressed (--race-ignore)"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memory::{encode_address, AddrSpace};
    use crate::plugins::races::report::{AccessId, Who};
    use crate::plugins::NamedBuffer;

    fn launch() -> LaunchInfo {
        let buffer = |name: &str, space, index| NamedBuffer {
            name: name.into(),
            space,
            index,
            image: false,
        };
        LaunchInfo {
            named: vec![
                buffer("out", AddrSpace::Global, 2),
                buffer("tmp", AddrSpace::Local, 1),
            ],
            ..LaunchInfo::for_test(1, [4, 1, 1], [4, 1, 1])
        }
    }

    fn race(space: AddrSpace, buffer: u64) -> Race {
        let id = AccessId {
            who: Who::WorkItem([0; 3]),
            site: None,
            store: true,
            atomic: false,
        };
        Race {
            space,
            address: encode_address(buffer, 4, GLOBAL_OFFSET_BITS),
            first: id,
            second: id,
            unfenced_barrier: None,
        }
    }

    #[test]
    fn rules_name_a_kernel_and_optionally_a_buffer() {
        let specs = ["k:out".to_string(), "other".to_string()];
        let (s, errors) = Suppressions::new(&specs, None);
        assert!(errors.is_empty());
        let races = vec![
            race(AddrSpace::Global, 2),
            race(AddrSpace::Global, 3),
            race(AddrSpace::Local, 2),
        ];
        let left = s.filter(races, &launch());
        assert_eq!(
            left,
            vec![race(AddrSpace::Global, 3), race(AddrSpace::Local, 2)]
        );
        assert_eq!(
            s.summary().as_deref(),
            Some("Oclgrind: 1 data race suppressed (--race-ignore)")
        );
        let (any, _) = Suppressions::new(&["*".to_string()], None);
        assert!(any
            .filter(vec![race(AddrSpace::Local, 1)], &launch())
            .is_empty());
    }

    #[test]
    fn bad_rules_and_files_are_errors() {
        let path = std::env::temp_dir().join(format!("races-supp-{}", std::process::id()));
        std::fs::write(&path, "# intended\nk:tmp  # flag\n\nk:a b\n").unwrap();
        let path = path.to_str().unwrap().to_string();
        let (s, errors) = Suppressions::new(&[":x".to_string()], Some(&path));
        let _ = std::fs::remove_file(&path);
        assert_eq!(s.rules.len(), 1);
        assert_eq!(
            errors,
            vec![
                SuppressionError::Invalid {
                    text: ":x".into(),
                    origin: "--race-ignore".into()
                },
                SuppressionError::Invalid {
                    text: "k:a b".into(),
                    origin: format!("{path}, line 4")
                },
            ]
        );
        let (_, errors) = Suppressions::new(&[], Some("/nonexistent/supp"));
        assert_eq!(
            errors,
            vec![SuppressionError::Unreadable("/nonexistent/supp".into())]
        );
    }
}
