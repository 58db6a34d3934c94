//! Diagnostics as Oclgrind prints them (compat §4): a headline, then lines indented by one TAB
//! each, ending with a lone TAB. The only place that knows these layouts.

use std::fmt;

use crate::{At, Body, Diagnostic, Divergent, Entity, Figures, Rule};

/// The first line of an API error.
pub const API_ERROR_HEADLINE: &str = "Oclgrind - OpenCL runtime error detected";

/// `(x,y,z)`.
pub fn size3(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

impl fmt::Display for Entity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Entity::WorkItem {
                global,
                local,
                group,
            } => write!(
                f,
                "Global{} Local{} Group{}",
                size3(*global),
                size3(*local),
                size3(*group)
            ),
            Entity::Group(g) => write!(f, "Group{}", size3(*g)),
            Entity::Unknown => f.write_str("(unknown)"),
        }
    }
}

/// The location block: instruction text, source position and source line.
fn location_lines(out: &mut Vec<String>, at: &At) {
    let At::Instruction { instruction, place } = at else {
        out.push("(location unknown)".into());
        return;
    };
    out.push(instruction.clone());
    let Some(place) = place else {
        // Oclgrind ends this line with a newline of its own, unlike a source line: the
        // message then has one more lone-TAB line.
        out.push("Debugging information not available.".into());
        out.push(String::new());
        return;
    };
    out.push(format!(
        "At line {} (column {}) of {}:",
        place.line, place.column, place.file
    ));
    match &place.text {
        Some(l) => out.push(format!("  {}", l.trim_start())),
        None => out.push("  (source not available)".into()),
    }
}

/// Joins message lines: the first as is, the rest indented by a TAB, ending with a lone TAB.
fn join(lines: &[String]) -> String {
    let mut s = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i > 0 {
            s.push('\t');
        }
        s.push_str(l);
        s.push('\n');
    }
    s.push('\t');
    s
}

/// The line of a work-group that did not all reach a barrier or copy.
pub fn partial_line(what: Divergent, arrived: u64, size: u64) -> String {
    let what = match what {
        Divergent::Barrier => "barrier",
        Divergent::AsyncCopy => "copy",
    };
    format!("Only {arrived} out of {size} work-items executed {what}")
}

/// The lines of an API error after its headline.
pub fn api_error_lines(function: &str, error: &str, info: Option<&str>) -> Vec<String> {
    let mut lines = vec![
        format!("Function: {function}"),
        format!("Error:    {error}"),
    ];
    lines.extend(info.map(str::to_string));
    lines
}

/// A figure as performance lines print it: rounded to one decimal (halves away from zero),
/// without the decimal when that is a whole number (`4`, `1.5`, `1.3` for 1.25, `2` for
/// 1.96).
pub fn figure(x: f64) -> String {
    let tenths = (x * 10.0).round();
    if tenths % 10.0 == 0.0 {
        format!("{:.0}", tenths / 10.0)
    } else {
        format!("{:.1}", tenths / 10.0)
    }
}

/// `part / whole`, 0 for an empty whole.
fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// `n noun`, the noun in the plural unless the printed number is exactly 1.
fn count(n: &str, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n == "1" { singular } else { plural })
}

/// A count of things.
fn things(n: u64, singular: &str, plural: &str) -> String {
    count(&n.to_string(), singular, plural)
}

/// `at line N of FILE`, or `at no source line`.
fn performance_place(at: &At) -> String {
    match at.place() {
        Some(p) => format!("at line {} of {}", p.line, p.file),
        None => "at no source line".to_string(),
    }
}

