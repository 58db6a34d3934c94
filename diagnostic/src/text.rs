//! Diagnostics as Oclgrind prints them (compat §4): a headline, then lines indented by one TAB
//! each, ending with a lone TAB. The only place that knows these layouts.

use std::fmt;

use crate::{At, Body, Diagnostic, Divergent, Entity};

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
}
