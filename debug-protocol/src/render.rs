//! Events and replies as the line mode prints them: Oclgrind's text where Oclgrind prints
//! something, gdb's where it prints nothing. The TUI's console shows the same text.

use crate::protocol::*;

fn state_name(state: WorkItemState) -> &'static str {
    match state {
        WorkItemState::NotStarted => "not started",
        WorkItemState::Ready => "ready",
        WorkItemState::Running => "running",
        WorkItemState::AtBarrier => "at barrier",
        WorkItemState::AtSubGroupCall => "at sub-group function",
        WorkItemState::Finished => "finished",
    }
}

fn triple(v: [u64; 3]) -> String {
    format!("({},{},{})", v[0], v[1], v[2])
}

/// The current line as Oclgrind prints it.
fn current_line(p: &Position) -> String {
    match (&p.source, p.line) {
        (Some(text), line) if line != 0 => format!("{line}\t{text}\n"),
        _ => format!(
            "Source line not available.\n{}\n",
            p.instruction.as_deref().unwrap_or("")
        ),
    }
}

fn args_list(args: &[(String, String)]) -> String {
    args.iter()
        .map(|(n, v)| format!("{n}={v}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Display expressions and their values; like gdb, one whose names are out of scope here
/// (a display made inside a helper, seen from the kernel) is skipped.
fn displays(d: &[Displayed]) -> String {
    d.iter()
        .filter_map(|d| match &d.value {
            Ok(v) => Some(format!("{}: {} = {v}\n", d.number, d.expr)),
            Err(e) if e.kind == ValueErrorKind::NoSymbol => None,
            Err(e) => Some(format!("{}: {} = <error: {e}>\n", d.number, d.expr)),
        })
        .collect()
}

/// gdb's words when going back reaches the start of the recorded history (every front-end
/// says it so).
pub const NO_HISTORY: &str = "No more reverse-execution history.";

/// An event as text.
pub fn render(event: &Event, terminal: bool) -> String {
    match event {
        // The Logger has printed diagnostics already.
        Event::LaunchBegin(_)
        | Event::LaunchEnd { .. }
        | Event::Diagnostic(_)
        | Event::Detached => String::new(),
        Event::Output(text) => text.clone(),
        Event::Stopped(s) => {
            let p = &s.position;
            let mut out = String::new();
            match &s.reason {
                StopReason::Breakpoint {
                    number,
                    condition_error,
                } => {
                    if let Some(e) = condition_error {
                        out +=
                            &format!("Error in testing condition for breakpoint {number}:\n{e}\n");
                    }
                    out += &format!(
                        "Breakpoint {number} hit at line {} by work-item {}\n",
                        p.line,
                        triple(p.global)
                    );
                }
                StopReason::Watchpoint {
                    number,
                    expr,
                    old,
                    new,
                } => {
                    out += &format!(
                        "\nWatchpoint {number}: {expr}\n\nOld value = {old}\nNew value = {new}\n"
                    );
                }
                StopReason::Barrier => {
                    out += &format!("Work-item {} reached a barrier.\n", triple(p.global));
                }
                StopReason::Interrupted => {
                    out += &format!("Interrupted in work-item {}.\n", triple(p.global));
                }
                StopReason::NoHistory => {
                    // gdb's words, after its empty line.
                    out += &format!("\n{NO_HISTORY}\n");
                }
                StopReason::Switched => {
                    out += &format!("Switched to work-item: {}\n", triple(p.global));
                    if p.finished {
                        return out + "Work-item has finished execution.\n";
                    }
                }
                _ => {}
            }
            if p.finished {
                // A script gets Oclgrind's output: nothing when a step ends a work-item.
                if terminal || s.reason != StopReason::Finished {
                    out += &format!("Work-item {} has finished.\n", triple(p.global));
                }
                return out;
            }
            // At a terminal, the function is named in another work-item too, as gdb names the
            // frame after a thread switch.
            if s.entered_function || (terminal && s.other_work_item) {
                out += &format!(
                    "In function {}({}) at line {}\n",
                    p.function,
                    args_list(&p.args),
                    p.line
                );
            }
            out += &current_line(p);
            if let Some(v) = &s.returned {
                out += &format!("Value returned is {v}\n");
            }
            out + &displays(&s.displays)
        }
        Event::Reply(r) => render_reply(r, terminal),
    }
}

/// A `print` that failed: gdb's message at a terminal; in a script, Oclgrind's text where it
/// has one, after the expression.
fn print_error(expr: &str, err: &ValueError, terminal: bool) -> String {
    // Oclgrind reads `s.` (or `p->`) as the member with no name.
    let unnamed_member = err.kind == ValueErrorKind::EndedEarly
        && (expr.trim_end().ends_with('.') || expr.trim_end().ends_with("->"));
    let member = match (&err.kind, unnamed_member) {
        (_, true) => Some(""),
        (ValueErrorKind::NoMember(m), _) => Some(m.as_str()),
        _ => None,
    };
    match member {
        Some(m) if !terminal => format!("{expr} = no member named '{m}' found\n"),
        _ if !terminal && err.kind == ValueErrorKind::NoSymbol => format!("{expr} = not found\n"),
        _ => format!("{}\n", err.message),
    }
}

/// A frame's function, arguments and line: `f(n=4) at line 7`.
fn frame_text(f: &FrameInfo) -> String {
    format!("{}({}) at line {}", f.function, args_list(&f.args), f.line)
}

/// A frame as the backtrace shows it: `#1 f(n=4) at line 7`.
fn frame_line(f: &FrameInfo) -> String {
    format!("#{} {}\n", f.depth, frame_text(f))
}

fn render_reply(r: &Reply, terminal: bool) -> String {
    match r {
        Reply::Values(values) => values
            .iter()
            .map(|(e, v)| match v {
                Ok(v) => format!("{e} = {v}\n"),
                Err(err) => print_error(e, err, terminal),
            })
            .collect(),
        Reply::Variables(vars) => {
            if vars.is_empty() {
                "No variables.\n".to_string()
            } else {
                vars.iter().map(|(n, v)| format!("{n} = {v}\n")).collect()
            }
        }
        Reply::VariableList(vars) => vars
            .iter()
            .map(|v| match &v.value {
                Ok(value) => format!("{} = {value}\n", v.name),
                Err(err) => print_error(&v.expr, err, terminal),
            })
            .collect(),
        Reply::Written(n) => format!("{n} bytes written.\n"),
        Reply::MemoryOf {
            expr,
            address,
            bytes,
            ..
        } => {
            let mut text = format!("{expr}:\n");
            for (i, row) in bytes.chunks(16).enumerate() {
                let hex: Vec<String> = row.iter().map(|b| format!("{b:02x}")).collect();
                text += &format!("0x{:x}: {}\n", address + 16 * i as u64, hex.join(" "));
            }
            text
        }
        Reply::Disassembly {
            function,
            instructions,
            current,
            ..
        } => {
            let mut text = format!("Dump of LLVM IR for function {function}:\n");
            for (i, inst) in instructions.iter().enumerate() {
                let mark = if Some(i) == *current { "=> " } else { "   " };
                text += &format!("{mark}{inst}\n");
            }
            text + "End of IR dump.\n"
        }
        Reply::Frame { frame, source } => {
            let mut text = frame_line(frame);
            if let Some(src) = source {
                text += &format!("{}\t{src}\n", frame.line);
            }
            text
        }
        Reply::FrameDetails {
            frame,
            caller,
            callee,
        } => {
            let mut text = format!("Stack level {}: {}\n", frame.depth, frame_text(frame));
            if let Some(c) = caller {
                text += &format!(" called by frame #{}: {}\n", c.depth, frame_text(c));
            }
            if let Some(c) = callee {
                text += &format!(" caller of frame #{}: {}\n", c.depth, frame_text(c));
            }
            text
        }
        Reply::Backtrace(frames) => frames.iter().map(frame_line).collect(),
        Reply::Source(lines) => lines.iter().map(|(n, t)| format!("{n}\t{t}\n")).collect(),
        Reply::Memory(rows) => {
            let mut s = String::from("\n");
            for (addr, bytes) in rows {
                s += &format!("{addr:>16X}:");
                for b in bytes {
                    s += &format!(" {b:02X}");
                }
                s.push('\n');
            }
            s + "\n"
        }
        Reply::Text(t) => {
            if t.ends_with('\n') {
                t.clone()
            } else {
                format!("{t}\n")
            }
        }
        Reply::WorkItems(items) => items
            .iter()
            .map(|w| {
                let mark = if w.current { "* " } else { "  " };
                format!("{mark}{} {}\n", triple(w.global), state_name(w.state))
            })
            .collect(),
        Reply::Groups {
            total,
            finished,
            started,
            ..
        } => {
            let waiting = total.saturating_sub(finished + started.len() as u64);
            let mut text = format!(
                "Work-groups: {total} in all, {finished} finished, {waiting} not started\n"
            );
            for g in started {
                let mark = if g.current { "* " } else { "  " };
                let counts: Vec<String> = g
                    .counts
                    .iter()
                    .map(|&(s, n)| format!("{n} {}", state_name(s)))
                    .collect();
                text += &format!("{mark}{} {}\n", triple(g.group), counts.join(", "));
            }
            text
        }
        Reply::Breakpoints(list) => {
            if list.is_empty() {
                return "No breakpoints or watchpoints.\n".to_string();
            }
            list.iter()
                .map(|b| {
                    let mut s = match (&b.watch, b.line) {
                        (Some(w), _) => format!("Watchpoint {}: {w}", b.number),
                        (None, Some(l)) => match &b.file {
                            Some(f) => format!(
                                "Breakpoint {}: Line {l} of {}",
                                b.number,
                                crate::text::short_name(f)
                            ),
                            None => format!("Breakpoint {}: Line {l}", b.number),
                        },
                        (None, None) => format!("Breakpoint {}", b.number),
                    };
                    if let Some(c) = &b.condition {
                        s += &format!(" if {c}");
                    }
                    if b.temporary {
                        s += " (temporary)";
                    }
                    if b.hits > 0 {
                        s += &format!(
                            " (hit {} time{})",
                            b.hits,
                            if b.hits == 1 { "" } else { "s" }
                        );
                    }
                    s + "\n"
                })
                .collect()
        }
        Reply::Displays(d) => {
            if d.is_empty() {
                "There are no auto-display expressions now.\n".to_string()
            } else {
                displays(d)
            }
        }
        Reply::Launch { summary, current } => {
            let mut s = format!(
                "Running kernel '{}'\n-> Global work size:   {}\n-> Global work offset: {}\n-> Local work size:    {}\n\n",
                summary.kernel,
                triple(summary.global_size),
                triple(summary.global_offset),
                triple(summary.local_size)
            );
            match current {
                None => s += "All work-items finished.\n",
                Some(p) => {
                    s += &format!("Current work-item: {}\n", triple(p.global));
                    if p.finished {
                        s += "Work-item has finished.\n";
                    } else {
                        s += &format!(
                            "In function {}({}) at line {}\n",
                            p.function,
                            args_list(&p.args),
                            p.line
                        );
                        s += &current_line(p);
                    }
                }
            }
            s
        }
        Reply::Counts { kernel, lines } => counts(kernel, lines),
        Reply::Record(r) => record(r),
        Reply::Message(m) => format!("{m}\n"),
    }
}

/// `info record`, in gdb's words where it has them.
fn record(r: &RecordInfo) -> String {
    let mut s = String::from("Active record target: record-full\nRecord mode:\n");
    if r.highest == r.lowest {
        return s + "No instructions have been logged.\n";
    }
    s += &format!("Lowest recorded instruction number is {}.\n", r.lowest);
    if let Some(current) = r.current {
        s += &format!("Replay mode:\nCurrent instruction number is {current}.\n");
    }
    s += &format!(
        "Highest recorded instruction number is {}.\n",
        r.highest - 1
    );
    let count = r.highest - r.lowest;
    s += &format!(
        "Log contains {count} instructions in {} bytes ({:.1} bytes each).\nMax logged bytes is {}.\n",
        r.bytes,
        r.bytes as f64 / count as f64,
        r.limit
    );
    s
}

/// `info counts`: a row per source line (its file too when it is a header), then its text.
fn counts(kernel: &str, lines: &[(LineCount, Option<String>)]) -> String {
    if lines.is_empty() {
        return format!("Kernel '{kernel}' has run no instructions yet.\n");
    }
    let mut out = format!(
        "Instructions run so far by kernel '{kernel}', by source line:\n{:>12}  {:>14}  {:>14}\n",
        "line", "instructions", "memory bytes"
    );
    for (c, text) in lines {
        let place = match (&c.file, c.line) {
            (_, 0) => "(no line)".to_string(),
            (Some(file), line) => format!("{file}:{line}"),
            (None, line) => line.to_string(),
        };
        let row = format!(
            "{place:>12}  {:>14}  {:>14}  {}",
            c.instructions,
            c.memory_bytes,
            text.as_deref().unwrap_or("")
        );
        out += row.trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_by_line_with_their_text() {
        let count = |file: Option<&str>, line, instructions, memory_bytes| LineCount {
            file: file.map(str::to_string),
            line,
            instructions,
            memory_bytes,
        };
        let reply = Reply::Counts {
            kernel: "k".into(),
            lines: vec![
                (count(None, 0, 5, 12), None),
                (
                    count(None, 4, 3, 4),
                    Some("int i = get_global_id(0);".into()),
                ),
                (count(Some("h.h"), 2, 10, 0), None),
            ],
        };
        assert_eq!(
            render(&Event::Reply(reply), false),
            "Instructions run so far by kernel 'k', by source line:\n\
            \x20       line    instructions    memory bytes\n\
            \x20  (no line)               5              12\n\
            \x20          4               3               4  int i = get_global_id(0);\n\
            \x20      h.h:2              10               0\n"
        );
        let none = Reply::Counts {
            kernel: "k".into(),
            lines: Vec::new(),
        };
        assert_eq!(
            render(&Event::Reply(none), false),
            "Kernel 'k' has run no instructions yet.\n"
        );
    }

    #[test]
    fn print_errors_are_oclgrinds_in_scripts_and_gdbs_at_a_terminal() {
        let values = |e: &str, (kind, message): (ValueErrorKind, &str)| {
            let err = ValueError {
                kind,
                message: message.to_string(),
            };
            let reply = Reply::Values(vec![(e.to_string(), Err(err))]);
            [false, true].map(|terminal| render(&Event::Reply(reply.clone()), terminal))
        };
        let end = crate::text::SYNTAX_ERROR_AT_END;
        let ended = || (ValueErrorKind::EndedEarly, end);
        assert_eq!(
            values("s.", ended()),
            [
                "s. = no member named '' found\n".to_string(),
                format!("{end}\n")
            ]
        );
        assert_eq!(
            values("p->", ended())[0],
            "p-> = no member named '' found\n"
        );
        assert_eq!(values("a +", ended())[0], format!("{end}\n"));
        let no_member = (
            ValueErrorKind::NoMember("q".into()),
            "There is no member named q.",
        );
        assert_eq!(
            values("s.q", no_member)[0],
            "s.q = no member named 'q' found\n"
        );
        let no_symbol = (
            ValueErrorKind::NoSymbol,
            "No symbol \"nosuch\" in current context.",
        );
        assert_eq!(values("nosuch", no_symbol)[0], "nosuch = not found\n");
    }

    #[test]
    fn stops_render_like_oclgrind() {
        let position = Position {
            global: [2, 0, 0],
            local: [2, 0, 0],
            group: [0, 0, 0],
            file: None,
            function: "k".into(),
            args: vec![("n".into(), "4".into())],
            line: 5,
            source: Some("  x = 1;".into()),
            instruction: None,
            depth: 0,
            finished: false,
            at_barrier: false,
        };
        let text = render(
            &Event::Stopped(Stopped {
                reason: StopReason::Breakpoint {
                    number: 1,
                    condition_error: None,
                },
                position,
                entered_function: true,
                other_work_item: false,
                returned: None,
                displays: vec![],
                replaying: false,
            }),
            false,
        );
        assert_eq!(
            text,
            "Breakpoint 1 hit at line 5 by work-item (2,0,0)\nIn function k(n=4) at line 5\n5\t  x = 1;\n"
        );
        assert_eq!(
            render(
                &Event::Reply(Reply::Memory(vec![(0x1000, vec![1, 2, 3, 4])])),
                false
            ),
            "\n            1000: 01 02 03 04\n\n"
        );
    }
}
