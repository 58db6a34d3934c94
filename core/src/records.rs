//! Diagnostics as records, for machine-readable output (JSON lines, SARIF): each message read
//! back from the text `diagnostics` formats — Oclgrind's standard layout (compat §4.1), the
//! data-race layout with its two entities, the divergence layout, the runtime's API errors —
//! into what a CI system wants: a rule, a level, the headline, the kernel, and each place
//! the message names with its work-item.
//!
//! Reading the text back (rather than building records beside it) keeps one formatter for
//! every message, built-in or from a plugin, and the text stays exactly Oclgrind's.

use crate::diagnostics::Level;

/// One diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub level: Level,
    /// What kind of diagnostic it is (`invalid-read`, `data-race`, ...): see [`RULES`].
    pub rule: &'static str,
    /// The first line (with a fatal error's message after it).
    pub headline: String,
    pub kernel: Option<String>,
    /// The entities and places the message names, in its order: one for most; a data race's
    /// two accesses.
    pub parties: Vec<Party>,
    /// Where an uninitialised value came from (`Origin: ...`), with its place if it has one.
    pub origin: Option<(String, Option<Place>)>,
    /// Other lines of the message: an API error's function and error code, say.
    pub details: Vec<String>,
    /// The whole message as the Logger prints it.
    pub text: String,
}

/// An entity the message names, and where it was.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Party {
    /// `First entity`, `Second entity`, `Work-item` (or none for the plain `Entity:`).
    pub label: Option<String>,
    pub global: Option<[u64; 3]>,
    pub local: Option<[u64; 3]>,
    pub group: Option<[u64; 3]>,
    /// The LLVM instruction.
    pub instruction: Option<String>,
    pub place: Option<Place>,
}

/// A source position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    pub file: String,
    pub line: u32,
    pub column: u32,
    /// The source line's text, where the message shows it.
    pub source: Option<String>,
}

/// Each rule: its id, what its headlines start with, and a description.
pub const RULES: &[(&str, &str, &str)] = &[
    (
        "invalid-read",
        "Invalid read",
        "A load outside any buffer, or from a write-only one",
    ),
    (
        "invalid-write",
        "Invalid write",
        "A store outside any buffer, or to a read-only one",
    ),
    (
        "data-race",
        "Read-write data race",
        "Two work-items access the same memory without synchronisation, one of them writing",
    ),
    (
        "data-race",
        "Write-write data race",
        "Two work-items write the same memory without synchronisation",
    ),
    (
        "uninitialized-value",
        "Uninitialized value",
        "A value with uninitialised bits was stored to local or global memory",
    ),
    (
        "uninitialized-address",
        "Uninitialized address",
        "An address with uninitialised bits was used for a load or store",
    ),
    (
        "uninitialized-control-flow",
        "Controlflow depends on uninitialized",
        "A branch decided on an uninitialised value",
    ),
    (
        "uninitialized-index",
        "Instruction depends on an uninitialized index",
        "An async copy's count or stride was uninitialised",
    ),
    (
        "array-index",
        "Index (",
        "An index exceeded the size of a fixed-size array",
    ),
    (
        "work-group-divergence",
        "Work-group divergence detected",
        "Work-items of a group reached different barriers or async copies",
    ),
    (
        "unwaited-events",
        "Work-item finished without waiting for events",
        "An async copy's event was never waited for",
    ),
    (
        "api-error",
        "Oclgrind - OpenCL runtime error detected",
        "An OpenCL API call failed (--check-api)",
    ),
    (
        "fatal-error",
        "OCLGRIND FATAL ERROR",
        "The simulator could not go on with the work-item",
    ),
];

/// The rule of diagnostics no other rule describes (plugins' own, say).
pub const OTHER_RULE: &str = "diagnostic";

/// The description of a rule.
pub fn rule_description(rule: &str) -> &'static str {
    RULES
        .iter()
        .find(|(id, ..)| *id == rule)
        .map_or("A diagnostic of the simulator or a plugin", |(_, _, d)| d)
}

fn rule_of(headline: &str) -> &'static str {
    RULES
        .iter()
        .find(|(_, prefix, _)| headline.starts_with(prefix))
        .map_or(OTHER_RULE, |(id, ..)| id)
}

/// `(x,y,z)` at the start of `s`, and what follows it.
fn triple(s: &str) -> Option<([u64; 3], &str)> {
    let s = s.strip_prefix('(')?;
    let (inside, rest) = s.split_once(')')?;
    let mut v = inside.split(',').map(|n| n.trim().parse::<u64>().ok());
    let t = [v.next()??, v.next()??, v.next()??];
    Some((t, rest))
}

/// The ids of an entity's text: `Global(..) Local(..) Group(..)`, or `Group(..)` alone.
fn entity(text: &str, party: &mut Party) {
    for word in text.split_whitespace() {
        for (name, slot) in [
            ("Global", &mut party.global),
            ("Local", &mut party.local),
            ("Group", &mut party.group),
        ] {
            if let Some(ids) = word.strip_prefix(name).and_then(triple) {
                *slot = Some(ids.0);
            }
        }
    }
}