/// A performance lint's one line (`--perf-lints`): its headline and whole message. The figures
/// decide its form; the rule decides whether it is a finding (`uncoalesced global read`,
/// `N-way bank conflict`, `divergent branch`) or plain figures (`global read`, `local memory`,
/// `branch`). Per-request figures and percentages are printed by [`figure`].
pub fn performance_line(
    rule: Rule,
    kernel: &str,
    at: &At,
    sub_group_size: u64,
    figures: &Figures,
) -> String {
    let place = performance_place(at);
    match *figures {
        Figures::Global {
            write,
            requests,
            sectors,
            ideal,
        } => {
            let what = if write { "write" } else { "read" };
            let finding = if rule == Rule::UncoalescedAccess {
                "uncoalesced "
            } else {
                ""
            };
            format!(
                "Performance: {finding}global {what} {place}: {} per request (ideal {}), {}",
                count(&figure(ratio(sectors, requests)), "sector", "sectors"),
                figure(ratio(ideal, requests)),
                things(requests, "request", "requests"),
            )
        }
        Figures::Local {
            accesses,
            passes,
            ideal,
        } => {
            let n = things(accesses, "access", "accesses");
            if rule == Rule::BankConflict {
                let way = figure(ratio(passes, ideal));
                format!("Performance: {way}-way bank conflict on local memory {place}: {n}")
            } else {
                format!(
                    "Performance: local memory {place}: {} per access (ideal {}), {n}",
                    count(&figure(ratio(passes, accesses)), "pass", "passes"),
                    figure(ratio(ideal, accesses)),
                )
            }
        }
        Figures::Branch {
            executions,
            divergent,
        } => {
            let share = figure(100.0 * ratio(divergent, executions));
            let n = things(executions, "sub-group execution", "sub-group executions");
            if rule == Rule::DivergentBranch {
                format!("Performance: divergent branch {place}: {share}% of {n}")
            } else {
                format!("Performance: branch {place}: {share}% of {n} divergent")
            }
        }
        Figures::Totals {
            global_requests,
            sectors,
            global_ideal,
            local_accesses,
            passes,
            local_ideal,
            executions,
            divergent,
            cut,
        } => {
            let mut parts = Vec::new();
            if global_requests > 0 {
                parts.push(format!(
                    "global {} (ideal {global_ideal}) in {}",
                    things(sectors, "sector", "sectors"),
                    things(global_requests, "request", "requests"),
                ));
            }
            if local_accesses > 0 {
                parts.push(format!(
                    "local {} (ideal {local_ideal}) in {}",
                    things(passes, "pass", "passes"),
                    things(local_accesses, "access", "accesses"),
                ));
            }
            if executions > 0 {
                parts.push(format!(
                    "{divergent} of {} divergent",
                    things(
                        executions,
                        "sub-group branch execution",
                        "sub-group branch executions"
                    ),
                ));
            }
            let mut line = format!(
                "Performance: kernel '{kernel}' totals (sub-group size {sub_group_size}): {}",
                if parts.is_empty() {
                    "no global or local memory accesses and no branches".to_string()
                } else {
                    parts.join("; ")
                }
            );
            if cut > 0 {
                let (requests, their) = if cut == 1 {
                    ("request", "its")
                } else {
                    ("requests", "their")
                };
                line.push_str(&format!(
                    " ({cut} {requests} counted before all {their} lanes arrived)"
                ));
            }
            line
        }
    }
}