/// `At line L (column C) of FILE:`.
fn place(line: &str) -> Option<Place> {
    let rest = line.strip_prefix("At line ")?;
    let (number, rest) = rest.split_once(" (column ")?;
    let (column, rest) = rest.split_once(") of ")?;
    Some(Place {
        file: rest.strip_suffix(':').unwrap_or(rest).to_string(),
        line: number.parse().ok()?,
        column: column.parse().ok()?,
        source: None,
    })
}

/// `... at line N of FILE` inside an origin's text.
fn origin_place(text: &str) -> Option<Place> {
    let (_, rest) = text.split_once(" at line ")?;
    let (number, rest) = rest.split_once(" of ")?;
    let file: String = rest
        .chars()
        .take_while(|c| !c.is_whitespace() && *c != '(' && *c != ',')
        .collect();
    Some(Place {
        file,
        line: number.parse().ok()?,
        column: 0,
        source: None,
    })
}

impl Record {
    /// Reads a logged message back.
    pub fn parse(level: Level, text: &str) -> Record {
        let mut lines = text
            .lines()
            .map(|l| l.strip_prefix('\t').unwrap_or(l))
            .filter(|l| !l.trim().is_empty());
        let mut headline = lines.next().unwrap_or("").trim_end().to_string();
        let mut record = Record {
            level,
            rule: rule_of(&headline),
            headline: String::new(),
            kernel: None,
            parties: Vec::new(),
            origin: None,
            details: Vec::new(),
            text: text.to_string(),
        };
        let fatal = record.rule == "fatal-error";
        // A place's source line follows it.
        let mut after_place = false;
        for l in lines {
            let was_after_place = std::mem::replace(&mut after_place, false);
            if let Some(k) = l.strip_prefix("Kernel:") {
                record.kernel = Some(k.trim().to_string());
            } else if let Some(e) = l.strip_prefix("Entity:") {
                record.parties.push(Party::default());
                if let Some(p) = record.parties.last_mut() {
                    entity(e, p);
                }
            } else if l == "Previous work-items executed:" {
                // A divergence: where the others were.
                record.parties.push(Party {
                    label: Some("Previous work-items".into()),
                    ..Party::default()
                });
            } else if let Some((label, e)) = ["First entity:", "Second entity:", "Work-item:"]
                .iter()
                .find_map(|label| l.strip_prefix(label).map(|e| (label, e)))
            {
                let mut p = Party {
                    label: Some(label.trim_end_matches(':').to_string()),
                    ..Party::default()
                };
                entity(e, &mut p);
                record.parties.push(p);
            } else if let Some(g) = l.strip_prefix("Work-group:").and_then(|g| triple(g.trim())) {
                record.parties.push(Party {
                    group: Some(g.0),
                    ..Party::default()
                });
            } else if let Some(pl) = place(l) {
                match record.parties.last_mut() {
                    Some(p) => p.place = Some(pl),
                    None => record.parties.push(Party {
                        place: Some(pl),
                        ..Party::default()
                    }),
                }
                after_place = true;
            } else if let Some(src) = l.strip_prefix("  ").filter(|_| was_after_place) {
                if let Some(pl) = record.parties.last_mut().and_then(|p| p.place.as_mut()) {
                    if src != "(source not available)" {
                        pl.source = Some(src.to_string());
                    }
                }
            } else if let Some(inst) = l.strip_prefix("  ").filter(|_| !record.parties.is_empty()) {
                if let Some(p) = record.parties.last_mut() {
                    p.instruction = Some(inst.trim().to_string());
                }
            } else if let Some(o) = l.strip_prefix("Origin: ") {
                record.origin = Some((o.to_string(), origin_place(o)));
            } else if fatal && record.kernel.is_none() {
                // A fatal error's message, before the standard lines.
                headline = format!("{headline}: {}", l.trim());
            } else if l != "(location unknown)" && l != "Debugging information not available." {
                record.details.push(l.trim().to_string());
            }
        }
        record.headline = headline;
        record
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_layout() {
        let text = "Invalid read of size 4 at global memory address 0x1000000001000\n\
            \tKernel: smooth\n\
            \tEntity: Global(1023,0,0) Local(63,0,0) Group(15,0,0)\n\
            \t  %3 = load float, ptr addrspace(1) %arrayidx4, align 4\n\
            \tAt line 9 (column 17) of input.cl:\n\
            \t  float right = in[i + 1];\n\
            \t";
        let r = Record::parse(Level::Error, text);
        assert_eq!(r.rule, "invalid-read");
        assert_eq!(
            r.headline,
            "Invalid read of size 4 at global memory address 0x1000000001000"
        );
        assert_eq!(r.kernel.as_deref(), Some("smooth"));
        assert_eq!(
            r.parties,
            vec![Party {
                label: None,
                global: Some([1023, 0, 0]),
                local: Some([63, 0, 0]),
                group: Some([15, 0, 0]),
                instruction: Some("%3 = load float, ptr addrspace(1) %arrayidx4, align 4".into()),
                place: Some(Place {
                    file: "input.cl".into(),
                    line: 9,
                    column: 17,
                    source: Some("float right = in[i + 1];".into()),
                }),
            }]
        );
        assert_eq!(r.text, text);
    }

    #[test]
    fn a_data_race_names_both_accesses() {
        let text = "Read-write data race at local memory address 0x1000000000000\n\
            \tKernel: async_copy\n\
            \t\n\
            \tFirst entity:  Group(0,0,0)\n\
            \t(location unknown)\n\
            \t\n\
            \tSecond entity: Global(3,0,0) Local(3,0,0) Group(0,0,0)\n\
            \t  store i32 %mul, ptr addrspace(3) %arrayidx\n\
            \tAt line 6 (column 11) of input.cl:\n\
            \t  tile[l] = l * 10;\n\
            \t";
        let r = Record::parse(Level::Error, text);
        assert_eq!(r.rule, "data-race");
        assert_eq!(r.parties.len(), 2);
        assert_eq!(r.parties[0].label.as_deref(), Some("First entity"));
        assert_eq!(r.parties[0].group, Some([0, 0, 0]));
        assert_eq!((r.parties[0].global, &r.parties[0].place), (None, &None));
        assert_eq!(r.parties[1].label.as_deref(), Some("Second entity"));
        assert_eq!(r.parties[1].global, Some([3, 0, 0]));
        assert_eq!(r.parties[1].place.as_ref().map(|p| p.line), Some(6));
        assert!(r.details.is_empty(), "{:?}", r.details);
    }

    #[test]
    fn an_uninitialised_value_names_its_origin() {
        let text = "Uninitialized value written to global memory address 0x2000000000000\n\
            \tKernel: k\n\
            \tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n\
            \t  store i32 %0, ptr addrspace(1) %out\n\
            \tAt line 5 (column 10) of input.cl:\n\
            \t  out[0] = sum;\n\
            \tOrigin: private variable 'sum' declared at line 3 of input.cl\n\
            \t";
        let r = Record::parse(Level::Warning, text);
        assert_eq!(r.rule, "uninitialized-value");
        let (origin, place) = r.origin.expect("an origin");
        assert_eq!(
            origin,
            "private variable 'sum' declared at line 3 of input.cl"
        );
        assert_eq!(
            place.map(|p| (p.file, p.line)),
            Some(("input.cl".into(), 3))
        );
        let local = Record::parse(
            Level::Warning,
            "Uninitialized value written to local memory address 0x1\n\tOrigin: __local array 'bins' (never written before this read)\n\t",
        );
        assert_eq!(local.origin.map(|(_, p)| p), Some(None));
    }

    #[test]
    fn api_errors_divergence_and_fatal_errors() {
        let api = Record::parse(
            Level::Error,
            "Oclgrind - OpenCL runtime error detected\n\tFunction: clCreateBuffer\n\tError:    CL_INVALID_BUFFER_SIZE\n\tsize is 0\n\t",
        );
        assert_eq!(api.rule, "api-error");
        assert_eq!(
            api.details,
            vec![
                "Function: clCreateBuffer",
                "Error:    CL_INVALID_BUFFER_SIZE",
                "size is 0"
            ]
        );
        let divergence = Record::parse(
            Level::Error,
            "Work-group divergence detected (barrier)\n\tKernel:     k\n\tWork-group: (1,0,0)\n\t\n\tWork-item:  Global(4,0,0) Local(0,0,0) Group(1,0,0)\n\t  call void @_Z7barrierj(i32 1)\n\tAt line 7 (column 3) of input.cl:\n\t  barrier(CLK_LOCAL_MEM_FENCE);\n\t",
        );
        assert_eq!(divergence.rule, "work-group-divergence");
        assert_eq!(divergence.kernel.as_deref(), Some("k"));
        assert_eq!(divergence.parties[0].group, Some([1, 0, 0]));
        assert_eq!(divergence.parties[1].label.as_deref(), Some("Work-item"));
        assert_eq!(
            divergence.parties[1].place.as_ref().map(|p| p.line),
            Some(7)
        );
        let fatal = Record::parse(
            Level::Error,
            "OCLGRIND FATAL ERROR (input.cl:5)\n\tstack overflow\n\tKernel: k\n\tEntity: Global(0,0,0) Local(0,0,0) Group(0,0,0)\n\t",
        );
        assert_eq!(fatal.rule, "fatal-error");
        assert_eq!(
            fatal.headline,
            "OCLGRIND FATAL ERROR (input.cl:5): stack overflow"
        );
        let other = Record::parse(Level::Info, "Watch: kernel 'k' wrote 1 times");
        assert_eq!((other.rule, other.parties.len()), (OTHER_RULE, 0));
    }
}