fn divergence_header(d: &Diagnostic, group: [u64; 3]) -> Vec<String> {
    vec![
        d.headline.clone(),
        format!("Kernel:     {}", d.kernel.as_deref().unwrap_or("")),
        format!("Work-group: {}", size3(group)),
    ]
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kernel = self.kernel.as_deref().unwrap_or("");
        let lines = match &self.body {
            Body::Text(text) => return f.write_str(text),
            // One line, the headline alone: a launch's performance lines form one block.
            Body::Performance { .. } => return f.write_str(&self.headline),
            Body::ApiError {
                function,
                error,
                info,
            } => {
                // Not the TAB-ended layout: the runtime prints it as Oclgrind does.
                f.write_str(API_ERROR_HEADLINE)?;
                for line in api_error_lines(function, error, info.as_deref()) {
                    write!(f, "\n\t{line}")?;
                }
                return f.write_str("\n");
            }
            Body::Standard {
                message,
                entity,
                at,
                origin,
                notes,
            } => {
                let mut lines = vec![self.headline.clone()];
                lines.extend(message.iter().cloned());
                lines.push(format!("Kernel: {kernel}"));
                lines.push(format!("Entity: {entity}"));
                location_lines(&mut lines, at);
                lines.extend(origin.iter().map(|o| format!("Origin: {}", o.description)));
                lines.extend(notes.iter().cloned());
                lines
            }
            Body::Race {
                first,
                second,
                note,
            } => {
                let mut lines = vec![
                    self.headline.clone(),
                    format!("Kernel: {kernel}"),
                    String::new(),
                ];
                for (label, access) in [("First entity:  ", first), ("Second entity: ", second)] {
                    lines.push(format!("{label}{}", access.entity));
                    location_lines(&mut lines, &access.at);
                    lines.push(String::new());
                }
                lines.pop();
                lines.extend(note.iter().cloned());
                lines
            }
            Body::PartialGroup {
                what,
                group,
                arrived,
                size,
                at,
            } => {
                let mut lines = divergence_header(self, *group);
                lines.push(partial_line(*what, *arrived, *size));
                location_lines(&mut lines, at);
                lines
            }
            Body::Divergence {
                group,
                work_item,
                what: _,
                at,
                details,
                previous_at,
                previous_details,
            } => {
                let mut lines = divergence_header(self, *group);
                lines.push(String::new());
                if let Some(wi) = work_item {
                    lines.push(format!("Work-item:  {wi}"));
                }
                location_lines(&mut lines, at);
                lines.extend(details.iter().cloned());
                lines.push(String::new());
                lines.push("Previous work-items executed:".to_string());
                location_lines(&mut lines, previous_at);
                lines.extend(previous_details.iter().cloned());
                lines
            }
        };
        f.write_str(&join(&lines))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Access, Level, Origin, Rule, SourcePlace};

    fn at(instruction: &str, line: u32, column: u32, text: Option<&str>) -> At {
        At::Instruction {
            instruction: instruction.into(),
            place: Some(SourcePlace {
                file: "input.cl".into(),
                line,
                column,
                text: text.map(str::to_string),
            }),
        }
    }

    fn diagnostic(rule: Rule, headline: &str, body: Body) -> Diagnostic {
        Diagnostic {
            level: Level::Error,
            rule,
            headline: headline.into(),
            kernel: Some("k".into()),
            launch: Some(0),
            body,
            memory: None,
        }
    }

    // Expected texts derived by hand from compat §4.1 and §4.5.
    #[test]
    fn the_standard_layout() {
        let d = diagnostic(
            Rule::InvalidWrite,
            "Invalid write of size 4 at global memory address 0x1000000000010",
            Body::Standard {
                message: Vec::new(),
                entity: Entity::WorkItem {
                    global: [4, 0, 0],
                    local: [0, 0, 0],
                    group: [1, 0, 0],
                },
                at: at(
                    "  store i32 %x, ptr addrspace(1) %p, align 4",
                    2,
                    8,
                    Some("    p[4] = 1;"),
                ),
                origin: None,
                notes: Vec::new(),
            },
        );
        assert_eq!(
            d.to_string(),
            "Invalid write of size 4 at global memory address 0x1000000000010\n\
             \tKernel: k\n\
             \tEntity: Global(4,0,0) Local(0,0,0) Group(1,0,0)\n\
             \t  store i32 %x, ptr addrspace(1) %p, align 4\n\
             \tAt line 2 (column 8) of input.cl:\n\
             \t  p[4] = 1;\n\
             \t"
        );
        assert_eq!(d.place().map(|p| p.line), Some(2));
        assert_eq!(d.work_item(), Some([4, 0, 0]));
    }

    #[test]
    fn missing_information_and_origins() {
        let d = diagnostic(
            Rule::UninitializedValue,
            "Uninitialized value",
            Body::Standard {
                message: Vec::new(),
                entity: Entity::Group([1, 2, 3]),
                at: At::Instruction {
                    instruction: String::new(),
                    place: None,
                },
                origin: Some(Origin {
                    description: "private variable 'x' declared at line 3 of input.cl".into(),
                    place: None,
                }),
                notes: vec!["Note: ours".into()],
            },
        );
        assert_eq!(
            d.to_string(),
            "Uninitialized value\n\tKernel: k\n\tEntity: Group(1,2,3)\n\t\n\
             \tDebugging information not available.\n\t\n\
             \tOrigin: private variable 'x' declared at line 3 of input.cl\n\tNote: ours\n\t"
        );
        assert_eq!(Entity::Unknown.to_string(), "(unknown)");
    }

    #[test]
    fn a_fatal_error_has_its_message_before_the_kernel() {
        let d = diagnostic(
            Rule::FatalError,
            "OCLGRIND FATAL ERROR (input.cl:5)",
            Body::Standard {
                message: vec!["stack overflow".into()],
                entity: Entity::Unknown,
                at: At::Unknown,
                origin: None,
                notes: Vec::new(),
            },
        );
        assert_eq!(
            d.to_string(),
            "OCLGRIND FATAL ERROR (input.cl:5)\n\tstack overflow\n\tKernel: k\n\
             \tEntity: (unknown)\n\t(location unknown)\n\t"
        );
        assert_eq!(
            d.summary(),
            "OCLGRIND FATAL ERROR (input.cl:5): stack overflow"
        );
    }

    #[test]
    fn a_race_names_both_accesses() {
        let d = diagnostic(
            Rule::DataRace,
            "Read-write data race at local memory address 0x1000000000000",
            Body::Race {
                first: Access {
                    entity: Entity::Group([0, 0, 0]),
                    at: At::Unknown,
                },
                second: Access {
                    entity: Entity::WorkItem {
                        global: [3, 0, 0],
                        local: [3, 0, 0],
                        group: [0, 0, 0],
                    },
                    at: at("  store i32 %mul", 6, 11, Some("tile[l] = l * 10;")),
                },
                note: None,
            },
        );
        assert_eq!(
            d.to_string(),
            "Read-write data race at local memory address 0x1000000000000\n\
             \tKernel: k\n\t\n\
             \tFirst entity:  Group(0,0,0)\n\t(location unknown)\n\t\n\
             \tSecond entity: Global(3,0,0) Local(3,0,0) Group(0,0,0)\n\
             \t  store i32 %mul\n\tAt line 6 (column 11) of input.cl:\n\t  tile[l] = l * 10;\n\t"
        );
        let parties = d.parties();
        assert_eq!(parties[1].label, Some("Second entity"));
        assert_eq!(d.place().map(|p| p.line), Some(6));
    }

    #[test]
    fn divergences_and_api_errors() {
        let partial = diagnostic(
            Rule::WorkGroupDivergence,
            Divergent::Barrier.headline(),
            Body::PartialGroup {
                what: Divergent::Barrier,
                group: [1, 0, 0],
                arrived: 3,
                size: 4,
                at: at("call void @barrier", 7, 3, None),
            },
        );
        assert_eq!(
            partial.to_string(),
            "Work-group divergence detected (barrier)\n\tKernel:     k\n\tWork-group: (1,0,0)\n\
             \tOnly 3 out of 4 work-items executed barrier\n\tcall void @barrier\n\
             \tAt line 7 (column 3) of input.cl:\n\t  (source not available)\n\t"
        );
        let api = Diagnostic::api_error(
            "clCreateBuffer",
            "CL_INVALID_BUFFER_SIZE",
            Some("size is 0".into()),
        );
        assert_eq!(
            api.to_string(),
            "Oclgrind - OpenCL runtime error detected\n\tFunction: clCreateBuffer\n\
             \tError:    CL_INVALID_BUFFER_SIZE\n\tsize is 0\n"
        );
        assert_eq!(api.summary(), "clCreateBuffer: CL_INVALID_BUFFER_SIZE");
        let text = Diagnostic::text(Level::Info, "\nWatch: kernel 'k'\n");
        assert_eq!(
            (text.to_string().as_str(), text.headline.as_str()),
            ("\nWatch: kernel 'k'\n", "Watch: kernel 'k'")
        );
    }

    fn line(rule: Rule, line: u32, figures: Figures) -> Diagnostic {
        Diagnostic::performance(
            rule,
            "column",
            3,
            at("  %v = load float, ptr addrspace(1) %p", line, 9, None),
            32,
            figures,
        )
    }

    fn global(write: bool, requests: u64, sectors: u64, ideal: u64) -> Figures {
        Figures::Global {
            write,
            requests,
            sectors,
            ideal,
        }
    }

    fn totals() -> Figures {
        Figures::Totals {
            global_requests: 66,
            sectors: 264,
            global_ideal: 264,
            local_accesses: 128,
            passes: 2112,
            local_ideal: 128,
            executions: 128,
            divergent: 0,
            cut: 0,
        }
    }

    #[test]
    fn figures_round_to_one_decimal_or_none() {
        let printed: Vec<String> = [4.0, 1.5, 1.25, 1.24, 1.96, 2.04, 32.0, 0.0, 6.25, 12.5]
            .into_iter()
            .map(figure)
            .collect();
        assert_eq!(
            printed,
            ["4", "1.5", "1.3", "1.2", "2", "2", "32", "0", "6.3", "12.5"]
        );
    }

    // Expected texts from perf-lints §3.
    #[test]
    fn performance_findings() {
        let d = line(
            Rule::UncoalescedAccess,
            12,
            global(false, 2048, 65536, 8192),
        );
        assert_eq!(
            d.to_string(),
            "Performance: uncoalesced global read at line 12 of input.cl: \
             32 sectors per request (ideal 4), 2048 requests"
        );
        assert_eq!(d.headline, d.to_string());
        assert_eq!(
            (d.level, d.kernel.as_deref(), d.launch),
            (Level::Info, Some("column"), Some(3))
        );
        assert_eq!(d.place().map(|p| p.line), Some(12));
        assert_eq!(
            (d.title(), d.summary()),
            (d.headline.clone(), d.headline.clone())
        );
        assert!(d.details().is_empty() && d.work_item().is_none());
        let parties = d.parties();
        assert_eq!(
            (parties.len(), parties[0].label, parties[0].entity),
            (1, None, None)
        );
        assert_eq!(
            line(Rule::UncoalescedAccess, 5, global(true, 3, 6, 3)).headline,
            "Performance: uncoalesced global write at line 5 of input.cl: \
             2 sectors per request (ideal 1), 3 requests"
        );
        let local = |passes, ideal| Figures::Local {
            accesses: 64,
            passes,
            ideal,
        };
        assert_eq!(
            line(Rule::BankConflict, 20, local(2048, 64)).headline,
            "Performance: 32-way bank conflict on local memory at line 20 of input.cl: 64 accesses"
        );
        assert_eq!(
            line(Rule::BankConflict, 20, local(96, 64)).headline,
            "Performance: 1.5-way bank conflict on local memory at line 20 of input.cl: 64 accesses"
        );
        assert_eq!(
            line(
                Rule::DivergentBranch,
                7,
                Figures::Branch {
                    executions: 128,
                    divergent: 128
                }
            )
            .headline,
            "Performance: divergent branch at line 7 of input.cl: 100% of 128 sub-group executions"
        );
        assert_eq!(
            line(
                Rule::DivergentBranch,
                7,
                Figures::Branch {
                    executions: 16,
                    divergent: 1
                }
            )
            .headline,
            "Performance: divergent branch at line 7 of input.cl: 6.3% of 16 sub-group executions"
        );
    }

    #[test]
    fn performance_figures_under_the_thresholds() {
        let fig = |f| line(Rule::PerformanceFigures, 3, f).headline;
        assert_eq!(
            fig(global(false, 8, 32, 32)),
            "Performance: global read at line 3 of input.cl: 4 sectors per request (ideal 4), 8 requests"
        );
        assert_eq!(
            fig(global(true, 4, 5, 4)),
            "Performance: global write at line 3 of input.cl: 1.3 sectors per request (ideal 1), 4 requests"
        );
        assert_eq!(
            fig(Figures::Local {
                accesses: 64,
                passes: 64,
                ideal: 64
            }),
            "Performance: local memory at line 3 of input.cl: 1 pass per access (ideal 1), 64 accesses"
        );
        assert_eq!(
            fig(Figures::Local {
                accesses: 8,
                passes: 16,
                ideal: 16
            }),
            "Performance: local memory at line 3 of input.cl: 2 passes per access (ideal 2), 8 accesses"
        );
        assert_eq!(
            fig(Figures::Branch {
                executions: 8,
                divergent: 0
            }),
            "Performance: branch at line 3 of input.cl: 0% of 8 sub-group executions divergent"
        );
        assert_eq!(
            fig(Figures::Branch {
                executions: 8,
                divergent: 1
            }),
            "Performance: branch at line 3 of input.cl: 12.5% of 8 sub-group executions divergent"
        );
    }

    #[test]
    fn performance_singulars_and_no_place() {
        let nowhere = |rule, figures| {
            Diagnostic::performance(
                rule,
                "k",
                0,
                At::Instruction {
                    instruction: "  br i1 %c".into(),
                    place: None,
                },
                16,
                figures,
            )
        };
        let d = nowhere(Rule::PerformanceFigures, global(false, 1, 1, 1));
        assert_eq!(
            d.headline,
            "Performance: global read at no source line: 1 sector per request (ideal 1), 1 request"
        );
        assert_eq!(d.place(), None);
        assert_eq!(d.parties().len(), 1);
        assert_eq!(
            nowhere(
                Rule::BankConflict,
                Figures::Local {
                    accesses: 1,
                    passes: 2,
                    ideal: 1
                }
            )
            .headline,
            "Performance: 2-way bank conflict on local memory at no source line: 1 access"
        );
        assert_eq!(
            nowhere(
                Rule::DivergentBranch,
                Figures::Branch {
                    executions: 1,
                    divergent: 1
                }
            )
            .headline,
            "Performance: divergent branch at no source line: 100% of 1 sub-group execution"
        );
        assert_eq!(
            Diagnostic::performance(
                Rule::PerformanceFigures,
                "k",
                0,
                At::Unknown,
                8,
                Figures::Local {
                    accesses: 1,
                    passes: 1,
                    ideal: 1
                }
            )
            .headline,
            "Performance: local memory at no source line: 1 pass per access (ideal 1), 1 access"
        );
    }

    #[test]
    fn performance_totals() {
        let kernel = |figures| {
            Diagnostic::performance(
                Rule::PerformanceFigures,
                "column",
                0,
                At::Unknown,
                32,
                figures,
            )
        };
        let d = kernel(totals());
        assert_eq!(
            d.to_string(),
            "Performance: kernel 'column' totals (sub-group size 32): \
             global 264 sectors (ideal 264) in 66 requests; \
             local 2112 passes (ideal 128) in 128 accesses; \
             0 of 128 sub-group branch executions divergent"
        );
        assert!(d.parties().is_empty() && d.place().is_none() && d.details().is_empty());
        // Parts with no requests are left out, and a cut is said.
        let local_only = Figures::Totals {
            global_requests: 0,
            sectors: 0,
            global_ideal: 0,
            local_accesses: 1,
            passes: 1,
            local_ideal: 1,
            executions: 0,
            divergent: 0,
            cut: 0,
        };
        assert_eq!(
            kernel(local_only).headline,
            "Performance: kernel 'column' totals (sub-group size 32): \
             local 1 pass (ideal 1) in 1 access"
        );
        let cut = Figures::Totals {
            global_requests: 66,
            sectors: 264,
            global_ideal: 264,
            local_accesses: 0,
            passes: 0,
            local_ideal: 0,
            executions: 1,
            divergent: 1,
            cut: 5,
        };
        assert_eq!(
            kernel(cut).headline,
            "Performance: kernel 'column' totals (sub-group size 32): \
             global 264 sectors (ideal 264) in 66 requests; \
             1 of 1 sub-group branch execution divergent \
             (5 requests counted before all their lanes arrived)"
        );
        let none = Figures::Totals {
            global_requests: 0,
            sectors: 0,
            global_ideal: 0,
            local_accesses: 0,
            passes: 0,
            local_ideal: 0,
            executions: 0,
            divergent: 0,
            cut: 0,
        };
        assert_eq!(
            kernel(none).headline,
            "Performance: kernel 'column' totals (sub-group size 32): \
             no global or local memory accesses and no branches"
        );
        let one_cut = Figures::Totals {
            global_requests: 1,
            sectors: 1,
            global_ideal: 1,
            local_accesses: 0,
            passes: 0,
            local_ideal: 0,
            executions: 0,
            divergent: 0,
            cut: 1,
        };
        assert_eq!(
            kernel(one_cut).headline,
            "Performance: kernel 'column' totals (sub-group size 32): \
             global 1 sector (ideal 1) in 1 request \
             (1 request counted before all its lanes arrived)"
        );
    }

    #[test]
    fn performance_rules_and_figures_as_data() {
        let performance: Vec<&str> = Rule::ALL
            .into_iter()
            .filter(|r| r.is_performance())
            .map(Rule::id)
            .collect();
        assert_eq!(
            performance,
            [
                "uncoalesced-access",
                "bank-conflict",
                "divergent-branch",
                "performance-figures"
            ]
        );
        assert_eq!(Rule::ALL.last(), Some(&Rule::Other));
        assert!(!Rule::DataRace.is_performance() && !Rule::Other.is_performance());
        assert_eq!(
            serde_json::to_value(totals()).unwrap(),
            serde_json::json!({"kind": "totals", "globalRequests": 66, "sectors": 264,
                "globalIdeal": 264, "localAccesses": 128, "passes": 2112, "localIdeal": 128,
                "executions": 128, "divergent": 0, "cut": 0})
        );
        assert_eq!(
            serde_json::to_value(global(true, 2, 3, 4)).unwrap(),
            serde_json::json!({"kind": "global", "write": true, "requests": 2, "sectors": 3, "ideal": 4})
        );
        let d = line(
            Rule::UncoalescedAccess,
            12,
            global(false, 2048, 65536, 8192),
        );
        let back: Diagnostic = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
        assert_eq!(back, d);
    }
}
